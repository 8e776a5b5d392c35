import { yup, message, number } from './validation';
import { optionalId, text, url } from './fields';
import { MAX_MINOR } from './money';
import { paymentAmount } from './limits';
import { CURRENCIES } from './orgAgent';
import { ALL_SUB_BRANDS, brandTakes, CREATABLE_PAYMENT_TYPES, isPayBrand, PAY_BRANDS } from './brands';
import type { OrderRow, OrderStatus } from './orders';
import type { RefundRow } from './refunds';
import type { PreOrderState } from './preorders';

/** Shown in the order's detail, so declared with it. */
export type { MerchantNotification } from './orders';

/**
 * The merchant API (a merchant's system or terminal; no console session). Every request is
 * JSON and carries these headers; `sign` is hex HMAC-SHA256 over `timestamp + "\n" + body`
 * with the company's pay secret; `timestamp` is Unix seconds within 5 minutes of the
 * server's clock; a signature is accepted once. See docs/merchant-api.md and GET /api/docs.
 */
export const MERCHANT_HEADERS = {
  accessToken: 'accesstoken',
  timestamp: 'timestamp',
  sign: 'sign',
  /** getUrl: where the payer page sends the payer back after paying (optional, http/https). */
  url: 'url',
} as const;
export const MERCHANT_WINDOW_SECONDS = 300;

const clientNo = () =>
  yup
    .string()
    .trim()
    .required()
    .max(64)
    .matches(/^[A-Za-z0-9_-]+$/, { message: message('validation.ascii') });

export const amountField = () => number().required().integer().min(1).max(MAX_MINOR);

export const MerchantCreatePayment = yup
  .object({
    clientOrderNo: clientNo(),
    /** Minor units (JPY: yen; USD: cents), at most the currency's sanity maximum. */
    amount: paymentAmount(),
    currency: yup.string().required().oneOf(CURRENCIES),
    paymentType: yup.string().required().oneOf(CREATABLE_PAYMENT_TYPES),
    /** Required for a dynamic QR code; a link lets the payer choose. */
    brand: yup
      .string()
      .oneOf(['', ...PAY_BRANDS])
      .default('')
      .when('paymentType', {
        is: 'dynamicQr',
        then: (s) => s.required().notOneOf([''], message('validation.required')),
      })
      .test('brandCurrency', message('validation.brandCurrency'), function (v) {
        const currency = String(this.parent?.currency ?? '');
        // An unknown currency is the currency field's error alone.
        if (
          !isPayBrand(v) ||
          !(CURRENCIES as readonly string[]).includes(currency) ||
          brandTakes(v, currency)
        )
          return true;
        return this.createError({ message: message('validation.brandCurrency', { currency }) });
      }),
    subject: text(128),
    branchUnitId: optionalId(),
    expireMinutes: number().integer().min(1).max(10080).default(15),
    notifyUrl: url(),
  })
  .noUnknown();
export type MerchantCreatePayment = yup.InferType<typeof MerchantCreatePayment>;

export const MerchantOrderRef = yup.object({ clientOrderNo: clientNo() }).noUnknown();
export type MerchantOrderRef = yup.InferType<typeof MerchantOrderRef>;

export const MerchantRefund = yup
  .object({
    clientOrderNo: clientNo(),
    clientRefundNo: clientNo(),
    amount: amountField(),
    remark: text(255),
  })
  .noUnknown();
export type MerchantRefund = yup.InferType<typeof MerchantRefund>;

export const MerchantRefundRef = yup.object({ clientRefundNo: clientNo() }).noUnknown();

/** An order as the merchant API replies it: the fields it shares with the console's order row, and its payer's page. */
export interface MerchantOrder extends Pick<
  OrderRow,
  | 'clientOrderNo'
  | 'gatewayOrderNo'
  | 'brandOrderNo'
  | 'amount'
  | 'currency'
  | 'status'
  | 'subBrand'
  | 'refundedAmount'
  | 'createdAt'
  | 'finishedAt'
