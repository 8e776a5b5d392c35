import { enqueueActions, raise, setup, stopChild, type SnapshotFrom } from 'xstate';
import type { TestMap } from './effects';
import { PRE_ORDER_SYSTEM_ID, preOrderMachine, type PreOrderInput } from './preOrder';
import { PASSWORD_CHANGE_SYSTEM_ID, passwordChangeMachine, type PasswordChangeInput } from './passwordChange';
import { REFUND_SYSTEM_ID, refundMachine, type RefundMachineInput } from './refund';
import { REFUND_APPROVAL_SYSTEM_ID, refundApprovalMachine, type RefundApprovalInput } from './refundApproval';
import { SESSION_SYSTEM_ID, sessionMachine, type SessionInput } from './session';
import {
  SETTLEMENT_CHECKOUT_SYSTEM_ID,
  settlementCheckoutMachine,
  type SettlementCheckoutInput,
} from './settlementCheckout';
import {
  STATEMENT_IMPORT_SYSTEM_ID,
  statementImportMachine,
  type StatementImportInput,
} from './statementImport';

/**
 * The console's root actor: one actor system for every workflow. It invokes the session
 * (`systemId: 'session'`) and spawns the workflow machines a screen opens, each under its own
 * system id, so they reach the session and each other with `system.get` / `sendTo` instead of
 * React glue. A screen opens a workflow by sending `<workflow>.open` here and reads it as
 * `snapshot.children.<workflow>` (src/app/session.tsx: `useWorkflow`).
 *
 * - refund: one at a time (the order detail's dialog). It outlives the screen only while it
 *   waits for the refund password's change (tag `awaitsPasswordChange`): the user comes back
 *   to it after the change and the new login.
 * - refundApproval: one at a time (the approval list's dialog); like the refund, it outlives the
 *   list only while it waits for the refund password's change.
 * - passwordChange: the change screen's form, for as long as the screen is shown.
 * - preOrder: the create dialog of a URL payment or pre-order, for as long as it is open (its
 *   link watched for payments until it ends).
 * - settlementCheckout: the settlement list's Pay out dialog, one at a time; it ends itself when
 *   the user cancels or closes it (the root then lets it go), or with the list.
 * - statementImport: a check screen's Import statement dialog, one at a time; like the checkout,
 *   it ends itself when closed (the import goes on on the server), or with the screen.
 *
 * The workflows belong to the signed-in session: the root follows the session's snapshots
 * (`session.phase`) and, when the session ends (logout, switching account, expiry), stops every
 * one of them, so the next user — or the same one after a new login — starts clean. The one
 * exception is the end a refund-password change causes (every session ends, straight to the
 * login page): the refund or approval waiting for that change is kept for the same user's next
 * login, and stopped if someone else signs in.
 */

/** Where the session stands, for the root: signed in, ending (logout, expiry), signed out, or on its way in. */
export type SessionPhase = 'open' | 'ending' | 'closed' | 'other';

export function sessionPhaseOf(snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'matches'>): SessionPhase {
  if (snapshot.matches('authenticated')) return 'open';
  if (snapshot.matches('loggingOut') || snapshot.matches('expired')) return 'ending';
  if (snapshot.matches('loggedOut')) return 'closed';
  return 'other';
}

/** The workflows a session's screens open (every child but the session). */
const WORKFLOWS = [
  'refund',
  'refundApproval',
  'passwordChange',
  'preOrder',
  'settlementCheckout',
  'statementImport',
] as const;
/** Those that may wait for the refund password's change across the login it forces. */
const WAITING = ['refund', 'refundApproval'] as const;

export type RefundOpenInput = Omit<RefundMachineInput, 'mustChangePassword'>;

