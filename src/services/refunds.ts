import { refundsCalls } from '../contract/calls/refunds';
import { fromPromise } from 'xstate';
import type { OrderDetail } from '../contract/orders';
import type {
  ApproveRefundInput,
  RefundApprovalSettingSave,
  RefundDecision,
  RefundReply,
  RejectRefundInput,
  SubmitRefundInput,
} from '../contract/refunds';
import { api } from './api';
import { hashPassword } from './auth';
import { newRetryKey } from './keys';
import { syncOrder } from './orders';

/** /pay/refund/refund and /history/refundInfo/* (docs/api.md). */
type Query = Record<string, unknown>;

export const pageRefunds = (query: Query) => api.call(refundsCalls.page, query);

/**
 * One refund. The refund password leaves the browser hashed like the login password (MD5,
 * uppercase). Silent: the refund machine shows why a refund was refused or failed.
 */
export const submitRefund = (input: SubmitRefundInput) =>
  api.call(
    refundsCalls.refund,
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
export const newClientRefundNo = (): string => newRetryKey('C', 12);

/** The refund machine's services (`refundMachine.provide({ actors: refundActors })`). */
export const refundActors = {
  submitRefund: fromPromise<RefundReply, SubmitRefundInput>(({ input }) => submitRefund(input)),
  syncOrder: fromPromise<OrderDetail, { gatewayOrderNo: string }>(async ({ input }) => {
    const { result } = await syncOrder(input.gatewayOrderNo, { silent: true });
    return result;
  }),
};

/** Maker-checker (docs/api.md, "Refund approval"): refunds awaiting approval in the caller's scope. */
export const approvalList = () => api.call(refundsCalls.approvalList, {});

/** Silent: the approval machine shows why an approval or rejection was refused. */
export const approveRefund = (input: ApproveRefundInput) =>
  api.call(
    refundsCalls.approve,
    { gatewayRefundNo: input.gatewayRefundNo, refundPassword: hashPassword(input.refundPassword) },
    { silent: true },
  );

export const rejectRefund = (input: RejectRefundInput) =>
  api.call(refundsCalls.reject, input, { silent: true });

/** The refund approval machine's services. */
export const refundApprovalActors = {
  approveRefund: fromPromise<RefundDecision, ApproveRefundInput>(({ input }) => approveRefund(input)),
  rejectRefund: fromPromise<RefundDecision, RejectRefundInput>(({ input }) => rejectRefund(input)),
};

/** A company's approval threshold (company settings). */
export const getRefundApprovalSetting = (companyId: number) =>
  api.call(refundsCalls.approvalSettingGet, { companyId }, { silent: true });

export const saveRefundApprovalSetting = (input: RefundApprovalSettingSave) =>
  api.call(refundsCalls.approvalSettingSave, input, { silent: true });
