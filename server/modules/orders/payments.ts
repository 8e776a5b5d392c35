import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isPayBrand, type PayBrand, type PaymentType } from '../../../src/contract/brands';
import type { OrderStatus } from '../../../src/contract/orders';
import { BrandDecline, type BrandPayment } from '../../connectors';
import type { Db, Executor } from '../../db/client';
import { companies, orderEvents, orders } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { fail, notFound } from '../../platform/envelope';
import {
  applyBrandState,
  applyEvent,
  IllegalTransition,
  illegalTransition,
  lockOrder,
  type OrderRecord,
} from './engine';

/** Gateway numbers: K + business date + 10 random digits (refunds RF + …). */
export function gatewayNo(prefix: string, zone: string, now = new Date()): string {
  const day = DateTime.fromJSDate(now, { zone }).toFormat('yyyyMMddHHmmss');
  return `${prefix}${day}${String(randomInt(1e9)).padStart(9, '0')}${randomInt(10)}`;
}

export interface NewPayment {
  companyId: number;
  branchUnitId: number | null;
  clientOrderNo: string;
  amount: number;
  currency: string;
  paymentType: PaymentType;
  brand: PayBrand | '';
  subject: string;
  expireMinutes: number;
  notifyUrl: string;
  /** The pre-order this order is one payment of. */
  preOrderId?: number | null;
  /** Who creates it (the timeline's source): merchant by default, console, payer. */
  source?: string;
}

export { payerUrl } from './merchantView';

/**
 * A merchant's payment: idempotent on (company, client order number) — the same request
 * again answers with the order as it is; the same number with another amount or currency is
 * refused. With a brand the brand is asked at once (paying, or failed when it declines);
 * a link without a brand waits for the payer to choose one on /qrcode.
 */
export async function createPayment(
  deps: Deps,
  p: NewPayment,
  /** The caller's transaction (a batch, a pre-order's use under its row lock); the brand is then not asked. */
  db: Executor = deps.db,
): Promise<{ order: OrderRecord; created: boolean }> {
  const now = new Date();
  const [inserted] = await db
    .insert(orders)
    .values({
      companyId: p.companyId,
      branchUnitId: p.branchUnitId,
      clientOrderNo: p.clientOrderNo,
      gatewayOrderNo: gatewayNo('K', deps.config.timeZone, now),
      amount: p.amount,
      currency: p.currency,
      status: 'pendingPayment',
      subject: p.subject,
      paymentType: p.paymentType,
      brand: p.brand,
      notifyUrl: p.notifyUrl,
      preOrderId: p.preOrderId ?? null,
      expiresAt: new Date(now.getTime() + p.expireMinutes * 60_000),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [orders.companyId, orders.clientOrderNo] })
    .returning();
  if (!inserted) {
    const [existing] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, p.companyId), eq(orders.clientOrderNo, p.clientOrderNo)));
    if (
      existing.amount !== p.amount ||
      existing.currency !== p.currency ||
      existing.paymentType !== p.paymentType ||
      (p.brand !== '' && existing.brand !== p.brand)
    )
      throw fail('server.payments.clientOrderNoConflict');
    return { order: existing, created: false };
  }
  await db.insert(orderEvents).values({
    orderId: inserted.id,
    fromStatus: null,
    toStatus: 'pendingPayment',
    event: 'create',
    source: p.source ?? 'merchant',
  });
  const order = p.brand && db === deps.db ? await issue(deps, inserted, p.brand) : inserted;
  return { order, created: true };
}

