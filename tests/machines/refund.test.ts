import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  amountProblem,
  refundMachine,
  refundTestMap,
  rejectionOf,
  type RefundContext,
} from '../../src/machines/refund';
import {
  apiErrorOf,
  coveredTransitions,
  namePaths,
  stateKeys,
  walk,
  WorkflowRun,
  type PathChecks,
} from './harness';
import { failures, input, mustChangeInput, mustChangePaths, password, refundPaths } from './refund.model';

const SYNC_DELAY = 5_000;
const paths = refundPaths();
const mustChange = mustChangePaths();

for (const [title, start, generated] of [
  ['refund paths', input, paths],
  ['refund paths of a user who must change the refund password', mustChangeInput, mustChange],
] as const) {
  describe(title, () => {
    for (const { name, path } of namePaths(generated)) {
      it(name, async () => {
        // In the actor system beside the session, which the refund tells where to come back.
        const run = new WorkflowRun(refundMachine, start, { syncDelay: SYNC_DELAY }, { peers: ['session'] });
        const context = () => run.snapshot.context as RefundContext;
        const checks: PathChecks = {
          states: {
            editing: () => {
              expect(context().rejection).toBeNull();
              expect(context().amount ?? 0).toBeLessThanOrEqual(1001);
              // Full refund and the whole remainder go together, either way.
              expect(context().fullRefund).toBe(context().amount === input.refundableAmount);
            },
            enteringPassword: () => {
              // Only an amount the order can refund reaches the password step.
              expect(context().amount).toBeGreaterThanOrEqual(1);
              expect(context().amount).toBeLessThanOrEqual(input.refundableAmount);
            },
            submitting: () => {
              expect(run.snapshot.hasTag('busy')).toBe(true);
              expect(run.calls.at(-1)).toEqual({
                actor: 'submitRefund',
                input: {
                  gatewayOrderNo: input.gatewayOrderNo,
                  refundAmount: context().amount,
                  fullRefund: context().fullRefund,
                  refundPassword: password,
                  remark: '',
                  clientRefundNo: input.clientRefundNo,
                },
              });
              expect(context().rejection).toBeNull();
              expect(context().error).toBeNull();
            },
            'rejected.overRemainder': () => {
              expect(context().rejection).toEqual({
                reason: 'overRemainder',
                message: failures.overRemainder.message,
              });
            },
            'rejected.wrongPassword': () => {
              expect(context().rejection).toEqual({
                reason: 'wrongPassword',
                message: failures.wrongPassword.message,
                triesLeft: 3,
              });
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(true);
            },
            'rejected.locked': () => {
              expect(context().rejection).toEqual({
                reason: 'locked',
                message: failures.locked.message,
                lockedUntil: failures.locked.result.lockedUntil,
              });
              // Locked: no retry, no edit; the dialog only closes.
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(false);
              expect(run.snapshot.can({ type: 'EDIT' })).toBe(false);
            },
            'rejected.passwordReset': () => {
              expect(context().rejection).toEqual({
                reason: 'passwordReset',
                // Known from the session at the start: no server words.
                message: start.mustChangePassword ? '' : failures.passwordReset.message,
              });
              expect(run.snapshot.can({ type: 'CHANGE_PASSWORD' })).toBe(true);
              // No retry with the old password, no edit: change it first (the dialog links there).
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(false);
              expect(run.snapshot.can({ type: 'EDIT' })).toBe(false);
            },
            awaitingPasswordChange: () => {
              // Kept by the root while the user is on the change screen; no refund call meanwhile.
              expect(run.snapshot.hasTag('awaitsPasswordChange')).toBe(true);
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(false);
              expect(run.snapshot.can({ type: 'EDIT' })).toBe(false);
              expect(run.received).toEqual([]);
            },
            failed: () => {
              expect(context().error).toBe(failures.brand.message);
              expect(context().rejection).toBeNull();
            },
            succeeded: () => {
              expect(context().refund?.gatewayRefundNo).toBe('R20261122000001');
              expect(run.callsOf('submitRefund')).toHaveLength(1);
            },
            'succeeded.refunding': () => {
              expect(run.snapshot.hasTag('following')).toBe(true);
              expect(context().refundStatus).toBe('refunding');
            },
            'succeeded.syncing': () => {
              expect(run.calls.at(-1)).toEqual({
                actor: 'syncOrder',
                input: { gatewayOrderNo: input.gatewayOrderNo },
              });
            },
            'succeeded.sentForApproval': () => {
              expect(context().refundStatus).toBe('awaitingApproval');
              // Nothing to follow: the brand is not asked until another user approves.
              expect(run.snapshot.hasTag('following')).toBe(false);
              expect(run.snapshot.can({ type: 'RETRY' })).toBe(false);
              expect(run.snapshot.can({ type: 'EDIT' })).toBe(false);
              expect(run.callsOf('syncOrder')).toHaveLength(0);
              expect(run.emitted.filter((e) => e.type === 'refundSettled')).toEqual([]);
            },
            'succeeded.success': () => {
              expect(context().refundStatus).toBe('success');
              expect(run.snapshot.hasTag('following')).toBe(false);
              expect(run.emitted.filter((e) => e.type === 'refundSettled')).toEqual([
                { type: 'refundSettled', status: 'success' },
              ]);
            },
            'succeeded.failed': () => {
              expect(context().refundStatus).toBe('failed');
              expect(run.emitted.filter((e) => e.type === 'refundSettled')).toEqual([
                { type: 'refundSettled', status: 'failed' },
              ]);
            },
          },
          steps: {
            PASSWORD_CHANGED: () => {
              // Back at the password step with the same amount; the logged-out session will
              // bring the user back to the order after the next login.
              expect(context().mustChangePassword).toBe(false);
              expect(context().rejection).toBeNull();
              expect(run.received).toEqual([
                { to: 'session', event: { type: 'SET_REDIRECT', redirect: input.returnTo } },
              ]);
            },
            'xstate.done.actor.submitRefund': ({ emitted, event }) => {
              expect(emitted[0]).toEqual({ type: 'refundCreated', refund: event.output });
            },
            'xstate.error.actor.submitRefund': ({ emitted }) => {
              expect(emitted).toEqual([]);
            },
          },
        };
        await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      });
    }
  });
}

