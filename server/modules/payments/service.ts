import { and, eq } from 'drizzle-orm';
import { brandTakes, isPayBrand, type PayBrand, type PaymentType } from '../../../src/contract/brands';
import type { OrderStatus } from '../../../src/contract/orders';
import { BrandDecline, type BrandConnector, type BrandPayment } from '../../connectors';
import type { Db, Executor, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { BrandUnavailable } from '../../connectors/sandbox';
import { companies, orderEvents, orders } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { fail, notFound } from '../../platform/envelope';
import { gatewayNo } from '../../platform/numbers';
import {
  applyBrandState,
  applyEvent,
  IllegalTransition,
  illegalTransition,
  lockOrder,
  type OrderRecord,
} from './engine';
import { assertNewPayment, lockCompanyLimits } from './limits';
import { assertRated, assertSomeBrandRated } from './rates';

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

/** An order's change, audited in the transaction that makes it. */
export async function auditOrder(
  tx: Executor,
  actor: AuditActor,
  before: OrderRecord | null,
  after: OrderRecord,
): Promise<void> {
  await recordAudit(tx, actor, {
    objectType: 'order',
    objectId: after.gatewayOrderNo,
    action: before ? 'update' : 'create',
    before: before ? { status: before.status } : undefined,
    after: before
      ? {
          status: after.status,
          ...(after.brand !== before.brand ? { brand: after.brand } : {}),
          ...(after.brandOrderNo !== before.brandOrderNo ? { brandOrderNo: after.brandOrderNo } : {}),
          ...(after.errorCode !== before.errorCode ? { errorCode: after.errorCode } : {}),
        }
      : { clientOrderNo: after.clientOrderNo, amount: after.amount, currency: after.currency },
  });
}

/**
 * A merchant's payment: idempotent on (company, client order number) — the same request
 * again answers with the order as it is; the same number with another amount or currency is
 * refused. With a brand the brand is asked at once (paying, or failed when it declines);
 * a link without a brand waits for the payer to choose one on /qrcode. The order, its
 * timeline row and its audit row are one transaction (the caller's when it passes one).
 */
export async function createPayment(
  deps: Deps,
  p: NewPayment,
  actor: AuditActor,
  /** The caller's transaction (a batch, a pre-order's use under its row lock); the brand is then not asked. */
  inTx?: Tx,
): Promise<{ order: OrderRecord; created: boolean }> {
  // A brand that does not take the currency (PayPay: yen only) is refused before anything is written.
  if (p.brand && !brandTakes(p.brand, p.currency))
    throw fail('server.payments.currencyNotTaken', { currency: p.currency });
  const made = inTx
    ? await insertPayment(deps, p, actor, inTx)
    : await deps.db.transaction((tx) => insertPayment(deps, p, actor, tx));
  if (!made.created || inTx || !p.brand) return made;
  return { order: await issue(deps, made.order, p.brand, '', actor), created: true };
}

async function insertPayment(
  deps: Deps,
  p: NewPayment,
  actor: AuditActor,
  db: Tx,
): Promise<{ order: OrderRecord; created: boolean }> {
  // The company's limits, locked so that the day's total stays as read until this commits;
  // a number already used answers (or refuses) below without meeting the limits again.
  const limits = await lockCompanyLimits(db, p.companyId);
  const [prior] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, p.companyId), eq(orders.clientOrderNo, p.clientOrderNo)));
  if (!prior) {
    // Under the company's row lock, which a change of its rates waits for (commissionSave).
    if (p.brand) await assertRated(db, p.companyId, p.brand, '', p.paymentType);
    else await assertSomeBrandRated(db, p.companyId, p.currency, p.paymentType);
  }
  if (!prior)
    await assertNewPayment(db, deps.config.timeZone, limits, {
      companyId: p.companyId,
      amount: p.amount,
      currency: p.currency,
      paymentType: p.paymentType,
      fromPreOrder: p.preOrderId != null,
    });
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
  await auditOrder(db, actor, null, inserted);
  return { order: inserted, created: true };
}

/**
 * The connector of the brand an order was taken to. Only an order no payer has taken to a
 * brand yet (a link's or pre-order's, before the choice) has none; it is never closed at,
 * synced with or refunded by a brand, so asking for its connector is a programming error.
 */
export function connectorOf(
  deps: Deps,
  order: Pick<OrderRecord, 'brand' | 'companyId' | 'gatewayOrderNo'>,
): BrandConnector {
  if (order.brand === '') throw new Error(`order ${order.gatewayOrderNo} has not been taken to a brand`);
  return deps.connectors.get(order.brand, order.companyId);
}

/**
 * Asks the brand to create the payment: paying, failed (declined) or still pendingPayment
 * (unreachable). The order names its brand before the brand is asked (the intent): a payment
 * interrupted here is found by the recovery job and asked about at the brand by our number.
 */
