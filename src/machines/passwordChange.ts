import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { PasswordChangeForm, PasswordKind } from '../contract/account';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { failureMessage, type TestMap } from './effects';
import type { RefundEvent } from './refund';
import type { RefundApprovalEvent } from './refundApproval';
import type { SessionEvent } from './session';

/**
 * Changing the login or the refund password (spec points 5 and 8). It runs in the console's
 * actor system and tells the others itself: after a login-password change the session
 * (PASSWORD_CHANGED: the reminder goes); after a refund-password change every session of the
 * user ends (RELOGIN_REQUIRED to the session), and a refund waiting for the change
 * (`system.get('refund')`) or a refund approval waiting for it (`system.get('refundApproval')`)
 * gets PASSWORD_CHANGED. `changed` / `reloginRequired` are emitted
 * for the screen's toast.
 */

/** The system id the change runs under in the console's actor system. */
export const PASSWORD_CHANGE_SYSTEM_ID = 'passwordChange';

export interface PasswordChangeInput {
  kind: PasswordKind;
}

export interface PasswordChangeContext {
  kind: PasswordKind;
  error: string | null;
  /** Field → message, from an INVALID reply. */
  fieldErrors: Record<string, string>;
}

export type PasswordChangeEvent =
  { type: 'SUBMIT'; values: PasswordChangeForm } | { type: 'EDIT' } | { type: 'RESET' };

export type PasswordChangeEmitted = { type: 'changed' } | { type: 'reloginRequired' };

function fieldErrorsOf(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null) return {};
  const errors = (error as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as PasswordChangeInput,
    emitted: {} as PasswordChangeEmitted,
  },
  actors: {
    changePassword: fromPromise<void, { kind: PasswordKind; values: PasswordChangeForm }>(() =>
      Promise.reject(new Error('passwordChange actor "changePassword" not provided')),
    ),
  },
  guards: {
    isRefundPassword: ({ context }) => context.kind === 'refund',
  },
  actions: {
    clearErrors: assign({ error: null, fieldErrors: {} }),
    rememberRejection: assign((_, params: { error: unknown }) => ({
      // Server messages arrive localised; 'Has Error' only when there is none.
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    announceChanged: emit({ type: 'changed' } as const),
    announceReloginRequired: emit({ type: 'reloginRequired' } as const),
    tellSessionChanged: enqueueActions(({ system, enqueue }) => {
      const session = system.get('session');
      const event: SessionEvent = { type: 'PASSWORD_CHANGED' };
      if (session) enqueue.sendTo(session, event);
    }),
    /** The session ends first (logged out), then the waiting refund says where to come back. */
    endSessionsAndResumeRefund: enqueueActions(({ system, enqueue }) => {
      const session = system.get('session');
      const relogin: SessionEvent = { type: 'RELOGIN_REQUIRED' };
      if (session) enqueue.sendTo(session, relogin);
      const refund = system.get('refund');
      const changed: RefundEvent = { type: 'PASSWORD_CHANGED' };
      if (refund) enqueue.sendTo(refund, changed);
      const approval = system.get('refundApproval');
      const approvalChanged: RefundApprovalEvent = { type: 'PASSWORD_CHANGED' };
      if (approval) enqueue.sendTo(approval, approvalChanged);
    }),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ kind: input.kind, error: null, fieldErrors: {} }),
  initial: 'editing',
  states: {
    editing: {
      on: { SUBMIT: { target: 'submitting' } },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return { kind: context.kind, values: event.values };
        },
        onDone: [
          {
            guard: 'isRefundPassword',
            target: 'done',
            actions: ['announceReloginRequired', 'endSessionsAndResumeRefund'],
          },
          { target: 'done', actions: ['announceChanged', 'tellSessionChanged'] },
        ],
        onError: {
          target: 'rejected',
          actions: { type: 'rememberRejection', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    rejected: {
      on: {
        EDIT: { target: 'editing', actions: 'clearErrors' },
        SUBMIT: { target: 'submitting' },
      },
    },
    done: {
      on: { RESET: { target: 'editing' } },
    },
  },
});

export const passwordChangeTestMap = {
  states: {
    editing: 'The form with old password, new password and confirmation',
    submitting: 'The Save button is busy while the server checks the passwords',
    rejected:
      'The form shows the server\u2019s message (wrong old password, reused password, …) and field errors',
    done: 'Login password: a "changed" toast and an empty form. Refund password: back to the login page',
  },
  events: {
    SUBMIT: 'Fill in the three fields and press Save',
    EDIT: 'Type in a field after a rejection',
    RESET: 'Open the form again after a successful change',
    'xstate.done.actor.changePassword': 'The server accepts the new password',
    'xstate.error.actor.changePassword': 'The server refuses it',
  },
} satisfies TestMap;