export type RootEvent =
  | { type: 'refund.open'; input: RefundOpenInput }
  /** The user closed the dialog. */
  | { type: 'refund.close' }
  /** The order detail went away: the refund stops unless it waits for the password change. */
  | { type: 'refund.leave' }
  | { type: 'refundApproval.open'; input: RefundApprovalInput }
  /** The approver closed the dialog. */
  | { type: 'refundApproval.close' }
  /** The approval list went away: the approval stops unless it waits for the password change. */
  | { type: 'refundApproval.leave' }
  | { type: 'passwordChange.open'; input: PasswordChangeInput }
  | { type: 'passwordChange.close' }
  | { type: 'preOrder.open'; input: PreOrderInput }
  | { type: 'preOrder.close' }
  | { type: 'settlementCheckout.open'; input: SettlementCheckoutInput }
  /** The list went away (the dialog's own Cancel and Close end the workflow itself). */
  | { type: 'settlementCheckout.close' }
  | { type: 'statementImport.open'; input: StatementImportInput }
  /** The check screen went away (the dialog's own Cancel and Close end the workflow itself). */
  | { type: 'statementImport.close' }
  /** Raised from the session's snapshots (`sessionPhaseOf`), with the signed-in user. */
  | { type: 'session.phase'; phase: SessionPhase; loginId: string | null };

/** The machines the root runs: the session (invoked) and the workflows it spawns, each under its own id. */
const ROOT_ACTORS = {
  session: sessionMachine,
  refund: refundMachine,
  refundApproval: refundApprovalMachine,
  passwordChange: passwordChangeMachine,
  preOrder: preOrderMachine,
  settlementCheckout: settlementCheckoutMachine,
  statementImport: statementImportMachine,
};

/** Every child typed: `snapshot.children.<id>` is its machine's actor (id and source the same name). */
type RootChildren = { [K in keyof typeof ROOT_ACTORS]: K };

