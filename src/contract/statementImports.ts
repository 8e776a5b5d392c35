/**
 * Statement imports (issue #16, docs/reconciliation.md "Import"): an operator's upload of a
 * brand's statement file, or a fetch from the brand's connector, as a job the server runs in
 * the background (queued → parsing → matching → done | refused | failed) and the console
 * watches. The calls are per group of brands, each opened by its check screen.
 */
import { PAY_BRANDS, type PayBrand } from './brands';
import { id } from './fields';
import { isCalendarDay, pageFields } from './paging';
import {
  RECON_GROUP_BRANDS,
  type ImportSource,
  type ImportStatus,
  type ReconGroup,
  type RunCounts,
} from './reconciliation';
import { message, yup } from './validation';

/** The brands a group's check screen imports (RECON_GROUP_BRANDS; the card acquirer's only fetched). */
export const brandsOfGroup = (g: ReconGroup): readonly PayBrand[] => RECON_GROUP_BRANDS[g];

/** The check screen whose grant opens a group's import calls. */
export const CHECK_ROUTES = {
  wallet: '/history/walletCheck',
  paypay: '/history/paypayCheck',
} as const satisfies Record<ReconGroup, string>;

/** What the upload sends: the file, and the brand and day when chosen ('' to detect them). */
export interface StatementUploadRequest {
  group: ReconGroup;
  file: Blob;
  fileName: string;
  brand: string;
  businessDay: string;
}

/**
 * The largest statement accepted (bytes): a busy merchant's brand-day is a few MB; a larger
 * upload is refused on `file` once this much of it has arrived, the rest only read past.
 */
export const STATEMENT_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;

const day = () =>
  yup
    .string()
    .default('')
    .test('date', message('validation.date'), (v) => !v || isCalendarDay(v));

const brand = () =>
  yup
    .string()
    .oneOf(['', ...PAY_BRANDS])
    .default('');

/** An upload: the file, and optionally its brand (else detected from the layout) and business day. */
export const StatementUploadInput = yup
  .object({
    file: yup.mixed<Blob | Uint8Array>().required(),
    brand: brand(),
    businessDay: day(),
  })
  .noUnknown();
export type StatementUploadInput = yup.InferType<typeof StatementUploadInput>;

/** Fetch a brand's day from its connector now. */
export const StatementRefetchInput = yup
  .object({
    brand: yup.string().oneOf(PAY_BRANDS).required(),
    businessDay: day().required(),
  })
  .noUnknown();
export type StatementRefetchInput = yup.InferType<typeof StatementRefetchInput>;

export const StatementImportIdInput = yup.object({ id: id().required() }).noUnknown();

export const StatementImportPageQuery = yup
  .object({ pageNum: pageFields.pageNum, pageSize: pageFields.pageSize })
  .noUnknown();

/** Why an import was refused beyond the layout's own reasons (formats' RefusalReason). */
export const IMPORT_REFUSALS = ['days', 'noDay'] as const;

/** An import as the console shows it. */
export interface StatementImportView {
  id: number;
  source: ImportSource;
  brand: PayBrand | null;
  businessDay: string | null;
  fileName: string;
  size: number;
  status: ImportStatus;
  /** Rows read so far (parsing) or loaded (done). */
  rowsDone: number;
  /** The file's rows, once read through; null before. */
  rowsTotal: number | null;
  runId: number | null;
  /** The same file as the day's current run: nothing changed. */
  unchanged: boolean;
  /** The run's results per code (done, or refused with the day 400). */
  counts: RunCounts | null;
  refusal: { line: number; reason: string; detail: string; message: string } | null;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface StatementImportStarted {
  id: number;
}
