import { and, asc, count, eq, gte, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Page } from '../../../src/contract/envelope';
import {
  PAY_STATUS_FILTER,
  type OrderDetail,
  type OrderEventRow,
  type OrderRow,
  type OrderStatus,
} from '../../../src/contract/orders';
import type { RefundRow, RefundStatus } from '../../../src/contract/refunds';
import type { ORDER_SORT_FIELDS, OrderPageQuery } from '../../../src/contract/lists/orders';
import type { REFUND_SORT_FIELDS, RefundPageQuery } from '../../../src/contract/lists/refunds';
import type { PayBrand, PaymentType } from '../../../src/contract/brands';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { branchUnits, companies, operators, orderEvents, orders, refunds } from '../../db/schema';
import { notFound } from '../../platform/envelope';
import { fieldError, iso, limitOffset, orderBy, pageOf } from '../../platform/lists';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { operatorsIn, type Scope } from '../../platform/scope';
import { ordersIn, type OrderRecord } from './engine';
import { refundableAmount } from './refunds';
import { notificationsOf } from './notifications';

/**
 * The instants where a business day starts and ends (null: not a date), remembered: luxon
 * works a zone's offset out through Intl on every call, which cost 0.4 ms of each list call,
 * and lists ask for the same few days over and over.
 */
const knownDays = new Map<string, { start: number; end: number } | null>();
function businessDay(zone: string, day: string) {
  const key = `${zone}|${day}`;
  let known = knownDays.get(key);
  if (known === undefined) {
    const d = DateTime.fromISO(day, { zone });
    known = d.isValid
      ? { start: d.startOf('day').toMillis(), end: d.startOf('day').plus({ days: 1 }).toMillis() }
      : null;
    if (knownDays.size >= 4096) knownDays.clear();
    knownDays.set(key, known);
  }
  return known;
}

/** beginTime 00:00 to endTime 24:00 in the business time zone. */
export function dayRange(t: Translate, zone: string, begin: string, end: string) {
  const from = businessDay(zone, begin);
  const to = businessDay(zone, end);
  if (!from) throw fieldError(t, 'beginTime', 'validation.date');
  if (!to) throw fieldError(t, 'endTime', 'validation.date');
  return { from: new Date(from.start), to: new Date(to.end) };
}

const orderColumns = {
  id: orders.id,
  clientOrderNo: orders.clientOrderNo,
  gatewayOrderNo: orders.gatewayOrderNo,
  brandOrderNo: orders.brandOrderNo,
  amount: orders.amount,
  currency: orders.currency,
  status: orders.status,
  receiptNo: orders.receiptNo,
  paymentType: orders.paymentType,
  brand: orders.brand,
  subBrand: orders.subBrand,
  companyId: orders.companyId,
  companyName: companies.name,
  branchUnitId: orders.branchUnitId,
  branchUnitName: branchUnits.name,
  refundedAmount: orders.refundedAmount,
  createdAt: orders.createdAt,
  finishedAt: orders.finishedAt,
};

type OrderSelect = {
  [K in keyof typeof orderColumns]: unknown;
} & { createdAt: Date; finishedAt: Date | null };

const toRow = (r: OrderSelect): OrderRow => ({
  // The list's columns only: a whole order record handed in (the detail) keeps the rest
  // (notifyUrl, pre-order id, …) to itself.
  ...(Object.fromEntries(
    Object.keys(orderColumns).map((k) => [k, r[k as keyof OrderSelect]]),
  ) as unknown as OrderRow),
  status: r.status as OrderStatus,
  paymentType: r.paymentType as PaymentType,
  brand: r.brand as PayBrand,
  createdAt: iso(r.createdAt),
  finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
});

type OrderFilterQuery = Omit<OrderPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;
/** A filter value, or a placeholder standing for it in a statement built once per shape. */
type Bound<T> = { [K in keyof T]: T[K] | Placeholder };

export function orderFilter(
  db: Executor,
  scope: Scope,
  q: Bound<Omit<OrderFilterQuery, 'status'>> & Pick<OrderFilterQuery, 'status'>,
  range: Bound<{ from: Date; to: Date }>,
) {
  return and(
    gte(orders.createdAt, range.from),
    lt(orders.createdAt, range.to),
    q.status ? inArray(orders.status, [...PAY_STATUS_FILTER[q.status as '0' | '1' | '2']]) : undefined,
    q.brand ? eq(orders.brand, q.brand) : undefined,
    q.subBrand ? eq(orders.subBrand, q.subBrand) : undefined,
    q.paymentType ? eq(orders.paymentType, q.paymentType) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(orders.branchUnitId, q.branchUnitId) : undefined,
    q.orderNo
      ? or(
          eq(orders.clientOrderNo, q.orderNo),
          eq(orders.gatewayOrderNo, q.orderNo),
          eq(orders.brandOrderNo, q.orderNo),
        )
      : undefined,
    ordersIn(db, scope),
  );
}

