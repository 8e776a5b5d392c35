import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '../../../src/contract/orders';
import type { Executor } from '../../db/client';
import { merchantNotifications } from '../../db/schema';
import type { OrderRecord } from './orderRecord';
import { toMerchantOrder } from './merchantView';

/*
 * The merchant-notification outbox: a row per move a merchant hears about, written by the
 * engine in the move's transaction. Delivering the rows is the notifications module's work.
 */

/** The moves a merchant hears about: a payment's outcome and its refunds. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = [
  'success',
  'failed',
  'timeout',
  'closed',
  'partlyRefunded',
  'refunded',
];

/** Written in the transaction of the order's move (an outbox): nothing is sent for a move rolled back. */
export async function enqueueNotification(tx: Executor, order: OrderRecord): Promise<void> {
  if (!order.notifyUrl || !NOTIFIED_STATUSES.includes(order.status as OrderStatus)) return;
  await tx.insert(merchantNotifications).values({
    notifyId: randomUUID(),
    orderId: order.id,
    companyId: order.companyId,
    url: order.notifyUrl,
    orderStatus: order.status,
    // The pay link is written when sent: it follows the server's public address.
    payload: JSON.stringify(toMerchantOrder(order, '')),
  });
}
