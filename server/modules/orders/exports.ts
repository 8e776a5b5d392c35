import { and, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { OrderExportQuery, RefundExportQuery, ExportFormat } from '../../../src/contract/exports';
import { ALL_SUB_BRANDS, PAY_BRANDS, PAYMENT_TYPES } from '../../../src/contract/brands';
import { ORDER_STATUSES } from '../../../src/contract/orders';
import { REFUND_STATUSES } from '../../../src/contract/refunds';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { copyCsv, crlfRows } from '../../db/copy';
import { cursorBatches, poolOf } from '../../db/cursor';
import { branchUnits, companies, operators, orders, refunds } from '../../db/schema';
import type { CallContext } from '../../platform/api';
import { actorOf, recordAudit } from '../../platform/audit';
import { cellAmount, cellChoice, cellLabel, cellLocalTime, cellText, csvLineOf } from '../../platform/csvSql';
import { csvFile, primed, xlsxFile, type Cell, type FileDownload } from '../../platform/exports';
import { scopeOf, type Scope } from '../../platform/scope';
import { dayRange, orderFilter, refundFilter, refundOperatorJoin } from './queries';

/**
 * Order and refund exports: the page's filters and scope, every row newest first (created
 * at, then id, like the page's default order), written as the caller's language labels them.
 * On PostgreSQL the rows come from one statement through a portal (server/db/cursor.ts); on
 * PGlite, whose one connection a portal would hold for the whole export, in keyset batches
 * (no OFFSET skipped).
 */
/** Rows per batch for XLSX (objects, one cell each) and for CSV on PGlite (one finished line each). */
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

/** Rows strictly after the cursor in (created at desc, id desc); `created_at <= …` lets the index bound the scan. */
const after = (createdAt: AnyPgColumn, id: AnyPgColumn, c: Cursor | null): SQL | undefined =>
  c
    ? and(
        lte(createdAt, sql`${c.at}::timestamptz`),
        or(lt(createdAt, sql`${c.at}::timestamptz`), lt(id, c.id)),
      )
    : undefined;

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

/** An export's select: the rows after a keyset position (all of them for null), in order. */
type Select = (
  fields: SelectedFields,
  cursor: Cursor | null,
) => {
  getSQL(): SQL;
  toSQL(): { sql: string; params: unknown[] };
  limit(n: number): PromiseLike<unknown[]>;
};

/**
 * The export's rows in batches: one statement through a portal on PostgreSQL, keyset
 * statements on PGlite (which also select the position where the next batch starts).
 */
function batchesOf<R>(
  db: Executor,
  size: number,
  key: { createdAt: AnyPgColumn; id: AnyPgColumn },
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
 * The CSV rows of an export, cells finished by the database (../../platform/csvSql): on
 * PostgreSQL one COPY, on PGlite lines in keyset batches.
 */
function csvRowsOf(
  db: Executor,
  size: number,
  key: { createdAt: AnyPgColumn; id: AnyPgColumn },
  cells: SQL[],
  select: Select,
): AsyncIterable<string | Buffer> {
  const pool = poolOf(db);
  if (pool) {
    const fields = Object.fromEntries(cells.map((cell, i) => [`c${i}`, cell]));
    return crlfRows(copyCsv(pool, select(fields, null).getSQL()));
  }
  return joined(batchesOf<{ line: string }>(db, size, key, { line: csvLineOf(cells) }, select));
}

async function* joined(batches: AsyncIterable<{ line: string }[]>): AsyncGenerator<string> {
  for await (const batch of batches) yield batch.map((r) => r.line).join('');
}

/** A code's label from the catalogue (the code itself when it has none). */
const labelOf = (t: Translate, prefix: string, code: string) => {
  const key = `${prefix}.${code}`;
  return t(key) === key ? code : t(key);
};

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

/** The orders of an export (the page's filter and scope), newest first, for any selection. */
function orderSelect(db: Executor, scope: Scope, t: Translate, zone: string, q: OrderExportQuery): Select {
  const where = orderFilter(db, scope, q, dayRange(t, zone, q.beginTime, q.endTime));
  return (fields, cursor) =>
    db
      .select(fields)
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(branchUnits, eq(branchUnits.id, orders.branchUnitId))
      .where(and(where, after(orders.createdAt, orders.id, cursor)))
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
  const key = { createdAt: orders.createdAt, id: orders.id };
  return batchesOf<OrderExportRow>(db, size, key, orderFields(zone), orderSelect(db, scope, t, zone, q));
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
  const key = { createdAt: orders.createdAt, id: orders.id };
  return csvRowsOf(db, size, key, cells, orderSelect(db, scope, t, zone, q));
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

/** The refunds of an export (the refund page's filter and scope), newest first. */
function refundSelect(db: Executor, scope: Scope, t: Translate, zone: string, q: RefundExportQuery): Select {
  const where = refundFilter(db, scope, q, dayRange(t, zone, q.beginTime, q.endTime));
  return (fields, cursor) =>
    db
      .select(fields)
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(companies, eq(companies.id, refunds.companyId))
      .leftJoin(operators, refundOperatorJoin(db, scope))
      .where(and(where, after(refunds.createdAt, refunds.id, cursor)))
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
  const key = { createdAt: refunds.createdAt, id: refunds.id };
  return batchesOf<RefundExportRow>(db, size, key, refundFields(zone), refundSelect(db, scope, t, zone, q));
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
  const key = { createdAt: refunds.createdAt, id: refunds.id };
  return csvRowsOf(db, size, key, cells, refundSelect(db, scope, t, zone, q));
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
