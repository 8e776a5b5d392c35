import { and, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderExportQuery, RefundExportQuery, ExportFormat } from '../../../src/contract/exports';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { branchUnits, companies, operators, orders, refunds } from '../../db/schema';
import type { CallContext } from '../../platform/api';
import { actorOf, recordAudit } from '../../platform/audit';
import { exportFile, primed, type Cell, type FileDownload } from '../../platform/exports';
import { scopeOf, type Scope } from '../../platform/scope';
import { dayRange, orderFilter, refundFilter, refundOperatorJoin } from './queries';

/**
 * Order and refund exports: the page's filters and scope, every row newest first (created
 * at, then id, like the page's default order), read in keyset batches so neither database
 * holds a cursor or skips OFFSET rows, and written as the caller's language labels them.
 */
export const EXPORT_BATCH_SIZE = 1000;

/** yyyy-MM-dd HH:mm:ss in the business time zone, formatted by the database. */
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
async function* keyset<R extends { cursor: string; id: number }>(
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
        next = read({ at: last.cursor, id: last.id });
      }
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A client that left: the batch already asked for is not needed (nor its failure).
    next?.catch(() => undefined);
  }
}

/** A code's label from the catalogue (the code itself when it has none), looked up once per export. */
function labeller(t: Translate, prefix: string) {
  const known = new Map<string, string>();
  return (code: string | null) => {
    if (!code) return '';
    let label = known.get(code);
    if (label === undefined) {
      const key = `${prefix}.${code}`;
      label = t(key) === key ? code : t(key);
      known.set(code, label);
    }
    return label;
  };
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

/** Order rows of the export, batch by batch (the page's filter and scope). */
export function orderRows(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: OrderExportQuery,
  size = EXPORT_BATCH_SIZE,
) {
  const where = orderFilter(db, scope, q, dayRange(t, zone, q.beginTime, q.endTime));
  const columns = {
    id: orders.id,
    cursor: cursorOf(orders.createdAt),
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
  };
  return keyset(size, (cursor, limit) =>
    db
      .select(columns)
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(branchUnits, eq(branchUnits.id, orders.branchUnitId))
      .where(and(where, after(orders.createdAt, orders.id, cursor)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit),
  );
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

/** Refund rows of the export, batch by batch (the refund page's filter and scope). */
export function refundRows(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: RefundExportQuery,
  size = EXPORT_BATCH_SIZE,
) {
  const where = refundFilter(db, scope, q, dayRange(t, zone, q.beginTime, q.endTime));
  const columns = {
    id: refunds.id,
    cursor: cursorOf(refunds.createdAt),
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
  };
  return keyset(size, (cursor, limit) =>
    db
      .select(columns)
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(companies, eq(companies.id, refunds.companyId))
      .leftJoin(operators, refundOperatorJoin(db, scope))
      .where(and(where, after(refunds.createdAt, refunds.id, cursor)))
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(limit),
  );
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
  const brand = labeller(t, 'payments.brand');
  const subBrand = labeller(t, 'payments.subBrand');
  const paymentType = labeller(t, 'payments.paymentType');
  const status = labeller(t, 'payments.orderStatus');
  const batches = await primed(orderRows(c.deps.db, scopeOf(c.principal), t, zone, c.input));
  await auditExport(c, 'orders', format);
  return exportFile(
    format,
    fileNames(t, 'order', format, c.input),
    {
      sheetName: t('server.exports.orderSheet'),
      headers: ORDER_HEADERS.map((h) => t(`server.exports.columns.${h}`)),
      widths: ORDER_WIDTHS,
    },
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
  const brand = labeller(t, 'payments.brand');
  const status = labeller(t, 'payments.refundStatus');
  const yes = t('common.yes');
  const no = t('common.no');
  const batches = await primed(refundRows(c.deps.db, scopeOf(c.principal), t, zone, c.input));
  await auditExport(c, 'refunds', format);
  return exportFile(
    format,
    fileNames(t, 'refund', format, c.input),
    {
      sheetName: t('server.exports.refundSheet'),
      headers: REFUND_HEADERS.map((h) => t(`server.exports.columns.${h}`)),
      widths: REFUND_WIDTHS,
    },
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
