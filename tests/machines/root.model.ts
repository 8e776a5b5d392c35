import { assign, createActor, setup, type AnyActorRef } from 'xstate';
import type { UserInfo } from '../../src/contract/auth';
import { rootMachine } from '../../src/machines/root';
import type { sessionMachine } from '../../src/machines/session';
import { pickWalks } from './harness';
import { input as refundInput } from './refund.model';
import { input as checkoutInput } from './settlementCheckout.model';

/**
 * The root actor's test model: what docs/statecharts.md and src/machines/root.ts promise of
 * one workflow beside the session, written as a small reducer of its own (not derived from the
 * root's code), so a generated path checks the real root against the promise:
 *
 * - a screen opens the workflow (`open A` / `open B`: two different objects, e.g. two orders);
 *   a workflow keyed by its object keeps the running one for the same object and replaces it
 *   for another; the others are replaced every time;
 * - closing the screen stops it; leaving the order detail or approval list stops a refund or
 *   approval unless it waits for the refund password's change (`wait`); the checkout and the
 *   import end themselves (`done`: Cancel) and the root lets them go;
 * - the session signs in (alice must change her refund password, bob need not), logs out,
 *   expires, or ends straight to the login page because the refund password was changed: the
 *   first two stop every workflow, the last keeps a waiting refund or approval (and the change
 *   screen's own workflow) for the same user's next login, and another user's login stops it.
 *
 * The root's state space is the product of the workflows, which do not touch each other: each
 * workflow is modelled on its own with the session, and its paths walk the real root with the
 * real workflow machine (services left unanswered).
 */

export type Workflow =
  'refund' | 'refundApproval' | 'passwordChange' | 'preOrder' | 'settlementCheckout' | 'statementImport';

type Login = 'alice' | 'bob';
type Key = 'A' | 'B';

interface WorkflowSpec {
  /** The open's input for object A or B. */
  input: (key: Key) => unknown;
  /** The object a running workflow is about, read from its context. */
  keyOf: (context: Record<string, unknown>) => Key;
  /** Opening the same object again keeps the running one. */
  keyed: boolean;
  /** Left with its screen unless it waits for the refund password's change (refund, approval). */
  leave?: boolean;
  /** Ends itself on Cancel (the root then lets it go). */
  endsItself?: boolean;
  /** Kept when the session ends by a refund-password change (the change screen's own). */
  survivesPasswordChange?: boolean;
  /** What the user does in the workflow to wait for the refund password's change. */
  wait?: (child: AnyActorRef) => void;
}

const orderNo = (key: Key) => `G2026112200000${key === 'A' ? 1 : 2}`;
const keyFrom = (value: unknown, a: unknown): Key => (value === a ? 'A' : 'B');

export const WORKFLOWS: Record<Workflow, WorkflowSpec> = {
  refund: {
    input: (key) => ({ ...refundInput, gatewayOrderNo: orderNo(key) }),
    keyOf: (c) => keyFrom(c.gatewayOrderNo, orderNo('A')),
    keyed: true,
    leave: true,
    wait: (child) => child.send({ type: 'CHANGE_PASSWORD' }),
  },
  refundApproval: {
    input: (key) => ({ gatewayRefundNo: `RF${key}` }),
    keyOf: (c) => keyFrom(c.gatewayRefundNo, 'RFA'),
    keyed: true,
    leave: true,
    wait: (child) => {
      child.send({ type: 'APPROVE' });
      child.send({ type: 'CHANGE_PASSWORD' });
    },
  },
  passwordChange: {
    input: (key) => ({ kind: key === 'A' ? 'refund' : 'login' }),
    keyOf: (c) => keyFrom(c.kind, 'refund'),
    keyed: false,
    survivesPasswordChange: true,
  },
  preOrder: {
    input: (key) => ({ kind: key === 'A' ? 'url' : 'preOrder' }),
    keyOf: (c) => keyFrom(c.kind, 'url'),
    keyed: false,
  },
  settlementCheckout: {
    input: (key) => ({ ...checkoutInput, batchKey: `B-dialog-000${key === 'A' ? 1 : 2}` }),
    keyOf: (c) => keyFrom(c.batchKey, 'B-dialog-0001'),
    keyed: true,
    endsItself: true,
  },
  statementImport: {
    input: (key) => ({ group: key === 'A' ? 'paypay' : 'wallet' }),
    keyOf: (c) => keyFrom(c.group, 'paypay'),
    keyed: true,
    endsItself: true,
  },
};