> {
  paymentType: string;
  brand: string;
  /** The payer's page (link) — also the QR code's content. */
  payUrl: string;
  expiresAt: string | null;
  errorCode: string;
}

/** A refund as the merchant API replies it: the fields it shares with the console's refund row, and its order's. */
export interface MerchantRefundResult extends Pick<
  RefundRow,
  'clientRefundNo' | 'gatewayRefundNo' | 'brandRefundNo' | 'amount' | 'currency' | 'status'
> {
  clientOrderNo: string;
  orderStatus: OrderStatus;
}

/**
 * The payer's page (/qrcode): public calls. `orderNo` names an order (a URL payment or a
 * merchant's link); `code` names a pre-order (its gateway pay number). With `code`, an
 * `orderNo` may name the payer's order for that pre-order from this visit, so the page keeps
 * following it; `decide` with `code` creates a new order for the pre-order when there is
 * none open.
 */
const payerNo = () => yup.string().trim().max(64).default('');
/** Optional in the inferred type, so order-only callers need not name it. */
const payerCode = () => yup.string().trim().max(64).optional();
const orderOrCode = () =>
  payerNo().when('code', { is: (code: string | undefined) => !code, then: (s) => s.required() });
/** What a payer link names: an order (`orderNo`), or a pre-order (`code`, with its visit's order if any). */
export interface PayerRef {
  orderNo: string;
  code: string;
}
export const PayerOrderRef = yup.object({ orderNo: orderOrCode(), code: payerCode() }).noUnknown();
export type PayerOrderRef = yup.InferType<typeof PayerOrderRef>;
export const PayerDecision = yup
  .object({
    orderNo: orderOrCode(),
    code: payerCode(),
    brand: yup.string().required().oneOf(PAY_BRANDS),
    subBrand: yup
      .string()
      .oneOf(['', ...ALL_SUB_BRANDS])
      .default(''),
    action: yup.string().required().oneOf(['pay', 'cancel']),
  })
  .noUnknown();
export type PayerDecision = yup.InferType<typeof PayerDecision>;

export interface PayerView {
  orderNo: string;
  merchantName: string;
  subject: string;
  amount: number;
  currency: string;
  status: OrderStatus;
  expiresAt: string | null;
  /** Chosen already (dynamic QR) or '' (the payer chooses). */
  brand: string;
  brands: { brand: string; subBrands: readonly string[] }[];
  /** The brands are the sandbox: the page offers pay / cancel. */
  sandbox: boolean;
}

/** The payer's view of a pre-order (`code`): what a payment costs and whether it is still payable. */
export interface PayerPreOrderView {
  code: string;
  merchantName: string;
  /** The pre-order's remark (what is paid for). */
  remark: string;
  amount: number;
  currency: string;
  expiresAt: string;
  useTimes: number;
  usedTimes: number;
  remainingUses: number;
  /** open, used (used up), expired or closed (see contract/preorders PRE_ORDER_STATES). */
  status: PreOrderState;
  brands: { brand: string; subBrands: readonly string[] }[];
  sandbox: boolean;
  /** The payer's order for this pre-order in this visit ('' none): poll it with `orderNo`. */
  orderNo: string;
  order: PayerView | null;
}

/** What the payer's calls answer: an order, or a pre-order (with the visit's order). */
export type PayerReply = PayerView | PayerPreOrderView;

/**
 * What the gateway POSTs to a payment's `notifyUrl` when the order reaches an outcome (paid,
 * failed, expired, closed, partly or fully refunded), signed like a merchant request
 * (headers `timestamp`, `sign`). The same `notifyId` comes with every try: acknowledge with
 * any 2xx.
 */
export interface MerchantNotificationBody {
  notifyId: string;
  notifyType: 'order';
  order: MerchantOrder;
}

/** /history/orderInfo/getUrl: the payer's page of an open order. */
export interface MerchantPayUrl {
  clientOrderNo: string;
  gatewayOrderNo: string;
  url: string;
  expiresAt: string | null;
}
