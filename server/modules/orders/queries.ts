import { and, asc, count, eq, gte, inArray, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import {
  PAY_STATUS_FILTER,
  type OrderDetail,
  type OrderEventRow,
  type OrderRow,
} from '../../../src/contract/orders';
import { ORDER_LIST, type ORDER_SORT_FIELDS, type OrderPageQuery } from '../../../src/contract/lists/orders';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import {
  branchUnits,
  companies,
  merchantNotifications,
  orderAudits,
  orderEvents,
  orders,
  settlementOrders,
  settlements,
} from '../../db/schema';
import { PROOF_STATES, type ProofState } from '../../../src/contract/reports';
import { listPeriod } from '../../platform/days';
import { notFound } from '../../platform/envelope';
import { iso, limitOffset, orderBy, pageOf } from '../../platform/lists';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { ordersIn, type Scope } from '../../platform/scope';
import type { OrderRecord } from '../payments';
import { refundableAmount, refundsOfOrder } from '../refunds';
import { notificationsOf } from '../notifications';
import { auditOf, orderReconciliation } from '../reconciliation';
import { countFromSummaries, type SummaryCount } from '../summaries';

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

/** A selected order row (the columns are typed, statuses and brands with the contract's unions). */
type OrderSelect = Omit<SelectResultFields<typeof orderColumns>, 'branchUnitName'> & {
  /** Left-joined: null for an order of no branch. */
  branchUnitName: string | null;
};

/**
 * The list's columns only, field by field: a whole order record handed in (the detail) keeps
 * the rest (notifyUrl, pre-order id, …) to itself.
 */
const toRow = (r: OrderSelect): OrderRow => ({
  id: r.id,
  clientOrderNo: r.clientOrderNo,
  gatewayOrderNo: r.gatewayOrderNo,
  brandOrderNo: r.brandOrderNo,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  receiptNo: r.receiptNo,
  paymentType: r.paymentType,
  brand: r.brand,
  subBrand: r.subBrand,
  companyId: r.companyId,
  companyName: r.companyName,
  branchUnitId: r.branchUnitId,
  branchUnitName: r.branchUnitName,
  refundedAmount: r.refundedAmount,
  createdAt: iso(r.createdAt),
  finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
});

type OrderFilterQuery = Omit<OrderPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;
/** A filter value, or a placeholder standing for it in a statement built once per shape. */
type Bound<T> = { [K in keyof T]: T[K] | Placeholder };

/**
 * The order list's filter. `range` null: a complete order number was asked, which searches all
 * time within the scope (listPeriod); each number is one index's lookup then.
 */
export function orderFilter(
  db: Executor,
  scope: Scope,
  q: Bound<Omit<OrderFilterQuery, 'status' | 'proof' | 'notify'>> &
    Pick<OrderFilterQuery, 'status' | 'proof' | 'notify'>,
  range: Bound<{ from: Date; to: Date }> | null,
) {
  return and(
    range ? gte(orders.createdAt, range.from) : undefined,
    range ? lt(orders.createdAt, range.to) : undefined,
    q.status ? inArray(orders.status, [...PAY_STATUS_FILTER[q.status as '0' | '1' | '2']]) : undefined,
    q.brand ? eq(orders.brand, q.brand) : undefined,
    q.subBrand ? eq(orders.subBrand, q.subBrand) : undefined,
    q.paymentType ? eq(orders.paymentType, q.paymentType) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(orders.branchUnitId, q.branchUnitId) : undefined,
    q.proof ? proofIs(q.proof) : undefined,
    // From the notifications (few, by their status index), not a probe per order of the range.
    q.notify
      ? inArray(
          orders.id,
          db
            .select({ id: merchantNotifications.orderId })
            .from(merchantNotifications)
            .where(eq(merchantNotifications.status, q.notify as 'pending' | 'failed')),
        )
      : undefined,
    q.orderNo
      ? or(
          eq(orders.clientOrderNo, q.orderNo),
          eq(orders.gatewayOrderNo, q.orderNo),
          // Said outright so the partial index (brand numbers that are set) serves it.
          and(ne(orders.brandOrderNo, ''), eq(orders.brandOrderNo, q.orderNo)),
        )
      : undefined,
    ordersIn(db, scope),
  );
}

/**
 * Orders standing on a proof rung: the summaries' own functions (migration 0025) over the order's
 * status, its merchant settlement's status and its audit result, so the list holds exactly the
 * orders the summaries count on that rung.
 */
function proofIs(proof: ProofState): SQL {
  return sql`summary_proof(
    summary_paid(${orders.status}),
    summary_settle((select s.status from ${settlementOrders} so join ${settlements} s on s.id = so.settlement_id
      where so.kind = 'merchant' and so.order_id = ${orders.id})),
    (select a.audit_result from ${orderAudits} a where a.order_id = ${orders.id})
  ) = ${PROOF_STATES.indexOf(proof) + 1}`;
}

/** The filters an order page passes as values; the others shape its statements. */
const PAGE_VALUES = ['brand', 'subBrand', 'paymentType', 'companyId', 'branchUnitId', 'orderNo'] as const;

/**
 * What the summaries count of a page's filters, or null when they cannot count it: all statuses
 * are the summaries' orders, the paid ones (PAY_STATUS_FILTER '0', the summaries' summary_paid)
 * their paid count; open and failed orders and the sub-brand are not in them, and a complete order
 * number searches all time. The period, company, branch, brand and payment type are their key.
 */
function summaryMeasure(q: OrderPageQuery, dated: boolean): SummaryCount | null {
  if (!dated || q.orderNo || q.subBrand || q.notify) return null;
  // A rung is reached by paid orders only: their count, on that rung.
  if (q.proof) return !q.status || q.status === '0' ? 'paidCount' : null;
  if (!q.status) return 'orders';
  return q.status === '0' ? 'paidCount' : null;
}

function buildOrderPage(db: Executor, scope: Scope, q: OrderPageQuery, order: SQL[], dated: boolean) {
  const bound = Object.fromEntries(PAGE_VALUES.map((k) => [k, q[k] ? sql.placeholder(k) : q[k]]));
  const range = dated ? { from: sql.placeholder('from'), to: sql.placeholder('to') } : null;
  const where = orderFilter(db, scope, { ...q, ...bound }, range);
  const counted = db.select({ total: count() }).from(orders).where(where);
  const measure = summaryMeasure(q, dated);
  const set = (k: 'companyId' | 'branchUnitId' | 'brand' | 'paymentType') =>
    q[k] ? sql.placeholder(k) : undefined;
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
    total: (measure && range
      ? countFromSummaries(
          db,
          scope,
          measure,
          {
            fromDay: sql.placeholder('beginTime'),
            toDay: sql.placeholder('endTime'),
            zone: sql.placeholder('zone'),
            ...range,
          },
          {
            companyId: set('companyId'),
            branchUnitId: set('branchUnitId'),
            brand: set('brand'),
            paymentType: set('paymentType'),
            ...(q.proof ? { proof: PROOF_STATES.indexOf(q.proof) + 1 } : {}),
          },
          counted,
        )
      : counted
    ).prepare(''),
  };
}

