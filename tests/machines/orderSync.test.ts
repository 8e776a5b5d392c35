import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { orderSyncMachine, orderSyncTestMap, type OrderSyncContext } from '../../src/machines/orderSync';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { failures, input, orderSyncPaths } from './orderSync.model';

const paths = orderSyncPaths();

describe('order sync paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(orderSyncMachine, input, {});
      const context = () => run.snapshot.context as OrderSyncContext;
      const checks: PathChecks = {
        states: {
          idle: () => {
            expect(run.snapshot.can({ type: 'SYNC' })).toBe(true);
            expect(run.calls).toEqual([]);
          },
          syncing: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            // One press, one call: the button waits while the brand is asked.
            expect(run.snapshot.can({ type: 'SYNC' })).toBe(false);
            expect(run.calls.at(-1)).toEqual({ actor: 'syncOrder', input });
          },
          synced: () => {
            expect(run.snapshot.hasTag('busy')).toBe(false);
            expect(context().error).toBeNull();
            expect(run.snapshot.can({ type: 'SYNC' })).toBe(true);
          },
          failed: () => {
            expect(context().error).toBe(failures.brandDown.message);
            expect(context().message).toBeNull();
            expect(run.snapshot.can({ type: 'SYNC' })).toBe(true);
          },
        },
        steps: {
          'xstate.done.actor.syncOrder': ({ event, emitted }) => {
            const reply = event.output as { result: unknown; message: string };
            // The screen shows the reply's order and the server's message (its own when empty).
            expect(emitted).toEqual([{ type: 'synced', order: reply.result, message: reply.message }]);
            expect(context().message).toBe(reply.message);
          },
          'xstate.error.actor.syncOrder': ({ emitted }) => {
            expect(emitted).toEqual([]);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(orderSyncMachine, paths).missing).toEqual([]);
  });
});

it('the order sync test map describes every state and event', () => {
  expect(Object.keys(orderSyncTestMap.states).sort()).toEqual(stateKeys(orderSyncMachine).sort());
  const handled = new Set(coveredTransitions(orderSyncMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in orderSyncTestMap.events))).toEqual([]);
});
