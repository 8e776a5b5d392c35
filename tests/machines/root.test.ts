import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { UserInfo } from '../../src/contract/auth';
import { passwordChangeMachine } from '../../src/machines/passwordChange';
import { rootMachine, rootTestMap } from '../../src/machines/root';
import type { sessionMachine } from '../../src/machines/session';
import { coveredTransitions } from './harness';
import { input as refundInput } from './refund.model';
import { input as checkoutInput } from './settlementCheckout.model';
import {
  describeEvent,
  expected,
  observe,
  perform,
  rootPaths,
  startRoot,
  WORKFLOWS,
  type Workflow,
} from './root.model';

/**
 * The root actor: the session and the workflows in one actor system. The session is a fake
 * with the user the test gives; the workflows are the real machines (their services unused).
 */
function start(user: Partial<UserInfo> | null = null) {
  const session = setup({ types: { context: {} as { user: Partial<UserInfo> | null } } }).createMachine({
    context: { user },
  });
  // Only its user is read by the root: a stand-in, typed as the session it stands for.
  const fake = session as unknown as typeof sessionMachine;
  const root = createActor(rootMachine.provide({ actors: { session: fake } }), {
    input: { storage: {} as never },
  });
  root.start();
  return root;
}

const ALICE = { loginId: 'alice', mustChangeRefundPassword: true };
const BOB = { loginId: 'bob', mustChangeRefundPassword: false };
type FakeUser = typeof ALICE | null;

/**
 * A stand-in session with the real one's state names the root reads (authenticated, loggingOut,
 * expired, loggedOut) and RELOGIN_REQUIRED as the real one handles it; GO moves it. The
 * password change is the real machine with a change that succeeds.
 */
