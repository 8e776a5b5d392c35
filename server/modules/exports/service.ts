import { and, desc, eq } from 'drizzle-orm';
import type { OrderExportQuery, RefundExportQuery, ExportFormat } from '../../../src/contract/exports';
import { ORDER_LIST } from '../../../src/contract/lists/orders';
import { REFUND_LIST } from '../../../src/contract/lists/refunds';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { branchUnits, companies, operators, orders, refunds } from '../../db/schema';
import type { CallContext } from '../../platform/api';
import type { ExportSources } from '../../platform/exportColumns';
import {
  between,
  csvRowsOfList,
  periodExport,
  xlsxRowsOf,
  type Key,
  type ListRows,
  type Select,
} from '../../platform/listExport';
import type { Scope } from '../../platform/scope';
import { refundFilter, refundOperatorJoin } from '../refunds';
import { orderFilter } from '../orders';
import { listPeriod } from '../../platform/days';

/**
 * Order and refund exports: the page's filters and scope (a complete number all time, as the
 * page shows it), every row newest first (created at, then id, like the page's default order), through the platform's list export
 * (server/platform/listExport.ts).
 */

/** Where each export column of the list (src/contract/lists/orders.ts) comes from. */
const ORDER_SOURCES = {
  createdAt: orders.createdAt,
  finishedAt: orders.finishedAt,
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
} satisfies ExportSources<(typeof ORDER_LIST.exports.columns)[number]['key']>;

const ORDER_KEY: Key = { createdAt: orders.createdAt, id: orders.id };

/** The orders of an export (the page's filter and scope), newest first, for any selection. */
function orderSelect(db: Executor, scope: Scope, t: Translate, zone: string, q: OrderExportQuery): Select {
  const where = orderFilter(db, scope, q, listPeriod(t, zone, ORDER_LIST, q));
  return (fields, from, to) =>
    db
      .select(fields)
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(branchUnits, eq(branchUnits.id, orders.branchUnitId))
      .where(and(where, between(ORDER_KEY, from, to ?? null)))
      .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The order export: the list's export columns, where they come from, which rows. */
const ORDER_EXPORT: ListRows<OrderExportQuery> = {
  list: ORDER_LIST.exports,
  what: 'orders',
  key: ORDER_KEY,
  sources: ORDER_SOURCES,
  select: orderSelect,
};

/** Order rows of the export, batch by batch: the XLSX cells (and the tests' view of the walk). */
export const orderRows = xlsxRowsOf(ORDER_EXPORT);

/** The CSV rows of the order export, as the caller's language labels them. */
export const orderCsvRows = csvRowsOfList(ORDER_EXPORT);

/** Where each export column of the list (src/contract/lists/refunds.ts) comes from. */
const REFUND_SOURCES = {
  createdAt: refunds.createdAt,
  finishedAt: refunds.finishedAt,
  gatewayRefundNo: refunds.gatewayRefundNo,
  clientRefundNo: refunds.clientRefundNo,
  brandRefundNo: refunds.brandRefundNo,
  gatewayOrderNo: orders.gatewayOrderNo,
  companyName: companies.name,
  brand: orders.brand,
  status: refunds.status,
  refundAmount: refunds.amount,
  currency: refunds.currency,
  fullRefund: refunds.fullRefund,
  remark: refunds.remark,
  operatorLoginId: operators.loginId,
  errorMessage: refunds.errorMessage,
} satisfies ExportSources<(typeof REFUND_LIST.exports.columns)[number]['key']>;

const REFUND_KEY: Key = { createdAt: refunds.createdAt, id: refunds.id };

/** The refunds of an export (the refund page's filter and scope), newest first. */
function refundSelect(db: Executor, scope: Scope, t: Translate, zone: string, q: RefundExportQuery): Select {
  const where = refundFilter(db, scope, q, listPeriod(t, zone, REFUND_LIST, q));
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

const REFUND_EXPORT: ListRows<RefundExportQuery> = {
  list: REFUND_LIST.exports,
  what: 'refunds',
  key: REFUND_KEY,
  sources: REFUND_SOURCES,
  select: refundSelect,
};

/** Refund rows of the export, batch by batch (XLSX). */
export const refundRows = xlsxRowsOf(REFUND_EXPORT);

/** The CSV rows of the refund export, as the caller's language labels them. */
export const refundCsvRows = csvRowsOfList(REFUND_EXPORT);

type ExportContext<I> = CallContext<I, '/history/order' | '/history/refund'>;

export const orderExport = (c: ExportContext<OrderExportQuery>, format: ExportFormat) =>
  periodExport(c, format, ORDER_EXPORT);

export const refundExport = (c: ExportContext<RefundExportQuery>, format: ExportFormat) =>
  periodExport(c, format, REFUND_EXPORT);
