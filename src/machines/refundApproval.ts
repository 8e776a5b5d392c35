import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApproveRefundInput, RefundDecision, RejectRefundInput } from '../contract/refunds';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { failureMessage, type TestMap } from './effects';
import {
  refundPasswordRefusals,
  refundPasswordRejectionOf,
  refusedBecause,
  type RefundPasswordRejection,
} from './refundPassword';
import type { SessionEvent } from './session';

/**
 * An approver's decision on a refund awaiting approval (maker-checker, issue #12): approve it
 * with their own refund password (the server then refunds at the brand), or reject it with a
 * reason the requester sees. The server refuses the requester's own request and a refund
 * already decided; those come back as failures with the server's message.
 *
 * It runs in the console's actor system (the root spawns it, system id `refundApproval`). An
 * approver whose refund password an administrator reset goes to change it, like the refund's
 * must-change path: the approval waits (`awaitingPasswordChange`), the password-change
 * workflow tells it PASSWORD_CHANGED, every session ends, and after the new login the user is
 * brought back (`returnTo`) to the approval at its password step.
 */

export interface RefundApprovalInput {
  gatewayRefundNo: string;
  /** The console path of the approval list, where the user comes back after the change. */
  returnTo?: string;
  /**
   * The session knows an administrator reset the approver's refund password
   * (`UserInfo.mustChangeRefundPassword`): Approve goes to the change it needs, not to a
   * password the server would refuse.
   */
  mustChangePassword?: boolean;
}

/** The system id the approval runs under in the console's actor system (`system.get`). */
export const REFUND_APPROVAL_SYSTEM_ID = 'refundApproval';

export interface RefundApprovalContext {
  gatewayRefundNo: string;
  returnTo: string;
  reason: string;
  /** Wrong, locked or reset refund password. */
  rejection: RefundPasswordRejection | null;
  /** Any other failure: already decided, own request, the brand refused, the network. */
  error: string | null;
  decision: RefundDecision | null;
  mustChangePassword: boolean;
}