/** The filters an order page passes as values; the others shape its statements. */
const PAGE_VALUES = ['brand', 'subBrand', 'paymentType', 'companyId', 'branchUnitId', 'orderNo'] as const;

function buildOrderPage(db: Executor, scope: Scope, q: OrderPageQuery, order: SQL[]) {
  const bound = Object.fromEntries(PAGE_VALUES.map((k) => [k, q[k] ? sql.placeholder(k) : q[k]]));
  const where = orderFilter(
    db,
    scope,
    { ...q, ...bound },
    { from: sql.placeholder('from'), to: sql.placeholder('to') },
  );
  // '' is PostgreSQL's unnamed statement: parsed and planned on every call for its values,
  // never a generic plan (a range or a company can hold 20 rows or 350,000).
  return {
    records: db
      .select(orderColumns)
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .leftJoin(branchUnits, eq(branchUnits.id, orders.branchUnitId))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(''),
    total: db.select({ total: count() }).from(orders).where(where).prepare(''),
  };
}

/**
 * Order page statements by shape: the caller's scope, the status filter, which value filters
 * are set, the sort. Building them with drizzle cost ~0.2 ms of each page call; the values
 * (dates, filters, paging) are placeholders, filled per call.
 */
const builtPages = new WeakMap<Executor, Map<string, ReturnType<typeof buildOrderPage>>>();

/** The two statements of the order page (its rows and its total) with their values, for the call and the benchmarks. */
export function orderPageQueries(db: Executor, scope: Scope, t: Translate, zone: string, q: OrderPageQuery) {
  const range = dayRange(t, zone, q.beginTime, q.endTime);
  const sortable = {
    createdAt: orders.createdAt,
    finishedAt: orders.finishedAt,
    amount: orders.amount,
    status: orders.status,
  } satisfies Record<(typeof ORDER_SORT_FIELDS)[number], AnyPgColumn>;
  const order = orderBy(t, q, sortable, 'createdAt', orders.id);
  const { limit, offset } = limitOffset(q);
  const shape = JSON.stringify([
    scope,
    q.status ?? '',
    PAGE_VALUES.map((k) => Boolean(q[k])),
    q.sortField,
    q.sortOrder,
  ]);
  let built = builtPages.get(db);
  if (!built) builtPages.set(db, (built = new Map()));
  let statements = built.get(shape);
  if (!statements) {
    if (built.size >= 1000) built.clear();
    statements = buildOrderPage(db, scope, q, order);
    built.set(shape, statements);
  }
  const values: Record<string, unknown> = { from: range.from, to: range.to, limit, offset };
  for (const k of PAGE_VALUES) if (q[k]) values[k] = q[k];
  return { ...statements, values };
}

export async function orderPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: OrderPageQuery,
): Promise<Page<OrderRow>> {
  const query = orderPageQueries(db, scope, t, zone, q);
  const records = await query.records.execute(query.values);
  const [{ total }] = await query.total.execute(query.values);
  return pageOf(records.map(toRow), Number(total), q);
}

/** One order in scope by id or gateway order number (NOT_FOUND outside it). */
export async function findOrder(
  db: Executor,
  scope: Scope,
  ref: { id?: number | null; gatewayOrderNo?: string },
): Promise<OrderRecord> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        ref.id ? eq(orders.id, ref.id) : eq(orders.gatewayOrderNo, ref.gatewayOrderNo ?? ''),
        ordersIn(db, scope),
      ),
    );
  if (!row) throw notFound();
  return row;
}

const refundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  gatewayOrderNo: orders.gatewayOrderNo,
  clientRefundNo: refunds.clientRefundNo,
  gatewayRefundNo: refunds.gatewayRefundNo,
  brandRefundNo: refunds.brandRefundNo,
  amount: refunds.amount,
  currency: refunds.currency,
  status: refunds.status,
  fullRefund: refunds.fullRefund,
  remark: refunds.remark,
  receiptNo: refunds.receiptNo,
  operatorLoginId: operators.loginId,
  brand: orders.brand,
  companyId: refunds.companyId,
  companyName: companies.name,
  errorMessage: refunds.errorMessage,
  rejectReason: refunds.rejectReason,
  createdAt: refunds.createdAt,
  finishedAt: refunds.finishedAt,
};

