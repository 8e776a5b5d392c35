import type { OrderReconciliation } from './reconciliation';
import { yup, message } from './validation';
import { optionalId, text } from './fields';
import type { PayBrand, PaymentType } from './brands';
import type { RefundRow } from './refunds';
import type { OrderStatus } from './orderStatus';

export * from './orderStatus';

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

/** A notification to the merchant as the console shows it (order detail). */
export interface MerchantNotification {
  notifyId: string;
  url: string;
  /** The status it reports. */
  orderStatus: OrderStatus;
  /** pending (tried again at nextAttemptAt), delivered, failed (no more tries). */
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastHttpStatus: number | null;
  lastError: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** getOrderSync's reply: the order as the brand now says it, with the server's message. */
export interface SyncedOrder {
  result: OrderDetail;
  /** resultMessage; empty when the server gave none. */
  message: string;
}