export type RefundApprovalEvent =
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'CHANGE_REASON'; reason: string }
  | { type: 'SUBMIT'; password: string }
  | { type: 'SUBMIT_REASON' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  /** The approver goes to change the refund password an administrator reset. */
  | { type: 'CHANGE_PASSWORD' }
  /** Sent by the password-change workflow (through the actor system) once it is changed. */
  | { type: 'PASSWORD_CHANGED' };

export type RefundApprovalEmitted = { type: 'decided'; decision: RefundDecision };

export const refundApprovalMachine = setup({
  types: {
    context: {} as RefundApprovalContext,
    events: {} as RefundApprovalEvent,
    input: {} as RefundApprovalInput,
    emitted: {} as RefundApprovalEmitted,
  },
  actors: {
    approveRefund: fromPromise<RefundDecision, ApproveRefundInput>(() =>
      Promise.reject(new Error('refund approval actor "approveRefund" not provided')),
    ),
    rejectRefund: fromPromise<RefundDecision, RejectRefundInput>(() =>
      Promise.reject(new Error('refund approval actor "rejectRefund" not provided')),
    ),
  },
  guards: {
    reasonGiven: ({ context }) => context.reason.trim().length > 0,
    /** The session knows the refund password must be changed before any approval. */
    mustChangePassword: ({ context }) => context.mustChangePassword,
    isLocked: (_, params: { error: unknown }) => refusedBecause('locked', params.error),
    isPasswordReset: (_, params: { error: unknown }) => refusedBecause('passwordReset', params.error),
    isWrongPassword: (_, params: { error: unknown }) => refusedBecause('wrongPassword', params.error),
  },
  actions: {
    changeReason: assign((_, params: { reason: string }) => ({ reason: params.reason })),
    clearOutcome: assign({ rejection: null, error: null }),
    passwordChanged: assign({ mustChangePassword: false }),
    /** The session said so before any call: the same refusal as the server's, without its words. */
    rememberMustChange: assign({
      rejection: { reason: 'passwordReset', message: '' } as RefundPasswordRejection,
    }),
    rememberRejection: assign((_, params: { error: unknown }) => ({
      rejection: refundPasswordRejectionOf(params.error),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    rememberDecision: assign((_, params: { decision: RefundDecision }) => ({ decision: params.decision })),
    /** Every session ended with the change: the next login comes back to this approval. */
    returnAfterLogin: enqueueActions(({ context, system, enqueue }) => {
      const session = system.get('session');
      if (!session || !context.returnTo) return;
      const event: SessionEvent = { type: 'SET_REDIRECT', redirect: context.returnTo };
      enqueue.sendTo(session, event);
    }),
    announceDecided: emit((_, params: { decision: RefundDecision }) => ({
      type: 'decided' as const,
      decision: params.decision,
    })),
  },
}).createMachine({
  id: 'refundApproval',
  context: ({ input }) => ({
    gatewayRefundNo: input.gatewayRefundNo,
    returnTo: input.returnTo ?? '',
    reason: '',
    rejection: null,
    error: null,
    decision: null,
    mustChangePassword: input.mustChangePassword === true,
  }),
  initial: 'choosing',
  states: {
    /** The refund's facts with Approve and Reject. */
    choosing: {
      entry: 'clearOutcome',
      on: {
        APPROVE: [
          { guard: 'mustChangePassword', target: 'refused.passwordReset', actions: 'rememberMustChange' },
          { target: 'approving' },
        ],
        REJECT: { target: 'rejecting' },
      },
    },
    approving: {
      initial: 'enteringPassword',
      states: {
        enteringPassword: {
          on: {
            SUBMIT: { target: 'submitting' },
            BACK: { target: '#refundApproval.choosing' },
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearOutcome',
          invoke: {
            id: 'approveRefund',
            src: 'approveRefund',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT');
              return { gatewayRefundNo: context.gatewayRefundNo, refundPassword: event.password };
            },
            onDone: {
              target: '#refundApproval.approved',
              actions: [
                { type: 'rememberDecision', params: ({ event }) => ({ decision: event.output }) },
                { type: 'announceDecided', params: ({ event }) => ({ decision: event.output }) },
              ],
            },
            onError: [
              ...refundPasswordRefusals({
                locked: '#refundApproval.refused.locked',
                passwordReset: '#refundApproval.refused.passwordReset',
                wrongPassword: 'wrongPassword',
              }),
              {
                target: '#refundApproval.failed',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        wrongPassword: {
          on: {
            // A fresh try: the refused one's alert goes with it.
            RETRY: { target: 'enteringPassword', actions: 'clearOutcome' },
            BACK: { target: '#refundApproval.choosing' },
          },
        },
      },
    },
    rejecting: {
      initial: 'enteringReason',
      states: {
        enteringReason: {
          on: {
            CHANGE_REASON: {
              actions: { type: 'changeReason', params: ({ event }) => ({ reason: event.reason }) },
            },
            SUBMIT_REASON: { guard: 'reasonGiven', target: 'submitting' },
            BACK: { target: '#refundApproval.choosing' },
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearOutcome',
          invoke: {
            id: 'rejectRefund',
            src: 'rejectRefund',
            input: ({ context }) => ({
              gatewayRefundNo: context.gatewayRefundNo,
              reason: context.reason.trim(),
            }),
            onDone: {
              target: '#refundApproval.rejected',
              actions: [
                { type: 'rememberDecision', params: ({ event }) => ({ decision: event.output }) },
                { type: 'announceDecided', params: ({ event }) => ({ decision: event.output }) },
              ],
            },
            onError: {
              target: '#refundApproval.failed',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    /**
     * The approver's refund password is locked (nothing to do here but close) or was reset by
     * an administrator (the dialog offers the change screen).
     */
    refused: {
      initial: 'locked',
      states: {
        locked: {},
        passwordReset: {
          on: { CHANGE_PASSWORD: { target: '#refundApproval.awaitingPasswordChange' } },
        },
      },
    },
    /**
     * The approver is on the refund-password change screen; the approval waits in the actor
     * system (the list keeps it when it unmounts). After the change every session ends: the
     * approver signs in again, comes back to the list and types the new refund password.
     */
    awaitingPasswordChange: {
      tags: ['awaitsPasswordChange'],
      on: {
        PASSWORD_CHANGED: {
          target: 'approving.enteringPassword',
          actions: ['clearOutcome', 'passwordChanged', 'returnAfterLogin'],
        },
      },
    },
    /** Already decided, the caller's own request, the brand refused, or the network: the message, and Back. */
    failed: {
      on: { BACK: { target: 'choosing' } },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export const refundApprovalTestMap = {
  states: {
    choosing:
      'The approval dialog: the refund’s order, amount, requester and remark, with Approve and Reject',
    approving: 'Approving: the approver’s own refund password',
    'approving.enteringPassword': 'The refund password field with Back and Approve',
    'approving.submitting': 'The Approve button is busy while the server approves and refunds',
    'approving.wrongPassword': 'Wrong refund password, with the tries left: type it again or go back',
    rejecting: 'Rejecting: the reason the requester will see',
    'rejecting.enteringReason': 'The reason field with Back and Reject (enabled once a reason is typed)',
    'rejecting.submitting': 'The Reject button is busy while the server rejects',
    refused: 'The approver cannot approve now',
    'refused.locked': 'The approver’s refunds are locked until the time shown: the dialog only closes',
    'refused.passwordReset': 'The approver’s refund password was reset: a link to change it, and Close',
    awaitingPasswordChange:
      'The refund-password change screen; back on the approval list the dialog says to change it first',
    failed:
      'The server refused or failed (already decided, own request, brand refused): its message, and Back',
    approved: 'Approved: the refund’s status (success or refunding); the list reloads',
    rejected: 'Rejected: the amount is free again; the list reloads',
  },
  events: {
    APPROVE: 'Press Approve',
    REJECT: 'Press Reject',
    CHANGE_REASON: 'Type the reason',
    SUBMIT: 'Type the refund password and press Approve',
    SUBMIT_REASON: 'Press Reject under the reason',
    RETRY: 'Press Retry after a wrong password',
    BACK: 'Press Back',
    CHANGE_PASSWORD: 'Press "Change refund password" in the dialog',
    PASSWORD_CHANGED:
      'Change the refund password, sign in again: the approval list opens with the approval at its password step',
    'xstate.done.actor.approveRefund': 'The server approves and refunds',
    'xstate.error.actor.approveRefund': 'The server refuses or fails the approval',
    'xstate.done.actor.rejectRefund': 'The server rejects the refund',
    'xstate.error.actor.rejectRefund': 'The server refuses or fails the rejection',
  },
} satisfies TestMap;
