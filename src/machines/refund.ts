import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { OrderDetail } from '../contract/orders';
import type { RefundReply, RefundStatus, SubmitRefundInput } from '../contract/refunds';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { failureMessage, fieldErrorsOf, resultOf, type TestMap } from './effects';
import {
  refundPasswordRefusals,
  refundPasswordRejectionOf,
  refusedBecause,
  type RefundPasswordRejection,
} from './refundPassword';
import type { SessionEvent } from './session';

/**
 * A refund from the order detail (spec points 3 and 4, /pay/refund/refund): the form, the
 * refund password, the server's answer, and then the brand's outcome, followed by asking
 * the order again (`getOrderSync`) every `syncDelay` until the refund settles — or, above the
 * company's approval threshold, the refund sent for a second user's approval (nothing to follow).
 */

export interface RefundMachineInput {
  gatewayOrderNo: string;
  /** The order's refundable remainder in minor units (OrderDetail.refundableAmount). */
  refundableAmount: number;
  currency: string;
  /** Made once per dialog by the screen: a retry after a failure is the same refund (idempotent). */
  clientRefundNo: string;
  /** The console path of the order, where the user comes back after changing the refund password. */
  returnTo?: string;
  /**
   * The session's user must change the refund password an administrator set
   * (`UserInfo.mustChangeRefundPassword`): the refund starts at the change it needs.
   */
  mustChangePassword?: boolean;
}

/** The system id the refund runs under in the console's actor system (`system.get`). */
export const REFUND_SYSTEM_ID = 'refund';

export interface RefundForm {
  /** Minor units; null while the field is empty. */
  amount: number | null;
  /** Always `amount === refundableAmount` (the `change` action keeps them in step). */
  fullRefund: boolean;
  remark: string;
}

/** Why the server refused the refund: above the remainder, or the refund password's refusals. */
export type RefundRejection = { reason: 'overRemainder'; message: string } | RefundPasswordRejection;

export interface RefundContext extends RefundForm {
  gatewayOrderNo: string;
  refundableAmount: number;
  currency: string;
  clientRefundNo: string;
  returnTo: string;
  mustChangePassword: boolean;
  rejection: RefundRejection | null;
  /** A failure that is not a refusal of the input (brand refused, network…). */
  error: string | null;
  refund: RefundReply | null;
  /** The refund's status as last seen (reply, then getOrderSync). */
  refundStatus: RefundStatus | null;
}

export type RefundEvent =
  | { type: 'CHANGE'; values: Partial<RefundForm> }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'SUBMIT'; password: string }
  | { type: 'EDIT' }
  | { type: 'RETRY' }
  /** The user goes to change the refund password an administrator set. */
  | { type: 'CHANGE_PASSWORD' }
  /** Sent by the password-change workflow (through the actor system) once it is changed. */
  | { type: 'PASSWORD_CHANGED' };

export type RefundEmitted =
  { type: 'refundCreated'; refund: RefundReply } | { type: 'refundSettled'; status: 'success' | 'failed' };

/**
 * Which refusal a failed /pay/refund/refund is: one of the refund password's
 * (refundPassword.ts), or an `errors.refundAmount` or `result.remainder` (above the refundable
 * remainder). Anything else is a failure.
 */
export function rejectionOf(error: unknown): RefundRejection | null {
  const refusal = refundPasswordRejectionOf(error);
  if (refusal) return refusal;
  if ('remainder' in resultOf(error) || 'refundAmount' in fieldErrorsOf(error)) {
    return { reason: 'overRemainder', message: failureMessage(error, DEFAULT_LANGUAGE) };
  }
  return null;
}

/**
 * What is wrong with the amount, if anything: none typed yet, not a whole amount of at least 1,
 * or above the refundable remainder. The `amountAllowed` guard and the form's message both read it.
 */
export function amountProblem(context: Pick<RefundContext, 'amount' | 'refundableAmount'>) {
  if (context.amount === null) return 'missing' as const;
  if (!Number.isInteger(context.amount) || context.amount < 1) return 'invalid' as const;
  if (context.amount > context.refundableAmount) return 'overRemainder' as const;
  return null;
}

