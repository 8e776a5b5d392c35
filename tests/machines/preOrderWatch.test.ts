import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { PreOrderUses } from '../../src/contract/preorders';
import {
  REFRESH_MS,
  preOrderWatchMachine,
  preOrderWatchTestMap,
  type PreOrderWatchContext,
} from '../../src/machines/preOrderWatch';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { input, preOrderWatchPaths } from './preOrderWatch.model';

const paths = preOrderWatchPaths();

describe('pre-order watch paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(preOrderWatchMachine, input, { refresh: REFRESH_MS }, { parent: true });
      const context = () => run.snapshot.context as PreOrderWatchContext;
      const checks: PathChecks = {
        states: {
          waiting: () => {
            expect(run.snapshot.children.readUses).toBeUndefined();
          },
          reading: () => {
            expect(run.calls.at(-1)).toEqual({
              actor: 'readUses',
              input: { kind: input.kind, gatewayPayNo: input.gatewayPayNo },
            });
          },
        },
        steps: {
          'xstate.done.actor.readUses': ({ event, before, run: r }) => {
            const seenBefore = (before.context as PreOrderWatchContext).seen;
            const read = event.output as PreOrderUses | null;
            const fresh = Math.max(0, (read?.usedTimes ?? 0) - seenBefore);
            // One USED to the pre-order per payment since the last read (with the row as read),
            // none otherwise.
            expect(r.received.slice(-fresh || r.received.length)).toEqual(
              Array.from({ length: fresh }, () => ({
                to: 'parent',
                event: { type: 'USED', record: read?.record },
              })),
            );
            expect(context().seen).toBe(Math.max(seenBefore, read?.usedTimes ?? 0));
          },
          'xstate.error.actor.readUses': ({ before, after, run: r }) => {
            // Nothing is reported; the next tick reads again.
            expect(after.context).toEqual(before.context);
            expect(r.snapshot.matches('waiting')).toBe(true);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      // Every USED the parent got is a payment the reads showed beyond the first count.
      expect(run.received.length).toBe(context().seen - input.seen);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(preOrderWatchMachine, paths).missing).toEqual([]);
  });
});

it('reads again every five seconds until it is stopped, through failures', async () => {
  const run = new WorkflowRun(preOrderWatchMachine, input, { refresh: REFRESH_MS }, { parent: true });
  for (let tick = 1; tick <= 3; tick++) {
    run.clock.increment(REFRESH_MS);
    await new Promise((r) => setTimeout(r, 0));
    expect(run.callsOf('readUses')).toHaveLength(tick);
    await run.perform({ type: 'xstate.error.actor.readUses', error: { resultType: 'FAIL', message: 'x' } });
  }
  expect(run.received).toEqual([]);
});

it('the pre-order watch test map describes every state and event', () => {
  expect(Object.keys(preOrderWatchTestMap.states).sort()).toEqual(stateKeys(preOrderWatchMachine).sort());
  const handled = new Set(coveredTransitions(preOrderWatchMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in preOrderWatchTestMap.events))).toEqual([]);
});
