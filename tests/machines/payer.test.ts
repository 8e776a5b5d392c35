import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { payerMachine, payerTestMap, POLL_LIMIT, POLL_MS, type PayerContext } from '../../src/machines/payer';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { failures, input, pay, payerPaths, ref, views } from './payer.model';

const paths = payerPaths();
const delays = { pollInterval: POLL_MS };

describe('payer paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(payerMachine, input, delays);
      const context = () => run.snapshot.context as PayerContext;
      const can = (event: object) => run.snapshot.can(event as never);
      const lastCall = () => run.calls.at(-1)!;
      const checks: PathChecks = {
        states: {
          loading: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            // The visit's order once there is one, else the link's.
            expect(lastCall()).toEqual({
              actor: 'loadView',
              input: { orderNo: context().following, code: '' },
            });
          },
          invalid: () => {
            expect(run.snapshot.status).toBe('done');
          },
          loadFailed: () => {
            expect(context().loadError).toBe(failures.network.message);
            expect(can({ type: 'RETRY' })).toBe(true);
          },
          'ready.choosing': () => {
            const phase = context().view!.phase;
            // Pay and Cancel only while the payment is open.
            expect(can({ type: 'DECIDE', decision: pay })).toBe(phase === 'payable');
            expect(can({ type: 'AGAIN' })).toBe(phase === 'failed' && context().view!.uses !== null);
          },
          'ready.deciding': () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(lastCall().actor).toBe('decide');
            expect(can({ type: 'DECIDE', decision: pay })).toBe(false);
          },
          'ready.watching': () => {
            expect(run.snapshot.hasTag('waiting')).toBe(true);
            expect(can({ type: 'DECIDE', decision: pay })).toBe(false);
          },
          'ready.asking': () => {
            expect(lastCall()).toEqual({
              actor: 'askAgain',
              input: { orderNo: context().following, code: '' },
            });
          },
          'ready.stale': () => {
            expect(context().polls).toBe(input.pollLimit);
            expect(context().view!.phase).toBe('processing');
            expect(can({ type: 'RETRY' })).toBe(true);
          },
        },
        steps: {
          DECIDE: ({ event, before, run: r, callsBefore }) => {
            if (!before.can(event as never)) {
              // Pay and Cancel are not offered on a payment that is no longer open.
              expect(r.calls.length).toBe(callsBefore);
              expect(before.context.view.phase).not.toBe('payable');
              return;
            }
            expect(lastCall()).toEqual({
              actor: 'decide',
              input: {
                orderNo: (before.context as PayerContext).following,
                code: '',
                decision: event.decision,
              },
            });
            expect(context().error).toBeNull();
          },
          'xstate.error.actor.decide': () => {
            // The refusal is said on the page, which stays open for another try.
            expect(context().error).toBe(failures.unreachable.message);
            expect(context().view!.phase).toBe('payable');
          },
          'xstate.done.actor.decide': ({ event }) => {
            expect(context().view).toBe(event.output);
            expect(context().following).toBe((event.output as { orderNo: string }).orderNo);
          },
          'xstate.done.actor.askAgain': ({ event, before }) => {
            expect(context().view).toBe(event.output);
            expect(context().polls).toBe((before.context as PayerContext).polls + 1);
          },
          AGAIN: ({ before, after }) => {
            if (before.can({ type: 'AGAIN' })) expect(context().following).toBe('');
            // Pay again only for a pre-order whose payment failed.
            else expect(after.context).toBe(before.context);
          },
          RETRY: () => {
            expect(context().error).toBeNull();
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition and guarded branch the machine defines', () => {
    // A link naming no payment is the `opening` choice's other branch (its own model input).
    const linkless = payerPaths({ ref: null });
    expect(linkless.map((p) => p.state.value)).toEqual(['invalid']);
    expect(coveredTransitions(payerMachine, [...paths, ...linkless]).missing).toEqual([]);
  });
});

describe('payer details', () => {
  it('a link that names no payment is invalid at once, without a call', async () => {
    const run = new WorkflowRun(payerMachine, { ref: null }, delays);
    expect(run.snapshot.value).toBe('invalid');
    expect(run.calls).toEqual([]);
  });

  it('a pre-order link naming a failed payment of this visit pays afresh without it', async () => {
    const preOrderRef = { orderNo: views.failedPreOrder.orderNo, code: views.failedPreOrder.number };
    const run = new WorkflowRun(payerMachine, { ref: preOrderRef }, delays);
    expect(run.calls.at(-1)).toEqual({ actor: 'loadView', input: preOrderRef });
    await run.perform({ type: 'xstate.done.actor.loadView', output: views.failedPreOrder });
    await run.perform({ type: 'AGAIN' });
    expect(run.calls.at(-1)).toEqual({ actor: 'loadView', input: { orderNo: '', code: preOrderRef.code } });
  });

  it('a payment the brand is settling when the page opens is watched until it settles', async () => {
    const run = new WorkflowRun(payerMachine, input, delays);
    await run.perform({ type: 'xstate.done.actor.loadView', output: views.settling });
    expect(run.snapshot.matches({ ready: 'watching' })).toBe(true);
    await run.perform({ type: 'xstate.after.pollInterval.payer.ready.watching' });
    await run.perform({ type: 'xstate.done.actor.askAgain', output: views.paid });
    expect(run.snapshot.matches({ ready: 'choosing' })).toBe(true);
    expect((run.snapshot.context as PayerContext).view?.phase).toBe('paid');
  });

  it('an open payment that is only cancelled is not watched; one paid but not yet taken is', async () => {
    const run = new WorkflowRun(payerMachine, input, delays);
    await run.perform({ type: 'xstate.done.actor.loadView', output: views.open });
    await run.perform({ type: 'DECIDE', decision: { ...pay, action: 'cancel' } });
    await run.perform({ type: 'xstate.done.actor.decide', output: views.open });
    expect(run.snapshot.matches({ ready: 'choosing' })).toBe(true);
    await run.perform({ type: 'DECIDE', decision: pay });
    await run.perform({ type: 'xstate.done.actor.decide', output: views.open });
    expect(run.snapshot.matches({ ready: 'watching' })).toBe(true);
  });

  it('the page asks 80 times, every 1.5 s (two minutes), before it says the outcome is not known', async () => {
    const run = new WorkflowRun(payerMachine, { ref }, delays);
    await run.perform({ type: 'xstate.done.actor.loadView', output: views.settling });
    for (let i = 1; i <= POLL_LIMIT; i++) {
      expect(run.snapshot.matches({ ready: 'watching' }), `ask ${i}`).toBe(true);
      await run.perform({ type: 'xstate.after.pollInterval.payer.ready.watching' });
      await run.perform({ type: 'xstate.done.actor.askAgain', output: views.settling });
    }
    expect(POLL_LIMIT * POLL_MS).toBe(120_000);
    expect(run.snapshot.matches({ ready: 'stale' })).toBe(true);
    expect(run.callsOf('askAgain')).toHaveLength(POLL_LIMIT);
  });
});

it('the payer test map describes every state and event', () => {
  expect(Object.keys(payerTestMap.states).sort()).toEqual(stateKeys(payerMachine).sort());
  const handled = new Set(coveredTransitions(payerMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in payerTestMap.events))).toEqual([]);
});
