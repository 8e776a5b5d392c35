import { yup, LIMITS } from './validation';
import { optionalId, text } from './fields';
import { clientNumber, currencyField, countField, type PayLinkCreate, type PayLinkRow } from './links';
import { paymentAmount } from './limits';

/**
 * Pre-orders (payment requests) of spec points 3, 4, 5 and 7: a reusable link
 * (`/qrcode?code=<gatewayPayNo>`) that accepts `useTimes` payments of `orderAmount` until
 * `expireTime`. Each payment is an order of its own; a use counts when that order is paid.
 * Calls: /history/preOrder/page, create, uploadFile, close (access '/manage/onepay').
 */
export const PRE_ORDER_VALIDITY_DEFAULT = 24;
export const PRE_ORDER_VALIDITY_MAX = 720;
export const PRE_ORDER_USE_TIMES_MAX = 9999;

/** Use status of spec point 4: 0 unused (payments still accepted), 1 used (every use made). */
export const PRE_ORDER_USE_STATUSES = [0, 1] as const;
export type PreOrderUseStatus = (typeof PRE_ORDER_USE_STATUSES)[number];

/** Where a pre-order stands: open (payable), used (used up), expired, closed (by a user). */
export const PRE_ORDER_STATES = ['open', 'used', 'expired', 'closed'] as const;
export type PreOrderState = (typeof PRE_ORDER_STATES)[number];

/** The columns of one pre-order (also the columns of the upload file). */
export const preOrderFields = {
  /** Idempotency key (generated when absent); each payment's order is `<clientPayNo>.<n>`. */
  clientPayNo: clientNumber(48),
  /** Minor units; required (spec point 5). */
  orderAmount: paymentAmount(),
  currency: currencyField(),
  validityHours: countField(PRE_ORDER_VALIDITY_DEFAULT, PRE_ORDER_VALIDITY_MAX),
  /** How many payments the link accepts. */
  useTimes: countField(1, PRE_ORDER_USE_TIMES_MAX),
  remark: text(LIMITS.remark),
};
export const PRE_ORDER_COLUMNS = Object.keys(preOrderFields) as (keyof typeof preOrderFields)[];

export const PreOrderRowInput = yup.object(preOrderFields).noUnknown();
export type PreOrderRowInput = yup.InferType<typeof PreOrderRowInput>;

/** /history/preOrder/create. companyId/branchUnitId as for URL payments. */
export const PreOrderCreate = yup
  .object({ ...preOrderFields, companyId: optionalId(), branchUnitId: optionalId() })
  .noUnknown();
export type PreOrderCreate = yup.InferType<typeof PreOrderCreate>;

/** /history/preOrder/close: an open pre-order (unused or partly used, not expired). */
export const PreOrderClose = yup.object({ gatewayPayNo: yup.string().trim().required().max(64) }).noUnknown();
export type PreOrderClose = yup.InferType<typeof PreOrderClose>;

// The list's page call is declared with the list (./lists/preOrders.ts).
export { PreOrderPageQuery, PRE_ORDER_SORT_FIELDS } from './lists/preOrders';

export interface PreOrderRow {
  id: number;
  clientPayNo: string;
  gatewayPayNo: string;
  /** The payer's page `/qrcode?code=…` (absolute when the server knows its public address); also the QR code's content. */
  payLink: string;
  orderAmount: number;
  currency: string;
  validityHours: number;
  expireTime: string;
  remark: string;
  useTimes: number;
  usedTimes: number;
  useStatus: PreOrderUseStatus;
  /** The first paid use. */
  useStartTime: string | null;
  /** When the last allowed use was paid. */
  useFinishTime: string | null;
  state: PreOrderState;
  closedAt: string | null;
  companyId: number;
  companyName: string;
  branchUnitId: number | null;
  branchUnitName: string | null;
  createdByName: string;
  createdAt: string;
}

/** /history/preOrder/create reply (compatible with the machine's CreatedPreOrder). */
export interface PreOrderCreated extends PreOrderRow {
  created: boolean;
}

/** Which link a create dialog makes: a URL payment (paid once) or a pre-order (several uses). */
export type LinkKind = 'url' | 'preOrder';

/** A new link's form as the dialog sends it to the pre-order machine. */
export type LinkDraft =
  { kind: 'url'; request: PayLinkCreate } | { kind: 'preOrder'; request: PreOrderCreate };

/** How long a draft's link will be valid, in hours. */
export const draftValidityHours = (draft: LinkDraft): number =>
  draft.kind === 'url' ? draft.request.expireHours : draft.request.validityHours;

/** A link's row as its list shows it (the dialog's summary). */
export type LinkRecord = { kind: 'url'; row: PayLinkRow } | { kind: 'preOrder'; row: PreOrderRow };

/** The created link as the pre-order machine needs it, with its row. */
export interface CreatedPreOrder {
  gatewayPayNo: string;
  clientPayNo: string;
  payLink: string;
  expireTime: string;
  useTimes: number;
  record: LinkRecord;
}

/** A created link's payments so far, as its row read again says (null: row not found). */
export interface PreOrderUses {
  usedTimes: number;
  record: LinkRecord;
}
