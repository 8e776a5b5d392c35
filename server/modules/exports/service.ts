import { and, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { OrderExportQuery, RefundExportQuery, ExportFormat } from '../../../src/contract/exports';
import { ALL_SUB_BRANDS, PAY_BRANDS, PAYMENT_TYPES } from '../../../src/contract/brands';
import { ORDER_STATUSES } from '../../../src/contract/orders';
import { REFUND_STATUSES } from '../../../src/contract/refunds';
import { textOr, type Translate } from '../../../src/i18n';
import type { PGlite } from '@electric-sql/pglite';
import type { Executor } from '../../db/client';
import { copyCsv, copyCsvBatch, crlfRows, pgliteOf } from '../../db/copy';
import { cursorBatches, poolOf } from '../../db/cursor';
import { branchUnits, companies, operators, orders, refunds } from '../../db/schema';
import type { CallContext } from '../../platform/api';
import { actorOf, recordAudit } from '../../platform/audit';
import { cellAmount, cellChoice, cellLabel, cellLocalTime, cellText } from '../../platform/csvSql';
import { dayRange } from '../../platform/days';
import { csvFile, primed, xlsxFile, type Cell, type FileDownload } from '../../platform/exports';
import { scopeOf, type Scope } from '../../platform/scope';
import { refundFilter, refundOperatorJoin } from '../refunds';
import { orderFilter } from '../orders';

/**
 * Order and refund exports: the page's filters and scope, every row newest first (created
 * at, then id, like the page's default order), written as the caller's language labels them.
 * On PostgreSQL the rows come from one statement (a portal for XLSX, server/db/cursor.ts; a
 * COPY for CSV, server/db/copy.ts); on PGlite, whose one connection a single statement would
 * hold for the whole export, in keyset batches (no OFFSET skipped).
 */
/** Rows per batch for XLSX (objects, one cell each) and for CSV on PGlite (one COPY each). */
export const EXPORT_BATCH_SIZE = 1000;
export const CSV_BATCH_SIZE = 5000;

/** yyyy-MM-dd HH:mm:ss in the business time zone, formatted by the database (XLSX cells). */
const localTime = (column: AnyPgColumn, zone: string) =>
  sql<string | null>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The exact created-at of a row (microseconds kept), where the next batch starts. */
const cursorOf = (column: AnyPgColumn) => sql<string>`${column}::text`;

interface Cursor {
  at: string;
  id: number;
}

/** The columns an export is ordered by (created at desc, id desc), which the batches walk. */
interface Key {
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
const between = (key: Key, from: Cursor | null, to: Cursor | null) =>
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
type Select = (
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

/** A code's label from the catalogue (the code itself when it has none). */
const labelOf = (t: Translate, prefix: string, code: string) => textOr(t, `${prefix}.${code}`, code);

/** Every code of a list with its label, looked up once per export. */
const labelsOf = (t: Translate, prefix: string, codes: readonly string[]) =>
  Object.fromEntries(codes.map((code) => [code, labelOf(t, prefix, code)]));

/** A lookup of labels for the XLSX cells (the code itself when it has none, '' for NULL). */
function labeller(t: Translate, prefix: string, codes: readonly string[]) {
  const known = new Map(Object.entries(labelsOf(t, prefix, codes)));
  return (code: string | null) => (code ? (known.get(code) ?? labelOf(t, prefix, code)) : '');
}

const ORDER_HEADERS = [
  'createdAt',
  'finishedAt',
  'gatewayOrderNo',
  'clientOrderNo',
  'brandOrderNo',
  'companyName',
  'branchUnitName',
  'brand',
  'subBrand',
  'paymentType',
  'status',
  'amount',
  'currency',
  'refundedAmount',
  'receiptNo',
  'subject',
] as const;
const ORDER_WIDTHS = [20, 20, 26, 24, 26, 24, 18, 16, 16, 16, 14, 14, 8, 14, 16, 24];

const ORDER_KEY: Key = { createdAt: orders.createdAt, id: orders.id };

/** The orders of an export (the page's filter and scope), newest first, for any selection. */
function orderSelect(db: Executor, scope: Scope, t: Translate, zone: string, q: OrderExportQuery): Select {
  const where = orderFilter(db, scope, q, dayRange(t, zone, q.beginTime, q.endTime));
  return (fields, from, to) =>
    db
      .select(fields)
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(branchUnits, eq(branchUnits.id, orders.branchUnitId))
      .where(and(where, between(ORDER_KEY, from, to ?? null)))
      .orderBy(desc(orders.createdAt), desc(orders.id));
}

const orderFields = (zone: string) => ({
  id: orders.id,
  createdAt: localTime(orders.createdAt, zone),
  finishedAt: localTime(orders.finishedAt, zone),
  gatewayOrderNo: orders.gatewayOrderNo,
  clientOrderNo: orders.clientOrderNo,
  brandOrderNo: orders.brandOrderNo,
  companyName: companies.name,
  branchUnitName: branchUnits.name,
  brand: orders.brand,
  subBrand: orders.subBrand,
  paymentType: orders.paymentType,
  status: orders.status,
  amount: orders.amount,
  currency: orders.currency,
  refundedAmount: orders.refundedAmount,
  receiptNo: orders.receiptNo,
  subject: orders.subject,
});
/** As drizzle types a select of these fields (the left-joined branch name may also be null). */
type OrderExportRow = SelectResultFields<ReturnType<typeof orderFields>>;

/** Order rows of the export, batch by batch: the XLSX cells (and the tests' view of the walk). */
export function orderRows(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: OrderExportQuery,
  size = EXPORT_BATCH_SIZE,
) {
  const select = orderSelect(db, scope, t, zone, q);
  return batchesOf<OrderExportRow>(db, size, ORDER_KEY, orderFields(zone), select);
}

/** The CSV rows of the order export, as the caller's language labels them. */
export function orderCsvRows(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: OrderExportQuery,
  size = CSV_BATCH_SIZE,
) {
  const cells = [
    cellLocalTime(orders.createdAt, zone),
    cellLocalTime(orders.finishedAt, zone),
    cellText(orders.gatewayOrderNo),
    cellText(orders.clientOrderNo),
    cellText(orders.brandOrderNo),
    cellText(companies.name),
    cellText(branchUnits.name),
    cellLabel(orders.brand, labelsOf(t, 'payments.brand', PAY_BRANDS)),
    cellLabel(orders.subBrand, labelsOf(t, 'payments.subBrand', ALL_SUB_BRANDS)),
    cellLabel(orders.paymentType, labelsOf(t, 'payments.paymentType', PAYMENT_TYPES)),
    cellLabel(orders.status, labelsOf(t, 'payments.orderStatus', ORDER_STATUSES)),
    cellAmount(orders.amount, orders.currency),
    cellText(orders.currency),
    cellAmount(orders.refundedAmount, orders.currency),
    cellText(orders.receiptNo),
    cellText(orders.subject),
  ];
  return csvRowsOf(db, size, ORDER_KEY, cells, orderSelect(db, scope, t, zone, q));
}

const REFUND_HEADERS = [
  'createdAt',
  'finishedAt',
  'gatewayRefundNo',
  'clientRefundNo',
  'brandRefundNo',
  'gatewayOrderNo',
  'companyName',
  'brand',
  'status',
  'refundAmount',
  'currency',
  'fullRefund',
  'remark',
  'operatorLoginId',
  'errorMessage',
] as const;
const REFUND_WIDTHS = [20, 20, 26, 24, 26, 26, 24, 16, 12, 14, 8, 10, 24, 16, 24];

const REFUND_KEY: Key = { createdAt: refunds.createdAt, id: refunds.id };

/** The refunds of an export (the refund page's filter and scope), newest first. */
function refundSelect(db: Executor, scope: Scope, t: Translate, zone: string, q: RefundExportQuery): Select {
  const where = refundFilter(db, scope, q, dayRange(t, zone, q.beginTime, q.endTime));
  return (fields, from, to) =>
    db
      .select(fields)
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(companies, eq(companies.id, refunds.companyId))
      .leftJoin(operators, refundOperatorJoin(db, scope))
      .where(and(where, between(REFUND_KEY, from, to ?? null)))
      .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

const refundFields = (zone: string) => ({
  id: refunds.id,
  createdAt: localTime(refunds.createdAt, zone),
  finishedAt: localTime(refunds.finishedAt, zone),
  gatewayRefundNo: refunds.gatewayRefundNo,
  clientRefundNo: refunds.clientRefundNo,
  brandRefundNo: refunds.brandRefundNo,
  gatewayOrderNo: orders.gatewayOrderNo,
  companyName: companies.name,
  brand: orders.brand,
  status: refunds.status,
  amount: refunds.amount,
  currency: refunds.currency,
  fullRefund: refunds.fullRefund,
  remark: refunds.remark,
  operatorLoginId: operators.loginId,
  errorMessage: refunds.errorMessage,
});
/** As drizzle types a select of these fields (the left-joined operator may also be null). */
type RefundExportRow = SelectResultFields<ReturnType<typeof refundFields>>;

/** Refund rows of the export, batch by batch (XLSX). */
export function refundRows(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: RefundExportQuery,
  size = EXPORT_BATCH_SIZE,
) {
  const select = refundSelect(db, scope, t, zone, q);
  return batchesOf<RefundExportRow>(db, size, REFUND_KEY, refundFields(zone), select);
}

/** The CSV rows of the refund export, as the caller's language labels them. */
export function refundCsvRows(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: RefundExportQuery,
  size = CSV_BATCH_SIZE,
) {
  const cells = [
    cellLocalTime(refunds.createdAt, zone),
    cellLocalTime(refunds.finishedAt, zone),
    cellText(refunds.gatewayRefundNo),
    cellText(refunds.clientRefundNo),
    cellText(refunds.brandRefundNo),
    cellText(orders.gatewayOrderNo),
    cellText(companies.name),
    cellLabel(orders.brand, labelsOf(t, 'payments.brand', PAY_BRANDS)),
    cellLabel(refunds.status, labelsOf(t, 'payments.refundStatus', REFUND_STATUSES)),
    cellAmount(refunds.amount, refunds.currency),
    cellText(refunds.currency),
    cellChoice(refunds.fullRefund, t('common.yes'), t('common.no')),
    cellText(refunds.remark),
    cellText(operators.loginId),
    cellText(refunds.errorMessage),
  ];
  return csvRowsOf(db, size, REFUND_KEY, cells, refundSelect(db, scope, t, zone, q));
}

async function* cells<R>(batches: AsyncIterable<R[]>, toCells: (row: R) => Cell[]): AsyncGenerator<Cell[][]> {
  for await (const batch of batches) yield batch.map(toCells);
}

const compact = (day: string) => day.replace(/-/g, '');

/** orders_20261101-20261123.csv; the localised name in filename*. */
function fileNames(
  t: Translate,
  kind: 'order' | 'refund',
  format: ExportFormat,
  q: { beginTime: string; endTime: string },
) {
  const span = `${compact(q.beginTime)}-${compact(q.endTime)}.${format}`;
  return {
    name: `${t(`server.exports.${kind}File`)}_${span}`,
    asciiName: `${kind}s_${span}`,
  };
}

type ExportContext<I> = CallContext<I, '/history/order' | '/history/refund'>;

/** Who exported what: one audit row with the filter, written before the first byte leaves. */
const auditExport = (c: ExportContext<unknown>, what: 'orders' | 'refunds', format: ExportFormat) =>
  recordAudit(c.deps.db, actorOf(c.principal, c.req), {
    objectType: 'export',
    objectId: what,
    action: 'export',
    after: { format, ...(c.input as object) },
  });

export async function orderExport(
  c: ExportContext<OrderExportQuery>,
  format: ExportFormat,
): Promise<FileDownload> {
  const { t } = c;
  const zone = c.deps.config.timeZone;
  const scope = scopeOf(c.principal);
  const names = fileNames(t, 'order', format, c.input);
  const headers = ORDER_HEADERS.map((h) => t(`server.exports.columns.${h}`));
  if (format === 'csv') {
    const rows = await primed(orderCsvRows(c.deps.db, scope, t, zone, c.input));
    await auditExport(c, 'orders', format);
    return csvFile(names, headers, rows);
  }
  const brand = labeller(t, 'payments.brand', PAY_BRANDS);
  const subBrand = labeller(t, 'payments.subBrand', ALL_SUB_BRANDS);
  const paymentType = labeller(t, 'payments.paymentType', PAYMENT_TYPES);
  const status = labeller(t, 'payments.orderStatus', ORDER_STATUSES);
  const batches = await primed(orderRows(c.deps.db, scope, t, zone, c.input));
  await auditExport(c, 'orders', format);
  return xlsxFile(
    names,
    { sheetName: t('server.exports.orderSheet'), headers, widths: ORDER_WIDTHS },
    cells(batches, (r) => [
      r.createdAt,
      r.finishedAt,
      r.gatewayOrderNo,
      r.clientOrderNo,
      r.brandOrderNo,
      r.companyName,
      r.branchUnitName,
      brand(r.brand),
      subBrand(r.subBrand),
      paymentType(r.paymentType),
      status(r.status),
      { minor: r.amount, currency: r.currency },
      r.currency,
      { minor: r.refundedAmount, currency: r.currency },
      r.receiptNo,
      r.subject,
    ]),
  );
}

export async function refundExport(
  c: ExportContext<RefundExportQuery>,
  format: ExportFormat,
): Promise<FileDownload> {
  const { t } = c;
  const zone = c.deps.config.timeZone;
  const scope = scopeOf(c.principal);
  const names = fileNames(t, 'refund', format, c.input);
  const headers = REFUND_HEADERS.map((h) => t(`server.exports.columns.${h}`));
  if (format === 'csv') {
    const rows = await primed(refundCsvRows(c.deps.db, scope, t, zone, c.input));
    await auditExport(c, 'refunds', format);
    return csvFile(names, headers, rows);
  }
  const brand = labeller(t, 'payments.brand', PAY_BRANDS);
  const status = labeller(t, 'payments.refundStatus', REFUND_STATUSES);
  const yes = t('common.yes');
  const no = t('common.no');
  const batches = await primed(refundRows(c.deps.db, scope, t, zone, c.input));
  await auditExport(c, 'refunds', format);
  return xlsxFile(
    names,
    { sheetName: t('server.exports.refundSheet'), headers, widths: REFUND_WIDTHS },
    cells(batches, (r) => [
      r.createdAt,
      r.finishedAt,
      r.gatewayRefundNo,
      r.clientRefundNo,
      r.brandRefundNo,
      r.gatewayOrderNo,
      r.companyName,
      brand(r.brand),
      status(r.status),
      { minor: r.amount, currency: r.currency },
      r.currency,
      r.fullRefund ? yes : no,
      r.remark,
      r.operatorLoginId,
      r.errorMessage,
    ]),
  );
}
