import { and, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { ExportFormat } from '../../src/contract/exports';
import type { ListExport } from '../../src/contract/lists/define';
import { textOr, type Translate } from '../../src/i18n';
import type { Executor } from '../db/client';
import { copyCsv, copyCsvBatch, crlfRows, pgliteOf } from '../db/copy';
import { cursorBatches, poolOf } from '../db/cursor';
import type { CallContext } from './api';
import { actorOf, recordAudit } from './audit';
import {
  csvCellsOf,
  exportHeaders,
  exportWidths,
  xlsxCellsOf,
  xlsxFieldsOf,
  type ExportRow,
  type ExportSources,
} from './exportColumns';
import { csvFile, primed, xlsxFile, type Cell, type FileDownload, type FileNames } from './exports';
import { scopeOf, type Scope } from './scope';

/**
 * A declared list's export (src/contract/lists: its export columns), streamed in either format:
 * every row of the list's filter and scope in the export's order, labelled in the caller's
 * language. On PostgreSQL the rows come from one statement (a portal for XLSX,
 * server/db/cursor.ts; a COPY for CSV, server/db/copy.ts); on PGlite, whose one connection a
 * single statement would hold for the whole export, in keyset batches (no OFFSET skipped).
 * Used by the order and refund exports and by the settlements' lists and lines.
 */
/** Rows per batch for XLSX (objects, one cell each) and for CSV on PGlite (one COPY each). */
export const EXPORT_BATCH_SIZE = 1000;
export const CSV_BATCH_SIZE = 5000;

/** The exact created-at of a row (microseconds kept), where the next batch starts. */
const cursorOf = (column: AnyPgColumn) => sql<string>`${column}::text`;

interface Cursor {
  at: string;
  id: number;
}

/** The columns an export is ordered by (created at desc, id desc), which the batches walk. */
export interface Key {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/** Rows strictly after the cursor in (created at desc, id desc); `created_at <= …` lets the index bound the scan. */
const after = (createdAt: AnyPgColumn, id: AnyPgColumn, c: Cursor | null): SQL | undefined =>
  c
    ? and(
        lte(createdAt, sql`${c.at}::timestamptz`),
        or(lt(createdAt, sql`${c.at}::timestamptz`), lt(id, c.id)),
      )
    : undefined;

/** Rows up to the cursor's row, itself included, in the same order. */
const through = (createdAt: AnyPgColumn, id: AnyPgColumn, c: Cursor | null): SQL | undefined =>
  c
    ? and(
        gte(createdAt, sql`${c.at}::timestamptz`),
        or(gt(createdAt, sql`${c.at}::timestamptz`), gte(id, c.id)),
      )
    : undefined;

/** Rows after `from` and up to `to` (each bound left out when null). */
export const between = (key: Key, from: Cursor | null, to: Cursor | null) =>
  and(after(key.createdAt, key.id, from), through(key.createdAt, key.id, to));

/**
 * Batches of a keyset walk: `page(cursor)` reads the next `size` rows after the cursor. The
 * next batch is asked for as soon as one arrives, so the database reads while the caller
 * writes the file (two batches in memory at most).
 */
async function* keyset<R extends { keyAt: string; keyId: number }>(
  size: number,
  page: (cursor: Cursor | null, size: number) => PromiseLike<R[]>,
): AsyncGenerator<R[]> {
  // Promise.resolve starts the query now (a query builder runs only when asked for its result).
  const read = (cursor: Cursor | null) => Promise.resolve(page(cursor, size));
  let next: Promise<R[]> | null = read(null);
  try {
    while (next) {
      const rows: R[] = await next;
      next = null;
      if (rows.length === size) {
        const last = rows[rows.length - 1];
        next = read({ at: last.keyAt, id: last.keyId });
      }
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A client that left: the batch already asked for is not needed (nor its failure).
    next?.catch(() => undefined);
  }
}

/** An export's select: the rows after a keyset position and up to another (all of them for null), in order. */
export type Select = (
  fields: SelectedFields,
  from: Cursor | null,
  to?: Cursor | null,
) => {
  getSQL(): SQL;
  toSQL(): { sql: string; params: unknown[] };
  limit(n: number): PromiseLike<unknown[]> & { offset(n: number): PromiseLike<unknown[]> };
};

/**
 * The export's rows in batches: one statement through a portal on PostgreSQL, keyset
 * statements on PGlite (which also select the position where the next batch starts).
 */
function batchesOf<R>(
  db: Executor,
  size: number,
  key: Key,
  fields: SelectedFields,
  select: Select,
): AsyncIterable<R[]> {
  const pool = poolOf(db);
  if (pool) return cursorBatches<R>(pool, select(fields, null).toSQL(), fields, size);
  const keyed = { ...fields, keyId: key.id, keyAt: cursorOf(key.createdAt) };
  type Keyed = R & { keyId: number; keyAt: string };
  return keyset<Keyed>(size, (cursor, limit) => select(keyed, cursor).limit(limit) as PromiseLike<Keyed[]>);
}

/**
 * The CSV rows of an export, cells finished by the database (../../platform/csvSql) and
 * written by its COPY: on PostgreSQL one COPY of every row, on PGlite one per batch.
 */
function csvRowsOf(
  db: Executor,
  size: number,
  key: Key,
  cells: SQL[],
  select: Select,
): AsyncIterable<Buffer> {
  const fields = Object.fromEntries(cells.map((cell, i) => [`c${i}`, cell]));
  const pool = poolOf(db);
  if (pool) return crlfRows(copyCsv(pool, select(fields, null).getSQL()));
  const client = pgliteOf(db);
  if (!client) throw new Error('an export reads the database, not a transaction');
  return crlfRows(copyBatches(client, size, key, fields, select));
}

/**
 * PGlite: batches of `size` rows in the export's order, each one COPY. Where a batch ends is
 * asked first (the row `size` places on, by the same select); the COPY then takes the rows
 * from the previous end through it, so ties of created-at are cut by id, never lost or repeated.
 */
async function* copyBatches(
  client: PGlite,
  size: number,
  key: Key,
  fields: SelectedFields,
  select: Select,
): AsyncGenerator<Buffer> {
  const keyFields = { at: cursorOf(key.createdAt), id: key.id };
  let from: Cursor | null = null;
  for (;;) {
    const [to] = (await select(keyFields, from)
      .limit(1)
      .offset(size - 1)) as Cursor[];
    const rows = await copyCsvBatch(client, select(fields, from, to ?? null).getSQL());
    if (rows.length > 0) yield rows;
    if (!to) return;
    from = to;
  }
}

/** What an export of a list reads: its declared columns, where each comes from, which rows. */
export interface ListRows<Q> {
  list: ListExport;
  /** What the audit row says was exported. */
  what: string;
  key: Key;
  sources: ExportSources<string>;
  select: (db: Executor, scope: Scope, t: Translate, zone: string, q: Q) => Select;
}

/** A list's XLSX rows, batch by batch: the row's id and one field per export column. */
export const xlsxRowsOf =
  <Q>(l: ListRows<Q>) =>
  (db: Executor, scope: Scope, t: Translate, zone: string, q: Q, size = EXPORT_BATCH_SIZE) =>
    batchesOf<ExportRow>(
      db,
      size,
      l.key,
      { id: l.key.id, ...xlsxFieldsOf(l.list.columns, l.sources, zone) },
      l.select(db, scope, t, zone, q),
    );

/** A list's CSV rows, cells finished by the database, as the caller's language labels them. */
export const csvRowsOfList =
  <Q>(l: ListRows<Q>) =>
  (db: Executor, scope: Scope, t: Translate, zone: string, q: Q, size = CSV_BATCH_SIZE) =>
    csvRowsOf(
      db,
      size,
      l.key,
      csvCellsOf(l.list.columns, l.sources, t, zone),
      l.select(db, scope, t, zone, q),
    );

export async function* cells<R>(
  batches: AsyncIterable<R[]>,
  toCells: (row: R) => Cell[],
): AsyncGenerator<Cell[][]> {
  for await (const batch of batches) yield batch.map(toCells);
}

/** The sources' items one after the other. */
async function* chain<T>(sources: AsyncIterable<T>[]): AsyncGenerator<T> {
  for (const s of sources) yield* s;
}

const compact = (day: string) => day.replace(/-/g, '');

/** orders_20261101-20261123.csv; the localised name in filename*. */
export function periodFileNames(
  t: Translate,
  kind: string,
  format: ExportFormat,
  q: { beginTime: string; endTime: string },
) {
  const span = `${compact(q.beginTime)}-${compact(q.endTime)}.${format}`;
  return {
    name: `${textOr(t, `server.exports.${kind}File`, kind)}_${span}`,
    asciiName: `${kind}s_${span}`,
  };
}

type ExportContext<I> = CallContext<I, string>;

/** Who exported what: one audit row with the filter, written before the first byte leaves. */
export const auditExport = (c: ExportContext<unknown>, what: string, format: ExportFormat) =>
  recordAudit(c.deps.db, actorOf(c.principal, c.req), {
    objectType: 'export',
    objectId: what,
    action: 'export',
    after: { format, ...(c.input as object) },
  });

/**
 * A list's export in either format, its columns as the list declares them, the file named by
 * `names`. Several sources of one list (a settlement's orders, then its refunds) are written one
 * after the other; the first says which list and what the audit row names.
 */
export async function listExport<Q>(
  c: ExportContext<Q>,
  format: ExportFormat,
  source: ListRows<Q> | ListRows<Q>[],
  names: FileNames,
): Promise<FileDownload> {
  const { t } = c;
  const zone = c.deps.config.timeZone;
  const scope = scopeOf(c.principal);
  const sources = Array.isArray(source) ? source : [source];
  const { list, what } = sources[0];
  const headers = exportHeaders(list.columns, t);
  if (format === 'csv') {
    const rows = await primed(
      chain(sources.map((s) => csvRowsOfList(s)(c.deps.db, scope, t, zone, c.input))),
    );
    await auditExport(c, what, format);
    return csvFile(names, headers, rows);
  }
  const toCells = xlsxCellsOf(list.columns, t);
  const batches = await primed(chain(sources.map((s) => xlsxRowsOf(s)(c.deps.db, scope, t, zone, c.input))));
  await auditExport(c, what, format);
  return xlsxFile(
    names,
    { sheetName: t(list.sheetKey), headers, widths: exportWidths(list.columns) },
    cells(batches, toCells),
  );
}

/** A list's export named by the list's file and the filter's period (`periodFileNames`). */
export const periodExport = <Q extends { beginTime: string; endTime: string }>(
  c: ExportContext<Q>,
  format: ExportFormat,
  source: ListRows<Q>,
): Promise<FileDownload> =>
  listExport(c, format, source, periodFileNames(c.t, source.list.file, format, c.input));
