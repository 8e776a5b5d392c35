import { and, eq, type SQL } from 'drizzle-orm';
import { commissionBrand } from '../../../src/contract/brands';
import { chargesOn } from '../../../src/contract/charges';
import { nextStatus, type OrderEvent, type OrderStatus } from '../../../src/contract/orders';
import type { BrandPayment } from '../../connectors';
import type { Executor } from '../../db/client';
import { agentRebateRates, brandAgentBrands, companies, orderEvents, orders } from '../../db/schema';
import { fail } from '../../platform/envelope';
import { enqueueNotification } from './outbox';
import { countPreOrderUse } from './preOrderUses';
import { commissionRateAt } from './rates';
import type { OrderRecord } from './orderRecord';

export type { OrderRecord } from './orderRecord';

/** The transition was refused by the table of src/contract/orders.ts. */
export class IllegalTransition extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly event: OrderEvent,
  ) {
    super(`order status ${from} does not allow ${event}`);
    this.name = 'IllegalTransition';
  }
}

export const illegalTransition = (from: OrderStatus, event: OrderEvent) =>
  fail('server.payments.illegalTransition', { from, event });

/**
 * The charges in force now for the order (docs/settlement.md): the company's commission for its
 * brand and channel, its agency's rebate (never above the commission) and the brand's fee to
 * its comprehensive agent, with the agency and agent they are owed to / by.
 */
export async function chargesFor(
  tx: Executor,
  order: Pick<OrderRecord, 'companyId' | 'brand' | 'subBrand' | 'paymentType' | 'amount'>,
) {
  const brand = commissionBrand(order.brand, order.subBrand);
  const commission = await commissionRateAt(tx, order, new Date());
  const [company] = await tx
    .select({ agentId: companies.agentId, rebate: agentRebateRates.rate })
    .from(companies)
    .leftJoin(
      agentRebateRates,
      and(eq(agentRebateRates.companyId, companies.id), eq(agentRebateRates.brand, brand)),
    )
    .where(eq(companies.id, order.companyId));
  const [agent] = order.brand
    ? await tx
        .select({ id: brandAgentBrands.brandAgentId, rate: brandAgentBrands.feeRate })
        .from(brandAgentBrands)
        .where(eq(brandAgentBrands.brand, order.brand))
    : [];
  const rebateRate = company?.agentId != null ? (company.rebate ?? null) : null;
  const rates = { commission, rebate: rebateRate, fee: agent?.rate ?? null };
  const charges = chargesOn(order.amount, rates);
  return {
    commissionRate: rates.commission,
    commissionAmount: rates.commission == null ? null : charges.commission,
    rebateRate: rates.rebate,
    rebateAmount: rates.rebate == null ? null : charges.rebate,
    // The company's agency of this moment, whatever its rebate: an agency's settlement lists every
    // order of its companies, a brand it earns nothing on with a rebate of none.
    agentId: company?.agentId ?? null,
    brandAgentId: agent?.id ?? null,
    feeRate: rates.fee,
    feeAmount: rates.fee == null ? null : charges.fee,
  };
}

/**
 * Moves an order by one event of the transition table, in the caller's transaction: refused
 * (IllegalTransition) when the table does not allow it; the row is updated only while it is
 * still in the status read (a concurrent move makes this one refused too); the timeline gets
 * a row. Paying fixes the charges in force at that moment (commission, rebate, brand fee).
 */
export async function applyEvent(
  tx: Executor,
  order: OrderRecord,
  event: OrderEvent,
  source: string,
  patch: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRecord> {
  const from = order.status as OrderStatus;
  const to = nextStatus(from, event);
  if (!to) throw new IllegalTransition(from, event);
  const now = new Date();
  const values: Partial<typeof orders.$inferInsert> = { ...patch, status: to, updatedAt: now };
  if (event === 'paid') Object.assign(values, await chargesFor(tx, { ...order, ...patch } as OrderRecord));
  if (['paid', 'decline', 'expire', 'closeConfirmed'].includes(event)) values.finishedAt = now;
  const [updated] = await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning();
  if (!updated) throw new IllegalTransition(from, event);
  // One payment of a pre-order: the use is counted with the move, or not at all.
  if (event === 'paid' && updated.preOrderId) {
    if (!(await countPreOrderUse(tx, updated.id, updated.preOrderId, now)))
      return { ...updated, errorCode: 'PRE_ORDER_USED_UP' };
  }
  if (to !== from || event !== 'refundSettledPending') {
    await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: from, toStatus: to, event, source });
  }
  if (to !== from) await enqueueNotification(tx, updated);
  return updated;
}

/** The event a brand's report of a payment means for an order in its status (null: nothing to do). */
export function eventForBrandState(status: OrderStatus, p: BrandPayment): OrderEvent | null {
  switch (p.state) {
    case 'CREATED':
      return null;
    case 'USERPAYING':
      return status === 'paying' ? 'scan' : null;
    case 'COMPLETED':
      return ['paying', 'customerPaying', 'inPayment', 'pendingClose'].includes(status) ? 'paid' : null;
    case 'FAILED':
      return ['paying', 'customerPaying', 'inPayment', 'pendingClose', 'pendingPayment'].includes(status)
        ? 'decline'
        : null;
    case 'CANCELED':
      if (status === 'pendingClose') return 'closeConfirmed';
      // The payer cancelled in the wallet.
      return ['paying', 'customerPaying', 'inPayment'].includes(status) ? 'decline' : null;
    case 'EXPIRED':
      return ['paying', 'customerPaying', 'inPayment', 'pendingClose', 'pendingPayment'].includes(status)
        ? 'expire'
        : null;
  }
}

/**
 * Brings an order (row-locked by the caller) to what the brand reports. A report that
 * would move it against the table (a late notice for an order settled since) changes
 * nothing; returns the order as it is now.
 */
export async function applyBrandState(
  tx: Executor,
  order: OrderRecord,
  p: BrandPayment,
  source: string,
): Promise<OrderRecord> {
  const event = eventForBrandState(order.status as OrderStatus, p);
  if (!event) return order;
  const patch: Partial<typeof orders.$inferInsert> = {};
  if (p.brandOrderNo && !order.brandOrderNo) patch.brandOrderNo = p.brandOrderNo;
  if (p.subBrand) patch.subBrand = p.subBrand;
  if (p.receiptNo) patch.receiptNo = p.receiptNo;
  if (event === 'decline' || event === 'expire') {
    patch.errorCode = (p.errorCode || (p.state === 'CANCELED' ? 'PAYER_CANCELED' : p.state)).slice(0, 40);
    patch.errorMessage = p.errorMessage.slice(0, 255);
  }
  return applyEvent(tx, order, event, source, patch);
}

/** The order, row-locked for the rest of the transaction. */
export async function lockOrder(tx: Executor, where: SQL | undefined): Promise<OrderRecord | undefined> {
  const [row] = await tx.select().from(orders).where(where).for('update');
  return row;
}
