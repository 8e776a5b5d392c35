import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, preOrders } from '../../db/schema';

/**
 * Counts a paid order as one use of its pre-order, in the transaction that marks the order
 * paid. The UPDATE locks the pre-order row, so concurrent payments are counted one after the
 * other; it only applies while a use is left, so the count never passes use_times (the table's
 * CHECK constraints hold the same bounds). The payer page reserves uses before it lets anyone
 * pay, so a payment beyond the last use should not happen; if one does (money already moved at
 * the brand), the order is recorded as paid and flagged PRE_ORDER_USED_UP for a refund.
 */
export async function countPreOrderUse(tx: Executor, orderId: number, preOrderId: number, at: Date) {
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const last = sql`${preOrders.usedTimes} + 1 = ${preOrders.useTimes}`;
  const [counted] = await tx
    .update(preOrders)
    .set({
      usedTimes: sql`${preOrders.usedTimes} + 1`,
      useStatus: sql`case when ${last} then 1 else 0 end`,
      useStartTime: sql`coalesce(${preOrders.useStartTime}, ${stamp})`,
      useFinishTime: sql`case when ${last} then ${stamp} else null end`,
      updatedAt: at,
    })
    .where(and(eq(preOrders.id, preOrderId), lt(preOrders.usedTimes, preOrders.useTimes)))
    .returning({ id: preOrders.id });
  if (counted) return true;
  await tx
    .update(orders)
    .set({ errorCode: 'PRE_ORDER_USED_UP', errorMessage: 'paid after the last use of its pre-order' })
    .where(eq(orders.id, orderId));
  return false;
}
