/**
 * Payments: an order's status engine (the transition table's moves, with the timeline, the
 * commission, the merchant-notification outbox and a pre-order's use counted in the move's
 * transaction), creating, issuing, syncing and closing payments, the payment limits, and the
 * brands' notifications (POST /api/notify/:brand, a plain route).
 * The only surface other modules use (refunds, links, preorders, the payer page, the merchant API,
 * recovery; settlement and reconciliation later).
 */
export { brandNotifyRoutes } from './routes';
export {
  applyBrandState,
  applyEvent,
  chargesFor,
  IllegalTransition,
  illegalTransition,
  lockOrder,
  type OrderRecord,
} from './engine';
export {
  closeOrder,
  companyName,
  confirmClose,
  connectorOf,
  createPayment,
  guard,
  issue,
  move,
  reconcile,
  syncOrder,
  type NewPayment,
} from './service';
export { assertPaymentLimits, dayTotal, limitAtField, PaymentLimitExceeded } from './limits';
export { assertSomeBrandRated, NO_COMMISSION_RATE, payableBrands } from './rates';
export { payerUrl, toMerchantOrder } from './merchantView';