/** The model's state: the root's and the one workflow's, as a user would tell them apart. */
export interface RootModelState {
  root: 'signedOut' | 'signedIn';
  loginId: Login | null;
  keptFor: Login | null;
  child: { key: Key; mustChange: boolean; waiting: boolean } | null;
}

export type RootModelEvent =
  | { type: 'signIn'; login: Login }
  | { type: 'logout' }
  | { type: 'expire' }
  | { type: 'refundPasswordChanged' }
  | { type: 'open'; key: Key }
  | { type: 'close' }
  | { type: 'leave' }
  | { type: 'wait' }
  | { type: 'done' };

/** What the step promises besides the next state: the same workflow actor kept, or a new one. */
export interface Expected {
  next: RootModelState;
  /** After an open: a new actor (true) or the running one (false). */
  replaced?: boolean;
}

export const initialState: RootModelState = { root: 'signedOut', loginId: null, keptFor: null, child: null };

const MUST_CHANGE: Record<Login, boolean> = { alice: true, bob: false };

/** The events a user can cause in a state (the screens exist only while signed in). */
export function eventsIn(w: Workflow, s: RootModelState): RootModelEvent[] {
  const spec = WORKFLOWS[w];
  const out: RootModelEvent[] = [];
  if (s.root === 'signedOut') out.push({ type: 'signIn', login: 'alice' }, { type: 'signIn', login: 'bob' });
  else {
    out.push({ type: 'logout' }, { type: 'expire' }, { type: 'refundPasswordChanged' });
    out.push({ type: 'open', key: 'A' }, { type: 'open', key: 'B' });
  }
  // A screen going away is heard also after the session ended (the console leaves it then).
  if (s.child) {
    out.push({ type: 'close' });
    if (spec.leave) out.push({ type: 'leave' });
    if (spec.wait && s.child.mustChange && !s.child.waiting && s.root === 'signedIn')
      out.push({ type: 'wait' });
    if (spec.endsItself && s.root === 'signedIn') out.push({ type: 'done' });
  }
  return out;
}

/** The promise, step by step. */
export function expected(w: Workflow, s: RootModelState, e: RootModelEvent): Expected {
  const spec = WORKFLOWS[w];
  switch (e.type) {
    case 'signIn': {
      // What was kept for someone else goes; the same user finds it again.
      const keep = s.child && (!spec.leave || s.keptFor === e.login) ? s.child : null;
      return { next: { root: 'signedIn', loginId: e.login, keptFor: null, child: keep } };
    }
    case 'logout':
    case 'expire':
      return { next: { root: 'signedOut', loginId: null, keptFor: null, child: null } };
    case 'refundPasswordChanged': {
      const waiting = s.child?.waiting === true;
      const keep = waiting || spec.survivesPasswordChange ? s.child : null;
      return { next: { root: 'signedOut', loginId: null, keptFor: waiting ? s.loginId : null, child: keep } };
    }
    case 'open': {
      if (spec.keyed && s.child?.key === e.key) return { next: s, replaced: false };
      // The refund and the approval start at the change when the session says it is due.
      const mustChange = spec.wait !== undefined && s.loginId !== null && MUST_CHANGE[s.loginId];
      return { next: { ...s, child: { key: e.key, mustChange, waiting: false } }, replaced: true };
    }
    case 'close':
    case 'done':
      return { next: { ...s, child: null } };
    case 'leave':
      return { next: s.child?.waiting ? s : { ...s, child: null } };
    case 'wait':
      return { next: { ...s, child: s.child && { ...s.child, waiting: true } } };
  }
}

const keyOfState = (s: RootModelState) => JSON.stringify(s);
export const describeEvent = (e: RootModelEvent) =>
  e.type === 'signIn' ? `signIn(${e.login})` : e.type === 'open' ? `open(${e.key})` : e.type;

export interface RootPath {
  name: string;
  steps: { event: RootModelEvent; expected: Expected }[];
}

/**
 * Transition coverage of the model: for every state it can reach and every event possible
 * there, the shortest way to that state followed by that event.
 */
export function rootPaths(w: Workflow): RootPath[] {
  const shortest = new Map<string, { state: RootModelState; steps: RootPath['steps'] }>();
  shortest.set(keyOfState(initialState), { state: initialState, steps: [] });
  const queue = [initialState];
  const paths: RootPath[] = [];
  for (let s = queue.shift(); s; s = queue.shift()) {
    const here = shortest.get(keyOfState(s))!;
    for (const event of eventsIn(w, s)) {
      const exp = expected(w, s, event);
      const steps = [...here.steps, { event, expected: exp }];
      paths.push({ name: steps.map((x) => describeEvent(x.event)).join(' → '), steps });
      const k = keyOfState(exp.next);
      if (!shortest.has(k)) {
        shortest.set(k, { state: exp.next, steps });
        queue.push(exp.next);
      }
    }
  }
  return paths;
}