it('the generated paths take every transition and guarded branch the machine defines', () => {
  const coverage = coveredTransitions(refundMachine, [...paths, ...mustChange]);
  expect(coverage.missing).toEqual([]);
  expect(coverage.branches).toContain('opening always #1(mustChangePassword)');
});

describe('refund details', () => {
  it('keeps full refund and the amount in step: the remainder it opens with is a full refund, any other amount is not', async () => {
    const run = new WorkflowRun(refundMachine, input, { syncDelay: SYNC_DELAY });
    const form = () => {
      const c = run.snapshot.context as RefundContext;
      return { amount: c.amount, fullRefund: c.fullRefund };
    };
    expect(form()).toEqual({ amount: 1000, fullRefund: true });
    await run.perform({ type: 'CHANGE', values: { amount: 400 } });
    expect(form()).toEqual({ amount: 400, fullRefund: false });
    // Typing the whole remainder ticks it again.
    await run.perform({ type: 'CHANGE', values: { amount: 1000 } });
    expect(form()).toEqual({ amount: 1000, fullRefund: true });
    // Unticked: the amount is cleared for one to be typed; nothing to go on with yet.
    await run.perform({ type: 'CHANGE', values: { fullRefund: false } });
    expect(form()).toEqual({ amount: null, fullRefund: false });
    expect(amountProblem(run.snapshot.context as RefundContext)).toBe('missing');
    expect(run.snapshot.can({ type: 'CONTINUE' })).toBe(false);
    await run.perform({ type: 'CHANGE', values: { amount: 250 } });
    await run.perform({ type: 'CHANGE', values: { fullRefund: false } });
    expect(form()).toEqual({ amount: 250, fullRefund: false });
    await run.perform({ type: 'CHANGE', values: { fullRefund: true } });
    expect(form()).toEqual({ amount: 1000, fullRefund: true });
    await run.perform({ type: 'CHANGE', values: { remark: 'damaged' } });
    expect(form()).toEqual({ amount: 1000, fullRefund: true });
    await run.perform({ type: 'CONTINUE' });
    await run.perform({ type: 'SUBMIT', password });
    expect(run.callsOf('submitRefund')[0]).toMatchObject({
      refundAmount: 1000,
      fullRefund: true,
      remark: 'damaged',
    });
  });

  it('keeps asking the brand every syncDelay until the refund settles', async () => {
    const run = new WorkflowRun(refundMachine, input, { syncDelay: SYNC_DELAY });
    await run.perform({ type: 'CONTINUE' });
    await run.perform({ type: 'SUBMIT', password });
    await run.perform({
      type: 'xstate.done.actor.submitRefund',
      output: { gatewayRefundNo: 'R1', refundStatus: 'waiting' },
    });
    for (const status of ['waiting', 'refunding']) {
      await run.perform({ type: 'xstate.after.syncDelay.refund.succeeded.refunding' });
      await run.perform({
        type: 'xstate.done.actor.syncOrder',
        output: { refunds: [{ gatewayRefundNo: 'R1', status }] },
      });
      expect(run.snapshot.matches({ succeeded: 'refunding' })).toBe(true);
    }
    await run.perform({ type: 'xstate.after.syncDelay.refund.succeeded.refunding' });
    await run.perform({
      type: 'xstate.done.actor.syncOrder',
      output: { refunds: [{ gatewayRefundNo: 'R1', status: 'success' }] },
    });
    expect(run.snapshot.matches({ succeeded: 'success' })).toBe(true);
    expect(run.callsOf('syncOrder')).toHaveLength(3);
    // Settled: no more polling.
    run.clock.increment(SYNC_DELAY * 10);
    expect(run.callsOf('syncOrder')).toHaveLength(3);
  });

  it('a retry after a failure sends the same client refund number (idempotent)', async () => {
    const run = new WorkflowRun(refundMachine, input, { syncDelay: SYNC_DELAY });
    await run.perform({ type: 'CONTINUE' });
    await run.perform({ type: 'SUBMIT', password });
    await run.perform({ type: 'xstate.error.actor.submitRefund', error: failures.brand });
    await run.perform({ type: 'RETRY' });
    await run.perform({ type: 'SUBMIT', password });
    const sent = run.callsOf('submitRefund') as { clientRefundNo: string }[];
    expect(sent.map((s) => s.clientRefundNo)).toEqual([input.clientRefundNo, input.clientRefundNo]);
  });

  it('classifies the server’s refusals', () => {
    expect(rejectionOf(apiErrorOf(failures.locked))?.reason).toBe('locked');
    expect(rejectionOf(apiErrorOf(failures.wrongPassword))?.reason).toBe('wrongPassword');
    expect(rejectionOf(apiErrorOf({ resultType: 'FAIL', message: 'x', result: { left: 2 } }))).toEqual({
      reason: 'wrongPassword',
      message: 'x',
      triesLeft: 2,
    });
    expect(rejectionOf(apiErrorOf(failures.overRemainder))?.reason).toBe('overRemainder');
    expect(rejectionOf(apiErrorOf(failures.passwordReset))?.reason).toBe('passwordReset');
    expect(rejectionOf(apiErrorOf(failures.brand))).toBeNull();
    expect(rejectionOf(new Error('network down'))).toBeNull();
  });
});

it('the refund test map describes every state and event', () => {
  expect(Object.keys(refundTestMap.states).sort()).toEqual(stateKeys(refundMachine).sort());
  const handled = new Set(coveredTransitions(refundMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in refundTestMap.events))).toEqual([]);
});
