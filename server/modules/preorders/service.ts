import { and, eq, sql } from 'drizzle-orm';
import type { PreOrderRowInput } from '../../../src/contract/preorders';
import type { Tx } from '../../db/client';
import { preOrders } from '../../db/schema';
import { RowConflict } from '../../platform/batch';
import type { Deps } from '../../platform/deps';
import { fail } from '../../platform/envelope';
import { gatewayNo } from '../../platform/numbers';
import type { Placement } from '../../platform/placement';
import { assertPaymentLimits, assertSomeBrandRated } from '../payments';
import { preOrderState, type PreOrderRecord } from './queries';

/** Refuses a pre-order that takes no more payments, with the reason. */
export function assertOpen(p: PreOrderRecord, now = new Date()) {
  const state = preOrderState(p, now);
  if (state === 'used') throw fail('server.preorders.usedUp');
  if (state === 'closed') throw fail('server.preorders.isClosed');
  if (state === 'expired') throw fail('server.preorders.expired');
}

/**
 * One pre-order in the caller's transaction. Idempotent on the client pay number (generated
 * from the gateway pay number when absent): the same number with the same amount and currency
 * answers with the existing pre-order; with another amount or currency it is refused.
 */
export async function createPreOrder(
  deps: Deps,
  tx: Tx,
  place: Placement,
  input: PreOrderRowInput,
  by: { operatorId: number | null; source: 'console' | 'upload' },
): Promise<{ preOrder: PreOrderRecord; created: boolean }> {
  const now = new Date();
  const gatewayPayNo = gatewayNo('P', deps.config.timeZone, now);
  const clientPayNo = input.clientPayNo || gatewayPayNo.slice(0, 48);
  const [inserted] = await tx
    .insert(preOrders)
    .values({
      companyId: place.companyId,
      branchUnitId: place.branchUnitId,
      clientPayNo,
      gatewayPayNo,
      orderAmount: input.orderAmount,
      currency: input.currency,
      validityHours: input.validityHours,
      expireTime: new Date(now.getTime() + input.validityHours * 3_600_000),
      remark: input.remark,
      useTimes: input.useTimes,
      source: by.source,
      createdBy: by.operatorId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [preOrders.companyId, preOrders.clientPayNo] })
    .returning();
  if (inserted) {
    // Each payment of the pre-order is a dynamic code of this amount: refused here already when
    // one would be (the daily total is met by each payment as it is made), or when the company has
    // no brand with a commission rate its payers could pay through.
    await assertSomeBrandRated(tx, place.companyId, input.currency, 'link');
    await assertPaymentLimits(tx, {
      companyId: place.companyId,
      amount: input.orderAmount,
      currency: input.currency,
      paymentType: 'link',
      fromPreOrder: true,
    });
    return { preOrder: inserted, created: true };
  }
  const [existing] = await tx
    .select()
    .from(preOrders)
    .where(and(eq(preOrders.companyId, place.companyId), eq(preOrders.clientPayNo, clientPayNo)));
  if (
    !existing ||
    existing.orderAmount !== input.orderAmount ||
    existing.currency !== input.currency ||
    existing.useTimes !== input.useTimes
  )
    throw new RowConflict('server.preorders.conflict');
  return { preOrder: existing, created: false };
}

/** Closes an open pre-order (in the caller's transaction, row locked): no new payments. */
export async function closePreOrder(tx: Tx, p: PreOrderRecord): Promise<PreOrderRecord> {
  assertOpen(p);
  const now = new Date();
  const [closed] = await tx
    .update(preOrders)
    .set({ closedAt: now, updatedAt: now })
    .where(and(eq(preOrders.id, p.id), sql`${preOrders.closedAt} is null`))
    .returning();
  return closed;
}