function startSession() {
  const session = setup({
    types: {
      context: {} as { user: FakeUser },
      events: {} as
        | { type: 'GO'; to: 'authenticated' | 'loggingOut' | 'expired' | 'loggedOut'; user: FakeUser }
        | { type: 'RELOGIN_REQUIRED' }
        | { type: 'SET_REDIRECT'; redirect: string },
    },
  }).createMachine({
    context: { user: null },
    initial: 'booting',
    states: {
      booting: {},
      authenticated: { on: { RELOGIN_REQUIRED: { target: 'loggedOut', actions: assign({ user: null }) } } },
      loggingOut: {},
      expired: {},
      loggedOut: {},
    },
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
  const change = passwordChangeMachine.provide({
    actors: { changePassword: fromPromise(() => Promise.resolve()) },
  });
  const root = createActor(
    rootMachine.provide({
      actors: { session: session as unknown as typeof sessionMachine, passwordChange: change },
    }),
    { input: { storage: {} as never } },
  );
  root.start();
  return {
    root,
    session: root.getSnapshot().children.session! as unknown as ReturnType<
      typeof createActor<typeof session>
    >,
  };
}

const workflows = (root: ReturnType<typeof startSession>['root']) =>
  (['refund', 'refundApproval', 'passwordChange', 'preOrder', 'settlementCheckout'] as const).filter(
    (id) => root.getSnapshot().children[id] !== undefined,
  );

describe('root actor', () => {
  it('runs the session under system id "session"', () => {
    const root = start();
    expect(root.system.get('session')).toBe(root.getSnapshot().children.session);
  });

  it('opens a refund under system id "refund", with the session’s must-change flag', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    const refund = root.getSnapshot().children.refund!;
    expect(root.system.get('refund')).toBe(refund);
    expect(refund.getSnapshot().matches({ rejected: 'passwordReset' })).toBe(true);
    root.send({ type: 'refund.close' });
    expect(root.getSnapshot().children.refund).toBeUndefined();
    expect(root.system.get('refund')).toBeUndefined();
  });

  it('opens a refund approval with the session’s must-change flag: Approve goes to the change', () => {
    for (const mustChangeRefundPassword of [true, false]) {
      const root = start({ mustChangeRefundPassword });
      root.send({ type: 'refundApproval.open', input: { gatewayRefundNo: 'RF1' } });
      const approval = root.getSnapshot().children.refundApproval!;
      expect(root.system.get('refundApproval')).toBe(approval);
      approval.send({ type: 'APPROVE' });
      expect(approval.getSnapshot().matches({ refused: 'passwordReset' })).toBe(mustChangeRefundPassword);
      expect(approval.getSnapshot().matches({ approving: 'enteringPassword' })).toBe(
        !mustChangeRefundPassword,
      );
      root.stop();
    }
  });

  it('keeps a refund waiting for the password change when the order detail goes, else stops it', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    const refund = root.getSnapshot().children.refund!;
    refund.send({ type: 'CHANGE_PASSWORD' });
    root.send({ type: 'refund.leave' });
    expect(root.getSnapshot().children.refund).toBe(refund);
    // Back on the same order: the same refund, not a new one.
    root.send({ type: 'refund.open', input: { ...refundInput, clientRefundNo: 'C-other' } });
    expect(root.getSnapshot().children.refund).toBe(refund);
    refund.send({ type: 'PASSWORD_CHANGED' });
    expect(refund.getSnapshot().matches('enteringPassword')).toBe(true);
    root.send({ type: 'refund.leave' });
    expect(root.getSnapshot().children.refund).toBeUndefined();
  });

  it('replaces a refund left waiting on another order', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    const first = root.getSnapshot().children.refund!;
    first.send({ type: 'CHANGE_PASSWORD' });
    root.send({ type: 'refund.open', input: { ...refundInput, gatewayOrderNo: 'G-other' } });
    const second = root.getSnapshot().children.refund!;
    expect(second).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second.getSnapshot().context.gatewayOrderNo).toBe('G-other');
  });

  it('runs one password change per screen; the refund hears of the change through the system', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    root.getSnapshot().children.refund!.send({ type: 'CHANGE_PASSWORD' });
    root.send({ type: 'passwordChange.open', input: { kind: 'refund' } });
    const change = root.getSnapshot().children.passwordChange!;
    expect(root.system.get('passwordChange')).toBe(change);
    root.send({ type: 'passwordChange.close' });
    expect(root.getSnapshot().children.passwordChange).toBeUndefined();
  });

  it('runs a create dialog’s link under system id "preOrder", a new one for each dialog', () => {
    const root = start();
    root.send({ type: 'preOrder.open', input: { kind: 'url' } });
    const first = root.getSnapshot().children.preOrder!;
    expect(root.system.get('preOrder')).toBe(first);
    expect(first.getSnapshot().context.kind).toBe('url');
    // Another dialog (the other kind) starts from its own draft.
    root.send({ type: 'preOrder.open', input: { kind: 'preOrder' } });
    const second = root.getSnapshot().children.preOrder!;
    expect(second).not.toBe(first);
    expect(second.getSnapshot().context.kind).toBe('preOrder');
    expect(second.getSnapshot().value).toBe('draft');
    root.send({ type: 'preOrder.close' });
    expect(root.getSnapshot().children.preOrder).toBeUndefined();
    expect(root.system.get('preOrder')).toBeUndefined();
  });

  it('runs the Pay out dialog’s checkout under system id "settlementCheckout", one per dialog', () => {
    const root = start();
    root.send({ type: 'settlementCheckout.open', input: checkoutInput });
    const first = root.getSnapshot().children.settlementCheckout!;
    expect(root.system.get('settlementCheckout')).toBe(first);
    expect(first.getSnapshot().matches('loading')).toBe(true);
    expect(first.getSnapshot().context).toMatchObject({ kind: 'merchant', ids: checkoutInput.ids });
    // The same dialog again (React's effects run twice): the same checkout, same batch key.
    root.send({ type: 'settlementCheckout.open', input: checkoutInput });
    expect(root.getSnapshot().children.settlementCheckout).toBe(first);
    // Another dialog (a new batch key): a new checkout.
    root.send({
      type: 'settlementCheckout.open',
      input: { ...checkoutInput, kind: 'agent', batchKey: 'B-another-dialog-0001' },
    });
    const second = root.getSnapshot().children.settlementCheckout!;
    expect(second).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second.getSnapshot().context.kind).toBe('agent');
    // The list goes: the checkout goes with it.
    root.send({ type: 'settlementCheckout.close' });
    expect(root.getSnapshot().children.settlementCheckout).toBeUndefined();
    expect(root.system.get('settlementCheckout')).toBeUndefined();
  });

  it('lets the checkout go when the user cancels or closes the dialog (the workflow ends itself)', () => {
    const root = start();
    root.send({ type: 'settlementCheckout.open', input: checkoutInput });
    const checkout = root.getSnapshot().children.settlementCheckout!;
    checkout.send({ type: 'CANCEL' });
    expect(checkout.getSnapshot().status).toBe('done');
    expect(root.getSnapshot().children.settlementCheckout).toBeUndefined();
    expect(root.system.get('settlementCheckout')).toBeUndefined();
    // A new dialog after it starts afresh.
    root.send({ type: 'settlementCheckout.open', input: checkoutInput });
    expect(root.getSnapshot().children.settlementCheckout).not.toBe(checkout);
    expect(root.getSnapshot().children.settlementCheckout!.getSnapshot().matches('loading')).toBe(true);
  });

  it('stops every workflow of the session when it ends (logout, switching account, expiry)', () => {
    for (const end of ['loggingOut', 'expired'] as const) {
      const { root, session } = startSession();
      session.send({ type: 'GO', to: 'authenticated', user: ALICE });
      root.send({ type: 'refund.open', input: refundInput });
      // A refund waiting for the refund password's change: it used to survive the logout.
      root.getSnapshot().children.refund!.send({ type: 'CHANGE_PASSWORD' });
      root.send({ type: 'refund.leave' });
      root.send({ type: 'refundApproval.open', input: { gatewayRefundNo: 'RF1' } });
      root.send({ type: 'passwordChange.open', input: { kind: 'refund' } });
      root.send({ type: 'preOrder.open', input: { kind: 'url' } });
      root.send({ type: 'settlementCheckout.open', input: checkoutInput });
      expect(workflows(root)).toEqual([
        'refund',
        'refundApproval',
        'passwordChange',
        'preOrder',
        'settlementCheckout',
      ]);
      session.send({ type: 'GO', to: end, user: null });
      expect(workflows(root), end).toEqual([]);
      expect(root.system.get('refund')).toBeUndefined();
      // The same user signs in again: nothing of the previous session.
      session.send({ type: 'GO', to: 'loggedOut', user: null });
      session.send({ type: 'GO', to: 'authenticated', user: ALICE });
      expect(workflows(root)).toEqual([]);
      expect(root.getSnapshot().value).toBe('signedIn');
    }
  });

  it('keeps the refund waiting for a refund-password change across the login it forces, for its user only', async () => {
    for (const next of [ALICE, BOB]) {
      const { root, session } = startSession();
      session.send({ type: 'GO', to: 'authenticated', user: ALICE });
      root.send({ type: 'refund.open', input: { ...refundInput, returnTo: '/history/order/X' } });
      const refund = root.getSnapshot().children.refund!;
      refund.send({ type: 'CHANGE_PASSWORD' });
      root.send({ type: 'refund.leave' });
      root.send({ type: 'settlementCheckout.open', input: checkoutInput });
      root.send({ type: 'passwordChange.open', input: { kind: 'refund' } });
      // The change succeeds: it ends the session (RELOGIN_REQUIRED), then tells the refund.
      root.getSnapshot().children.passwordChange!.send({
        type: 'SUBMIT',
        values: { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(session.getSnapshot().value).toBe('loggedOut');
      expect(root.getSnapshot().value).toBe('signedOut');
      expect(root.getSnapshot().children.settlementCheckout).toBeUndefined();
      expect(root.getSnapshot().children.refund).toBe(refund);
      expect(refund.getSnapshot().matches('enteringPassword')).toBe(true);
      root.send({ type: 'passwordChange.close' });
      session.send({ type: 'GO', to: 'authenticated', user: next });
      if (next === ALICE) expect(root.getSnapshot().children.refund, 'same user').toBe(refund);
      else expect(root.getSnapshot().children.refund, 'another user').toBeUndefined();
    }
  });

  it('the root test map names every event it handles', () => {
    const handled = new Set(coveredTransitions(rootMachine, []).defined.map((d) => d.split(' ')[1]));
    expect([...handled].filter((e) => !(e in rootTestMap.events))).toEqual([]);
  });
});

/**
 * Generated paths (tests/machines/root.model.ts): for each workflow beside the session, every
 * transition of the model reached by its shortest path and walked on the real root. After each
 * step the root's state, the user it holds, whom a waiting workflow is kept for and the workflow
 * (its object, whether it waits) are the model's; the workflow is registered in the system
 * under its id exactly while it runs; an open keeps or replaces it as promised, and one that
 * goes is stopped.
 */
describe('root paths', () => {
  for (const w of Object.keys(WORKFLOWS) as Workflow[]) {
    const paths = rootPaths(w);
    it(`${w}: walks all ${paths.length} generated paths`, () => {
      const failures: string[] = [];
      for (const path of paths) {
        const world = startRoot();
        for (const [i, step] of path.steps.entries()) {
          const where = `${path.name} (step ${i + 1}, ${describeEvent(step.event)})`;
          const before = world.root.getSnapshot().children[w];
          perform(w, world, step.event);
          const after = world.root.getSnapshot().children[w];
          const seen = observe(w, world.root);
          if (JSON.stringify(seen) !== JSON.stringify(step.expected.next)) {
            failures.push(`${where}: ${JSON.stringify(seen)} ≠ ${JSON.stringify(step.expected.next)}`);
            break;
          }
          if (world.root.system.get(w) !== after)
            failures.push(`${where}: system id "${w}" ≠ the running one`);
          if (step.expected.replaced === false && after !== before) failures.push(`${where}: not kept`);
          if (step.expected.replaced === true && (after === before || !after))
            failures.push(`${where}: not a new one`);
          if (before && after !== before && before.getSnapshot().status === 'active')
            failures.push(`${where}: the one it replaced or let go still runs`);
        }
        world.root.stop();
      }
      expect(failures).toEqual([]);
      // The model is walked whole: every kind of step at least once.
      const kinds = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
      const spec = WORKFLOWS[w];
      expect([...kinds].sort()).toEqual(
        [
          'signIn',
          'logout',
          'expire',
          'refundPasswordChanged',
          'open',
          'close',
          ...(spec.leave ? ['leave'] : []),
          ...(spec.wait ? ['wait'] : []),
          ...(spec.endsItself ? ['done'] : []),
        ].sort(),
      );
    });
  }

  it('the model keeps a refund waiting for its user across the forced login, and no one else’s', () => {
    // The promise itself, read back from the model (a wrong model would pass its own paths).
    const s0 = expected(
      'refund',
      { root: 'signedOut', loginId: null, keptFor: null, child: null },
      {
        type: 'signIn',
        login: 'alice',
      },
    ).next;
    const s1 = expected('refund', s0, { type: 'open', key: 'A' }).next;
    const s2 = expected('refund', s1, { type: 'wait' }).next;
    const s3 = expected('refund', s2, { type: 'refundPasswordChanged' }).next;
    expect(s3).toEqual({ root: 'signedOut', loginId: null, keptFor: 'alice', child: s2.child });
    expect(expected('refund', s3, { type: 'signIn', login: 'alice' }).next.child).toEqual(s2.child);
    expect(expected('refund', s3, { type: 'signIn', login: 'bob' }).next.child).toBeNull();
    expect(expected('refund', s2, { type: 'logout' }).next.child).toBeNull();
  });
});
