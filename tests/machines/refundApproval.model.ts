import { refundApprovalMachine, type RefundApprovalInput } from '../../src/machines/refundApproval';
import { coveringWalks } from './coveringWalks';
import { workflowModel, type ModelEvent } from './harness';
import { refundPasswordFailures } from './refundPassword.fixtures';

/** The refund approval test model: one refund awaiting approval. */

export const input: RefundApprovalInput = {
  gatewayRefundNo: 'RF20261122000001',
  returnTo: '/history/refundApproval',
};

export const password = 'approver-secret';
export const reason = '金額を顧客に確認してください';

export const decision = (refundStatus: string) => ({
  label: refundStatus,
  gatewayRefundNo: input.gatewayRefundNo,
  refundStatus,
  orderStatus: refundStatus === 'rejected' ? 'success' : 'refunded',
});

export const failures = {
  ...refundPasswordFailures(4),
  alreadyDecided: {
    label: 'already decided',
    resultType: 'FAIL',
    message: 'This refund was already approved or rejected, or it expired',
  },
};

export const refundApprovalEvents: ModelEvent[] = [
  { type: 'APPROVE' },
  { type: 'REJECT' },
  { type: 'CHANGE_REASON', label: 'reason', reason },
  { type: 'CHANGE_REASON', label: 'blank', reason: '  ' },
  { type: 'SUBMIT', label: 'password', password },
  { type: 'SUBMIT_REASON' },
  { type: 'RETRY' },
  { type: 'BACK' },
  { type: 'CHANGE_PASSWORD' },
  { type: 'PASSWORD_CHANGED' },
  { type: 'xstate.done.actor.approveRefund', output: decision('success') },
  ...Object.values(failures).map((error) => ({ type: 'xstate.error.actor.approveRefund', error })),
  { type: 'xstate.done.actor.rejectRefund', output: decision('rejected') },
  { type: 'xstate.error.actor.rejectRefund', error: failures.alreadyDecided },
];

/** An approver whose refund password an administrator reset (the session knows it). */
export const mustChangeInput: RefundApprovalInput = { ...input, mustChangePassword: true };

export function refundApprovalPaths(start: RefundApprovalInput = input) {
  return workflowModel(refundApprovalMachine, {
    input: start,
    events: refundApprovalEvents,
    serializeContext: (c: { reason: string; mustChangePassword: boolean }) => ({
      reason: c.reason.trim() !== '',
      mustChange: c.mustChangePassword,
    }),
    // Once the password is changed the approval goes on as anyone's, and a rejection asks for no
    // password: from there on the paths are the first start's.
    stopWhen: start.mustChangePassword
      ? (s) => s.matches({ approving: 'enteringPassword' }) || s.matches('rejecting')
      : undefined,
  }).getShortestPaths();
}

export const mustChangePaths = () => refundApprovalPaths(mustChangeInput);

/**
 * The approval dialog's walks in Chromium (refundApproval.spec.ts): a covering set of both
 * starts' generated paths. Nothing is pinned: every transition is the approver's click or the
 * server's answer to a world set up through the API.
 */
export const refundApprovalWalks = coveringWalks(refundApprovalMachine, {
  start: refundApprovalPaths(),
  mustChange: mustChangePaths(),
});