/** Asks the brand to create the payment: paying, failed (declined) or still pendingPayment (unreachable). */
export async function issue(
  deps: Deps,
  order: OrderRecord,
  brand: PayBrand,
  subBrand = '',
): Promise<OrderRecord> {
  const connector = deps.connectors.get(brand, order.companyId);
  try {
    const created = await connector.create({
      companyId: order.companyId,
      merchantOrderNo: order.gatewayOrderNo,
      amount: order.amount,
      currency: order.currency,
      subject: order.subject,
      paymentType: order.paymentType as PaymentType,
      expiresAt: order.expiresAt ?? new Date(Date.now() + 15 * 60_000),
      subBrand,
    });
    return await move(deps.db, order.id, (tx, o) =>
      applyEvent(tx, o, 'issue', 'brand', { brand, subBrand, brandOrderNo: created.brandOrderNo }),
    );
  } catch (err) {
    if (err instanceof BrandDecline) {
      return move(deps.db, order.id, (tx, o) =>
        applyEvent(tx, o, 'decline', 'brand', {
          brand,
          subBrand,
          errorCode: err.code.slice(0, 40),
          errorMessage: err.message.slice(0, 255),
        }),
      );
    }
    if (err instanceof IllegalTransition) throw illegalTransition(err.from, err.event);
    // Unreachable: the order stays pendingPayment; the merchant may retry with the same number.
    await move(deps.db, order.id, async (tx, o) => {
      const [u] = await tx
        .update(orders)
        .set({
          brand,
          errorCode: 'BRAND_UNAVAILABLE',
          errorMessage: String((err as Error).message).slice(0, 255),
        })
        .where(eq(orders.id, o.id))
        .returning();
      return u;
    });
    throw fail('server.payments.brandUnavailable');
  }
}

/** One locked read-modify-write of an order. */
export async function move(
  db: Db,
  orderId: number,
  work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], order: OrderRecord) => Promise<OrderRecord>,
): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, eq(orders.id, orderId));
    if (!order) throw notFound();
    return work(tx, order);
  });
}

/** Applies what the brand reports about an order (notification or query). */
export async function reconcile(deps: Deps, orderId: number, p: BrandPayment, source: string) {
  return move(deps.db, orderId, (tx, o) => applyBrandState(tx, o, p, source));
}

/** Asks the brand for the order's state and applies it (getOrderSync; merchant query). */
export async function syncOrder(deps: Deps, order: OrderRecord, source: string): Promise<OrderRecord> {
  if (!isPayBrand(order.brand) || !order.brandOrderNo) {
    // Never reached a brand: only its own expiry can move it.
    if (order.status === 'pendingPayment' && order.expiresAt && order.expiresAt.getTime() <= Date.now())
      return move(deps.db, order.id, (tx, o) =>
        o.status === 'pendingPayment'
          ? applyEvent(tx, o, 'expire', source, { errorCode: 'EXPIRED' })
          : Promise.resolve(o),
      );
    return order;
  }
  let p: BrandPayment | null;
  try {
    p = await deps.connectors
      .get(order.brand, order.companyId)
      .query(order.companyId, order.gatewayOrderNo, order.brandOrderNo);
  } catch {
    throw fail('server.payments.brandUnavailable');
  }
  if (!p) return order;
  return reconcile(deps, order.id, p, source);
}

/** Close an unpaid order: pendingClose, then closed when the brand confirms. */
export async function closeOrder(deps: Deps, order: OrderRecord, source: string): Promise<OrderRecord> {
  const status = order.status as OrderStatus;
  if (status === 'pendingPayment' && !order.brandOrderNo) {
    return move(deps.db, order.id, (tx, o) => guard(() => applyEvent(tx, o, 'closeConfirmed', source)));
  }
  const pending = await move(deps.db, order.id, (tx, o) =>
    guard(() => applyEvent(tx, o, 'requestClose', source)),
  );
  let answer: 'CANCELED' | 'PROCESSING';
  try {
    answer = await deps.connectors
      .get(order.brand as PayBrand, order.companyId)
      .close(order.companyId, order.gatewayOrderNo, order.brandOrderNo);
  } catch (err) {
    if (err instanceof BrandDecline && err.code === 'ORDER_PAID') return syncOrder(deps, pending, source);
    throw fail('server.payments.brandUnavailable');
  }
  if (answer === 'PROCESSING') return pending;
  return move(deps.db, order.id, (tx, o) =>
    o.status === 'pendingClose' ? applyEvent(tx, o, 'closeConfirmed', 'brand') : Promise.resolve(o),
  );
}

/** Runs a move; an illegal transition becomes the caller's FAIL reply. */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof IllegalTransition) throw illegalTransition(err.from, err.event);
    throw err;
  }
}

export async function companyName(db: Db, companyId: number): Promise<string> {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return c?.name ?? '';
}
