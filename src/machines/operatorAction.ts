import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import type { PasswordReset } from '../contract/operators';
import { failureMessage, type TestMap } from './effects';

/**
 * An administrator's action on accounts of the operator list (spec point 5): delete the ticked
 * accounts, reset one account's login or refund password, or its two-step verification. A
 * confirmation first; then the server does it. A new password is shown once (the account must
 * change it at its next use) and forgotten when its dialog closes; a new account's first
 * password is shown the same way (SHOW). A refusal keeps the confirmation, to try again or
 * cancel. `done` is emitted so the list reloads and says what was done.
 */

/** The account an action is on, as the operator list shows it. */
export interface ActionAccount {
  id: number;
  loginId: string;
  userName: string;
}

export type PasswordKind = 'login' | 'refund';

export type OperatorAction =
  | { kind: 'delete'; ids: number[] }
  | { kind: 'resetPassword'; which: PasswordKind; account: ActionAccount }
  | { kind: 'resetMfa'; account: ActionAccount };

/** A password shown once: after a reset (`which`), or a new account's first one ('initial'). */
export interface ShownSecret {
  loginId: string;
  password: string;
  which: PasswordKind | 'initial';
}

export interface OperatorActionContext {
  action: OperatorAction | null;
  secret: ShownSecret | null;
  error: string | null;
}

export type OperatorActionEvent =
  | { type: 'ASK'; action: OperatorAction }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' }
  | { type: 'SHOW'; loginId: string; password: string };

export type OperatorActionEmitted = { type: 'done'; action: OperatorAction };

const kindIs = (context: OperatorActionContext, kind: OperatorAction['kind']) =>
  context.action?.kind === kind;

/** Where a confirmation goes: the call of the action asked. */
const perform = [
  { guard: 'isDelete', target: '#operatorAction.deleting' },
  { guard: 'isPasswordReset', target: '#operatorAction.resettingPassword' },
  { target: '#operatorAction.resettingMfa' },
] as const;

export const operatorActionMachine = setup({
  types: {
    context: {} as OperatorActionContext,
    events: {} as OperatorActionEvent,
    emitted: {} as OperatorActionEmitted,
  },
  actors: {
    deleteOperators: fromPromise<unknown, { ids: number[] }>(() =>
      Promise.reject(new Error('operatorAction actor "deleteOperators" not provided')),
    ),
    resetPassword: fromPromise<PasswordReset, { id: number; which: PasswordKind }>(() =>
      Promise.reject(new Error('operatorAction actor "resetPassword" not provided')),
    ),
    resetMfa: fromPromise<unknown, { id: number }>(() =>
      Promise.reject(new Error('operatorAction actor "resetMfa" not provided')),
    ),
  },
  guards: {
    isDelete: ({ context }) => kindIs(context, 'delete'),
    isPasswordReset: ({ context }) => kindIs(context, 'resetPassword'),
  },
  actions: {
    rememberAction: assign(({ event }) => {
      assertEvent(event, 'ASK');
      return { action: event.action, secret: null, error: null };
    }),
    rememberShown: assign(({ event }) => {
      assertEvent(event, 'SHOW');
      return {
        action: null,
        secret: { loginId: event.loginId, password: event.password, which: 'initial' as const },
        error: null,
      };
    }),
    clearError: assign({ error: null }),
    showPassword: assign(({ context }, params: { reply: PasswordReset }) => {
      const action = context.action;
      if (action?.kind !== 'resetPassword') return {};
      return {
        secret: { loginId: action.account.loginId, password: params.reply.password, which: action.which },
      };
    }),
    announceDone: emit(({ context }) => ({ type: 'done' as const, action: context.action! })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    forget: assign({ action: null, secret: null, error: null }),
  },
}).createMachine({
  id: 'operatorAction',
  context: { action: null, secret: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ASK: { target: 'confirming', actions: 'rememberAction' },
        SHOW: { target: 'shown', actions: 'rememberShown' },
      },
    },
    /** "Delete the 2 selected accounts?", "Reset the refund password of …?", … */
    confirming: {
      on: {
        CONFIRM: [...perform],
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'deleteOperators',
        src: 'deleteOperators',
        input: ({ context }) => ({ ids: context.action?.kind === 'delete' ? context.action.ids : [] }),
        onDone: { target: 'idle', actions: ['announceDone', 'forget'] },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resettingPassword: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) =>
          context.action?.kind === 'resetPassword'
            ? { id: context.action.account.id, which: context.action.which }
            : { id: 0, which: 'login' as const },
        onDone: {
          target: 'shown',
          actions: [
            { type: 'showPassword', params: ({ event }) => ({ reply: event.output }) },
            'announceDone',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resettingMfa: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resetMfa',
        src: 'resetMfa',
        input: ({ context }) => ({ id: context.action?.kind === 'resetMfa' ? context.action.account.id : 0 }),
        onDone: { target: 'idle', actions: ['announceDone', 'forget'] },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The confirmation again, with the refusal: try again or cancel. */
    failed: {
      on: {
        CONFIRM: [...perform],
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    /** The new password, shown this once. */
    shown: {
      on: { DISMISS: { target: 'idle', actions: 'forget' } },
    },
  },
});

export const operatorActionTestMap = {
  states: {
    idle: 'The operator list; nothing asked',
    confirming:
      'A confirmation names what is done (the number of accounts to delete, or the account whose password or two-step verification is reset), with Cancel and the action',
    deleting: 'The confirmation’s Delete button is busy while the server deletes the accounts',
    resettingPassword: 'The confirmation’s Reset button is busy while the server makes a new password',
    resettingMfa: 'The confirmation’s Reset button is busy while the server removes the authenticator',
    failed: 'The confirmation stays with the server’s refusal (in a toast); its button tries again',
    shown:
      'The new password (reset, or a new account’s first one), shown once with a note that it must be changed at first use',
  },
  events: {
    ASK: 'Press Delete with rows ticked, or a row’s Reset password, Reset refund password or Reset two-step verification',
    SHOW: 'Create an account: its first password is shown',
    CONFIRM: 'Press the confirmation’s button (Delete, Confirm, Reset)',
    CANCEL: 'Press Cancel in the confirmation',
    DISMISS: 'Close the dialog that shows the new password (it is not shown again)',
    'xstate.done.actor.deleteOperators': 'The server deletes the accounts',
    'xstate.error.actor.deleteOperators': 'The server refuses (not in scope, one’s own account, …)',
    'xstate.done.actor.resetPassword': 'The server resets the password and returns the new one',
    'xstate.error.actor.resetPassword': 'The server refuses (no such account, not in scope, …)',
    'xstate.done.actor.resetMfa': 'The server removes the authenticator and ends the account’s sessions',
    'xstate.error.actor.resetMfa': 'The server refuses (no such account, not in scope, …)',
  },
} satisfies TestMap;
