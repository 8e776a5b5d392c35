import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import {
  globalSearchMachine,
  globalSearchTestMap,
  SEARCH_DEBOUNCE_MS,
  type GlobalSearchContext,
} from '../../src/machines/globalSearch';
import { coveredTransitions, namePaths, stateKeys, walk, WorkflowRun, type PathChecks } from './harness';
import { failures, globalSearchPaths, texts } from './globalSearch.model';

const paths = globalSearchPaths();

describe('global search paths', () => {
  for (const { name, path } of namePaths(paths)) {
    it(name, async () => {
      const run = new WorkflowRun(globalSearchMachine, undefined, { debounce: SEARCH_DEBOUNCE_MS });
      const context = () => run.snapshot.context as GlobalSearchContext;
      const checks: PathChecks = {
        states: {
          idle: () => {
            // A text too short is never sent; nothing is shown but the hint.
            expect(context().keyword.length).toBeLessThan(2);
            expect(context().reply).toBeNull();
            expect(run.snapshot.hasTag('busy')).toBe(false);
          },
          debouncing: () => {
            // Typed and trimmed, shown as searching, but nothing sent until the pause.
            expect(context().keyword).toBe(texts.number);
            expect(context().reply).toBeNull();
            expect(run.snapshot.hasTag('busy')).toBe(true);
          },
          searching: () => {
            expect(run.snapshot.hasTag('busy')).toBe(true);
            expect(run.calls.at(-1)).toEqual({ actor: 'search', input: { keyword: texts.number } });
          },
          found: () => {
            expect(context().reply!.hits.length).toBeGreaterThan(0);
            expect(run.snapshot.hasTag('busy')).toBe(false);
          },
          nothing: () => {
            expect(context().reply!.hits).toEqual([]);
          },
          failed: () => {
            expect(context().error).toBe(failures.down.message);
            expect(context().reply).toBeNull();
            expect(run.snapshot.can({ type: 'RETRY' })).toBe(true);
          },
        },
        steps: {
          TYPE: ({ after, run: r, callsBefore }) => {
            // A keystroke never sends a call by itself, and what was shown goes.
            expect(r.calls.length).toBe(callsBefore);
            expect((after.context as GlobalSearchContext).reply).toBeNull();
            expect((after.context as GlobalSearchContext).error).toBeNull();
          },
          'xstate.after.debounce.globalSearch.debouncing': ({ run: r, callsBefore }) => {
            // One pause, one call.
            expect(r.calls.length).toBe(callsBefore + 1);
          },
        },
      };
      await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
    });
  }

  it('the generated paths take every transition the machine defines', () => {
    expect(coveredTransitions(globalSearchMachine, paths).missing).toEqual([]);
  });

  it('sends one call for a burst of keystrokes, for the last text only', async () => {
    const run = new WorkflowRun(globalSearchMachine, undefined, { debounce: SEARCH_DEBOUNCE_MS });
    for (const keyword of ['K2', 'K20', 'K202', 'K2026']) {
      run.actor.send({ type: 'TYPE', keyword });
      run.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(run.calls).toEqual([]);
    run.clock.increment(1);
    expect(run.calls).toEqual([{ actor: 'search', input: { keyword: 'K2026' } }]);
  });
});

it('the global search test map describes every state and event', () => {
  expect(Object.keys(globalSearchTestMap.states).sort()).toEqual(stateKeys(globalSearchMachine).sort());
  const handled = new Set(coveredTransitions(globalSearchMachine, []).defined.map((d) => d.split(' ')[1]));
  expect([...handled].filter((e) => !(e in globalSearchTestMap.events))).toEqual([]);
});
