import { refundPasswordResetMachine, type ResetAccount } from '../../src/machines/refundPasswordReset';
import { workflowModel, type ModelEvent } from './harness';

/** The refund-password reset's test model: one account, reset or refused. */

export const account: ResetAccount = { id: 42, loginId: 'co-clerk', userName: 'Clerk' };

export const replies = { reset: { label: 'new password', id: 42, password: 'Rf-8hQ2-zT4x' } };

export const failures = {
  notFound: { label: 'refused', resultType: 'FAIL', message: 'No such account' },
};

export const refundPasswordResetEvents: ModelEvent[] = [
  { type: 'ASK', account },
  { type: 'xstate.done.actor.resetRefundPassword', output: replies.reset },
  { type: 'xstate.error.actor.resetRefundPassword', error: failures.notFound },
];

export function refundPasswordResetPaths() {
  return workflowModel(refundPasswordResetMachine, {
    input: undefined,
    events: refundPasswordResetEvents,
    serializeContext: (c: { account: unknown; password: string | null; error: string | null }) => ({
      account: c.account !== null,
      password: c.password !== null,
      error: c.error !== null,
    }),
  }).getShortestPaths();
}
