import {
  SimulatedClock,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { TestModel, type StatePath, type Step, type TestPath } from 'xstate/graph';
import { expect } from 'vitest';
import { ApiError } from '../../src/services/client';

/**
 * Model-based testing of workflow machines that invoke services and wait (`after`).
 *
 * xstate's `createTestModel` refuses such machines (notes/statecharts.md, pitfall 1), so the
 * model is built like it, with `new TestModel(machine, …)`: a vertex is a state *and the
 * transition that reached it* (transition coverage), and each state offers exactly the
 * events it handles — its own event types, synthetic ones included
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state>`) —
 * with the payloads the test lists (pitfalls 2, 3 and 5).
 *
 * A path is then run against the real machine: services are replaced by fakes that stay
 * pending until the path's step says how the server answered, `after` delays run on a
 * SimulatedClock advanced by the spec's durations, and every emitted effect is recorded.
 */

/** A fake server failure; becomes an ApiError when a fake service rejects with it. */
export interface FakeFailure {
  resultType: string;
  message: string;
  result?: unknown;
  errors?: Record<string, string>;
}

export type ModelEvent = EventObject & Record<string, unknown>;

export interface WorkflowModelOptions<TInput> {
  input: TInput;
  /** Every event with the payloads worth trying; a state is offered those of its own types. */
  events: readonly ModelEvent[];
  /** The part of the context that makes two states different for a user. */
  serializeContext?: (context: never) => unknown;
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /**
   * Tell a transition apart by the context it leaves too, not only by the state: when a guarded
   * event changes nothing from one context (a no-op) and something from another, both land on
   * the same state and would otherwise count as one vertex, leaving the real transition unwalked.
   */
  fromContext?: boolean;
}

const stableStringify = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : typeof v === 'function'
        ? undefined
        : v,
  );

export function workflowModel<TInput>(machine: AnyStateMachine, options: WorkflowModelOptions<TInput>) {
  const serializeContext = options.serializeContext ?? (() => null);
  const source = (prev: AnyMachineSnapshot | undefined) =>
    options.fromContext && prev ? [prev.value, serializeContext(prev.context as never)] : prev?.value;
  return new TestModel<AnyMachineSnapshot, ModelEvent, TInput>(machine, {
    input: options.input,
    stopWhen: options.stopWhen,
    serializeEvent: (event) => stableStringify(event),
    serializeState: (state, event, prev) =>
      stableStringify([state.value, serializeContext(state.context as never)]) +
      (event ? ` via ${stableStringify(event)} from ${stableStringify(source(prev))}` : ''),
    stateMatcher: (state, key) => (key.startsWith('#') ? state.matches(key.slice(1)) : state.matches(key)),
    events: (state) =>
      ownEventTypes(state).flatMap((type) => {
        const listed = options.events.filter((e) => e.type === type);
        if (listed.length) return listed;
        if (type.startsWith('xstate.done.') || type.startsWith('xstate.error.')) {
          throw new Error(`list payloads for ${type}: done events need an output (pitfall 3)`);
        }
        return [{ type }];
      }),
  });
}

/** `LOGIN → done:login → after:idleWarningDelay`: a test name from the steps (xstate.init left out). */
export function describeSteps(
  steps: readonly Step<AnyMachineSnapshot, ModelEvent>[],
  label: (e: ModelEvent) => string,
) {
  return steps
    .filter((s) => s.event.type !== 'xstate.init')
    .map((s) => label(s.event))
    .join(' → ');
}

export function defaultLabel(event: ModelEvent): string {
  const synthetic = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (synthetic) {
    const payload = (event.output ?? event.error) as { label?: string } | undefined;
    return `${synthetic[1]}:${synthetic[2]}${payload?.label ? `(${payload.label})` : ''}`;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after:${after[1]}`;
  if (typeof event.label === 'string') return `${event.type}(${event.label})`;
  const { type, ...rest } = event;
  const detail = Object.values(rest).filter((v) => typeof v === 'string' || typeof v === 'number');
  return detail.length ? `${type}(${detail.join(',')})` : type;
}

/** Unique, readable test names for a list of paths. */
export function namePaths<T extends StatePath<AnyMachineSnapshot, ModelEvent>>(
  paths: readonly T[],
  label: (e: ModelEvent) => string = defaultLabel,
): { name: string; path: T }[] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const base = `${describeSteps(path.steps, label) || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { name: n > 1 ? `${base} #${n}` : base, path };
  });
}

