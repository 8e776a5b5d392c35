import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { coveringSet, namePaths, type CoveringSet, type ModelEvent } from './harness';

type Path = StatePath<AnyMachineSnapshot, ModelEvent>;

/** A browser walk: a generated path, its test name (namePaths) and the model start it is from. */
export interface NamedWalk<S extends string> {
  name: string;
  path: Path;
  start: S;
}

export interface CoveringWalks<S extends string, R extends string> extends CoveringSet<Path> {
  /** The walks with their names and starts, in the order of the starts' paths. */
  named: NamedWalk<S>[];
  /** Generated paths the browser cannot walk as a whole, with the reason (see `notWalkable`). */
  notWalked: { name: string; reason: R }[];
}

/**
 * The covering set (harness `coveringSet`) of a machine's generated paths from one or more
 * model starts (e.g. a user who must change the refund password first), named as the vitest
 * model test names them. `notWalkable` names a path the real world cannot play through though
 * each of its transitions can happen elsewhere (a reason from its table, or null): such paths
 * are left out before the set is chosen; `pinned` is for transitions no browser can cause.
 */
export function coveringWalks<S extends string, R extends string = never>(
  machine: AnyStateMachine,
  starts: Record<S, readonly Path[]>,
  options: { pinned?: Record<string, string>; notWalkable?: (path: Path) => R | null } = {},
): CoveringWalks<S, R> {
  const all = (Object.entries(starts) as [S, readonly Path[]][]).flatMap(([start, paths]) =>
    namePaths(paths).map(({ name, path }) => ({ name, path, start })),
  );
  const notWalked: { name: string; reason: R }[] = [];
  const walkable = all.filter(({ name, path }) => {
    const reason = options.notWalkable?.(path) ?? null;
    if (reason !== null) notWalked.push({ name, reason });
    return reason === null;
  });
  const set = coveringSet(
    machine,
    walkable.map((w) => w.path),
    options.pinned,
  );
  const chosen = new Set(set.walks);
  return { ...set, named: walkable.filter((w) => chosen.has(w.path)), notWalked };
}

/** `event.type(label)` of a step, the label from its output, error or payload (model fixtures). */
export const outcomeOf = (step: { event: ModelEvent } | undefined) => {
  if (!step) return '';
  const payload = (step.event.output ?? step.event.error ?? step.event) as { label?: string } | null;
  return `${step.event.type}(${payload?.label ?? ''})`;
};
