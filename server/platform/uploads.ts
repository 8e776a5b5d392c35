import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { AnyObjectSchema, InferType, ValidationError } from 'yup';
import { ResultType } from '../../src/contract/envelope';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_ROWS, type UploadRowError } from '../../src/contract/uploads';
import type { MessageRef } from '../../src/contract/validation';
import { renderMessage, type Translate } from '../../src/i18n';
import { ApiError } from './envelope';
import { fieldError } from './lists';

/**
 * Bulk uploads (CSV in UTF-8 with or without BOM, or XLSX): the file is read into rows of
 * strings by column name, then every row is validated with the same contract schema as the
 * single call. Any problem with the file itself is INVALID on `file`; bad rows are INVALID
 * listing every one of them; nothing is written in either case (the caller writes only what
 * comes back from here).
 */
export interface SheetRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

const fileError = (t: Translate, key: string, values: Record<string, unknown> = {}) =>
  fieldError(t, 'file', key, values);

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A cell as text: numbers as written, dates as yyyy-MM-dd, rich text joined, formulas by result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

async function xlsxRows(t: Translate, bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError(t, 'server.uploads.corrupt');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fileError(t, 'server.uploads.empty');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

function csvRows(t: Translate, bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError(t, 'server.uploads.badType');
  }
  // Binary files decode now and then; text has no control characters but tab, LF, VT, FF, CR.
  if (bytes.some((b) => b < 0x09 || (b > 0x0d && b < 0x20))) throw fileError(t, 'server.uploads.badType');
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch {
    throw fileError(t, 'server.uploads.badType');
  }
}

/**
 * The rows of an uploaded file by column name. `columns`: the schema's fields, `required`:
 * those a file must have. Column names are matched without regard to case or surrounding space.
 */
export async function readUpload(
  t: Translate,
  file: unknown,
  columns: readonly string[],
  required: readonly string[],
): Promise<SheetRow[]> {
  if (!Buffer.isBuffer(file)) throw fileError(t, 'server.uploads.badType');
  if (file.length === 0) throw fileError(t, 'server.uploads.empty');
  if (file.length > UPLOAD_MAX_BYTES)
    throw fileError(t, 'server.uploads.tooLarge', { max: `${UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
  const table = isZip(file) ? await xlsxRows(t, file) : csvRows(t, file);
  const blank = (r: string[]) => r.every((c) => c.trim() === '');
  const headerAt = table.findIndex((r) => !blank(r));
  if (headerAt < 0) throw fileError(t, 'server.uploads.empty');
  const header = table[headerAt].map((h) => h.trim());
  const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const names = header.map((h) => (h === '' ? '' : (byLower.get(h.toLowerCase()) ?? null)));
  if (!names.some((n) => n)) throw fileError(t, 'server.uploads.noHeader', { columns: columns.join(', ') });
  const unknown = header.filter((h, i) => h !== '' && names[i] === null);
  if (unknown.length)
    throw fileError(t, 'server.uploads.unknownColumns', {
      columns: unknown.join(', '),
      allowed: columns.join(', '),
    });
  const missing = required.filter((c) => !names.includes(c));
  if (missing.length) throw fileError(t, 'server.uploads.missingColumns', { columns: missing.join(', ') });
  const rows: SheetRow[] = [];
  table.forEach((cells, i) => {
    if (i <= headerAt || blank(cells)) return;
    const values: Record<string, string> = {};
    names.forEach((name, col) => {
      if (name) values[name] = (cells[col] ?? '').trim();
    });
    rows.push({ row: i + 1, values });
  });
  if (rows.length === 0) throw fileError(t, 'server.uploads.empty');
  if (rows.length > UPLOAD_MAX_ROWS)
    throw fileError(t, 'server.uploads.tooManyRows', { max: UPLOAD_MAX_ROWS, count: rows.length });
  return rows;
}

function rowMessages(t: Translate, e: ValidationError, row: number): UploadRowError[] {
  const list = e.inner.length > 0 ? e.inner : [e];
  return list.map((item) => {
    const m = item.errors[0] as MessageRef | string;
    const field = item.path ?? '';
    const text =
      typeof m === 'string'
        ? m
        : renderMessage(t, { ...m, values: { ...m.values, field: m.values?.field ?? field } });
    return { row, field, message: text };
  });
}

/** An INVALID reply naming every bad row (result.rows, and errors keyed "row N field"). */
export function badRows(t: Translate, errors: UploadRowError[]): ApiError {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const map: Record<string, string> = {};
  for (const e of sorted)
    map[`row ${e.row} ${e.field}`] ??= t('server.uploads.rowError', { row: e.row, message: e.message });
  const count = new Set(sorted.map((e) => e.row)).size;
  return new ApiError(
    ResultType.INVALID,
    'server.uploads.badRows',
    { count },
    { rows: sorted },
    map,
    t('server.uploads.badRows', { count }),
  );
}

/**
 * Every row validated with the single call's schema; a client number repeated within the file
 * is an error of the later row. Throws INVALID listing every bad row; returns the rows cast.
 */
export async function validateRows<S extends AnyObjectSchema>(
  t: Translate,
  schema: S,
  rows: SheetRow[],
  uniqueField: string,
): Promise<{ row: number; input: InferType<S> }[]> {
  const errors: UploadRowError[] = [];
  const out: { row: number; input: InferType<S> }[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    try {
      const input = (await schema.validate(r.values, { abortEarly: false })) as InferType<S>;
      const key = String((input as Record<string, unknown>)[uniqueField] ?? '');
      const first = key ? seen.get(key) : undefined;
      if (first !== undefined) {
        errors.push({
          row: r.row,
          field: uniqueField,
          message: t('server.uploads.duplicateInFile', { field: fieldLabel(t, uniqueField), row: first }),
        });
      } else if (key) seen.set(key, r.row);
      out.push({ row: r.row, input });
    } catch (err) {
      if ((err as Error)?.name !== 'ValidationError') throw err;
      errors.push(...rowMessages(t, err as ValidationError, r.row));
    }
  }
  if (errors.length) throw badRows(t, errors);
  return out;
}

const fieldLabel = (t: Translate, field: string) => {
  const label = t(`fields.${field}`);
  return label.startsWith('fields.') ? field : label;
};
