import { yup, message, MD5_HEX, number } from './validation';
import { id, text } from './fields';
import { MAX_MINOR } from './money';
import type { OrderStatus } from './orderStatus';

/**
 * Refund statuses of spec point 4 (labels: `refunds.statuses.<code>`), and the two of the
 * maker-checker rule (issue #12): a console refund above the company's approval threshold is
 * `awaitingApproval` (its amount reserved, the brand not asked) until a second user approves it
 * (→ waiting, then as any refund) or rejects it, or it expires (→ rejected, amount released).
 */
export const REFUND_STATUSES = [
  'awaitingApproval',
  'waiting',
  'refunding',
  'success',
  'failed',
  'rejected',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_TRANSITIONS: Record<RefundStatus, readonly RefundStatus[]> = {
  awaitingApproval: ['waiting', 'rejected'],
  // success straight from waiting: the recovery job asks the brand about a refund interrupted
  // before its state was written as sent, and the brand had refunded it.
  waiting: ['refunding', 'success', 'failed'],
  refunding: ['success', 'failed'],
  success: [],
  failed: [],
  rejected: [],
};
export const canRefundTransition = (from: RefundStatus, to: RefundStatus) =>
  REFUND_TRANSITIONS[from].includes(to);

/** Refunds count against the paid amount unless they failed or were rejected: awaiting approval reserves. */
export const REFUND_COUNTING: readonly RefundStatus[] = [
  'awaitingApproval',
  'waiting',
  'refunding',
  'success',
];

/** A refund awaiting approval is rejected automatically after this many days. */
export const REFUND_APPROVAL_EXPIRY_DAYS = 7;

/** The reject reason the expiry writes (shown translated: `refunds.approval.expired`). */
export const APPROVAL_EXPIRED_REASON = 'EXPIRED';

export const REFUND_MAX_FAILURES = 5;
export const REFUND_LOCK_MINUTES = 30;

/** A refund amount in minor units: an integer above zero. */
export const refundAmount = () => number().required().integer().min(1).max(MAX_MINOR);

/**
 * /pay/refund/refund: the order, the amount (minor units; the whole remainder when
 * fullRefund), the refund password (MD5 uppercase like the login password), a remark, and
 * the client refund number that makes a retry safe (generated when absent).
 */
export const RefundInput = yup
  .object({
    gatewayOrderNo: yup.string().trim().required().max(64),
    refundAmount: refundAmount(),
    fullRefund: yup.boolean().default(false),
    refundPassword: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.pattern') }),
    remark: text(255),
    clientRefundNo: text(64).matches(/^[A-Za-z0-9_-]*$/, { message: message('validation.ascii') }),
  })
  .noUnknown();
export type RefundInput = yup.InferType<typeof RefundInput>;

// The refund history's page and export calls are declared with the list: ./lists/refunds.ts.

export interface RefundRow {
  id: number;
  orderId: number;
  gatewayOrderNo: string;
  clientRefundNo: string;
  gatewayRefundNo: string;
  brandRefundNo: string;
  amount: number;
  currency: string;
  status: RefundStatus;
  fullRefund: boolean;
  remark: string;
  receiptNo: string;
  operatorLoginId: string | null;
  brand: string;
  companyId: number;
  companyName: string;
  /** The brand's or gateway's result code (the console shows what a known one means); '' when none. */
  errorCode: string;
  errorMessage: string;
  /** Why an approver rejected it (APPROVAL_EXPIRED_REASON: it expired); '' otherwise. */
  rejectReason: string;
  createdAt: string;
  finishedAt: string | null;
}

export const RefundId = yup.object({ id: id().required() }).noUnknown();

/** /pay/refund/approve: the approver's own refund password (MD5 uppercase). */
export const RefundApproveInput = yup
  .object({
    gatewayRefundNo: yup.string().trim().required().max(64),
    refundPassword: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.pattern') }),
  })
  .noUnknown();
export type RefundApproveInput = yup.InferType<typeof RefundApproveInput>;

/** /pay/refund/reject: a reason is required; it is shown to the requester. */
export const RefundRejectInput = yup
  .object({
    gatewayRefundNo: yup.string().trim().required().max(64),
    reason: text(255).required(),
  })
  .noUnknown();
export type RefundRejectInput = yup.InferType<typeof RefundRejectInput>;

/** /pay/refund/approvalList: no input; the caller's scope, oldest first. */
export const RefundApprovalListQuery = yup.object({}).noUnknown();

/** A refund awaiting approval as an approver sees it. */
export interface RefundApprovalRow {
  gatewayRefundNo: string;
  gatewayOrderNo: string;
  companyName: string;
  brand: string;
  amount: number;
  currency: string;
  remark: string;
  /** The requester's login id (null: not visible to the caller). */
  requestedBy: string | null;
  /** The caller made the request: they may not decide it. */
  ownRequest: boolean;
  createdAt: string;
  /** When it is rejected automatically. */
  expiresAt: string;
}

/** /pay/refund/approve and /pay/refund/reject reply. */
export interface RefundDecision {
  gatewayRefundNo: string;
  refundStatus: RefundStatus;
  orderStatus: string;
}

/** /org/refundApproval/get|save: a company's approval threshold (null: the platform default). */
export const RefundApprovalSettingQuery = yup.object({ companyId: id().required() }).noUnknown();
export const RefundApprovalSettingSave = yup
  .object({
    companyId: id().required(),
    // Empty: the platform default.
    threshold: number()
      .integer()
      .min(0)
      .max(MAX_MINOR)
      .nullable()
      .default(null)
      .transform((v: number, orig: unknown) => (orig === '' ? null : v)),
  })
  .noUnknown();
export type RefundApprovalSettingSave = yup.InferType<typeof RefundApprovalSettingSave>;
export interface RefundApprovalSetting {
  companyId: number;
  /** The company's own threshold (minor units), or null. */
  threshold: number | null;
  /** The platform default that applies when threshold is null. */
  platformDefault: number;
}

/** /pay/refund/refund: the refund as it stands and its order's status. */
export interface RefundReply {
  gatewayRefundNo: string;
  clientRefundNo: string;
  refundStatus: RefundStatus;
  amount: number;
  currency: string;
  orderStatus: OrderStatus;
  created: boolean;
}

export interface SubmitRefundInput {
  gatewayOrderNo: string;
  refundAmount: number;
  fullRefund: boolean;
  /** As typed; the refunds service hashes it (MD5 uppercase) before sending. */
  refundPassword: string;
  remark: string;
  clientRefundNo: string;
}

/** What the refund approval machine gives the approve call (the password as typed). */
export interface ApproveRefundInput {
  gatewayRefundNo: string;
  /** As typed; the service hashes it (MD5 uppercase) before sending. */
  refundPassword: string;
}

export interface RejectRefundInput {
  gatewayRefundNo: string;
  reason: string;
}