const toRefundRow = (r: { createdAt: Date; finishedAt: Date | null; status: string }): RefundRow => ({
  ...(r as unknown as RefundRow),
  status: r.status as RefundStatus,
  createdAt: iso(r.createdAt),
  finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
});

/** Who refunded is shown only when that account is one the caller may see (agencies see their own). */
const refundsFrom = (db: Executor, scope: Scope) =>
  db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(companies, eq(companies.id, refunds.companyId))
    .leftJoin(operators, refundOperatorJoin(db, scope));

/** Joins a refund's operator only when the caller may see that account. */
export const refundOperatorJoin = (db: Executor, scope: Scope) =>
  and(eq(operators.id, refunds.operatorId), operatorsIn(db, scope));

export async function orderDetail(
  db: Executor,
  scope: Scope,
  ref: { id?: number | null; gatewayOrderNo?: string },
): Promise<OrderDetail> {
  const order = await findOrder(db, scope, ref);
  const [names] = await db
    .select({ companyName: companies.name, branchUnitName: branchUnits.name })
    .from(companies)
    .leftJoin(branchUnits, eq(branchUnits.id, order.branchUnitId ?? -1))
    .where(eq(companies.id, order.companyId));
  const refundRows = await refundsFrom(db, scope)
    .where(eq(refunds.orderId, order.id))
    .orderBy(asc(refunds.id));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  return {
    ...toRow({
      ...order,
      companyName: names.companyName,
      branchUnitName: names.branchUnitName ?? null,
    } as OrderSelect),
    subject: order.subject,
    commissionRate: order.commissionRate,
    commissionAmount: order.commissionAmount,
    rebateRate: order.rebateRate,
    rebateAmount: order.rebateAmount,
    auditStatus: order.auditStatus,
    auditResult: order.auditResult,
    settlementNo: order.settlementNo,
    errorCode: order.errorCode,
    errorMessage: order.errorMessage,
    expiresAt: order.expiresAt ? iso(order.expiresAt) : null,
    refundableAmount: await refundableAmount(db, order),
    refunds: refundRows.map(toRefundRow),
    notifications: await notificationsOf(db, order.id),
    events: events.map((e): OrderEventRow => ({
      fromStatus: e.fromStatus as OrderStatus | null,
      toStatus: e.toStatus as OrderStatus,
      event: e.event,
      source: e.source,
      createdAt: iso(e.createdAt),
    })),
  };
}

/** The refund page's filters within the caller's scope (refunds joined with their order). */
export function refundFilter(
  db: Executor,
  scope: Scope,
  q: Omit<RefundPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>,
  range: { from: Date; to: Date },
): SQL | undefined {
  return and(
    gte(refunds.createdAt, range.from),
    lt(refunds.createdAt, range.to),
    q.status ? eq(refunds.status, q.status) : undefined,
    q.brand ? eq(orders.brand, q.brand) : undefined,
    q.companyId ? eq(refunds.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(refunds.branchUnitId, q.branchUnitId) : undefined,
    q.refundNo
      ? or(
          eq(refunds.clientRefundNo, q.refundNo),
          eq(refunds.gatewayRefundNo, q.refundNo),
          eq(refunds.brandRefundNo, q.refundNo),
          eq(orders.gatewayOrderNo, q.refundNo),
        )
      : undefined,
    ordersIn(db, scope, refunds.companyId, refunds.branchUnitId),
  );
}

export async function refundPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: RefundPageQuery,
): Promise<Page<RefundRow>> {
  const range = dayRange(t, zone, q.beginTime, q.endTime);
  const sortable = {
    createdAt: refunds.createdAt,
    finishedAt: refunds.finishedAt,
    amount: refunds.amount,
    status: refunds.status,
  } satisfies Record<(typeof REFUND_SORT_FIELDS)[number], AnyPgColumn>;
  const order = orderBy(t, q, sortable, 'createdAt', refunds.id);
  const { limit, offset } = limitOffset(q);
  const where = refundFilter(db, scope, q, range);
  const records = await refundsFrom(db, scope)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(where);
  return pageOf(records.map(toRefundRow), Number(total), q);
}