/** The status of this refund in an order detail, if the detail lists it. */
export function statusIn(detail: OrderDetail | undefined, gatewayRefundNo: string | undefined) {
  return detail?.refunds?.find((r) => r.gatewayRefundNo === gatewayRefundNo)?.status ?? null;
}

export const refundMachine = setup({
  types: {
    context: {} as RefundContext,
    events: {} as RefundEvent,
    input: {} as RefundMachineInput,
    emitted: {} as RefundEmitted,
  },
  actors: {
    submitRefund: fromPromise<RefundReply, SubmitRefundInput>(() =>
      Promise.reject(new Error('refund actor "submitRefund" not provided')),
    ),
    syncOrder: fromPromise<OrderDetail, { gatewayOrderNo: string }>(() =>
      Promise.reject(new Error('refund actor "syncOrder" not provided')),
    ),
  },
  delays: {
    /** Between two getOrderSync calls while the brand is still refunding. */
    syncDelay: 5_000,
  },
  guards: {
    /** The session knows the refund password must be changed before any refund. */
    mustChangePassword: ({ context }) => context.mustChangePassword,
    amountAllowed: ({ context }) => amountProblem(context) === null,
    isLocked: (_, params: { error: unknown }) => refusedBecause('locked', params.error),
    isPasswordReset: (_, params: { error: unknown }) => refusedBecause('passwordReset', params.error),
    isWrongPassword: (_, params: { error: unknown }) => refusedBecause('wrongPassword', params.error),
    isOverRemainder: (_, params: { error: unknown }) => rejectionOf(params.error)?.reason === 'overRemainder',
    /** Above the company's approval threshold: the server keeps it for a second user (issue #12). */
    awaitsApproval: (_, params: { status: RefundStatus | null }) => params.status === 'awaitingApproval',
    settledSuccess: (_, params: { status: RefundStatus | null }) => params.status === 'success',
    settledFailed: (_, params: { status: RefundStatus | null }) => params.status === 'failed',
  },
  actions: {
    /**
     * Full refund and the amount stay in step, as in a card dashboard's refund dialog: the whole
     * remainder is a full refund and a full refund the whole remainder (the server refuses any
     * other amount for one). Ticking it fills in the remainder; typing the remainder ticks it;
     * another amount unticks it; unticking it clears the amount for one to be typed.
     */
    change: assign(({ context }, params: { values: Partial<RefundForm> }) => {
      const { values } = params;
      const amount =
        values.fullRefund === true
          ? context.refundableAmount
          : values.fullRefund === false && context.fullRefund
            ? null
            : values.amount !== undefined
              ? values.amount
              : context.amount;
      return { ...values, amount, fullRefund: amount === context.refundableAmount };
    }),
    clearOutcome: assign({ rejection: null, error: null }),
    passwordChanged: assign({ mustChangePassword: false }),
    /** The session said so before any call: the same refusal as the server's, without its words. */
    rememberMustChange: assign({ rejection: { reason: 'passwordReset', message: '' } as RefundRejection }),
    /**
     * The change ended every session (spec point 8): the session, now logged out, is told to
     * bring the user back to the order after the next login, where this refund waits.
     */
    returnAfterLogin: enqueueActions(({ context, system, enqueue }) => {
      const session = system.get('session');
      if (!session || !context.returnTo) return;
      const event: SessionEvent = { type: 'SET_REDIRECT', redirect: context.returnTo };
      enqueue.sendTo(session, event);
    }),
    rememberRejection: assign((_, params: { error: unknown }) => ({ rejection: rejectionOf(params.error) })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    rememberRefund: assign((_, params: { refund: RefundReply }) => ({
      refund: params.refund,
      refundStatus: params.refund.refundStatus,
    })),
    announceCreated: emit((_, params: { refund: RefundReply }) => ({
      type: 'refundCreated' as const,
      refund: params.refund,
    })),
    rememberStatus: assign((_, params: { status: RefundStatus | null }) =>
      params.status ? { refundStatus: params.status } : {},
    ),
    announceSettled: emit((_, params: { status: 'success' | 'failed' }) => ({
      type: 'refundSettled' as const,
      status: params.status,
    })),
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({
    gatewayOrderNo: input.gatewayOrderNo,
    refundableAmount: input.refundableAmount,
    currency: input.currency,
    clientRefundNo: input.clientRefundNo,
    returnTo: input.returnTo ?? '',
    mustChangePassword: input.mustChangePassword === true,
    // The whole remainder to start with: a full refund (the box ticked), until another amount is typed.
    amount: input.refundableAmount,
    fullRefund: true,
    remark: '',
    rejection: null,
    error: null,
    refund: null,
    refundStatus: null,
  }),
  initial: 'opening',
  states: {
    /** Where the dialog starts (no wait): at the refund password's change when it is due. */
    opening: {
      always: [
        { guard: 'mustChangePassword', target: 'rejected.passwordReset', actions: 'rememberMustChange' },
        { target: 'editing' },
      ],
    },
    editing: {
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        CONTINUE: { guard: 'amountAllowed', target: 'enteringPassword' },
      },
    },
    enteringPassword: {
      on: {
        BACK: { target: 'editing' },
        SUBMIT: { target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'submitRefund',
        src: 'submitRefund',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return {
            gatewayOrderNo: context.gatewayOrderNo,
            // Never null here: `amountAllowed` let only an amount through to the password.
            refundAmount: context.amount ?? 0,
            fullRefund: context.fullRefund,
            refundPassword: event.password,
            remark: context.remark,
            clientRefundNo: context.clientRefundNo,
          };
        },
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'rememberRefund', params: ({ event }) => ({ refund: event.output }) },
            { type: 'announceCreated', params: ({ event }) => ({ refund: event.output }) },
          ],
        },
        onError: [
          ...refundPasswordRefusals({
            locked: 'rejected.locked',
            passwordReset: 'rejected.passwordReset',
            wrongPassword: 'rejected.wrongPassword',
          }),
          {
            guard: { type: 'isOverRemainder', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected.overRemainder',
            actions: { type: 'rememberRejection', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    rejected: {
      initial: 'overRemainder',
      states: {
        overRemainder: {
          on: { EDIT: { target: '#refund.editing', actions: 'clearOutcome' } },
        },
        wrongPassword: {
          on: {
            RETRY: { target: '#refund.enteringPassword' },
            EDIT: { target: '#refund.editing', actions: 'clearOutcome' },
          },
        },
        /** Nothing to do until the lock ends: the dialog only closes. */
        locked: {},
        /**
         * No refund until the refund password an administrator set is changed (the server
         * refused it, or the session said so at the start): the dialog offers the change screen.
         */
        passwordReset: {
          on: { CHANGE_PASSWORD: { target: '#refund.awaitingPasswordChange' } },
        },
      },
    },
    /**
     * The user is on the refund-password change screen; the refund waits in the actor system
     * (the order detail keeps it when it unmounts). After the change every session ends: the
     * user signs in again, comes back to the order and types the new refund password.
     */
    awaitingPasswordChange: {
      tags: ['awaitsPasswordChange'],
      on: {
        PASSWORD_CHANGED: {
          target: 'enteringPassword',
          actions: ['clearOutcome', 'passwordChanged', 'returnAfterLogin'],
        },
      },
    },
    failed: {
      on: {
        // Same clientRefundNo: a refund the server did make is not made twice.
        RETRY: { target: 'enteringPassword' },
        EDIT: { target: 'editing', actions: 'clearOutcome' },
      },
    },
    succeeded: {
      initial: 'checking',
      states: {
        /** Where the reply's status leads (no wait). */
        checking: {
          always: [
            {
              guard: { type: 'awaitsApproval', params: ({ context }) => ({ status: context.refundStatus }) },
              target: 'sentForApproval',
            },
            {
              guard: { type: 'settledSuccess', params: ({ context }) => ({ status: context.refundStatus }) },
              target: 'success',
              actions: { type: 'announceSettled', params: { status: 'success' } },
            },
            {
              guard: { type: 'settledFailed', params: ({ context }) => ({ status: context.refundStatus }) },
              target: 'failed',
              actions: { type: 'announceSettled', params: { status: 'failed' } },
            },
            { target: 'refunding' },
          ],
        },
        refunding: {
          tags: ['following'],
          after: { syncDelay: { target: 'syncing' } },
        },
        syncing: {
          tags: ['following'],
          invoke: {
            id: 'syncOrder',
            src: 'syncOrder',
            input: ({ context }) => ({ gatewayOrderNo: context.gatewayOrderNo }),
            onDone: {
              target: 'checking',
              actions: {
                type: 'rememberStatus',
                params: ({ context, event }) => ({
                  status: statusIn(event.output, context.refund?.gatewayRefundNo),
                }),
              },
            },
            // The brand or the network did not answer: ask again after the delay.
            onError: { target: 'refunding' },
          },
        },
        /**
         * Sent for approval: the amount is reserved, nothing is asked of the brand until another
         * user approves it (the approvals screen); nothing to follow here.
         */
        sentForApproval: { type: 'final' },
        success: { type: 'final' },
        failed: { type: 'final' },
      },
    },
  },
});

export const refundTestMap = {
  states: {
    opening: 'Opening the dialog (never rests here)',
    editing:
      'The refund dialog: amount (the refundable remainder at first, full refund ticked), the full-refund box ticked exactly when the amount is the remainder (unticked: the amount cleared), the remark; Next is enabled for 1 … remainder',
    enteringPassword: 'The refund password field with Back and Refund',
    submitting: 'The Refund button is busy while the server refunds',
    rejected: 'The dialog shows why the refund was refused',
    'rejected.overRemainder': 'The amount is above the refundable remainder: edit it',
    'rejected.wrongPassword': 'Wrong refund password, with the tries left: type it again or edit',
    'rejected.locked': 'Refunds are locked until the time shown: the dialog can only be closed',
    'rejected.passwordReset':
      'The refund password was reset by an administrator: a link to change it, and Close',
    awaitingPasswordChange:
      'The refund-password change screen, with a note that the refund waits; back on the order the dialog says to change it first',
    failed: 'The brand or the network failed: the message, with Retry (the same refund number) and Edit',
    succeeded: 'The refund is made: its number and amount; the order detail reloads',
    'succeeded.checking': 'A moment while the refund’s status is read',
    'succeeded.refunding': 'Status “refunding”: the brand has not answered yet',
    'succeeded.syncing': 'The order is asked again from the brand (getOrderSync)',
    'succeeded.sentForApproval':
      'Status “awaiting approval”: the amount is above the approval threshold; the refund is reserved and waits for another user to approve it',
    'succeeded.success': 'Status “success”: the refund is done',
    'succeeded.failed': 'Status “failed”: the brand refused the refund; the amount is refundable again',
  },
  events: {
    CHANGE: 'Type an amount or a remark, or tick or untick full refund',
    CONTINUE: 'Press Next',
    BACK: 'Press Back on the password step',
    SUBMIT: 'Type the refund password and press Refund',
    EDIT: 'Press Edit after a refusal or failure',
    RETRY: 'Press Retry: type the refund password again',
    CHANGE_PASSWORD: 'Press "Change refund password" in the dialog',
    PASSWORD_CHANGED:
      'Change the refund password, sign in again: the order opens with the refund at its password step',
    'xstate.done.actor.submitRefund': 'The server makes the refund',
    'xstate.error.actor.submitRefund': 'The server refuses or fails it',
    'xstate.after.syncDelay.refund.succeeded.refunding': 'Five seconds pass while the brand is refunding',
    'xstate.done.actor.syncOrder': 'The order comes back from the brand with the refund’s status',
    'xstate.error.actor.syncOrder': 'Asking the brand fails',
  },
} satisfies TestMap;
