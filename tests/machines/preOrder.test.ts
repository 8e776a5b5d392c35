import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { preOrderMachine, preOrderTestMap, type PreOrderContext } from '../../src/machines/preOrder';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { created, draft, failures, preOrderPaths } from './preOrder.model';

const VALIDITY = draft.validityHours * 3_600_000;
/** The model's pre-order expires at 02:00Z, two hours (its validity) after "now". */
const CREATED_AT = Date.parse(created(1).expireTime) - VALIDITY;

// Date.now is frozen at the creation (the simulated clock runs the timers): the expiry is the
// server's expireTime less now.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(CREATED_AT);
});
afterAll(() => void vi.useRealTimers());
const link = created(1).payLink;
const paths = preOrderPaths();

describe('pre-order paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(preOrderMachine, undefined, { validity: VALIDITY });
      const context = () => run.snapshot.context as PreOrderContext;
      const can = (type: string) => run.snapshot.can({ type } as never);
      const checks: PathChecks = {
        states: {
          draft: () => {
            expect(context().preOrder).toBeNull();
            expect(can('CREATE')).toBe(true);
            for (const action of ['COPY_LINK', 'DOWNLOAD_QR', 'CLOSE']) expect(can(action)).toBe(false);
          },
          creating: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(run.calls.at(-1)).toEqual({ actor: 'createPreOrder', input: draft });
          },
          created: () => {
            expect(context().preOrder?.payLink).toBe(link);
            // Behind the (modal) confirmation the link's buttons wait.
            const confirming = run.snapshot.matches({ created: 'confirmingClose' });
            expect(can('COPY_LINK')).toBe(!confirming);
            expect(can('DOWNLOAD_QR')).toBe(!confirming);
            expect(context().usedTimes).toBeLessThan(context().preOrder!.useTimes);
          },
          'created.open': () => {
            expect(can('CLOSE')).toBe(true);
          },
          'created.confirmingClose': () => {
            expect(can('CONFIRM_CLOSE')).toBe(true);
            expect(can('CANCEL_CLOSE')).toBe(true);
            expect(can('CLOSE')).toBe(false);
          },
          'created.closing': () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(can('CLOSE')).toBe(false);
            expect(run.calls.at(-1)).toEqual({
              actor: 'closePreOrder',
              input: { gatewayPayNo: 'P20261122000001' },
            });
          },
          used: () => {
            expect(context().usedTimes).toBe(context().preOrder!.useTimes);
          },
        },
        steps: {
          'xstate.error.actor.createPreOrder': () => {
            expect(context().error).toBe(failures.createRefused.message);
          },
          'xstate.error.actor.closePreOrder': () => {
            expect(context().error).toBe(failures.closeRefused.message);
          },
          CLOSE: ({ run: r, callsBefore }) => {
            // Only a confirmation: nothing is sent until the user confirms.
            expect(r.calls).toHaveLength(callsBefore);
          },
          COPY_LINK: ({ emitted }) => {
            expect(emitted).toEqual([{ type: 'copyLink', link }]);
          },
          DOWNLOAD_QR: ({ emitted }) => {
            expect(emitted).toEqual([{ type: 'downloadQr', link, fileName: 'P20261122000001.png' }]);
          },
          USED: ({ before, after }) => {
            expect((after.context as PreOrderContext).usedTimes).toBe(
              (before.context as PreOrderContext).usedTimes + 1,
            );
          },
        },
      };
      // Once a pre-order has ended, none of the link's actions is offered.
      for (const end of ['used', 'expired', 'closed']) {
        const own = checks.states[end];
        checks.states[end] = (r) => {
          own?.(r);
          for (const action of ['COPY_LINK', 'DOWNLOAD_QR', 'CLOSE', 'USED', 'CREATE']) {
            expect(r.snapshot.can({ type: action } as never), `${action} in ${end}`).toBe(false);
          }
          expect(r.snapshot.can({ type: 'NEW' } as never)).toBe(true);
        };
      }
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(preOrderMachine, paths).missing).toEqual([]);
  });
});

it('expires at the server’s expireTime, not the validity hours from when the reply came', async () => {
  const run = new WorkflowRun(preOrderMachine, undefined, { validity: VALIDITY });
  await run.perform({ type: 'CREATE', draft });
  // The reply came a minute after the server created it: a minute less to wait.
  vi.setSystemTime(CREATED_AT + 60_000);
  await run.perform({ type: 'xstate.done.actor.createPreOrder', output: created(2) });
  vi.setSystemTime(CREATED_AT);
  run.clock.increment(VALIDITY / 2);
  await run.perform({ type: 'CLOSE' });
  await run.perform({ type: 'CONFIRM_CLOSE' });
  await run.perform({ type: 'xstate.error.actor.closePreOrder', error: failures.closeRefused });
  run.clock.increment(VALIDITY / 2 - 60_000 - 1);
  expect(run.snapshot.matches('created')).toBe(true);
  run.clock.increment(1);
  expect(run.snapshot.value).toBe('expired');
});

it('the pre-order test map describes every state and event', () => {
  expect(Object.keys(preOrderTestMap.states).sort()).toEqual(stateKeys(preOrderMachine).sort());
  const handled = new Set(coveredTransitions(preOrderMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in preOrderTestMap.events))).toEqual([]);
});
