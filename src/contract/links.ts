import { yup, message, LIMITS, number } from './validation';
import { email, optionalId, requiredText, text } from './fields';
import { paymentAmount } from './limits';
import { CURRENCIES } from './orgAgent';
import type { OrderStatus } from './orderStatus';

/**
 * URL payments (invoice links) of spec points 2 and 7: /pay/pay/create, /pay/pay/close,
 * /pay/pay/uploadFile and /history/urlOrderPay/page (access '/manage/url'). A URL payment is
 * an order with payment type `link` and no brand: the payer opens the pay link
 * (`/qrcode?orderNo=<gatewayOrderNo>`) and chooses a brand there.
 */
export const LINK_EXPIRY_HOURS_DEFAULT = 24;
export const LINK_EXPIRY_HOURS_MAX = 720;
export const DEFAULT_CURRENCY = 'JPY';

/** '' in a form or a file cell means "not given": the default applies. */
const blankIsAbsent = <T>(v: T, orig: unknown) => (orig === '' || orig === null ? undefined : v);

export const currencyField = () =>
  yup.string().trim().transform(blankIsAbsent).oneOf(CURRENCIES).default(DEFAULT_CURRENCY);
/** A whole number from 1 to max; blank gives the fallback (hours, use counts). */
export const countField = (fallback: number, max: number) =>
  number().transform(blankIsAbsent).integer().min(1).max(max).default(fallback);
/** A client number (optional; generated when absent): letters, digits, _ and -. */
export const clientNumber = (max: number) =>
  text(max).matches(/^[A-Za-z0-9_-]*$/, { message: message('validation.ascii') });

/** The columns of one URL payment (also the columns of the upload file). */
export const payLinkFields = {
  /** Idempotency key: the same number again answers with the existing payment. */
  clientOrderNo: clientNumber(64),
  /** Minor units, at most the currency's sanity maximum (contract/money MAX_PAYMENT_MINOR). */
  amount: paymentAmount(),
  currency: currencyField(),
  /** What is paid for (shown to the payer). */
  subject: requiredText(128),
  payerName: text(LIMITS.name),
  payerEmail: email(),
  remark: text(LIMITS.remark),
  /** Hours the link stays payable. */
  expireHours: countField(LINK_EXPIRY_HOURS_DEFAULT, LINK_EXPIRY_HOURS_MAX),
};
export const PAY_LINK_COLUMNS = Object.keys(payLinkFields) as (keyof typeof payLinkFields)[];

/** One row of an upload file. */
export const PayLinkRowInput = yup.object(payLinkFields).noUnknown();
export type PayLinkRowInput = yup.InferType<typeof PayLinkRowInput>;

/**
 * /pay/pay/create. companyId: required for system and provider roles (a company in their
 * scope); company roles create for their own company (and their branch when they have one).
 */
export const PayLinkCreate = yup
  .object({ ...payLinkFields, companyId: optionalId(), branchUnitId: optionalId() })
  .noUnknown();
export type PayLinkCreate = yup.InferType<typeof PayLinkCreate>;

/** /pay/pay/close: an unpaid URL payment. */
export const PayLinkClose = yup
  .object({ gatewayOrderNo: yup.string().trim().required().max(64) })
  .noUnknown();
export type PayLinkClose = yup.InferType<typeof PayLinkClose>;

/** /history/urlOrderPay/page. status: the payment-status filter (0 paid, 1 waiting, 2 failed/closed/expired). */
// The list's page call is declared with the list (./lists/payLinks.ts).
export { PayLinkPageQuery, PAY_LINK_SORT_FIELDS } from './lists/payLinks';

/** How a URL payment was made. */
export const PAY_LINK_SOURCES = ['console', 'upload'] as const;
export type PayLinkSource = (typeof PAY_LINK_SOURCES)[number];

export interface PayLinkRow {
  id: number;
  clientOrderNo: string;
  gatewayOrderNo: string;
  /** The payer's page (absolute when the server knows its public address). */
  payLink: string;
  subject: string;
  payerName: string;
  payerEmail: string;
  remark: string;
  amount: number;
  currency: string;
  status: OrderStatus;
  /** The brand the payer chose ('' until then). */
  brand: string;
  companyId: number;
  companyName: string;
  branchUnitId: number | null;
  branchUnitName: string | null;
  source: PayLinkSource;
  createdByName: string;
  expiresAt: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** /pay/pay/create reply: the payment; created false when the client order number existed. */
export interface PayLinkCreated extends PayLinkRow {
  created: boolean;
}
