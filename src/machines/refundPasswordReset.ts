import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import type { PasswordReset } from '../contract/operators';
import { failureMessage, type TestMap } from './effects';

/**
 * An administrator resets another account's refund password (spec point 5,
 * /system/operator/refundPassword): a confirmation first; then the server makes a new one,
 * which is shown once (the account must change it at its next refund: the refund's must-change
 * path) and forgotten when the dialog closes. A refusal is shown in the confirmation, which
 * may be tried again or cancelled. `reset` is emitted so the list reloads.
 */

/** The account whose refund password is reset, as the operator list shows it. */
export interface ResetAccount {
  id: number;
  loginId: string;
  userName: string;
}

export interface RefundPasswordResetContext {
  account: ResetAccount | null;
  /** The new refund password, while it is shown (once). */
  password: string | null;
  error: string | null;
}

export type RefundPasswordResetEvent =
  { type: 'ASK'; account: ResetAccount } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'DISMISS' };

export type RefundPasswordResetEmitted = { type: 'reset' };

export const refundPasswordResetMachine = setup({
  types: {
    context: {} as RefundPasswordResetContext,
    events: {} as RefundPasswordResetEvent,
    emitted: {} as RefundPasswordResetEmitted,
  },
  actors: {
    resetRefundPassword: fromPromise<PasswordReset, { id: number }>(() =>
      Promise.reject(new Error('refundPasswordReset actor "resetRefundPassword" not provided')),
    ),
  },
  actions: {
    rememberAccount: assign(({ event }) => {
      assertEvent(event, 'ASK');
      return { account: event.account, password: null, error: null };
    }),
    clearError: assign({ error: null }),
    showPassword: assign((_, params: { reply: PasswordReset }) => ({ password: params.reply.password })),
    announceReset: emit({ type: 'reset' as const }),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    forget: assign({ account: null, password: null, error: null }),
  },
}).createMachine({
  id: 'refundPasswordReset',
  context: { account: null, password: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { ASK: { target: 'confirming', actions: 'rememberAccount' } },
    },
    /** "Reset the refund password of …?" */
    confirming: {
      on: {
        CONFIRM: { target: 'resetting' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    resetting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resetRefundPassword',
        src: 'resetRefundPassword',
        input: ({ context }) => ({ id: context.account?.id ?? 0 }),
        onDone: {
          target: 'shown',
          actions: [
            { type: 'showPassword', params: ({ event }) => ({ reply: event.output }) },
            'announceReset',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The confirmation again, with the refusal: try again or cancel. */
    failed: {
      on: {
        CONFIRM: { target: 'resetting' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    /** The new refund password, shown this once. */
    shown: {
      on: { DISMISS: { target: 'idle', actions: 'forget' } },
    },
  },
});

export const refundPasswordResetTestMap = {
  states: {
    idle: 'The operator list; no reset asked',
    confirming: 'A confirmation names the account whose refund password is reset, with Cancel and Reset',
    resetting: 'The confirmation’s Reset button is busy while the server resets it',
    failed: 'The confirmation stays with the server’s refusal (in a toast); Reset tries again',
    shown: 'The new refund password, shown once with a note that it must be changed at first use',
  },
  events: {
    ASK: 'Press Reset refund password on an account’s row',
    CONFIRM: 'Press Reset in the confirmation',
    CANCEL: 'Press Cancel in the confirmation',
    DISMISS: 'Close the dialog that shows the new password (it is not shown again)',
    'xstate.done.actor.resetRefundPassword': 'The server resets it and returns the new one',
    'xstate.error.actor.resetRefundPassword': 'The server refuses (no such account, not in scope, …)',
  },
} satisfies TestMap;
