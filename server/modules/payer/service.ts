import { brandTakes, type PaymentType } from '../../../src/contract/brands';
import type { PayerDecision, PayerView } from '../../../src/contract/merchant';
import type { AuditActor } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { fail, notFound } from '../../platform/envelope';
import { iso } from '../../platform/lists';
import {
  applyEvent,
  companyName,
  connectorOf,
  guard,
  issue,
  move,
  payableBrands,
  reconcile,
  syncOrder,
  type OrderRecord,
} from '../payments';

/** Statuses in which the payer may still pay or cancel. */
export const PAYER_OPEN: readonly string[] = ['pendingPayment', 'paying', 'customerPaying'];

/**
 * The payer's decision on an order (the /qrcode page): brought up to date first; cancel
 * before a brand was asked declines it; otherwise the brand is asked (when not yet) and the
 * sandbox wallet scans and pays or cancels; the brand's notification settles it.
 */
export async function payOrder(
  deps: Deps,
  found: OrderRecord,
  decision: Pick<PayerDecision, 'brand' | 'subBrand' | 'action'>,
  actor: AuditActor,
): Promise<OrderRecord> {
  let order = await syncOrder(deps, found, 'payer', actor).catch(() => found);
  if (!PAYER_OPEN.includes(order.status)) throw fail('server.payments.notPayable');
  const brand = decision.brand;
  if (order.brand && order.brandOrderNo && order.brand !== brand) throw fail('server.payments.brandMismatch');
  // PayPay takes yen only: the page does not offer it for another currency, and a payer who asks
  // for it anyway is refused before anything changes.
  if (!brandTakes(brand, order.currency))
    throw fail('server.payments.currencyNotTaken', { currency: order.currency });
  if (decision.action === 'cancel' && !order.brandOrderNo) {
    return move(
      deps.db,
      order.id,
      (tx, o) => guard(() => applyEvent(tx, o, 'decline', 'payer', { errorCode: 'PAYER_CANCELED' })),
      actor,
    );
  }
  if (!order.brandOrderNo) {
    order = await issue(deps, order, brand, decision.subBrand, actor);
    if (order.status !== 'paying') return order;
  }
  const sandbox = deps.connectors.sandbox(brand);
  const scanned = await sandbox.payer(order.brandOrderNo, 'scan', decision.subBrand);
  order = await reconcile(deps, order.id, await brandView(deps, order), 'payer', actor);
  if (scanned === 'USERPAYING') {
    const state = await sandbox.payer(
      order.brandOrderNo,
      decision.action as 'pay' | 'cancel',
      decision.subBrand,
    );
    if (state === 'COMPLETED' || state === 'FAILED') {
      // The payer confirmed in the wallet; the brand settles it and tells us by notification.
      order = await move(
        deps.db,
        order.id,
        async (tx, o) => (o.status === 'customerPaying' ? applyEvent(tx, o, 'confirm', 'payer') : o),
        actor,
      );
    }
    deps.connectors.notifyLater(brand, order.brandOrderNo);
  }
  return order;
}

async function brandView(deps: Deps, order: OrderRecord) {
  const p = await connectorOf(deps, order).query(order.companyId, order.gatewayOrderNo, order.brandOrderNo);
  if (!p) throw notFound('server.payments.noSuchOrder');
  return p;
}

/**
 * The brands a payer may choose for a payment of this company in `currency`, with their wallets
 * and schemes: those that take the currency and that the company has a commission rate for in the
 * payment's channel (a link or a pre-order's use: online).
 */
export const payerBrands = (
  deps: Deps,
  companyId: number,
  currency: string,
  paymentType: PaymentType = 'link',
) => payableBrands(deps.db, companyId, currency, paymentType);

export async function payerView(deps: Deps, o: OrderRecord): Promise<PayerView> {
  return {
    orderNo: o.gatewayOrderNo,
    merchantName: await companyName(deps.db, o.companyId),
    subject: o.subject,
    amount: o.amount,
    currency: o.currency,
    status: o.status,
    expiresAt: o.expiresAt ? iso(o.expiresAt) : null,
    brand: o.brand,
    brands: await payerBrands(deps, o.companyId, o.currency, o.paymentType),
    sandbox: true,
  };
}

/** The order brought up to date with its brand while still open (the page polls it). */
export const freshOrder = async (deps: Deps, order: OrderRecord, actor: AuditActor) =>
  (['pendingPayment', 'paying', 'customerPaying', 'inPayment', 'pendingClose'] as string[]).includes(
    order.status,
  )
    ? await syncOrder(deps, order, 'payer', actor).catch(() => order)
    : order;
