import { and, count, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '../../../src/contract/envelope';
import {
  PAY_LINK_SORT_FIELDS,
  type PayLinkPageQuery,
  type PayLinkRow,
  type PayLinkSource,
} from '../../../src/contract/links';
import { PAY_LINK_LIST } from '../../../src/contract/lists/payLinks';
import { PAY_STATUS_FILTER, type OrderStatus } from '../../../src/contract/orders';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { branchUnits, companies, operators, orders, payLinks } from '../../db/schema';
import { listPeriod } from '../../platform/days';
import { notFound } from '../../platform/envelope';
import { iso, listPage } from '../../platform/lists';
import { ordersIn, visibleOperator, type Scope } from '../../platform/scope';
import { payerUrl, type OrderRecord } from '../payments';

const columns = {
  id: orders.id,
  clientOrderNo: orders.clientOrderNo,
  gatewayOrderNo: orders.gatewayOrderNo,
  subject: orders.subject,
  payerName: payLinks.payerName,
  payerEmail: payLinks.payerEmail,
  remark: payLinks.remark,
  amount: orders.amount,
  currency: orders.currency,
  status: orders.status,
  brand: orders.brand,
  companyId: orders.companyId,
  companyName: companies.name,
  branchUnitId: orders.branchUnitId,
  branchUnitName: branchUnits.name,
  source: payLinks.source,
  createdByName: operators.userName,
  expiresAt: orders.expiresAt,
  createdAt: orders.createdAt,
  finishedAt: orders.finishedAt,
};

/** The creator's name is joined only when the caller may see that account (as a refund's operator). */
function select(db: Executor, scope: Scope) {
  return db
    .select(columns)
    .from(payLinks)
    .innerJoin(orders, eq(orders.id, payLinks.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(branchUnits, eq(branchUnits.id, orders.branchUnitId))
    .leftJoin(operators, visibleOperator(db, scope, payLinks.createdBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toRow = (base: string, r: Selected): PayLinkRow => ({
  ...r,
  payLink: payerUrl(base, r.gatewayOrderNo),
  status: r.status as OrderStatus,
  source: r.source as PayLinkSource,
  createdByName: r.createdByName ?? '',
  expiresAt: r.expiresAt ? iso(r.expiresAt) : null,
  createdAt: iso(r.createdAt),
  finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
});

/** One URL payment in scope by order id (the reply of create). */
export async function payLinkRow(db: Executor, base: string, scope: Scope, orderId: number) {
  const [r] = await select(db, scope).where(and(eq(orders.id, orderId), ordersIn(db, scope)));
  if (!r) throw notFound();
  return toRow(base, r);
}

/** The URL payment (its order) in scope by gateway order number: NOT_FOUND outside scope or for other orders. */
export async function findPayLink(db: Executor, scope: Scope, gatewayOrderNo: string): Promise<OrderRecord> {
  const [row] = await db
    .select({ order: orders })
    .from(payLinks)
    .innerJoin(orders, eq(orders.id, payLinks.orderId))
    .where(and(eq(orders.gatewayOrderNo, gatewayOrderNo), ordersIn(db, scope)));
  if (!row) throw notFound();
  return row.order;
}

export async function payLinkPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  config: { timeZone: string; publicUrl: string },
  q: PayLinkPageQuery,
): Promise<Page<PayLinkRow>> {
  // A complete order number searches all time (listPeriod).
  const range = listPeriod(t, config.timeZone, PAY_LINK_LIST, q);
  const where = and(
    range ? gte(orders.createdAt, range.from) : undefined,
    range ? lt(orders.createdAt, range.to) : undefined,
    q.status ? inArray(orders.status, [...PAY_STATUS_FILTER[q.status as '0' | '1' | '2']]) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(orders.branchUnitId, q.branchUnitId) : undefined,
    q.orderNo ? or(eq(orders.clientOrderNo, q.orderNo), eq(orders.gatewayOrderNo, q.orderNo)) : undefined,
    ordersIn(db, scope),
  );
  const sortable = {
    createdAt: orders.createdAt,
    expiresAt: orders.expiresAt,
    amount: orders.amount,
    status: orders.status,
  } satisfies Record<(typeof PAY_LINK_SORT_FIELDS)[number], AnyPgColumn>;
  return listPage(
    t,
    q,
    { columns: sortable, tieBreaker: orders.id },
    {
      rows: select(db, scope).$dynamic(),
      count: db
        .select({ total: count() })
        .from(payLinks)
        .innerJoin(orders, eq(orders.id, payLinks.orderId))
        .$dynamic(),
      where,
    },
    (r) => toRow(config.publicUrl, r),
  );
}
