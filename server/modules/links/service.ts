import { and, eq, lte } from 'drizzle-orm';
import type { PayLinkRowInput, PayLinkSource } from '../../../src/contract/links';
import type { Db, Tx } from '../../db/client';
import { orders, payLinks } from '../../db/schema';
import type { AuditActor } from '../../platform/audit';
import { RowConflict } from '../../platform/batch';
import type { Deps } from '../../platform/deps';
import { fail } from '../../platform/envelope';
import { gatewayNo } from '../../platform/numbers';
import type { Placement } from '../../platform/placement';
import { ordersIn, type Scope } from '../../platform/scope';
import { applyEvent, createPayment, move, type OrderRecord } from '../payments';

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
