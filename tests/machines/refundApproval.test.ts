import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  refundApprovalMachine,
  refundApprovalTestMap,
  type RefundApprovalContext,
} from '../../src/machines/refundApproval';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import {
  failures,
  input,
  mustChangeInput,
  mustChangePaths,
  password,
  reason,
  refundApprovalPaths,
} from './refundApproval.model';

const paths = refundApprovalPaths();
const mustChange = mustChangePaths();

for (const [title, start, generated] of [
  ['refund approval paths', input, paths],
  ['refund approval paths of an approver who must change the refund password', mustChangeInput, mustChange],
] as const) {
  describe(title, () => {
    for (const { name, path } of namePaths(generated)) {
      it(name, async () => {
        // In the actor system beside the session (the way back after a refund-password change).
        const run = new WorkflowRun(refundApprovalMachine, start, {}, { peers: ['session'] });
        const context = () => run.snapshot.context as RefundApprovalContext;
        const checks: PathChecks = {
          states: {
            choosing: () => {
              expect(context().rejection).toBeNull();
              expect(context().error).toBeNull();
              expect(run.snapshot.can({ type: 'APPROVE' })).toBe(true);
              expect(run.snapshot.can({ type: 'REJECT' })).toBe(true);
            },
            'approving.enteringPassword': () => {
              expect(run.snapshot.can({ type: 'SUBMIT', password })).toBe(true);
            },
            'approving.submitting': () => {
              expect(run.snapshot.hasTag('busy')).toBe(true);
              expect(run.calls.at(-1)).toEqual({
                actor: 'approveRefund',
                input: { gatewayRefundNo: input.gatewayRefundNo, refundPassword: password },
              });
            },
            'approving.wrongPassword': () => {
              expect(context().rejection).toEqual({
                reason: 'wrongPassword',
                message: failures.wrongPassword.message,
                triesLeft: 4,
              });
            },
            'rejecting.enteringReason': () => {
              // Reject is offered only with a reason the requester can read.
              expect(run.snapshot.can({ type: 'SUBMIT_REASON' })).toBe(context().reason.trim() !== '');
            },
            'rejecting.submitting': () => {
              expect(run.snapshot.hasTag('busy')).toBe(true);
              expect(run.calls.at(-1)).toEqual({
                actor: 'rejectRefund',
                input: { gatewayRefundNo: input.gatewayRefundNo, reason },
              });
            },
            'refused.locked': () => {
              expect(context().rejection?.reason).toBe('locked');
              expect(run.snapshot.can({ type: 'BACK' })).toBe(false);
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(false);
            },
            'refused.passwordReset': () => {
              expect(context().rejection?.reason).toBe('passwordReset');
              // Known from the session: no call was made for a refusal the server would give.
              if (start.mustChangePassword) expect(run.callsOf('approveRefund')).toHaveLength(0);
              expect(run.snapshot.can({ type: 'BACK' })).toBe(false);
              // The way out is the change screen, not a retry that cannot succeed.
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(false);
              expect(run.snapshot.can({ type: 'CHANGE_PASSWORD' })).toBe(true);
            },
            awaitingPasswordChange: () => {
              // It outlives the list while the user changes the password (the root keeps it).
              expect(run.snapshot.hasTag('awaitsPasswordChange')).toBe(true);
              expect(run.snapshot.can({ type: 'APPROVE' })).toBe(false);
              expect(run.received).toEqual([]);
            },
            failed: () => {
              expect(context().error).toBe(failures.alreadyDecided.message);
              expect(run.emitted).toEqual([]);
            },
            approved: () => {
              expect(context().decision?.refundStatus).toBe('success');
              expect(run.emitted).toEqual([{ type: 'decided', decision: context().decision }]);
              expect(run.callsOf('approveRefund')).toHaveLength(1);
              expect(run.callsOf('rejectRefund')).toHaveLength(0);
            },
            rejected: () => {
              expect(context().decision?.refundStatus).toBe('rejected');
              expect(run.emitted).toEqual([{ type: 'decided', decision: context().decision }]);
              expect(run.callsOf('approveRefund')).toHaveLength(0);
            },
          },
          steps: {
            PASSWORD_CHANGED: () => {
              // Back at the approval's password step, the refusal gone; the next login comes back here.
              expect(run.snapshot.matches({ approving: 'enteringPassword' })).toBe(true);
              expect(context().rejection).toBeNull();
              expect(context().mustChangePassword).toBe(false);
              expect(run.received).toEqual([
                { to: 'session', event: { type: 'SET_REDIRECT', redirect: input.returnTo } },
              ]);
            },
          },
        };
        await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      });
    }
  });
}

it('the generated paths take every transition and guarded branch the machine defines', () => {
  const coverage = coveredTransitions(refundApprovalMachine, [...paths, ...mustChange]);
  expect(coverage.missing).toEqual([]);
  expect(coverage.covered).toContain('choosing APPROVE #1(mustChangePassword)');
});

it('the refund approval test map describes every state and event', () => {
  expect(Object.keys(refundApprovalTestMap.states).sort()).toEqual(stateKeys(refundApprovalMachine).sort());
  const handled = new Set(coveredTransitions(refundApprovalMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in refundApprovalTestMap.events))).toEqual([]);
});
