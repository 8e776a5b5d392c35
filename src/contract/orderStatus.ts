/**
 * The order's status vocabulary: its statuses, the events that move it and the one table of
 * allowed moves. Apart from orders.ts (which re-exports it), so that refunds, links and the
 * merchant API name a status without the order's detail, which holds their rows.
 */
/**
 * Order statuses of spec point 4 with their wire codes (written once; labels are
 * `orders.statuses.<code>` in the catalogue).
 */
export const ORDER_STATUSES = [
  /** Created at the gateway, not yet sent to the brand. */
  'pendingPayment',
  /** Sent to the brand (brand order number issued), waiting for the payer. */
  'paying',
  /** The payer has the payment open in the wallet (WeChat USERPAYING, PayPay CREATED after scan). */
  'customerPaying',
  /** The payer confirmed; the brand is moving the money. */
  'inPayment',
  /** Paid. */
  'success',
  'failed',
  /** Expired unpaid. */
  'timeout',
  /** Close asked of the brand, not yet confirmed. */
  'pendingClose',
  'closed',
  /** A refund is in flight at the brand. */
  'refunding',
  'partlyRefunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What moves an order. */
export const ORDER_EVENTS = [
  'issue',
  'scan',
  'confirm',
  'paid',
  'decline',
  'expire',
  'requestClose',
  'closeConfirmed',
  'refundStart',
  /** A refund settled (success or failure) and none is left in flight: */
  'refundSettledNone',
  'refundSettledPart',
  'refundSettledAll',
  /** A refund settled while another one is still in flight. */
  'refundSettledPending',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The one table of allowed moves: from → event → to. Everything not here is refused. */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  pendingPayment: {
    issue: 'paying',
    decline: 'failed',
    expire: 'timeout',
    requestClose: 'pendingClose',
    closeConfirmed: 'closed',
  },
  paying: {
    scan: 'customerPaying',
    confirm: 'inPayment',
    paid: 'success',
    decline: 'failed',
    expire: 'timeout',
    requestClose: 'pendingClose',
  },
  customerPaying: {
    confirm: 'inPayment',
    paid: 'success',
    decline: 'failed',
    expire: 'timeout',
    requestClose: 'pendingClose',
  },
  inPayment: { paid: 'success', decline: 'failed', expire: 'timeout' },
  // A payment the brand took just before the close reached it is still paid.
  pendingClose: { closeConfirmed: 'closed', paid: 'success', decline: 'failed', expire: 'timeout' },
  success: { refundStart: 'refunding' },
  partlyRefunded: { refundStart: 'refunding' },
  refunding: {
    refundStart: 'refunding',
    refundSettledPending: 'refunding',
    refundSettledNone: 'success',
    refundSettledPart: 'partlyRefunded',
    refundSettledAll: 'refunded',
  },
  failed: {},
  timeout: {},
  closed: {},
  refunded: {},
};

/** The status after `event`, or null when the event is not allowed in `from`. */
export function nextStatus(from: OrderStatus, event: OrderEvent): OrderStatus | null {
  return ORDER_TRANSITIONS[from]?.[event] ?? null;
}

/** Whether some event moves `from` to `to` (staying put is not a transition unless listed). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return Object.values(ORDER_TRANSITIONS[from] ?? {}).includes(to);
}

/** No event leaves these. */
export const isFinalStatus = (s: OrderStatus) => Object.keys(ORDER_TRANSITIONS[s]).length === 0;

/** Paid orders (refundable while some amount remains). */
export const PAID_STATUSES: readonly OrderStatus[] = ['success', 'partlyRefunded', 'refunding', 'refunded'];
/** Not yet decided: the payer or the brand may still move it. */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  'pendingPayment',
  'paying',
  'customerPaying',
  'inPayment',
  'pendingClose',
];

/** The payment-status filter of spec point 4: 0 success, 1 waiting to pay, 2 failed. */
export const PAY_STATUS_FILTER: Record<'0' | '1' | '2', readonly OrderStatus[]> = {
  '0': PAID_STATUSES,
  '1': OPEN_STATUSES,
  '2': ['failed', 'timeout', 'closed'],
};