export async function issue(
  deps: Deps,
  order: OrderRecord,
  brand: PayBrand,
  subBrand: string,
  actor: AuditActor,
): Promise<OrderRecord> {
  const connector = deps.connectors.get(brand, order.companyId);
  // The payer's choice (a link, a pre-order's use): only a brand and wallet the company has a rate for.
  if (!order.brandOrderNo) await assertRated(deps.db, order.companyId, brand, subBrand, order.paymentType);
  if (order.brand !== brand || order.subBrand !== subBrand) {
    order = await setWhileUnissued(deps, order, () => ({ brand, subBrand, updatedAt: new Date() }), actor);
  }
  try {
    const created = await connector.create({
      companyId: order.companyId,
      merchantOrderNo: order.gatewayOrderNo,
      amount: order.amount,
      currency: order.currency,
      subject: order.subject,
      paymentType: order.paymentType,
      expiresAt: order.expiresAt ?? new Date(Date.now() + 15 * 60_000),
      subBrand,
    });
    return await move(
      deps.db,
      order.id,
      (tx, o) => applyEvent(tx, o, 'issue', 'brand', { brand, subBrand, brandOrderNo: created.brandOrderNo }),
      actor,
    );
  } catch (err) {
    if (err instanceof BrandDecline) {
      return move(
        deps.db,
        order.id,
        (tx, o) =>
          applyEvent(tx, o, 'decline', 'brand', {
            brand,
            subBrand,
            errorCode: err.code.slice(0, 40),
            errorMessage: err.message.slice(0, 255),
          }),
        actor,
      );
    }
    if (err instanceof IllegalTransition) throw illegalTransition(err.from, err.event);
    // Unreachable: the order stays pendingPayment; the merchant may retry with the same number.
    await setWhileUnissued(
      deps,
      order,
      () => ({
        brand,
        errorCode: 'BRAND_UNAVAILABLE',
        errorMessage: String((err as Error).message).slice(0, 255),
      }),
      actor,
    );
    throw fail('server.payments.brandUnavailable');
  }
}

/**
 * Sets columns of an order the brand has not answered for yet (pendingPayment, no brand order
 * number), the values made under its lock; an order whose answer came another way meanwhile
 * (the recovery job) is left as it is.
 */
function setWhileUnissued(
  deps: Deps,
  order: OrderRecord,
  values: () => Partial<typeof orders.$inferInsert>,
  actor: AuditActor,
): Promise<OrderRecord> {
  return move(
    deps.db,
    order.id,
    async (tx, o) => {
      if (o.status !== 'pendingPayment' || o.brandOrderNo) return o;
      const [u] = await tx.update(orders).set(values()).where(eq(orders.id, o.id)).returning();
      return u;
    },
    actor,
  );
}

/**
 * One locked read-modify-write of an order; when it changed anything, its audit row is
 * written in the same transaction.
 */
export async function move(
  db: Db,
  orderId: number,
  work: (tx: Tx, order: OrderRecord) => Promise<OrderRecord>,
  actor: AuditActor,
): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, eq(orders.id, orderId));
    if (!order) throw notFound();
    const after = await work(tx, order);
    if (JSON.stringify(after) !== JSON.stringify(order)) await auditOrder(tx, actor, order, after);
    return after;
  });
}

/** Applies what the brand reports about an order (notification or query). */
export async function reconcile(
  deps: Deps,
  orderId: number,
  p: BrandPayment,
  source: string,
  actor: AuditActor,
) {
  return move(deps.db, orderId, (tx, o) => applyBrandState(tx, o, p, source), actor);
}

/** Asks the brand for the order's state and applies it (getOrderSync; merchant query). */
export async function syncOrder(
  deps: Deps,
  order: OrderRecord,
  source: string,
  actor: AuditActor,
): Promise<OrderRecord> {
  if (!isPayBrand(order.brand) || !order.brandOrderNo) {
    // Never reached a brand: only its own expiry can move it.
    if (order.status === 'pendingPayment' && order.expiresAt && order.expiresAt.getTime() <= Date.now())
      return move(
        deps.db,
        order.id,
        (tx, o) =>
          o.status === 'pendingPayment' && !o.brandOrderNo
            ? applyEvent(tx, o, 'expire', source, { errorCode: 'EXPIRED' })
            : Promise.resolve(o),
        actor,
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
  return reconcile(deps, order.id, p, source, actor);
}

/**
 * Close an unpaid order: pendingClose (the intent, with its audit row, before the brand is
 * asked), then closed when the brand confirms. A close interrupted in between is finished by
 * the recovery job.
 */
export async function closeOrder(
  deps: Deps,
  order: OrderRecord,
  source: string,
  actor: AuditActor,
): Promise<OrderRecord> {
  const status = order.status as OrderStatus;
  if (status === 'pendingPayment' && !order.brandOrderNo && !isPayBrand(order.brand)) {
    return move(
      deps.db,
      order.id,
      (tx, o) => guard(() => applyEvent(tx, o, 'closeConfirmed', source)),
      actor,
    );
  }
  const pending = await move(
    deps.db,
    order.id,
    (tx, o) => guard(() => applyEvent(tx, o, 'requestClose', source)),
    actor,
  );
  return confirmClose(deps, pending, source, actor).catch((err: unknown) => {
    if (err instanceof BrandUnavailable || err instanceof BrandDecline)
      throw fail('server.payments.brandUnavailable');
    throw err;
  });
}

/**
 * Asks the brand to close an order in pendingClose (again, after a crash: closing is
 * idempotent at the brand) and records its answer: closed, paid when the payer was quicker,
 * or still pendingClose while the brand is processing it.
 */
export async function confirmClose(
  deps: Deps,
  pending: OrderRecord,
  source: string,
  actor: AuditActor,
): Promise<OrderRecord> {
  const connector = connectorOf(deps, pending);
  let answer: 'CANCELED' | 'PROCESSING';
  try {
    answer = await connector.close(pending.companyId, pending.gatewayOrderNo, pending.brandOrderNo);
  } catch (err) {
    if (err instanceof BrandDecline && err.code === 'ORDER_PAID')
      return syncOrder(deps, pending, source, actor);
    throw err instanceof BrandDecline ? err : new BrandUnavailable(pending.brand);
  }
  if (answer === 'PROCESSING') return pending;
  return move(
    deps.db,
    pending.id,
    (tx, o) =>
      o.status === 'pendingClose' ? applyEvent(tx, o, 'closeConfirmed', 'brand') : Promise.resolve(o),
    actor,
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