export const rootMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as {
      sessionInput: SessionInput;
      /** The signed-in user's login id. */
      loginId: string | null;
      /** Whose refund or approval was kept across the login a refund-password change forced. */
      keptFor: string | null;
    },
    events: {} as RootEvent,
    children: {} as RootChildren,
  },
  actors: ROOT_ACTORS,
  guards: {
    sessionOpen: (_, params: { phase: SessionPhase }) => params.phase === 'open',
    /** Logout, switching account or expiry. */
    sessionEnding: (_, params: { phase: SessionPhase }) => params.phase === 'ending',
    /** Straight from signed in to signed out: the refund password was changed (every session ends). */
    sessionClosed: (_, params: { phase: SessionPhase }) => params.phase === 'closed',
  },
  actions: {
    relaySession: raise(({ event }) => {
      const snapshot = (event as unknown as { snapshot: SnapshotFrom<typeof sessionMachine> }).snapshot;
      return {
        type: 'session.phase' as const,
        phase: sessionPhaseOf(snapshot),
        loginId: snapshot.context.user?.loginId ?? null,
      };
    }),
    /** A user signed in: what was kept for someone else goes. */
    admit: enqueueActions(({ context, enqueue }, params: { loginId: string | null }) => {
      if (context.keptFor !== params.loginId) for (const id of WAITING) enqueue.stopChild(id);
      enqueue.assign({ loginId: params.loginId, keptFor: null });
    }),
    /** The session ended: every workflow of it stops. */
    endWorkflows: enqueueActions(({ enqueue }) => {
      for (const id of WORKFLOWS) enqueue.stopChild(id);
      enqueue.assign({ loginId: null, keptFor: null });
    }),
    /** Ended by a refund-password change: the refund or approval waiting for it stays for its user. */
    endWorkflowsKeepingWaiting: enqueueActions(({ context, self, enqueue }) => {
      const children = self.getSnapshot().children;
      const waiting = (id: (typeof WAITING)[number]) =>
        children[id]?.getSnapshot().hasTag('awaitsPasswordChange') === true;
      const kept = WAITING.filter(waiting);
      for (const id of WORKFLOWS) {
        // The change itself ends with its screen (it is still telling the others).
        if (id !== 'passwordChange' && !(kept as readonly string[]).includes(id)) enqueue.stopChild(id);
      }
      enqueue.assign({ loginId: null, keptFor: kept.length ? context.loginId : null });
    }),
    /**
     * A new refund (a stale one, left waiting for a password change on another order, is
     * replaced). The session says whether the refund password must be changed first.
     */
    openRefund: enqueueActions(({ self, event, enqueue }) => {
      if (event.type !== 'refund.open') return;
      const current = self.getSnapshot().children.refund?.getSnapshot();
      if (current?.status === 'active' && current.context.gatewayOrderNo === event.input.gatewayOrderNo)
        return;
      const user = self.getSnapshot().children.session?.getSnapshot().context.user;
      enqueue.stopChild('refund');
      enqueue.spawnChild('refund', {
        id: 'refund',
        systemId: REFUND_SYSTEM_ID,
        input: { ...event.input, mustChangePassword: user?.mustChangeRefundPassword === true },
      });
    }),
    leaveRefund: enqueueActions(({ self, enqueue }) => {
      const refund = self.getSnapshot().children.refund?.getSnapshot();
      if (refund && !refund.hasTag('awaitsPasswordChange')) enqueue.stopChild('refund');
    }),
    /** The approval of one refund; the same one while it is that refund's (a stale one is replaced). */
    openRefundApproval: enqueueActions(({ self, event, enqueue }) => {
      if (event.type !== 'refundApproval.open') return;
      const current = self.getSnapshot().children.refundApproval?.getSnapshot();
      if (current?.status === 'active' && current.context.gatewayRefundNo === event.input.gatewayRefundNo)
        return;
      const user = self.getSnapshot().children.session?.getSnapshot().context.user;
      enqueue.stopChild('refundApproval');
      enqueue.spawnChild('refundApproval', {
        id: 'refundApproval',
        systemId: REFUND_APPROVAL_SYSTEM_ID,
        input: { ...event.input, mustChangePassword: user?.mustChangeRefundPassword === true },
      });
    }),
    leaveRefundApproval: enqueueActions(({ self, enqueue }) => {
      const approval = self.getSnapshot().children.refundApproval?.getSnapshot();
      if (approval && !approval.hasTag('awaitsPasswordChange')) enqueue.stopChild('refundApproval');
    }),
    openPasswordChange: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'passwordChange.open') return;
      enqueue.stopChild('passwordChange');
      enqueue.spawnChild('passwordChange', {
        id: 'passwordChange',
        systemId: PASSWORD_CHANGE_SYSTEM_ID,
        input: event.input,
      });
    }),
    /** A create dialog opened: a new link's workflow (one dialog at a time). */
    openPreOrder: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'preOrder.open') return;
      enqueue.stopChild('preOrder');
      enqueue.spawnChild('preOrder', { id: 'preOrder', systemId: PRE_ORDER_SYSTEM_ID, input: event.input });
    }),
    /**
     * The Pay out dialog opened: its checkout (one at a time). The same dialog again (its batch
     * key: React's effects run twice) keeps the one it has, which may be submitting.
     */
    openSettlementCheckout: enqueueActions(({ self, event, enqueue }) => {
      if (event.type !== 'settlementCheckout.open') return;
      const current = self.getSnapshot().children.settlementCheckout?.getSnapshot();
      if (current?.status === 'active' && current.context.batchKey === event.input.batchKey) return;
      enqueue.stopChild('settlementCheckout');
      enqueue.spawnChild('settlementCheckout', {
        id: 'settlementCheckout',
        systemId: SETTLEMENT_CHECKOUT_SYSTEM_ID,
        input: event.input,
      });
    }),
    /** The Import statement dialog opened: one at a time; the same group's running one is kept. */
    openStatementImport: enqueueActions(({ self, event, enqueue }) => {
      if (event.type !== 'statementImport.open') return;
      const current = self.getSnapshot().children.statementImport?.getSnapshot();
      if (current?.status === 'active' && current.context.group === event.input.group) return;
      enqueue.stopChild('statementImport');
      enqueue.spawnChild('statementImport', {
        id: 'statementImport',
        systemId: STATEMENT_IMPORT_SYSTEM_ID,
        input: event.input,
      });
    }),
  },
}).createMachine({
  id: 'root',
  context: ({ input }) => ({ sessionInput: input, loginId: null, keptFor: null }),
  invoke: {
    id: 'session',
    src: 'session',
    systemId: SESSION_SYSTEM_ID,
    input: ({ context }) => context.sessionInput,
    onSnapshot: { actions: 'relaySession' },
  },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.phase': {
          guard: { type: 'sessionOpen', params: ({ event }) => ({ phase: event.phase }) },
          target: 'signedIn',
          actions: { type: 'admit', params: ({ event }) => ({ loginId: event.loginId }) },
        },
      },
    },
    signedIn: {
      on: {
        'session.phase': [
          {
            guard: { type: 'sessionEnding', params: ({ event }) => ({ phase: event.phase }) },
            target: 'signedOut',
            actions: 'endWorkflows',
          },
          {
            guard: { type: 'sessionClosed', params: ({ event }) => ({ phase: event.phase }) },
            target: 'signedOut',
            actions: 'endWorkflowsKeepingWaiting',
          },
        ],
      },
    },
  },
  on: {
    'refund.open': { actions: 'openRefund' },
    'refund.close': { actions: stopChild('refund') },
    'refund.leave': { actions: 'leaveRefund' },
    'refundApproval.open': { actions: 'openRefundApproval' },
    'refundApproval.close': { actions: stopChild('refundApproval') },
    'refundApproval.leave': { actions: 'leaveRefundApproval' },
    'passwordChange.open': { actions: 'openPasswordChange' },
    'passwordChange.close': { actions: stopChild('passwordChange') },
    'preOrder.open': { actions: 'openPreOrder' },
    'preOrder.close': { actions: stopChild('preOrder') },
    'settlementCheckout.open': { actions: 'openSettlementCheckout' },
    'settlementCheckout.close': { actions: stopChild('settlementCheckout') },
    /** Cancelled or closed by the user: the dialog goes with it. */
    'xstate.done.actor.settlementCheckout': { actions: stopChild('settlementCheckout') },
    'statementImport.open': { actions: 'openStatementImport' },
    'statementImport.close': { actions: stopChild('statementImport') },
    /** Cancelled or closed by the user: the dialog goes with it. */
    'xstate.done.actor.statementImport': { actions: stopChild('statementImport') },
  },
});

