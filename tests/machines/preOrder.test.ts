import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { preOrderMachine, preOrderTestMap, type PreOrderContext } from '../../src/machines/preOrder';
import type { CreatedPreOrder, LinkDraft, PreOrderUses } from '../../src/contract/preorders';
import type { ReadUsesInput } from '../../src/machines/preOrderWatch';
import { REFRESH_MS, preOrderWatchMachine } from '../../src/machines/preOrderWatch';
import {
  coveredTransitions,
  flush,
  namePaths,
  stateKeys,
  walk,
  WorkflowRun,
  type PathChecks,
} from './harness';
import { created, draft, failures, preOrderPaths, record } from './preOrder.model';

const VALIDITY = draft.kind === 'preOrder' ? draft.request.validityHours * 3_600_000 : 0;
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
      const run = new WorkflowRun(preOrderMachine, { kind: 'preOrder' }, { validity: VALIDITY });
      const context = () => run.snapshot.context as PreOrderContext;
      const can = (type: string) => run.snapshot.can({ type } as never);
      /**
       * The watcher reads this pre-order's row, counting from the uses seen when it started (it
       * keeps its own count of the uses it reports itself).
       */
      const watching = () => {
        expect(run.snapshot.children.watchPreOrder).toBeDefined();
        const input = run.callsOf('watchPreOrder').at(-1) as { gatewayPayNo: string; seen: number };
        expect(input.gatewayPayNo).toBe('P20261122000001');
        expect(input.seen).toBeLessThanOrEqual(context().usedTimes);
      };
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
            watching();
          },
          'created.confirmingClose': () => {
            // A payment may still come while the user decides: the row is still read.
            watching();
            expect(can('CONFIRM_CLOSE')).toBe(true);
            expect(can('CANCEL_CLOSE')).toBe(true);
            expect(can('CLOSE')).toBe(false);
          },
          'created.closing': () => {
            expect(run.snapshot.children.watchPreOrder).toBeUndefined();
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(can('CLOSE')).toBe(false);
            expect(run.calls.at(-1)).toEqual({
              actor: 'closePreOrder',
              input: { kind: 'preOrder', gatewayPayNo: 'P20261122000001' },
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
            // Only a confirmation: nothing is sent until the user confirms (the watcher goes on).
            expect(r.calls.slice(callsBefore).map((c) => c.actor)).toEqual(['watchPreOrder']);
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
          expect(r.snapshot.children.watchPreOrder, `no watcher in ${end}`).toBeUndefined();
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
  const run = new WorkflowRun(preOrderMachine, { kind: 'preOrder' }, { validity: VALIDITY });
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

it('its watcher reads the row every five seconds and the payments it sees end the link', async () => {
  const reads: string[] = [];
  let usedTimes = 0;
  const machine = preOrderMachine.provide({
    actors: {
      createPreOrder: fromPromise<CreatedPreOrder, LinkDraft>(async () => created(2)),
      watchPreOrder: preOrderWatchMachine.provide({
        actors: {
          readUses: fromPromise<PreOrderUses | null, ReadUsesInput>(async ({ input }) => {
            reads.push(input.gatewayPayNo);
            return { usedTimes, record: record(2, usedTimes) };
          }),
        },
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { kind: 'preOrder' } }).start();
  actor.send({ type: 'CREATE', draft });
  await flush();
  const tick = async () => {
    clock.increment(REFRESH_MS);
    await flush();
  };
  await tick();
  expect(reads).toEqual(['P20261122000001']);
  expect(actor.getSnapshot().context.usedTimes).toBe(0);
  // One payment, then (while the close is being confirmed) the second: the link is used up.
  usedTimes = 1;
  await tick();
  expect(actor.getSnapshot().context.usedTimes).toBe(1);
  // The dialog's summary shows the row as the watcher read it with that payment.
  expect(actor.getSnapshot().context.record).toEqual(record(2, 1));
  actor.send({ type: 'CLOSE' });
  usedTimes = 2;
  await tick();
  expect(actor.getSnapshot().value).toBe('used');
  await tick();
  expect(reads).toHaveLength(3);
  actor.stop();
});
