import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  refundPasswordResetMachine,
  refundPasswordResetTestMap,
  type RefundPasswordResetContext,
} from '../../src/machines/refundPasswordReset';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { account, failures, refundPasswordResetPaths, replies } from './refundPasswordReset.model';

const paths = refundPasswordResetPaths();

describe('refund password reset paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(refundPasswordResetMachine, undefined, {});
      const context = () => run.snapshot.context as RefundPasswordResetContext;
      const can = (type: string) => run.snapshot.can({ type } as never);
      const checks: PathChecks = {
        states: {
          idle: () => {
            // Nothing asked, and no password kept once the dialog has closed.
            expect(context()).toEqual({ account: null, password: null, error: null });
          },
          confirming: () => {
            expect(context().account).toEqual(account);
            expect(can('CONFIRM')).toBe(true);
            expect(can('CANCEL')).toBe(true);
          },
          resetting: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(can('CANCEL')).toBe(false);
            expect(run.calls.at(-1)).toEqual({ actor: 'resetRefundPassword', input: { id: account.id } });
          },
          failed: () => {
            expect(context().error).toBe(failures.notFound.message);
            expect(context().password).toBeNull();
            expect(can('CONFIRM')).toBe(true);
          },
          shown: () => {
            expect(context().password).toBe(replies.reset.password);
            expect(can('DISMISS')).toBe(true);
            expect(can('CONFIRM')).toBe(false);
          },
        },
        steps: {
          'xstate.done.actor.resetRefundPassword': ({ emitted }) => {
            // The list reloads (the account now must change it).
            expect(emitted).toEqual([{ type: 'reset' }]);
          },
          'xstate.error.actor.resetRefundPassword': ({ emitted }) => {
            expect(emitted).toEqual([]);
          },
          CONFIRM: ({ run: r, callsBefore }) => {
            expect(r.calls).toHaveLength(callsBefore + 1);
          },
          CANCEL: ({ run: r, callsBefore }) => {
            expect(r.calls).toHaveLength(callsBefore);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(refundPasswordResetMachine, paths).missing).toEqual([]);
  });
});

it('the refund password reset test map describes every state and event', () => {
  expect(Object.keys(refundPasswordResetTestMap.states).sort()).toEqual(
    stateKeys(refundPasswordResetMachine).sort(),
  );
  const handled = new Set(
    coveredTransitions(refundPasswordResetMachine, []).defined.map((d) => d.split(' ')[1]),
  );
  expect([...handled].filter((e) => !(e in refundPasswordResetTestMap.events))).toEqual([]);
});