const USERS: Record<Login, Partial<UserInfo>> = {
  alice: { loginId: 'alice', mustChangeRefundPassword: true },
  bob: { loginId: 'bob', mustChangeRefundPassword: false },
};

/** The real root with a stand-in session that the test moves (the root reads only its state names and user). */
export function startRoot() {
  const session = setup({
    types: {
      context: {} as { user: Partial<UserInfo> | null },
      events: {} as { type: 'GO'; to: string; user: Partial<UserInfo> | null },
    },
  }).createMachine({
    context: { user: null },
    initial: 'booting',
    states: { booting: {}, authenticated: {}, loggingOut: {}, expired: {}, loggedOut: {} },
    on: {
      GO: [
        {
          guard: ({ event }) => event.to === 'authenticated',
          target: '.authenticated',
          actions: assign({ user: ({ event }) => event.user }),
        },
        {
          guard: ({ event }) => event.to === 'loggingOut',
          target: '.loggingOut',
          actions: assign({ user: null }),
        },
        { guard: ({ event }) => event.to === 'expired', target: '.expired', actions: assign({ user: null }) },
        { target: '.loggedOut', actions: assign({ user: null }) },
      ],
    },
  });
  const root = createActor(
    rootMachine.provide({ actors: { session: session as unknown as typeof sessionMachine } }),
    { input: { storage: {} as never } },
  );
  root.start();
  const sessionRef = root.getSnapshot().children.session as unknown as AnyActorRef;
  return {
    root,
    go: (to: string, user: Partial<UserInfo> | null = null) => sessionRef.send({ type: 'GO', to, user }),
  };
}

/** Makes the real world take a model step. */
export function perform(w: Workflow, world: ReturnType<typeof startRoot>, e: RootModelEvent) {
  const { root, go } = world;
  const spec = WORKFLOWS[w];
  const child = () => root.getSnapshot().children[w] as AnyActorRef | undefined;
  switch (e.type) {
    case 'signIn':
      return go('authenticated', USERS[e.login]);
    case 'logout':
      return go('loggingOut');
    case 'expire':
      return go('expired');
    case 'refundPasswordChanged':
      // Every session ends, straight to the login page.
      return go('loggedOut');
    case 'open':
      return root.send({ type: `${w}.open`, input: spec.input(e.key) } as never);
    case 'close':
      return root.send({ type: `${w}.close` } as never);
    case 'leave':
      return root.send({ type: `${w}.leave` } as never);
    case 'wait':
      return spec.wait!(child()!);
    case 'done':
      return child()!.send({ type: 'CANCEL' });
  }
}