interface Pending {
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface Call {
  actor: string;
  input: unknown;
}

export const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

export function apiErrorOf(failure: unknown): unknown {
  if (failure && typeof failure === 'object' && 'resultType' in failure) {
    const f = failure as FakeFailure;
    return new ApiError(f.resultType, f.message, { result: f.result, errors: f.errors });
  }
  return failure;
}

/** An event another actor of the system sent to a peer (`sendTo(system.get(peer), …)`). */
export interface Received {
  to: string;
  event: EventObject;
}

/**
 * The real machine with every service replaced by a fake that waits for the test, a
 * simulated clock and a record of emitted effects. With `peers`, it runs in an actor system
 * beside fake actors under those system ids (the session, another workflow) that record what
 * it sends them.
 */
export class WorkflowRun<TMachine extends AnyStateMachine> {
  readonly clock = new SimulatedClock();
  readonly calls: Call[] = [];
  readonly emitted: ModelEvent[] = [];
  readonly actor: AnyActorRef;
  private readonly pending = new Map<string, Pending>();
  /** What the world does before an event is sent (e.g. the browser's back button changes the URL). */
  readonly prepare: Record<string, (event: ModelEvent) => void> = {};
  /** What the machine sent to its peers, in order. */
  readonly received: Received[] = [];

  constructor(
    machine: TMachine,
    input: unknown,
    /** Milliseconds of each named delay, as the spec says them. */
    private readonly delays: Record<string, number | ((snapshot: AnyMachineSnapshot) => number)>,
    /**
     * `peers`: system ids of fake actors beside it; `parent`: run it invoked by a host that
     * records what it sends its parent (`sendParent`) as received `to: 'parent'`.
     */
    options: { peers?: readonly string[]; parent?: boolean } = {},
  ) {
    const actorNames = Object.keys(machine.implementations.actors);
    const fakes = Object.fromEntries(
      actorNames.map((name) => [
        name,
        fromPromise(
          ({ input: actorInput }: { input: unknown }) =>
            new Promise((resolve, reject) => {
              this.calls.push({ actor: name, input: actorInput });
              this.pending.set(name, { input: actorInput, resolve, reject });
            }),
        ),
      ]),
    );
    const subject = machine.provide({ actors: fakes });
    const peers = options.peers ?? [];
    if (peers.length || options.parent) {
      const peerLogic = Object.fromEntries(
        peers.map((to) => [
          to,
          fromCallback(({ receive }) => receive((event) => void this.received.push({ to, event }))),
        ]),
      );
      const host = createMachine(
        {
          invoke: [
            ...peers.map((to) => ({ id: to, systemId: to, src: to })),
            { id: 'subject', src: 'subject', input },
          ],
          on: {
            '*': {
              actions: ({ event }: { event: EventObject }) => {
                if (!event.type.startsWith('xstate.')) this.received.push({ to: 'parent', event });
              },
            },
          },
        },
        { actors: { ...peerLogic, subject } },
      );
      const root = createActor(host, { clock: this.clock });
      root.start();
      this.actor = root.getSnapshot().children.subject as AnyActorRef;
    } else {
      this.actor = createActor(subject, { input, clock: this.clock });
      this.actor.start();
    }
    this.actor.on('*', (e: ModelEvent) => void this.emitted.push(e));
  }

  get snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  callsOf(actor: string): unknown[] {
    return this.calls.filter((c) => c.actor === actor).map((c) => c.input);
  }

  /** Makes the real machine take a model step: answer a service, let time pass, or send. */
  async perform(event: ModelEvent): Promise<void> {
    const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (done) {
      const [, kind, id] = done;
      const pending = this.pending.get(id);
      expect(pending, `the machine should be waiting for "${id}"`).toBeDefined();
      this.pending.delete(id);
      if (kind === 'done') pending!.resolve(event.output);
      else pending!.reject(apiErrorOf(event.error));
      await flush();
      return;
    }
    const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
    if (after) {
      const spec = this.delays[after[1]];
      expect(spec, `spec duration of delay ${after[1]}`).toBeDefined();
      const ms = typeof spec === 'function' ? spec(this.snapshot) : spec;
      const before = this.snapshot.value;
      this.clock.increment(ms - 1);
      await flush();
      expect(this.snapshot.value, `still waiting 1 ms before ${after[1]} (${ms} ms)`).toEqual(before);
      this.clock.increment(1);
      await flush();
      return;
    }
    if (event.type === 'xstate.init') return;
    this.prepare[event.type]?.(event);
    this.actor.send(event);
    await flush();
  }

