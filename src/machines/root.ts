import { enqueueActions, setup, stopChild } from 'xstate';
import type { TestMap } from './effects';
import { ORDER_SYNC_SYSTEM_ID, orderSyncMachine, type OrderSyncInput } from './orderSync';
import { PASSWORD_CHANGE_SYSTEM_ID, passwordChangeMachine, type PasswordChangeInput } from './passwordChange';
import { REFUND_SYSTEM_ID, refundMachine, type RefundMachineInput } from './refund';
import { REFUND_APPROVAL_SYSTEM_ID, refundApprovalMachine, type RefundApprovalInput } from './refundApproval';
import { SESSION_SYSTEM_ID, sessionMachine, type SessionInput } from './session';

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
 * - orderSync: the order detail's "Sync with brand", for as long as the detail is shown.
 */

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
  | { type: 'orderSync.open'; input: OrderSyncInput }
  | { type: 'orderSync.close' };

export const rootMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as { sessionInput: SessionInput },
    events: {} as RootEvent,
    children: {} as {
      session: 'session';
      refund: 'refund';
      refundApproval: 'refundApproval';
      passwordChange: 'passwordChange';
      orderSync: 'orderSync';
    },
  },
  actors: {
    session: sessionMachine,
    refund: refundMachine,
    refundApproval: refundApprovalMachine,
    passwordChange: passwordChangeMachine,
    orderSync: orderSyncMachine,
  },
  actions: {
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
      enqueue.stopChild('refundApproval');
      enqueue.spawnChild('refundApproval', {
        id: 'refundApproval',
        systemId: REFUND_APPROVAL_SYSTEM_ID,
        input: event.input,
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
    /** The order detail's sync; the same one while the same order is shown. */
    openOrderSync: enqueueActions(({ self, event, enqueue }) => {
      if (event.type !== 'orderSync.open') return;
      const current = self.getSnapshot().children.orderSync?.getSnapshot();
      if (current?.status === 'active' && current.context.gatewayOrderNo === event.input.gatewayOrderNo)
        return;
      enqueue.stopChild('orderSync');
      enqueue.spawnChild('orderSync', {
        id: 'orderSync',
        systemId: ORDER_SYNC_SYSTEM_ID,
        input: event.input,
      });
    }),
  },
}).createMachine({
  id: 'root',
  context: ({ input }) => ({ sessionInput: input }),
  invoke: {
    id: 'session',
    src: 'session',
    systemId: SESSION_SYSTEM_ID,
    input: ({ context }) => context.sessionInput,
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
    'orderSync.open': { actions: 'openOrderSync' },
    'orderSync.close': { actions: stopChild('orderSync') },
  },
});

export const rootTestMap = {
  states: {},
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
    'orderSync.open': 'Open an order detail',
    'orderSync.close': 'Leave the order detail',
  },
} satisfies TestMap;