/** The real root's state, as the model tells states apart. */
export function observe(w: Workflow, root: ReturnType<typeof startRoot>['root']): RootModelState {
  const snap = root.getSnapshot();
  const child = snap.children[w] as AnyActorRef | undefined;
  const context = snap.context as { loginId: string | null; keptFor: string | null };
  const childSnap = child?.getSnapshot() as
    { context: Record<string, unknown>; hasTag(t: string): boolean } | undefined;
  return {
    root: snap.value as RootModelState['root'],
    loginId: context.loginId as Login | null,
    keptFor: context.keptFor as Login | null,
    child: childSnap
      ? {
          key: WORKFLOWS[w].keyOf(childSnap.context),
          mustChange: childSnap.context.mustChangePassword === true,
          waiting: childSnap.hasTag('awaitsPasswordChange'),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The browser's walks (tests/e2e/root.spec.ts: the refund beside the session).

const childKind = (s: RootModelState) => (!s.child ? 'none' : s.child.waiting ? 'waiting' : 'running');

/**
 * A transition as the root machine tells it apart: signed in or out; the refund none, running or
 * waiting for the change; and what the root branches on — for a login whether a refund was kept
 * for this user, for another or none (`admit`); for an open whether the refund is of the same
 * order, another or none (`openRefund`) and, when a new one starts, whether the session says the
 * refund password must be changed; logout and expire are one transition of the root (the session
 * ending: `endWorkflows`), the refund-password change another (`endWorkflowsKeepingWaiting`);
 * close, leave (`leaveRefund`) and wait as they are.
 */
export function rootTransitionOf(s: RootModelState, e: RootModelEvent): string {
  const from = `${s.root}, refund ${childKind(s)}`;
  switch (e.type) {
    case 'signIn': {
      const kept =
        s.keptFor === null ? 'none kept' : s.keptFor === e.login ? 'kept for them' : 'kept for another';
      return `${from}: signIn (${kept})`;
    }
    case 'logout':
    case 'expire':
      return `${from}: session ends`;
    case 'open': {
      const of = !s.child ? 'none' : s.child.key === e.key ? 'same order' : 'another order';
      // A new refund starts at the change when the session says so (the model's own answer).
      const must = expected('refund', s, e).next.child?.mustChange ? 'must change' : 'need not';
      return `${from}: open (${of}${of === 'same order' ? '' : `, ${must}`})`;
    }
    default:
      return `${from}: ${e.type}`;
  }
}

/** Steps the browser cannot cause, by reason (the same root transitions are walked in vitest). */
export const ROOT_NOT_WALKABLE = {
  dialogCoversUserCard:
    'the modal refund dialog covers the user card; the session ending with a running refund is walked by expire',
  changeScreenLeavesOrder:
    'the change screen is another page: leaving the order detail stops the refund first (leave)',
  otherOrderLeavesOrder:
    'another order’s Refund is on its own detail: leaving this one stops its refund first (leave, then open)',
  noScreenWhenSignedOut:
    'the order detail was left at wait and the login page has no dialog to close or leave',
  keptLooksFresh:
    'a kept refund and a fresh one both ask for the change when it must be changed; walked as bob',
} as const;
export type RootNotWalkable = keyof typeof ROOT_NOT_WALKABLE;

export function rootNotWalkable(s: RootModelState, e: RootModelEvent): RootNotWalkable | null {
  const kind = childKind(s);
  if (e.type === 'logout' && kind === 'running') return 'dialogCoversUserCard';
  if (e.type === 'refundPasswordChanged' && kind === 'running') return 'changeScreenLeavesOrder';
  if (e.type === 'open' && kind === 'running' && s.child!.key !== e.key) return 'otherOrderLeavesOrder';
  if ((e.type === 'close' || e.type === 'leave') && s.root === 'signedOut') return 'noScreenWhenSignedOut';
  // Only after such a close: signed out, kept for someone, and nothing kept.
  if (e.type === 'signIn' && s.keptFor !== null && !s.child) return 'noScreenWhenSignedOut';
  if (e.type === 'open' && kind === 'running' && s.child!.mustChange) return 'keptLooksFresh';
  return null;
}

function computeRootWalks() {
  const paths = rootPaths('refund');
  const analysed = paths.map((path, i) => {
    let s = initialState;
    const takes = new Set<string>();
    /** The transitions of steps the browser cannot cause, with the reason. */
    const blocked = new Map<string, RootNotWalkable>();
    for (const step of path.steps) {
      const t = rootTransitionOf(s, step.event);
      const reason = rootNotWalkable(s, step.event);
      if (reason) blocked.set(t, reason);
      takes.add(t);
      s = step.expected.next;
      takes.add(`state ${s.root}, refund ${childKind(s)}`);
    }
    return { path, i, takes, blocked, steps: path.steps.length };
  });
  const walkable = analysed.filter((a) => a.blocked.size === 0);
  const wanted = new Set(analysed.flatMap((a) => [...a.takes]));
  const chosen = pickWalks(walkable, wanted);
  const covered = new Set(chosen.flatMap((c) => [...c.takes]));
  const notWalked: Record<string, RootNotWalkable> = {};
  for (const a of analysed) for (const [t, reason] of a.blocked) if (!covered.has(t)) notWalked[t] = reason;
  return {
    paths,
    walks: chosen.map((c) => c.path),
    covered: [...covered].sort(),
    /** Transitions no walk takes because the browser cannot cause them, with the reason. */
    notWalked,
    /** Transitions and states neither walked nor explained by a reason: each needs a walk or one. */
    uncovered: [...wanted].filter((k) => !covered.has(k) && !(k in notWalked)).sort(),
  };
}

let walks: ReturnType<typeof computeRootWalks> | undefined;

/**
 * The root's walks in Chromium: of `rootPaths('refund')` (one per model state and event), the
 * covering set (`pickWalks`, as `coveringSet` chooses) of those the browser can walk, so that
 * every transition of the root (`rootTransitionOf`) and every model state it can cause is walked.
 */
export function rootWalks() {
  walks ??= computeRootWalks();
  return walks;
}
