import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MfaEnrolment, SecondFactor, UserInfo } from '../contract/auth';
import { DEFAULT_LANGUAGE, type WorkingLanguage } from '../contract/locale';
import { failureMessage, lockedUntilOf, type TestMap } from './effects';

/**
 * The second factor (TOTP, PCI DSS 8.4; docs/access.md): after the right password, a code of
 * the enrolled authenticator or a recovery code ('verify'), or — for a role that requires MFA
 * and an account without it — the enrolment: QR code, a code to confirm it, the ten recovery
 * codes shown once ('enrol'). The session invokes it in its `secondFactor` state and goes on
 * with its output; the account screen runs the enrolment alone (optional roles).
 */

export interface SecondFactorInput {
  mode: SecondFactor;
  locale?: WorkingLanguage;
}

/** What the session needs of a completed second factor. */
export interface SignedIn {
  user: UserInfo;
  menu: string[];
}

export type SecondFactorOutput =
  | { outcome: 'signedIn'; user: UserInfo; menu: string[] }
  | { outcome: 'locked'; message: string; lockedUntil: string | null };

export interface SecondFactorContext {
  mode: SecondFactor;
  locale: WorkingLanguage;
  error: string | null;
  lockedUntil: string | null;
  enrolment: MfaEnrolment | null;
  recoveryCodes: string[];
  signedIn: SignedIn | null;
}

export type SecondFactorEvent =
  { type: 'SUBMIT_CODE'; otp: string } | { type: 'RETRY' } | { type: 'CODES_SAVED' };

const notProvided = (name: string) => () =>
  Promise.reject(
    new Error(`secondFactor actor "${name}" not provided: use secondFactorMachine.provide({ actors })`),
  );

export const secondFactorMachine = setup({
  types: {
    context: {} as SecondFactorContext,
    events: {} as SecondFactorEvent,
    input: {} as SecondFactorInput,
    output: {} as SecondFactorOutput,
  },
  actors: {
    verifyCode: fromPromise<SignedIn, { otp: string }>(notProvided('verifyCode')),
    startEnrolment: fromPromise<MfaEnrolment>(notProvided('startEnrolment')),
    confirmEnrolment: fromPromise<{ recoveryCodes: string[] } & SignedIn, { otp: string }>(
      notProvided('confirmEnrolment'),
    ),
  },
  guards: {
    mustEnrol: ({ context }) => context.mode === 'enrol',
    /** The reply names the lock: too many wrong codes (the server ended the session). */
    isLocked: (_, params: { error: unknown }) => lockedUntilOf(params.error) !== null,
  },
  actions: {
    clearError: assign({ error: null }),
    rememberFailure: assign(({ context }, params: { error: unknown }) => ({
      error: failureMessage(params.error, context.locale),
      lockedUntil: lockedUntilOf(params.error),
    })),
  },
}).createMachine({
  id: 'secondFactor',
  context: ({ input }) => ({
    mode: input.mode,
    locale: input.locale ?? DEFAULT_LANGUAGE,
    error: null,
    lockedUntil: null,
    enrolment: null,
    recoveryCodes: [],
    signedIn: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'mustEnrol', target: 'starting' }, { target: 'entering' }],
    },
    /** A code of the authenticator app, or a recovery code. */
    entering: {
      on: { SUBMIT_CODE: { target: 'verifying', actions: 'clearError' } },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { otp: event.otp };
        },
        onDone: { target: 'signedIn', actions: assign({ signedIn: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'isLocked', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'entering',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output }) },
        onError: {
          target: 'startFailed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    startFailed: {
      on: { RETRY: { target: 'starting', actions: 'clearError' } },
    },
    /** The QR code and the secret for manual entry; a code of the app confirms it. */
    scanning: {
      on: { SUBMIT_CODE: { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { otp: event.otp };
        },
        onDone: {
          target: 'showingRecoveryCodes',
          actions: assign({
            recoveryCodes: ({ event }) => event.output.recoveryCodes,
            signedIn: ({ event }) => ({ user: event.output.user, menu: event.output.menu }),
            enrolment: null,
          }),
        },
        onError: {
          target: 'scanning',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The ten recovery codes, shown this once; the user confirms having kept them. */
    showingRecoveryCodes: {
      on: { CODES_SAVED: { target: 'signedIn', actions: assign({ recoveryCodes: [] }) } },
    },
    signedIn: { type: 'final' },
    locked: { type: 'final' },
  },
  output: ({ context }): SecondFactorOutput =>
    context.signedIn
      ? { outcome: 'signedIn', ...context.signedIn }
      : { outcome: 'locked', message: context.error ?? '', lockedUntil: context.lockedUntil },
});

export const secondFactorTestMap = {
  states: {
    choosing: 'Starting: a code is asked for, or the enrolment begins (never rests here)',
    entering:
      'The two-step verification form: a field for the 6-digit code of the authenticator app or a recovery code; a wrong code shows an error above it',
    verifying: 'The Verify button is busy while the server checks the code',
    starting: 'The enrolment screen is busy while the server prepares a new secret',
    startFailed: 'The enrolment screen says the secret could not be prepared, with a Retry button',
    scanning:
      'The enrolment screen: a QR code for the authenticator app, the secret for manual entry and a field for the code the app shows',
    confirming: 'The Confirm button is busy while the server checks the code of the new authenticator',
    showingRecoveryCodes:
      'The ten recovery codes, shown once, with a notice to keep them safe and a "I have saved them" button',
    signedIn: 'Done: the session is fully signed in (the console opens)',
    locked: 'Too many wrong codes: the account is locked (the login page says until when)',
  },
  events: {
    SUBMIT_CODE: 'Type a code and press Verify (or Confirm at enrolment)',
    RETRY: 'Press Retry after the secret could not be prepared',
    CODES_SAVED: 'Press "I have saved them" under the recovery codes',
    'xstate.done.actor.verifyCode': 'The server accepts the code',
    'xstate.error.actor.verifyCode':
      'The server refuses the code (wrong, reused, or the account is now locked)',
    'xstate.done.actor.startEnrolment': 'The server sends the QR code and the secret',
    'xstate.error.actor.startEnrolment': 'The server cannot prepare the enrolment',
    'xstate.done.actor.confirmEnrolment': 'The server accepts the code and sends the recovery codes',
    'xstate.error.actor.confirmEnrolment': 'The server refuses the code of the new authenticator',
  },
} satisfies TestMap;
