import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { PayerDecision, PayerPreOrderView } from '../../../src/contract/merchant';
import { OPEN_STATUSES } from '../../../src/contract/orders';
import { orders, preOrders } from '../../db/schema';
import type { AuditActor } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { fail, notFound } from '../../platform/envelope';
import { iso } from '../../platform/lists';
import { applyEvent, companyName, createPayment, move, type OrderRecord } from '../payments';
import { assertOpen, lockPreOrder, preOrderState, type PreOrderRecord } from '../preorders';
import { freshOrder, PAYER_OPEN, payOrder, payerBrands, payerView } from './service';

/** How long one payer's order holds a use of the pre-order (at most until the pre-order expires). */
export const USE_HOLD_MINUTES = 15;

async function preOrderByCode(deps: Deps, code: string): Promise<PreOrderRecord> {
  const [p] = await deps.db.select().from(preOrders).where(eq(preOrders.gatewayPayNo, code));
  if (!p) throw notFound('server.preorders.noSuch');
  return p;
}

/** The payer's order of this pre-order named by the page ('' or another pre-order's: none). */
async function visitOrder(deps: Deps, p: PreOrderRecord, orderNo: string): Promise<OrderRecord | null> {
  if (!orderNo) return null;
  const [o] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.gatewayOrderNo, orderNo), eq(orders.preOrderId, p.id)));
  return o ?? null;
}

async function view(deps: Deps, p: PreOrderRecord, order: OrderRecord | null): Promise<PayerPreOrderView> {
  return {
    code: p.gatewayPayNo,
    merchantName: await companyName(deps.db, p.companyId),
    remark: p.remark,
    amount: p.orderAmount,
    currency: p.currency,
    expiresAt: iso(p.expireTime),
    useTimes: p.useTimes,
    usedTimes: p.usedTimes,
    remainingUses: p.useTimes - p.usedTimes,
    status: preOrderState(p),
    brands: await payerBrands(deps, p.companyId, p.currency),
    sandbox: true,
    orderNo: order?.gatewayOrderNo ?? '',
    order: order ? await payerView(deps, order) : null,
  };
}

/** /pay/qrcode/get with `code`: the pre-order and the payer's order of this visit, both up to date. */
export async function preOrderPayerGet(deps: Deps, code: string, orderNo: string, actor: AuditActor) {
  const p = await preOrderByCode(deps, code);
  const found = await visitOrder(deps, p, orderNo);
  const order = found ? await freshOrder(deps, found, actor) : null;
  // A payment settled by the sync above may have counted a use.
  return view(deps, found ? await preOrderByCode(deps, code) : p, order);
}

/**
 * A new order for one use of the pre-order, under the pre-order's row lock: refused when it is
 * used up, closed or expired, or when every remaining use is already held by a payer's open
 * order (so concurrent payers can never pay more times than use_times). The order is
 * `<clientPayNo>.<n>` and holds its use for USE_HOLD_MINUTES.
 */
async function newUseOrder(deps: Deps, code: string, actor: AuditActor): Promise<OrderRecord> {
  return deps.db.transaction(async (tx) => {
    const p = await lockPreOrder(tx, null, code);
    if (!p) throw notFound('server.preorders.noSuch');
    const now = new Date();
    assertOpen(p, now);
    const [{ held }] = await tx
      .select({ held: count() })
      .from(orders)
      .where(
        and(
          eq(orders.preOrderId, p.id),
          inArray(orders.status, [...OPEN_STATUSES]),
          gt(orders.expiresAt, now),
        ),
      );
    if (p.usedTimes + Number(held) >= p.useTimes) throw fail('server.preorders.busy');
    const [{ made }] = await tx.select({ made: count() }).from(orders).where(eq(orders.preOrderId, p.id));
    const minutesLeft = Math.ceil((p.expireTime.getTime() - now.getTime()) / 60_000);
    const { order, created } = await createPayment(
      deps,
      {
        companyId: p.companyId,
        branchUnitId: p.branchUnitId,
        // '.' is in no client number a merchant or a console user can give (letters, digits,
        // _ and -), so a use's order number never meets one of theirs.
        clientOrderNo: `${p.clientPayNo}.${Number(made) + 1}`,
        amount: p.orderAmount,
        currency: p.currency,
        paymentType: 'link',
        brand: '',
        subject: p.remark.slice(0, 128),
        expireMinutes: Math.max(1, Math.min(USE_HOLD_MINUTES, minutesLeft)),
        notifyUrl: '',
        preOrderId: p.id,
        source: 'payer',
      },
      actor,
      tx,
    );
    if (!created) throw fail('server.payments.clientOrderNoConflict');
    return order;
  });
}

/**
 * /pay/qrcode/decide with `code`: the payer's open order of this visit goes on; otherwise a
 * payment makes a new order for the next use and pays it like any order; a cancel without an
 * order changes nothing.
 */
export async function preOrderPayerDecide(
  deps: Deps,
  code: string,
  decision: Pick<PayerDecision, 'orderNo' | 'brand' | 'subBrand' | 'action'>,
  actor: AuditActor,
) {
  const p = await preOrderByCode(deps, code);
  let order = await visitOrder(deps, p, decision.orderNo);
  if (order) order = await freshOrder(deps, order, actor);
  let fresh = false;
  if (!order || !PAYER_OPEN.includes(order.status)) {
    if (decision.action === 'cancel') return view(deps, p, order);
    order = await newUseOrder(deps, code, actor);
    fresh = true;
  }
  try {
    const after = await payOrder(deps, order, decision, actor);
    return view(deps, await preOrderByCode(deps, code), after);
  } catch (err) {
    // The brand could not be reached: the new order gives its use back instead of holding it.
    if (fresh) await releaseUse(deps, order.id, actor);
    throw err;
  }
}

async function releaseUse(deps: Deps, orderId: number, actor: AuditActor) {
  await move(
    deps.db,
    orderId,
    (tx, o) =>
      o.status === 'pendingPayment' && !o.brandOrderNo
        ? applyEvent(tx, o, 'decline', 'payer', { errorCode: 'BRAND_UNAVAILABLE' })
        : Promise.resolve(o),
    actor,
  );
}
