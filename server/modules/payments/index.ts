/**
 * Payments: an order's status engine (the transition table's moves, with the timeline, the
 * commission, the merchant-notification outbox and a pre-order's use counted in the move's
 * transaction), creating, issuing, syncing and closing payments, and the payment limits.
 * The only surface other modules use (refunds, links, the payer page, the merchant API,
 * recovery; settlement and reconciliation later).
 */
export {
  applyBrandState,
  applyEvent,
  IllegalTransition,
  illegalTransition,
  lockOrder,
  type OrderRecord,
} from './engine';
export {
  closeOrder,
  companyName,
  confirmClose,
  createPayment,
  guard,
  issue,
  move,
  reconcile,
  syncOrder,
  type NewPayment,
} from './service';
export { assertPaymentLimits, dayTotal, PaymentLimitExceeded } from './limits';
export { payerUrl, toMerchantOrder } from './merchantView';
