import type { AnyObjectSchema, InferType, ValidationError } from 'yup';
import { ResultType } from '../../src/contract/envelope';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_CELL_CHARS,
  UPLOAD_MAX_COLUMNS,
  UPLOAD_MAX_ROWS,
  type UploadRowError,
} from '../../src/contract/uploads';
import type { MessageRef } from '../../src/contract/validation';
import { fieldLabel, renderMessage, type MessageKey, type Translate } from '../../src/i18n';
import { ApiError } from './envelope';
import { FileRefusal } from './fileRefusal';
import { fieldError } from './lists';
import { inspectXlsx, uploadKind } from './uploadFile';
import type { SheetJob, SheetRow } from './uploadSheet';
import { readInWorker } from './uploadReaders';

export type { SheetRow } from './uploadSheet';

/**
 * Bulk uploads (CSV in UTF-8 with or without BOM, or XLSX, told apart by their bytes: see
 * uploadFile.ts): the file is read into rows of strings by column name, then every row is
 * validated with the same contract schema as the single call. Any problem with the file
 * itself is INVALID on `file`; bad rows are INVALID listing every one of them; nothing is
 * written in either case (the caller writes only what comes back from here).
 *
 * A workbook's ZIP directory is checked here, before anything is inflated; the file is then
 * read in a worker thread with a heap limit and a time limit (uploadReaders.ts), so that no
 * file can hold the event loop or the server's memory.
 */
export interface ReadUploadOptions {
  /** Time a worker has to read the file (config.uploadTimeoutMs). */
  timeoutMs: number;
  /** Where a reader's unexpected failure is written; the caller gets a refusal. */
  log?: { error: (obj: object, msg: string) => void };
}

const fileError = (t: Translate, key: MessageKey, values: Record<string, unknown> = {}) =>
  fieldError(t, 'file', key, values);

/**
 * The rows of an uploaded file by column name. `columns`: the schema's fields, `required`:
 * those a file must have. Column names are matched without regard to case or surrounding space.
 */
export async function readUpload(
  t: Translate,
  file: unknown,
  columns: readonly string[],
  required: readonly string[],
  options: ReadUploadOptions,
): Promise<SheetRow[]> {
  if (!Buffer.isBuffer(file)) throw fileError(t, 'server.uploads.badType');
  if (file.length === 0) throw fileError(t, 'server.uploads.empty');
  if (file.length > UPLOAD_MAX_BYTES)
    throw fileError(t, 'server.uploads.tooLarge', { max: `${UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
  try {
    const kind = uploadKind(file);
    // A workbook's directory refuses a bomb before a worker starts.
    if (kind === 'xlsx') inspectXlsx(file);
    const job: SheetJob = {
      bytes: new Uint8Array(file),
      kind,
      columns: [...columns],
      required: [...required],
      limits: { rows: UPLOAD_MAX_ROWS, columns: UPLOAD_MAX_COLUMNS, cellChars: UPLOAD_MAX_CELL_CHARS },
    };
    const reply = await readInWorker(job, options.timeoutMs);
    if ('rows' in reply) return reply.rows;
    if ('refusal' in reply) throw new FileRefusal(reply.refusal.key, reply.refusal.values);
    options.log?.error({ err: reply.error }, 'upload reader failed');
    throw new FileRefusal(kind === 'xlsx' ? 'corrupt' : 'badType');
  } catch (err) {
    if (err instanceof FileRefusal) throw fileError(t, `server.uploads.${err.key}`, err.values);
    throw err;
  }
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
