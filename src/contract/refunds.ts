import { yup, message, MD5_HEX, number } from './validation';
import { dateRange, pageFields, RANGE_DAYS_DEFAULT } from './paging';
import { id, optionalId, text } from './fields';
import { MAX_MINOR } from './money';
import { PAY_BRANDS } from './brands';

/** Refund statuses of spec point 4 (labels: `payments.refundStatus.<code>`). */
export const REFUND_STATUSES = ['waiting', 'refunding', 'success', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_TRANSITIONS: Record<RefundStatus, readonly RefundStatus[]> = {
  waiting: ['refunding', 'failed'],
  refunding: ['success', 'failed'],
  success: [],
  failed: [],
};
export const canRefundTransition = (from: RefundStatus, to: RefundStatus) =>
  REFUND_TRANSITIONS[from].includes(to);

/** Refunds count against the paid amount unless they failed. */
export const REFUND_COUNTING: readonly RefundStatus[] = ['waiting', 'refunding', 'success'];

/**
 * Who may refund (within their scope): the system roles, a provider's admin, a company's
 * admin and operator. Provider operators and agencies only read.
 */
export const REFUND_ROLES: readonly number[] = [0, 10, 15, 20, 30];

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

export const RefundPageQuery = yup
  .object({
    ...pageFields,
    ...dateRange(RANGE_DAYS_DEFAULT),
    status: yup
      .string()
      .oneOf(['', ...REFUND_STATUSES])
      .default(''),
    brand: yup
      .string()
      .oneOf(['', ...PAY_BRANDS])
      .default(''),
    companyId: optionalId(),
    branchUnitId: optionalId(),
    /** Any of the refund numbers or the order's gateway order number. */
    refundNo: text(64),
  })
  .noUnknown();
export type RefundPageQuery = yup.InferType<typeof RefundPageQuery>;
export const REFUND_SORT_FIELDS = ['createdAt', 'finishedAt', 'amount', 'status'] as const;

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
  errorMessage: string;
  createdAt: string;
  finishedAt: string | null;
}

export const RefundId = yup.object({ id: id().required() }).noUnknown();
