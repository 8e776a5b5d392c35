import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { MerchantNotification, MerchantNotificationBody } from '../../../src/contract/merchant';
import type { Db, Executor } from '../../db/client';
import { companies, merchantNotifications } from '../../db/schema';
import { iso } from '../../platform/lists';
import { payerUrl } from '../payments';
import type { Notifier } from '../../platform/deps';
import { postSigned, type Delivery } from './http';

/**
 * Waits after each failed try (then the notification is given up): 15 s, 1 min, 5 min,
 * 15 min, 1 h, 2 h, 6 h — eight tries over about 9½ hours.
 */
export const RETRY_DELAYS_MS = [15_000, 60_000, 300_000, 900_000, 3_600_000, 7_200_000, 21_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claimed notification is held by one delivery before another may try it. */
const LEASE_MS = 60_000;
const BATCH = 20;

/** An order's notifications, newest last (the order detail). */
export async function notificationsOf(db: Executor, orderId: number): Promise<MerchantNotification[]> {
  const rows = await db
    .select()
    .from(merchantNotifications)
    .where(eq(merchantNotifications.orderId, orderId))
    .orderBy(asc(merchantNotifications.id));
  return rows.map((r) => ({
    notifyId: r.notifyId,
    url: r.url,
    orderStatus: r.orderStatus,
    status: r.status,
    attempts: r.attempts,
    lastHttpStatus: r.lastHttpStatus,
    lastError: r.lastError,
    nextAttemptAt: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
    deliveredAt: r.deliveredAt ? iso(r.deliveredAt) : null,
    createdAt: iso(r.createdAt),
  }));
}

export interface NotifierOptions {
  db: Db;
  /** The company's pay secret, to sign with ('' none). */
  paySecretOf: (encrypted: string) => string;
  publicUrl: string;
  /** Send to loopback and private addresses too (development, tests). */
  allowPrivate: boolean;
  onError: (err: unknown) => void;
}

export type { Notifier };

export function createNotifier(opts: NotifierOptions): Notifier {
  async function claim(now: Date) {
    return opts.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: merchantNotifications.id })
        .from(merchantNotifications)
        .where(
          and(eq(merchantNotifications.status, 'pending'), lte(merchantNotifications.nextAttemptAt, now)),
        )
        .orderBy(asc(merchantNotifications.nextAttemptAt), asc(merchantNotifications.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(merchantNotifications)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), updatedAt: now })
        .where(
          inArray(
            merchantNotifications.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(row: typeof merchantNotifications.$inferSelect, now: Date) {
    const [company] = await opts.db
      .select({ secret: companies.paySecretEnc })
      .from(companies)
      .where(eq(companies.id, row.companyId));
    const secret = company?.secret ? opts.paySecretOf(company.secret) : '';
    const order = JSON.parse(row.payload) as MerchantNotificationBody['order'];
    const body: MerchantNotificationBody = {
      notifyId: row.notifyId,
      notifyType: 'order',
      order: { ...order, payUrl: payerUrl(opts.publicUrl, order.gatewayOrderNo) },
    };
    const outcome: Delivery = secret
      ? await postSigned(row.url, JSON.stringify(body), secret, { allowPrivate: opts.allowPrivate })
      : { ok: false, httpStatus: null, error: 'the company has no pay secret to sign with', final: true };
    const attempts = row.attempts + 1;
    const giveUp = !outcome.ok && (outcome.final || attempts >= MAX_ATTEMPTS);
    await opts.db
      .update(merchantNotifications)
      .set({
        attempts,
        status: outcome.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
        lastHttpStatus: outcome.httpStatus,
        lastError: outcome.ok ? '' : outcome.error.slice(0, 255),
        deliveredAt: outcome.ok ? now : null,
        nextAttemptAt: outcome.ok || giveUp ? now : new Date(now.getTime() + RETRY_DELAYS_MS[attempts - 1]),
        updatedAt: now,
      })
      .where(eq(merchantNotifications.id, row.id));
  }

  async function runOnce(now = new Date()): Promise<number> {
    const rows = await claim(now);
    // Orders side by side; one order's notifications one after the other, oldest first.
    const byOrder = new Map<number, typeof rows>();
    for (const r of rows.sort((a, b) => a.id - b.id))
      byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
    await Promise.all(
      [...byOrder.values()].map(async (list) => {
        for (const r of list) await deliver(r, now).catch(opts.onError);
      }),
    );
    return rows.length;
  }

  return { runOnce };
}
