import type { PayBrand, PaymentType } from '../../src/contract/brands';

/**
 * What the gateway asks of a brand, shaped after the brands' published APIs: PayPay Open
 * Payment API (QR code create / get payment details / cancel / refund, webhook), WeChat Pay
 * API v3 (native/H5 order, query by out_trade_no, close, refunds, signed notify), Alipay+
 * (pay, inquiryPayment, cancel, refund, notifyPayment), and the brands' statement files (WeChat
 * download trade bill, Antom settlement file, PayPay for Business CSV, the card acquirer's
 * settlement detail; issue #16).
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

/** A file the brand hands over, as downloaded. */
export interface StatementFile {
  fileName: string;
  bytes: Buffer;
  /** When the brand made (or makes) the file available. */
  readyAt: Date;
}

/** The statement asked for is not out yet: ask again from `readyAt`. */
export class StatementNotReady extends Error {
  constructor(
    readonly brand: string,
    readonly day: string,
    readonly readyAt: Date,
  ) {
    super(`the ${brand} statement of ${day} is ready at ${readyAt.toISOString()}`);
    this.name = 'StatementNotReady';
  }
}

/** The brand's layout cannot carry some of the day's rows (e.g. a JPY payment in WeChat's CNY trade bill). */
export class StatementUnsupported extends Error {
  constructor(
    readonly brand: string,
    readonly detail: string,
  ) {
    super(`${brand} statement: ${detail}`);
    this.name = 'StatementUnsupported';
  }
}

/**
 * A row of a statement picked for a discrepancy: its index in the file's rows (0-based, in the
 * file's order) or our number on it (the gateway order number of a payment row, the gateway
 * refund number of a refund row).
 */
export type RowSelector = number | string;

/**
 * A discrepancy the sandbox writes into a statement on purpose (issue #16), so that every audit
 * code can be produced: the row left out, a row no one at the gateway knows, another status, a
 * changed amount or fee (by `delta` minor units, default 1), a row the layout's parser refuses,
 * bytes that decode in no encoding, a file out later than the brand's ready time.
 */
export type Injection =
  | { kind: 'missingRow'; row: RowSelector }
  | { kind: 'extraRow'; amount?: number; gatewayOrderNo?: string }
  | { kind: 'status'; row: RowSelector }
  | { kind: 'amount'; row: RowSelector; delta?: number }
  | { kind: 'fee'; row: RowSelector; delta?: number }
  | { kind: 'unparseableRow'; row: RowSelector }
  | { kind: 'corruptFile'; row?: RowSelector }
  | { kind: 'late'; minutes: number };

export interface StatementOptions {
  inject?: readonly Injection[];
  /**
   * The card acquirer settles one currency per batch file: which one (default JPY); WeChat writes
   * one bill per settlement currency: which one (default the day's one currency, CNY on an empty day).
   */
  currency?: string;
  /** The brand's clock (tests); default now. */
  now?: Date;
}

/** A brand settlement period: business days `begin` to `end`, both included (YYYY-MM-DD). */
export interface StatementPeriod {
  begin: string;
  end: string;
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
  /**
   * The brand's daily statement of `day` (YYYY-MM-DD, the brand's business day) in its own
   * layout. StatementNotReady before the brand's ready time.
   */
  fetchStatement(day: string, options?: StatementOptions): Promise<StatementFile>;
  /**
   * Every file the brand puts out for the day, as a real connector finds them in its download
   * folder: one, or one per currency where the brand writes one each (the card acquirer's
   * batches, WeChat Pay's bills). StatementNotReady before the brand's ready time.
   */
  fetchStatements(day: string, options?: Omit<StatementOptions, 'currency'>): Promise<StatementFile[]>;
  /** What the brand pays the platform for the period: gross, fee, net per currency (paymentStatement.ts). */
  fetchPaymentStatement(
    period: StatementPeriod,
    options?: Pick<StatementOptions, 'now'>,
  ): Promise<StatementFile>;
}