/**
 * Order page statements by shape: the caller's scope, the status filter, which value filters
 * are set, the sort. Building them with drizzle cost ~0.2 ms of each page call; the values
 * (dates, filters, paging) are placeholders, filled per call.
 */
const builtPages = new WeakMap<Executor, Map<string, ReturnType<typeof buildOrderPage>>>();

/**
 * The two statements of the order page (its rows and its total: from the summaries when its
 * filters are in their key, else counted) with their values, for the call and the benchmarks.
 */
export function orderPageQueries(db: Executor, scope: Scope, t: Translate, zone: string, q: OrderPageQuery) {
  const range = listPeriod(t, zone, ORDER_LIST, q);
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
    range !== null,
    q.status ?? '',
    q.proof ?? '',
    q.notify ?? '',
    PAGE_VALUES.map((k) => Boolean(q[k])),
    q.sortField,
    q.sortOrder,
  ]);
  let built = builtPages.get(db);
  if (!built) builtPages.set(db, (built = new Map()));
  let statements = built.get(shape);
  if (!statements) {
    if (built.size >= 1000) built.clear();
    statements = buildOrderPage(db, scope, q, order, range !== null);
    built.set(shape, statements);
  }
  const values: Record<string, unknown> = {
    ...(range ?? {}),
    beginTime: q.beginTime,
    endTime: q.endTime,
    zone,
    limit,
    offset,
  };
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
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  // The merchant settlement that holds the order (docs/settlement.md), once its period closed.
  const [settled] = await db
    .select({ id: settlements.id, settlementNo: settlements.settlementNo })
    .from(settlementOrders)
    .innerJoin(settlements, eq(settlements.id, settlementOrders.settlementId))
    .where(and(eq(settlementOrders.kind, 'merchant'), eq(settlementOrders.orderId, order.id)));
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
    ...(await auditOf(db, order.id)),
    reconciliation: await orderReconciliation(db, order.id),
    settlementNo: settled?.settlementNo ?? '',
    settlementId: settled?.id ?? null,
    errorCode: order.errorCode,
    errorMessage: order.errorMessage,
    expiresAt: order.expiresAt ? iso(order.expiresAt) : null,
    refundableAmount: await refundableAmount(db, order),
    refunds: await refundsOfOrder(db, scope, order.id),
    notifications: await notificationsOf(db, order.id),
    events: events.map((e): OrderEventRow => ({
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      event: e.event,
      source: e.source,
      createdAt: iso(e.createdAt),
    })),
  };
}
