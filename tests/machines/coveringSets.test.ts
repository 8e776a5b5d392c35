import { describe, expect, it } from 'vitest';
import { createMachine, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { TestPath } from 'xstate/graph';
import { exportJobMachine } from '../../src/machines/exportJob';
import { fileUploadMachine } from '../../src/machines/fileUpload';
import { operatorActionMachine } from '../../src/machines/operatorAction';
import { payoutBatchMachine } from '../../src/machines/payoutBatch';
import { settlementCheckoutMachine } from '../../src/machines/settlementCheckout';
import { statementImportMachine } from '../../src/machines/statementImport';
import { exportJobCoveringSet, exportJobPaths } from './exportJob.model';
import { fileUploadCoveringSet, fileUploadNotWalkable, fileUploadPaths } from './fileUpload.model';
import {
  coveredTransitions,
  coveringSet,
  definedAlwaysBranches,
  definedTransitions,
  stateKeys,
  workflowModel,
  type CoveringSet,
  type ModelEvent,
} from './harness';
import { operatorActionCoveringSet, operatorActionPaths } from './operatorAction.model';
import { payoutBatchCoveringSet, payoutBatchPaths } from './payoutBatch.model';
import { checkoutCoveringSet, checkoutPaths } from './settlementCheckout.model';
import { statementImportCoveringSet, statementImportPaths } from './statementImport.model';

/**
 * The browser's covering sets (issue #30, DESIGN.md "Tests"): each path-walking spec walks the
 * covering set its model computes from the generated paths (tests/e2e/settlementCheckout,
 * operatorActions, statementImport, export, payoutBatch, fileUpload). Here, apart from the set's own
 * bookkeeping, the walks are checked against the machine: together they enter every state and
 * take every transition and guarded branch the machine defines but those pinned with a reason.
 * A new transition thus gets its walk, or this fails until a reason pins it.
 */

type Path = TestPath<AnyMachineSnapshot, ModelEvent>;

const MACHINES: {
  name: string;
  machine: AnyStateMachine;
  paths: () => Path[];
  set: (p: Path[]) => CoveringSet<Path>;
  /** Paths a browser cannot walk as they stand, with the reason (left out of the set). */
  notWalkable?: (p: Path) => string | null;
}[] = [
  {
    name: 'settlementCheckout',
    machine: settlementCheckoutMachine,
    paths: checkoutPaths,
    set: checkoutCoveringSet,
  },
  {
    name: 'operatorAction',
    machine: operatorActionMachine,
    paths: operatorActionPaths,
    set: operatorActionCoveringSet,
  },
  {
    name: 'statementImport',
    machine: statementImportMachine,
    paths: statementImportPaths,
    set: statementImportCoveringSet,
  },
  { name: 'exportJob', machine: exportJobMachine, paths: exportJobPaths, set: exportJobCoveringSet },
  {
    name: 'fileUpload',
    machine: fileUploadMachine,
    paths: fileUploadPaths,
    set: fileUploadCoveringSet,
    notWalkable: fileUploadNotWalkable,
  },
  {
    name: 'payoutBatch',
    machine: payoutBatchMachine,
    paths: payoutBatchPaths,
    set: payoutBatchCoveringSet,
  },
];

const statesEntered = (machine: AnyStateMachine, walks: readonly Path[]) =>
  stateKeys(machine).filter((key) => walks.some((w) => w.steps.some((s) => s.state.matches(key))));

describe.each(MACHINES)('$name in the browser', ({ machine, paths, set, notWalkable }) => {
  const all = paths();
  const covering = set(all);

  it('walks every state and every transition a browser can cause; the rest pinned with a reason', () => {
    expect(covering.uncovered).toEqual([]);
    const walked = new Set(coveredTransitions(machine, covering.walks).covered);
    const defined = [...definedTransitions(machine), ...definedAlwaysBranches(machine)];
    expect(defined.filter((t) => !walked.has(t) && !(t in covering.pinned))).toEqual([]);
    expect(statesEntered(machine, covering.walks)).toEqual(stateKeys(machine));
    for (const [transition, reason] of Object.entries(covering.pinned)) {
      expect(defined, transition).toContain(transition);
      expect(reason.length, `the reason ${transition} is pinned`).toBeGreaterThan(20);
    }
  });

  it('walks generated paths only, none taking a pinned transition, fewer than all', () => {
    for (const walk of covering.walks) {
      expect(all).toContain(walk);
      const taken = coveredTransitions(machine, [walk]).covered;
      expect(taken.filter((t) => t in covering.pinned)).toEqual([]);
    }
    expect(covering.walks.length).toBeLessThan(all.length);
  });

  it('walks each answer of a service the model lists, but those behind a pinned transition', () => {
    const answer = (e: ModelEvent) =>
      /^xstate\.(done|error)\.actor\./.test(e.type) ? JSON.stringify(e.output ?? e.error) : null;
    const answers = (ps: readonly Path[]) =>
      new Set(ps.flatMap((p) => p.steps.map((s) => answer(s.event)).filter((a) => a !== null)));
    const walkable = all.filter(
      (p) =>
        !coveredTransitions(machine, [p]).covered.some((t) => t in covering.pinned) &&
        (notWalkable?.(p) ?? null) === null,
    );
    expect([...answers(walkable)].filter((a) => !answers(covering.walks).has(a))).toEqual([]);
  });

  if (notWalkable)
    it('leaves out only paths a reason rules out, and each reason still rules one out', () => {
      const reasons = new Set(all.map((p) => notWalkable(p)).filter((r) => r !== null));
      expect(reasons.size, 'a not-walkable reason that no longer rules out any path').toBeGreaterThan(0);
      expect(covering.walks.every((w) => notWalkable(w) === null)).toBe(true);
    });
});

describe('coveringSet', () => {
  /** A door: opened, then closed or locked; locking needs a key a browser has not got. */
  const door = createMachine({
    id: 'door',
    initial: 'closed',
    states: {
      closed: { on: { OPEN: 'open', LOCK: 'locked' } },
      open: { on: { CLOSE: 'closed' } },
      locked: { on: { UNLOCK: 'closed' } },
    },
  });
  const doorPaths = () =>
    workflowModel(door, {
      input: undefined,
      events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'LOCK' }, { type: 'UNLOCK' }],
    }).getShortestPaths() as Path[];

  it('says what no walk takes and nothing pins', () => {
    const paths = doorPaths().filter((p) => !p.steps.some((s) => s.event.type === 'LOCK'));
    expect(coveringSet(door, paths).uncovered).toEqual(['closed LOCK', 'locked UNLOCK', 'state locked']);
  });

  it('leaves a pinned transition, and what only it reaches, to its reason', () => {
    const set = coveringSet(door, doorPaths(), { 'closed LOCK': 'a key the browser has not got' });
    expect(set.uncovered).toEqual(['locked UNLOCK']);
    expect(set.walks.flatMap((w) => w.steps.map((s) => s.event.type))).not.toContain('LOCK');
    expect(() => coveringSet(door, doorPaths(), { 'open LOCK': 'no such transition' })).toThrow(
      /does not define: open LOCK/,
    );
  });
});
