import { and, count, eq, gte, lt, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '../../../src/contract/envelope';
import {
  PRE_ORDER_SORT_FIELDS,
  type PreOrderPageQuery,
  type PreOrderRow,
  type PreOrderState,
  type PreOrderUseStatus,
} from '../../../src/contract/preorders';
import { PRE_ORDER_LIST } from '../../../src/contract/lists/preOrders';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { branchUnits, companies, operators, preOrders } from '../../db/schema';
import { listPeriod } from '../../platform/days';
import { notFound } from '../../platform/envelope';
import { iso, listPage } from '../../platform/lists';
import { ordersIn, visibleOperator, type Scope } from '../../platform/scope';

export type PreOrderRecord = typeof preOrders.$inferSelect;

/** The payer's page of a pre-order. */
export const preOrderUrl = (base: string, gatewayPayNo: string) =>
  `${base}/qrcode?code=${encodeURIComponent(gatewayPayNo)}`;

/** Where a pre-order stands now: used up first, then closed, then expired. */
export function preOrderState(p: PreOrderRecord, now = new Date()): PreOrderState {
  if (p.useStatus === 1) return 'used';
  if (p.closedAt) return 'closed';
  if (p.expireTime.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

const columns = {
  record: preOrders,
  companyName: companies.name,
  branchUnitName: branchUnits.name,
  createdByName: operators.userName,
};

/** The creator's name is joined only when the caller may see that account (as a refund's operator). */
function select(db: Executor, scope: Scope) {
  return db
    .select(columns)
    .from(preOrders)
    .innerJoin(companies, eq(companies.id, preOrders.companyId))
    .leftJoin(branchUnits, eq(branchUnits.id, preOrders.branchUnitId))
    .leftJoin(operators, visibleOperator(db, scope, preOrders.createdBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

export function toPreOrderRow(base: string, r: Selected, now = new Date()): PreOrderRow {
  const p = r.record;
  return {
    id: p.id,
    clientPayNo: p.clientPayNo,
    gatewayPayNo: p.gatewayPayNo,
    payLink: preOrderUrl(base, p.gatewayPayNo),
    orderAmount: p.orderAmount,
    currency: p.currency,
    validityHours: p.validityHours,
    expireTime: iso(p.expireTime),
    remark: p.remark,
    useTimes: p.useTimes,
    usedTimes: p.usedTimes,
    useStatus: p.useStatus as PreOrderUseStatus,
    useStartTime: p.useStartTime ? iso(p.useStartTime) : null,
    useFinishTime: p.useFinishTime ? iso(p.useFinishTime) : null,
    state: preOrderState(p, now),
    closedAt: p.closedAt ? iso(p.closedAt) : null,
    companyId: p.companyId,
    companyName: r.companyName,
    branchUnitId: p.branchUnitId,
    branchUnitName: r.branchUnitName,
    createdByName: r.createdByName ?? '',
    createdAt: iso(p.createdAt),
  };
}

/** Pre-orders the caller may see: the orders' scope rule on the pre-order's company and branch. */
export const preOrdersIn = (db: Executor, scope: Scope) =>
  ordersIn(db, scope, preOrders.companyId, preOrders.branchUnitId);

export async function preOrderRow(db: Executor, base: string, scope: Scope, id: number) {
  const [r] = await select(db, scope).where(and(eq(preOrders.id, id), preOrdersIn(db, scope)));
  if (!r) throw notFound();
  return toPreOrderRow(base, r);
}

/** The pre-order in scope by gateway pay number, row-locked for the caller's transaction. */
export async function lockPreOrder(tx: Executor, scope: Scope | null, gatewayPayNo: string) {
  const [p] = await tx
    .select()
    .from(preOrders)
    .where(and(eq(preOrders.gatewayPayNo, gatewayPayNo), scope ? preOrdersIn(tx, scope) : undefined))
    .for('update');
  return p;
}

export async function preOrderPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  config: { timeZone: string; publicUrl: string },
  q: PreOrderPageQuery,
): Promise<Page<PreOrderRow>> {
  // A complete pay number searches all time (listPeriod).
  const range = listPeriod(t, config.timeZone, PRE_ORDER_LIST, q);
  const where = and(
    range ? gte(preOrders.createdAt, range.from) : undefined,
    range ? lt(preOrders.createdAt, range.to) : undefined,
    q.useStatus ? eq(preOrders.useStatus, Number(q.useStatus)) : undefined,
    q.companyId ? eq(preOrders.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(preOrders.branchUnitId, q.branchUnitId) : undefined,
    q.payNo ? or(eq(preOrders.clientPayNo, q.payNo), eq(preOrders.gatewayPayNo, q.payNo)) : undefined,
    preOrdersIn(db, scope),
  );
  const sortable = {
    createdAt: preOrders.createdAt,
    expireTime: preOrders.expireTime,
    orderAmount: preOrders.orderAmount,
    usedTimes: preOrders.usedTimes,
  } satisfies Record<(typeof PRE_ORDER_SORT_FIELDS)[number], AnyPgColumn>;
  const now = new Date();
  return listPage(
    t,
    q,
    { columns: sortable, tieBreaker: preOrders.id },
    {
      rows: select(db, scope).$dynamic(),
      count: db.select({ total: count() }).from(preOrders).$dynamic(),
      where,
    },
    (r) => toPreOrderRow(config.publicUrl, r, now),
  );
}
