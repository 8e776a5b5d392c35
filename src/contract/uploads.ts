import { yup } from './validation';
import { optionalId } from './fields';

/**
 * Bulk creation from a file (/pay/pay/uploadFile, /history/preOrder/uploadFile): multipart
 * with the file in `file` (CSV in UTF-8, with or without BOM, or XLSX; the first row names
 * the columns, which are the fields of the row schema) and, for system and provider roles,
 * the company (and optionally branch) every row is created for. All or nothing: when one
 * row is bad, nothing is written and the reply is INVALID with every bad row.
 */
export const UPLOAD_MAX_ROWS = 1000;
/** Largest upload accepted (bytes). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Columns a header may span (the row schemas have about ten). */
export const UPLOAD_MAX_COLUMNS = 100;
/** Longest cell (characters): above every column's own limit, which a row error reports. */
export const UPLOAD_MAX_CELL_CHARS = 2000;

export const UploadInput = yup
  .object({
    /** The file (a File in the browser, the bytes on the server). */
    file: yup.mixed<Blob | Uint8Array>().required(),
    companyId: optionalId(),
    branchUnitId: optionalId(),
  })
  .noUnknown();

/** One bad cell: row is the spreadsheet row number (the header is row 1). */
export interface UploadRowError {
  row: number;
  field: string;
  /** In the caller's language. */
  message: string;
}

/** The result of an INVALID upload reply (every bad row; `errors` also holds them as "row N field"). */
export interface UploadRefusal {
  rows: UploadRowError[];
}

/** A successful upload: how many were created (all rows). */
export interface UploadReply {
  count: number;
  /** The gateway numbers created, in file order. */
  numbers: string[];
}