  /** Effects emitted from `from` on. */
  emittedSince(from: number): ModelEvent[] {
    return this.emitted.slice(from);
  }
}

export interface PathChecks {
  /** Checked after every step whose state matches the key (test map keys). */
  states: Record<string, (run: WorkflowRun<AnyStateMachine>) => void>;
  /** Checked after each step of this event type: what the step changed and emitted. */
  steps?: Record<
    string,
    (ctx: {
      run: WorkflowRun<AnyStateMachine>;
      event: ModelEvent;
      /** The events of the path up to and including this one. */
      history: ModelEvent[];
      before: AnyMachineSnapshot;
      after: AnyMachineSnapshot;
      emitted: ModelEvent[];
      callsBefore: number;
    }) => void
  >;
}

/** Walks a generated path through a real run, checking the state meaning after each step. */
export async function walk(
  run: WorkflowRun<AnyStateMachine>,
  path: StatePath<AnyMachineSnapshot, ModelEvent> | TestPath<AnyMachineSnapshot, ModelEvent>,
  checks: PathChecks,
): Promise<void> {
  const history: ModelEvent[] = [];
  for (const step of path.steps) {
    history.push(step.event);
    const before = run.snapshot;
    const mark = run.emitted.length;
    const callsBefore = run.calls.length;
    await run.perform(step.event);
    const after = run.snapshot;
    const where = `after ${defaultLabel(step.event)}`;
    expect(after.value, where).toEqual(step.state.value);
    for (const [key, check] of Object.entries(checks.states)) {
      if (after.matches(key)) check(run);
    }
    checks.steps?.[step.event.type]?.({
      run,
      event: step.event,
      history: [...history],
      before,
      after,
      emitted: run.emittedSince(mark),
      callsBefore,
    });
  }
}

/** Every state key of a machine as `snapshot.matches` takes it (dotted for children). */
export function stateKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateMachine['root'], prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const path = prefix ? `${prefix}.${key}` : key;
      keys.push(path);
      visit(child, path);
    }
  };
  visit(machine.root, '');
  return keys;
}

type StateNodeOf = AnyStateMachine['root'];
type TransitionOf = NonNullable<StateNodeOf['always']>[number];

const nodePath = (node: StateNodeOf) => node.path.join('.') || '(root)';
const guardName = (t: TransitionOf) => {
  const guard: unknown = t.guard;
  if (!guard) return 'else';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'inline';
};
/** One entry per alternative: `state event` alone, `state event #2(guard)` when guarded branches share it. */
const branchKey = (prefix: string, list: readonly TransitionOf[], t: TransitionOf) =>
  list.length > 1 ? `${prefix} #${list.indexOf(t) + 1}(${guardName(t)})` : prefix;

function visitNodes(node: StateNodeOf, fn: (node: StateNodeOf) => void) {
  fn(node);
  for (const child of Object.values(node.states)) visitNodes(child, fn);
}

/**
 * Every transition the machine defines, for the coverage check: each (state, event type), and
 * each guarded alternative of it apart (every `onError` / `onDone` branch).
 */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  visitNodes(machine.root, (node) => {
    for (const [eventType, transitions] of node.transitions) {
      for (const t of transitions) out.push(branchKey(`${nodePath(node)} ${eventType}`, transitions, t));
    }
  });
  return [...new Set(out)].sort();
}

/** Each guarded alternative of an eventless (`always`) choice: `state always #1(guard)`. */
export function definedAlwaysBranches(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  visitNodes(machine.root, (node) => {
    const always = node.always ?? [];
    if (always.length > 1) for (const t of always) out.push(branchKey(`${nodePath(node)} always`, always, t));
  });
  return out.sort();
}

/** The eventless alternatives taken on the way into `entered`, ending in `state`. */
function alwaysTaken(entered: readonly StateNodeOf[], state: AnyMachineSnapshot, out: Set<string>) {
  const queue = [...entered];
  for (let node = queue.shift(); node; node = queue.shift()) {
    const always = node.always ?? [];
    if (always.length > 1) {
      const taken = always.find((t) =>
        t.target?.length
          ? t.target.every((n) => state.matches(n.path.join('.')))
          : state.matches(node.path.join('.')),
      );
      if (taken) {
        out.add(branchKey(`${nodePath(node)} always`, always, taken));
        queue.push(...(taken.target ?? []));
      }
    }
    if (node.initial?.target) queue.push(...node.initial.target);
  }
}

/**
 * The transitions a set of paths takes, matched against `definedTransitions` and
 * `definedAlwaysBranches`: the machine says which alternative each step's event selects
 * (guards evaluated on the step's payload), and which eventless alternative led on from there.
 */
export function coveredTransitions(
  machine: AnyStateMachine,
  paths: readonly StatePath<AnyMachineSnapshot, ModelEvent>[],
) {
  const defined = definedTransitions(machine);
  const branches = definedAlwaysBranches(machine);
  const covered = new Set<string>();
  for (const path of paths) {
    let prev: AnyMachineSnapshot | null = null;
    for (const step of path.steps) {
      if (!prev) {
        alwaysTaken(machine.root.initial?.target ?? [], step.state, covered);
      } else {
        for (const t of machine.getTransitionData(prev, step.event)) {
          const list = t.source.transitions.get(t.eventType) ?? [t];
          covered.add(branchKey(`${nodePath(t.source)} ${t.eventType}`, list, t));
          alwaysTaken(t.target ?? [], step.state, covered);
        }
      }
      prev = step.state;
    }
  }
  const all = [...defined, ...branches];
  return { defined, branches, covered: [...covered].sort(), missing: all.filter((d) => !covered.has(d)) };
}

