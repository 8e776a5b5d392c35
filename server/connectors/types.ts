import type { PayBrand, PaymentType } from '../../src/contract/brands';

/**
 * What the gateway asks of a brand, shaped after the brands' published APIs: PayPay Open
 * Payment API (QR code create / get payment details / cancel / refund, webhook), WeChat Pay
 * API v3 (native/H5 order, query by out_trade_no, close, refunds, signed notify), Alipay+
 * (pay, inquiryPayment, cancel, refund, notifyPayment). Statements come later.
 *
 * The gateway order number is the brand's merchant order number (out_trade_no,
 * merchantPaymentId, paymentRequestId); the brand answers with its own number.
 */
export interface CreatePayment {
  companyId: number;
  merchantOrderNo: string;
  amount: number;
  currency: string;
  subject: string;
  paymentType: PaymentType;
  expiresAt: Date;
  /** The wallet the payer picked (link payments), if known. */
  subBrand?: string;
}

/** The brand's view of a payment (WeChat trade_state, PayPay status, Alipay+ paymentStatus). */
export type BrandPaymentState = 'CREATED' | 'USERPAYING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'EXPIRED';

export interface BrandPayment {
  brandOrderNo: string;
  merchantOrderNo: string;
  state: BrandPaymentState;
  subBrand: string;
  /** The brand's receipt / transaction reference for the payer. */
  receiptNo: string;
  errorCode: string;
  errorMessage: string;
}

export interface CreatedPayment {
  brandOrderNo: string;
  /** What the QR code or link carries (the brand's deeplink; the sandbox's payer page). */
  payUrl: string;
}

export interface RefundRequest {
  companyId: number;
  brandOrderNo: string;
  merchantOrderNo: string;
  merchantRefundNo: string;
  amount: number;
  currency: string;
}

export interface RefundResult {
  brandRefundNo: string;
  state: 'SUCCESS' | 'PROCESSING' | 'FAILED';
  errorCode: string;
  errorMessage: string;
}

/** The brand refused the request (declined): a final answer, not an outage. */
export class BrandDecline extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BrandDecline';
  }
}

export interface BrandConnector {
  readonly brand: PayBrand;
  create(req: CreatePayment): Promise<CreatedPayment>;
  /**
   * The brand's payment by its number or, when we never learnt it (a create interrupted), by
   * our order number (out_trade_no, merchantPaymentId). null: the brand has no such payment.
   */
  query(companyId: number, merchantOrderNo: string, brandOrderNo: string): Promise<BrandPayment | null>;
  /**
   * CANCELED at once, or PROCESSING (confirmed later by query or notification). Idempotent, and
   * by our order number when the brand's is not known.
   */
  close(companyId: number, merchantOrderNo: string, brandOrderNo: string): Promise<'CANCELED' | 'PROCESSING'>;
  /** Idempotent on merchantRefundNo (our gateway refund number). */
  refund(req: RefundRequest): Promise<RefundResult>;
  /**
   * A refund asked about by our refund number (WeChat GET /refund/domestic/refunds/{out_refund_no},
   * PayPay GET /v2/refunds/{merchantRefundId}, Alipay+ inquiryRefund). null: the brand never
   * received it.
   */
  queryRefund(companyId: number, merchantRefundNo: string): Promise<RefundResult | null>;
  /** Whether a notification's signature and timestamp are the brand's. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): boolean;
  parseNotification(rawBody: string): BrandPayment;
}
