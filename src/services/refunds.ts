import { fromPromise } from 'xstate';
import type { Page } from '../contract/envelope';
import type { OrderDetail } from '../contract/orders';
import type {
  ApproveRefundInput,
  RefundApprovalRow,
  RefundApprovalSetting,
  RefundApprovalSettingSave,
  RefundDecision,
  RefundReply,
  RefundRow,
  RejectRefundInput,
  SubmitRefundInput,
} from '../contract/refunds';
import { api } from './api';
import { hashPassword } from './auth';
import { syncOrder } from './orders';

/** /pay/refund/refund and /history/refundInfo/* (docs/api.md). */
type Query = Record<string, unknown>;

export const pageRefunds = (query: Query) => api.call<Page<RefundRow>>('/history/refundInfo/page', query);

/**
 * One refund. The refund password leaves the browser hashed like the login password (MD5,
 * uppercase). Silent: the refund machine shows why a refund was refused or failed.
 */
export const submitRefund = (input: SubmitRefundInput) =>
  api.call<RefundReply>(
    '/pay/refund/refund',
    {
      gatewayOrderNo: input.gatewayOrderNo,
      refundAmount: input.refundAmount,
      fullRefund: input.fullRefund,
      refundPassword: hashPassword(input.refundPassword),
      remark: input.remark,
      clientRefundNo: input.clientRefundNo,
    },
    { silent: true },
  );

/** A client refund number for one refund dialog: a retry of the same dialog is the same refund. */
export function newClientRefundNo(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `C${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const REFUND_EXPORT_PATHS = {
  excel: '/history/refundInfo/exportExcel',
  csv: '/history/refundInfo/exportCSVFile',
} as const;

/** The refund machine's services (`refundMachine.provide({ actors: refundActors })`). */
export const refundActors = {
  submitRefund: fromPromise<RefundReply, SubmitRefundInput>(({ input }) => submitRefund(input)),
  syncOrder: fromPromise<OrderDetail, { gatewayOrderNo: string }>(async ({ input }) => {
    const { result } = await syncOrder(input.gatewayOrderNo, { silent: true });
    return result;
  }),
};

/** Maker-checker (docs/api.md, "Refund approval"): refunds awaiting approval in the caller's scope. */
export const approvalList = () => api.call<RefundApprovalRow[]>('/pay/refund/approvalList', {});

/** Silent: the approval machine shows why an approval or rejection was refused. */
export const approveRefund = (input: ApproveRefundInput) =>
  api.call<RefundDecision>(
    '/pay/refund/approve',
    { gatewayRefundNo: input.gatewayRefundNo, refundPassword: hashPassword(input.refundPassword) },
    { silent: true },
  );

export const rejectRefund = (input: RejectRefundInput) =>
  api.call<RefundDecision>('/pay/refund/reject', input, { silent: true });

/** The refund approval machine's services. */
export const refundApprovalActors = {
  approveRefund: fromPromise<RefundDecision, ApproveRefundInput>(({ input }) => approveRefund(input)),
  rejectRefund: fromPromise<RefundDecision, RejectRefundInput>(({ input }) => rejectRefund(input)),
};

/** A company's approval threshold (company settings). */
export const getRefundApprovalSetting = (companyId: number) =>
  api.call<RefundApprovalSetting>('/org/refundApproval/get', { companyId }, { silent: true });

export const saveRefundApprovalSetting = (input: RefundApprovalSettingSave) =>
  api.call<RefundApprovalSetting>('/org/refundApproval/save', input, { silent: true });