/** What a covering set of walks takes: transitions (`definedTransitions` keys) and states (`stateKeys`). */
function takenBy(machine: AnyStateMachine, path: StatePath<AnyMachineSnapshot, ModelEvent>): Set<string> {
  const keys = stateKeys(machine);
  const taken = new Set(coveredTransitions(machine, [path]).covered);
  for (const step of path.steps)
    for (const key of keys) if (step.state.matches(key)) taken.add(`state ${key}`);
  // A choice state (`always` alternatives) is left at once, so no snapshot rests in it: a walk
  // entered it when it took one of its alternatives.
  for (const key of [...taken]) {
    const choice = / always #\d+\(/.exec(key);
    if (choice) taken.add(`state ${key.slice(0, choice.index)}`);
  }
  return taken;
}

export interface CoveringSet<P> {
  /** The walks, in the order of the paths given. */
  walks: P[];
  /** Every transition and state the walks take. */
  covered: string[];
  /** Transitions the browser cannot cause, with the reason; no walk takes them. */
  pinned: Record<string, string>;
  /** Transitions and states no walkable path takes and nothing pins: each needs a walk or a reason. */
  uncovered: string[];
}

/** What a walk's start costs in the browser, in steps (coveringSet's weighing). */
const WALK_START = 4;

/**
 * A covering set of walks for the browser (issue #30, DESIGN.md "Tests"): of a machine's
 * generated paths, few that together enter every state and take every transition the browser
 * can cause. `pinned` names the transitions it cannot (a `definedTransitions` /
 * `definedAlwaysBranches` key → why); a path taking one is not walkable. Greedy: each next walk
 * is the path adding the most not yet taken per step walked (ties: the earlier), and a walk the
 * later ones made redundant is dropped. The set is computed from the path plans, so a new
 * transition gets its walk without anyone editing a list, and `uncovered` lists what neither a
 * walk nor a reason accounts for (a test asserts it empty). A pinned key the machine no longer
 * defines is refused, so reasons cannot outlive their transitions.
 */
export function coveringSet<P extends StatePath<AnyMachineSnapshot, ModelEvent>>(
  machine: AnyStateMachine,
  paths: readonly P[],
  pinned: Record<string, string> = {},
): CoveringSet<P> {
  const defined = new Set([...definedTransitions(machine), ...definedAlwaysBranches(machine)]);
  const stale = Object.keys(pinned).filter((k) => !defined.has(k));
  if (stale.length) throw new Error(`pinned transitions the machine does not define: ${stale.join('; ')}`);
  const takes = paths.map((p) => takenBy(machine, p));
  const walkable = paths
    .map((path, i) => ({ path, i, takes: takes[i] }))
    .filter(({ takes: t }) => ![...t].some((k) => k in pinned));
  const wanted = new Set<string>([
    ...[...defined].filter((k) => !(k in pinned)),
    ...stateKeys(machine).map((k) => `state ${k}`),
  ]);
  const covered = new Set<string>();
  const chosen: (typeof walkable)[number][] = [];
  for (;;) {
    // The most not yet taken per step walked, a walk's own start (a page, a sign-in) counted as
    // WALK_START steps: a browser pays for each step and for each walk.
    let best: (typeof walkable)[number] | undefined;
    let bestScore = 0;
    for (const w of walkable) {
      const gain = [...w.takes].filter((k) => wanted.has(k) && !covered.has(k)).length;
      const score = gain / (w.path.steps.length + WALK_START);
      if (score > bestScore) {
        best = w;
        bestScore = score;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const k of best.takes) covered.add(k);
  }
  // A walk an earlier pick made redundant (everything it takes, others take too) is dropped.
  for (const w of [...chosen].reverse()) {
    const others = chosen.filter((c) => c !== w);
    const rest = new Set(others.flatMap((c) => [...c.takes]));
    if ([...w.takes].every((k) => !wanted.has(k) || rest.has(k))) chosen.splice(chosen.indexOf(w), 1);
  }
  // What only pinned paths reach (a state behind a transition the browser cannot cause) is theirs.
  const behindPinned = new Set(takes.flatMap((t) => ([...t].some((k) => k in pinned) ? [...t] : [])));
  return {
    walks: chosen.sort((a, b) => a.i - b.i).map((c) => c.path),
    covered: [...covered].sort(),
    pinned,
    uncovered: [...wanted]
      .filter((k) => !covered.has(k) && !(k.startsWith('state ') && behindPinned.has(k)))
      .sort(),
  };
}
