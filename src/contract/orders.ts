import type { OrderReconciliation } from './reconciliation';
import { yup, message } from './validation';
import { optionalId, text } from './fields';
import type { PayBrand, PaymentType } from './brands';
import type { RefundRow } from './refunds';
import type { MerchantNotification } from './merchant';

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

/** Audit result codes of spec point 4, and 600 (amount differs): contract/reconciliation.ts. */
export { AUDIT_CODES as AUDIT_RESULT_CODES } from './reconciliation';

const orderNo = () => text(64);

// The transaction history's page and export calls are declared with the list: ./lists/orders.ts.

/** get / getOrderSync: one order by the gateway order number or id. */
export const OrderRef = yup
  .object({
    id: optionalId(),
    gatewayOrderNo: orderNo(),
  })
  .test('one', message('validation.required', { field: 'gatewayOrderNo' }), (v) =>
    Boolean(v?.id || v?.gatewayOrderNo),
  )
  .noUnknown();
export type OrderRef = yup.InferType<typeof OrderRef>;

export interface OrderRow {
  id: number;
  clientOrderNo: string;
  gatewayOrderNo: string;
  brandOrderNo: string;
  amount: number;
  currency: string;
  status: OrderStatus;
  receiptNo: string;
  paymentType: PaymentType;
  /** '' for a payment link's or pre-order's order until its payer chooses a brand on the payer page. */
  brand: PayBrand | '';
  subBrand: string;
  companyId: number;
  companyName: string;
  branchUnitId: number | null;
  branchUnitName: string | null;
  refundedAmount: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface OrderEventRow {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  event: string;
  source: string;
  createdAt: string;
}

export interface OrderDetail extends OrderRow {
  subject: string;
  commissionRate: number | null;
  commissionAmount: number | null;
  rebateRate: number | null;
  rebateAmount: number | null;
  auditStatus: number;
  auditResult: number | null;
  /** Its payment's reconciliation result in the current run, beside the statement's row; null until matched. */
  reconciliation: OrderReconciliation | null;
  /** The merchant settlement that holds the order ('' / null until its period has closed). */
  settlementNo: string;
  settlementId: number | null;
  errorCode: string;
  errorMessage: string;
  expiresAt: string | null;
  /** Amount still refundable (paid − refunds succeeded or in flight). */
  refundableAmount: number;
  refunds: RefundRow[];
  /** Notifications to the merchant's notifyUrl (merchant-API payments that gave one). */
  notifications: MerchantNotification[];
  events: OrderEventRow[];
}

/** getOrderSync's reply: the order as the brand now says it, with the server's message. */
export interface SyncedOrder {
  result: OrderDetail;
  /** resultMessage; empty when the server gave none. */
  message: string;
}
