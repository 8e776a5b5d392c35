import { and, count, eq, gte, inArray, lt, lte, or } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import {
  PAY_LINK_SORT_FIELDS,
  type PayLinkPageQuery,
  type PayLinkRow,
  type PayLinkRowInput,
  type PayLinkSource,
} from '../../../src/contract/links';
import { PAY_STATUS_FILTER, type OrderStatus } from '../../../src/contract/orders';
import type { MessageKey, Translate } from '../../../src/i18n';
import type { Db, Executor, Tx } from '../../db/client';
import { branchUnits, companies, operators, orders, payLinks } from '../../db/schema';
import type { AuditActor } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { fail, notFound } from '../../platform/envelope';
import { iso, limitOffset, orderBy, pageOf } from '../../platform/lists';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { operatorsIn, ordersIn, type Scope } from '../../platform/scope';
import { dayRange } from '../../platform/days';
import { gatewayNo } from '../../platform/numbers';
import { applyEvent, createPayment, move, payerUrl, type OrderRecord } from '../payments';
import type { Placement } from './placement';

/** Refused for one row (the upload collects these per row; a single create replies with it). */
export class RowConflict extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/**
 * One URL payment in the caller's transaction: the order (payment type link, no brand) and its
 * invoice row. Idempotent on the client order number: the same number again answers with the
 * existing URL payment (created false); the number of another order, or of one with another
 * amount or currency, is refused.
 */
export async function createPayLink(
  deps: Deps,
  tx: Tx,
  place: Placement,
  input: PayLinkRowInput,
  by: { operatorId: number | null; source: PayLinkSource; actor: AuditActor },
): Promise<{ order: OrderRecord; created: boolean }> {
  const clientOrderNo = input.clientOrderNo || gatewayNo('U', deps.config.timeZone);
  let outcome: { order: OrderRecord; created: boolean };
  try {
    outcome = await createPayment(
      deps,
      {
        companyId: place.companyId,
        branchUnitId: place.branchUnitId,
        clientOrderNo,
        amount: input.amount,
        currency: input.currency,
        paymentType: 'link',
        brand: '',
        subject: input.subject,
        expireMinutes: input.expireHours * 60,
        notifyUrl: '',
        source: 'console',
      },
      by.actor,
      tx,
    );
  } catch (err) {
    if ((err as { key?: string }).key === 'server.payments.clientOrderNoConflict')
      throw new RowConflict('server.payments.clientOrderNoConflict');
    throw err;
  }
  if (outcome.created) {
    await tx.insert(payLinks).values({
      orderId: outcome.order.id,
      companyId: place.companyId,
      payerName: input.payerName,
      payerEmail: input.payerEmail,
      remark: input.remark,
      source: by.source,
      createdBy: by.operatorId,
    });
  } else {
    const [link] = await tx
      .select({ id: payLinks.orderId })
      .from(payLinks)
      .where(eq(payLinks.orderId, outcome.order.id));
    if (!link) throw new RowConflict('server.payments.clientOrderNoConflict');
  }
  return outcome;
}

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
    .leftJoin(operators, and(eq(operators.id, payLinks.createdBy), operatorsIn(db, scope)));
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

/** Only a payment nobody has paid or finished can be closed from the console. */
export function assertClosable(o: OrderRecord) {
  if (!['pendingPayment', 'paying', 'customerPaying'].includes(o.status))
    throw fail('server.links.notClosable');
}

/**
 * URL payments in scope whose expiry passed before any brand was asked: timed out now, as the
 * payer page does when it opens one, so the list shows what the payer would see. (A payment a
 * brand holds follows the brand's own expiry through the order sync.)
 */
export async function expireOverdue(db: Db, scope: Scope, actor: AuditActor, limit = 500): Promise<number> {
  const now = new Date();
  const due = await db
    .select({ id: orders.id })
    .from(payLinks)
    .innerJoin(orders, eq(orders.id, payLinks.orderId))
    .where(
      and(
        eq(orders.status, 'pendingPayment'),
        eq(orders.brandOrderNo, ''),
        lte(orders.expiresAt, now),
        ordersIn(db, scope),
      ),
    )
    .limit(limit);
  for (const d of due)
    await move(
      db,
      d.id,
      (tx, o) =>
        o.status === 'pendingPayment' && !o.brandOrderNo && o.expiresAt && o.expiresAt <= now
          ? applyEvent(tx, o, 'expire', 'sync', { errorCode: 'EXPIRED' })
          : Promise.resolve(o),
      actor,
    );
  return due.length;
}

export async function payLinkPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  config: { timeZone: string; publicUrl: string },
  q: PayLinkPageQuery,
): Promise<Page<PayLinkRow>> {
  const range = dayRange(t, config.timeZone, q.beginTime, q.endTime);
  const where = and(
    gte(orders.createdAt, range.from),
    lt(orders.createdAt, range.to),
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
  const { limit, offset } = limitOffset(q);
  const records = await select(db, scope)
    .where(where)
    .orderBy(...orderBy(t, q, sortable, 'createdAt', orders.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(payLinks)
    .innerJoin(orders, eq(orders.id, payLinks.orderId))
    .where(where);
  return pageOf(
    records.map((r) => toRow(config.publicUrl, r)),
    Number(total),
    q,
  );
}