export const rootTestMap = {
  states: {
    signedOut: 'The login page (or the session being restored); a refund or approval may wait for its user',
    signedIn: 'The console: its screens open workflows',
  },
  events: {
    'refund.open': 'Press Refund on an order detail (or come back to an order whose refund waits)',
    'refund.close': 'Close the refund dialog',
    'refund.leave': 'Leave the order detail',
    'refundApproval.open':
      'Press Review on a refund awaiting approval (or come back to the list while it waits)',
    'refundApproval.close': 'Close the approval dialog',
    'refundApproval.leave': 'Leave the approval list',
    'passwordChange.open': 'Open the change-password or change-refund-password screen',
    'passwordChange.close': 'Leave that screen',
    'preOrder.open': 'Open the new URL payment or new pre-order dialog',
    'preOrder.close': 'Close that dialog',
    'settlementCheckout.open': 'Tick settlements on the merchant or agency settlement list and press Pay out',
    'settlementCheckout.close': 'Leave the settlement list while the Pay out dialog is open',
    'xstate.done.actor.settlementCheckout': 'Cancel or close the Pay out dialog',
    'statementImport.open': 'Press Import statement on a reconciliation result screen',
    'statementImport.close': 'Leave that screen while the Import statement dialog is open',
    'xstate.done.actor.statementImport': 'Cancel or close the Import statement dialog',
    'session.phase':
      'The session moves: signed in, logging out / switching account / expired, or ended by a refund-password change',
    'xstate.snapshot.session': 'The session’s state changes (read as session.phase)',
  },
} satisfies TestMap;
