import { and, asc, count, eq, gte, lt, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Page } from '../../../src/contract/envelope';
import type { RefundRow } from '../../../src/contract/refunds';
import {
  REFUND_LIST,
  type REFUND_SORT_FIELDS,
  type RefundPageQuery,
} from '../../../src/contract/lists/refunds';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { companies, operators, orders, refunds } from '../../db/schema';
import { listPeriod } from '../../platform/days';
import { iso, limitOffset, orderBy, pageOf } from '../../platform/lists';
import { ordersIn, visibleOperator, type Scope } from '../../platform/scope';
import { countFromSummaries } from '../summaries';

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
  errorCode: refunds.errorCode,
  errorMessage: refunds.errorMessage,
  rejectReason: refunds.rejectReason,
  createdAt: refunds.createdAt,
  finishedAt: refunds.finishedAt,
};

/** A selected refund row; the operator is left-joined (null when not the caller's to see). */
type RefundSelect = Omit<SelectResultFields<typeof refundColumns>, 'operatorLoginId'> & {
  operatorLoginId: string | null;
};

const toRefundRow = (r: RefundSelect): RefundRow => ({
  ...r,
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
  visibleOperator(db, scope, refunds.operatorId);

/** An order's refunds, oldest first (the order detail). */
export async function refundsOfOrder(db: Executor, scope: Scope, orderId: number): Promise<RefundRow[]> {
  const rows = await refundsFrom(db, scope).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  return rows.map(toRefundRow);
}

/**
 * The refund page's filters within the caller's scope (refunds joined with their order);
 * `range` null: a complete number was asked, which searches all time (listPeriod).
 */
export function refundFilter(
  db: Executor,
  scope: Scope,
  q: Omit<RefundPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>,
  range: { from: Date; to: Date } | null,
): SQL | undefined {
  return and(
    range ? gte(refunds.createdAt, range.from) : undefined,
    range ? lt(refunds.createdAt, range.to) : undefined,
    q.status ? eq(refunds.status, q.status) : undefined,
    q.brand ? eq(orders.brand, q.brand) : undefined,
    q.companyId ? eq(refunds.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(refunds.branchUnitId, q.branchUnitId) : undefined,
    q.refundNo
      ? or(
          eq(refunds.clientRefundNo, q.refundNo),
          eq(refunds.gatewayRefundNo, q.refundNo),
          and(ne(refunds.brandRefundNo, ''), eq(refunds.brandRefundNo, q.refundNo)),
          // The order's number as the order's id (one row of a unique index): every arm of
          // the OR is then an index of refunds, so all time stays an index's lookup.
          eq(
            refunds.orderId,
            db.select({ id: orders.id }).from(orders).where(eq(orders.gatewayOrderNo, q.refundNo)),
          ),
        )
      : undefined,
    ordersIn(db, scope, refunds.companyId, refunds.branchUnitId),
  );
}

/**
 * The refund page. Its total comes from the summaries when they count exactly its rows: the
 * refunds succeeded (the only ones they hold) of a period, by company, branch and the order's
 * brand; any other status, or a complete number (all time), is counted.
 */
export async function refundPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  zone: string,
  q: RefundPageQuery,
): Promise<Page<RefundRow>> {
  const range = listPeriod(t, zone, REFUND_LIST, q);
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
  const counted = db
    .select({ total: count() })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(where);
  const [{ total }] = await (range && q.status === 'success' && !q.refundNo
    ? countFromSummaries(
        db,
        scope,
        'refundCount',
        { fromDay: q.beginTime, toDay: q.endTime, zone, ...range },
        {
          companyId: q.companyId || undefined,
          branchUnitId: q.branchUnitId || undefined,
          brand: q.brand || undefined,
        },
        counted,
      )
    : counted);
  return pageOf(records.map(toRefundRow), Number(total), q);
}
