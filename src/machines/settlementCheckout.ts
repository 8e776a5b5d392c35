import { assign, emit, fromPromise, setup } from 'xstate';
import { ResultType } from '../contract/envelope';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import type {
  BatchSummary,
  CheckoutConflict,
  CheckoutDone,
  CheckoutItem,
  CheckoutPreview,
  CheckoutPreviewRequest,
  CheckoutRequest,
  PayoutKind,
} from '../contract/settlements';
import { failureMessage, resultOf, resultTypeOf, type TestMap } from './effects';
import {
  refundPasswordRefusals,
  refundPasswordRejectionOf,
  refusedBecause,
  type RefundPasswordRejection,
} from './refundPassword';

/**
 * The settlement checkout (issue #15; docs/settlement.md, "Payout: the checkout workflow"):
 * the settlements an operator ticked on the merchant or agency list become one payout batch.
 * The selection is read again as the server sees it now (`checkoutPreview`: what can be paid,
 * what cannot and why, the totals, the bank business days a transfer may be dated); the
 * operator leaves some out, reviews the transfers and their date, and authorises the batch
 * with the refund password. The server makes it (`checkout`), or refuses it: another operator
 * checked out some of the selection meanwhile (CONFLICT: which ones; the selection is read
 * again), or the refund password is wrong, locked or must be changed first
 * (refundPassword.ts, as for refunds). Any other failure can be retried: the retry carries the
 * same batch key, and the server returns the batch that key made, so one click never makes
 * two batches.
 *
 * The root actor spawns it for the list's Pay out dialog (`settlementCheckout.open`, system id
 * `settlementCheckout`); CANCEL or CLOSE ends it, and the root lets it go.
 */

export const SETTLEMENT_CHECKOUT_SYSTEM_ID = 'settlementCheckout';

export interface SettlementCheckoutInput {
  kind: PayoutKind;
  /** The settlements ticked on the list. */
  ids: number[];
  /**
   * The key of this checkout, made once per dialog by the screen (services/settlements:
   * `newBatchKey`): every submit of the dialog sends it, so a retry is the same payout.
   */
  batchKey: string;
}

/** A checkout refused because another operator took some of the selection first. */
export interface CheckoutConflictOutcome extends CheckoutConflict {
  /** The server's words (`server.settlements.conflict`). */
  message: string;
}

export interface SettlementCheckoutContext {
  kind: PayoutKind;
  ids: number[];
  batchKey: string;
  /** The selection as the server last saw it (null until the first preview arrives). */
  preview: CheckoutPreview | null;
  /** Payable settlements the operator left out of this payout. */
  deselected: number[];
  transferDate: string;
  /**
   * The refund password as typed, held only from SUBMIT until the server answers with anything
   * but a failure: RETRY after a failure sends it again. Every other state forgets it.
   */
  password: string | null;
  outcome: CheckoutDone | null;
  conflict: CheckoutConflictOutcome | null;
  rejection: RefundPasswordRejection | null;
  /** A failure of the preview or of the checkout (network, server error, a refusal of the input). */
  error: string | null;
}

export type SettlementCheckoutEvent =
  /** Leave a payable settlement out of this payout. */
  | { type: 'DESELECT'; id: number }
  /** Put a settlement left out back in. */
  | { type: 'SELECT'; id: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SET_DATE'; date: string }
  | { type: 'SUBMIT'; password: string }
  | { type: 'RETRY' }
  /** Read the selection again (after a conflict or a failure). */
  | { type: 'REFRESH' }
  | { type: 'DOWNLOAD'; currency: string }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export type SettlementCheckoutEmitted =
  /** The batch exists (made now, or by an earlier submit of the same dialog): the list reloads. */
  | { type: 'checkedOut'; kind: PayoutKind; batch: BatchSummary; created: boolean }
  /** The screen downloads the batch's bank file of that currency (services/settlements). */
  | { type: 'download'; kind: PayoutKind; batchId: number; currency: string; fileName: string };

/** A settlement the server would pay now: nothing stands in its way. */
export const isPayable = (item: CheckoutItem): boolean => item.unpayable.length === 0;

/** Σ transfer amount and count per currency, in the order of the preview's totals. */
function totalsOf(selected: readonly CheckoutItem[], preview: CheckoutPreview | null) {
  const currencies = new Set([
    ...(preview?.totals ?? []).map((t) => t.currency),
    ...selected.map((i) => i.currency),
  ]);
  return [...currencies].flatMap((currency) => {
    const items = selected.filter((i) => i.currency === currency);
    const amount = items.reduce((sum, i) => sum + i.transferAmount, 0);
    return items.length ? [{ currency, count: items.length, amount }] : [];
  });
}

/**
 * The selection as the dialog shows it: what cannot be paid (with the reasons), what can, what
 * is still in this payout and its totals per currency. The guards read it too
 * (`payableRemains`, `isSelected`, `isLeftOut`): the screen never counts on its own.
 */
export function checkoutSelection(context: Pick<SettlementCheckoutContext, 'preview' | 'deselected'>) {
  const items = context.preview?.items ?? [];
  const payable = items.filter(isPayable);
  const selected = payable.filter((i) => !context.deselected.includes(i.id));
  return {
    payable,
    unpayable: items.filter((i) => !isPayable(i)),
    selected,
    totals: totalsOf(selected, context.preview),
  };
}

/** A refusal because another checkout took some of the selection (CONFLICT), else null. */
export function conflictOf(error: unknown): CheckoutConflictOutcome | null {
  if (resultTypeOf(error) !== ResultType.CONFLICT) return null;
  const taken = resultOf(error).taken;
  return {
    message: failureMessage(error, DEFAULT_LANGUAGE),
    taken: Array.isArray(taken) ? taken.filter((t): t is string => typeof t === 'string') : [],
  };
}

export const settlementCheckoutMachine = setup({
  types: {
    context: {} as SettlementCheckoutContext,
    events: {} as SettlementCheckoutEvent,
    input: {} as SettlementCheckoutInput,
    emitted: {} as SettlementCheckoutEmitted,
  },
  actors: {
    checkoutPreview: fromPromise<CheckoutPreview, CheckoutPreviewRequest>(() =>
      Promise.reject(new Error('settlementCheckout actor "checkoutPreview" not provided')),
    ),
    checkout: fromPromise<CheckoutDone, CheckoutRequest>(() =>
      Promise.reject(new Error('settlementCheckout actor "checkout" not provided')),
    ),
  },
  guards: {
    /** At least one settlement of the selection can be paid and is still in this payout. */
    payableRemains: ({ context }) => checkoutSelection(context).selected.length > 0,
    /** A payable settlement still in this payout. */
    isSelected: ({ context }, params: { id: number }) =>
      checkoutSelection(context).selected.some((i) => i.id === params.id),
    /** A payable settlement the operator left out. */
    isLeftOut: ({ context }, params: { id: number }) =>
      context.deselected.includes(params.id) &&
      checkoutSelection(context).payable.some((i) => i.id === params.id),
    /** One of the bank business days the preview offers. */
    isTransferDate: ({ context }, params: { date: string }) =>
      context.preview?.transferDates.includes(params.date) === true,
    passwordGiven: (_, params: { password: string }) => params.password.length > 0,
    isConflict: (_, params: { error: unknown }) => conflictOf(params.error) !== null,
    isLocked: (_, params: { error: unknown }) => refusedBecause('locked', params.error),
    isPasswordReset: (_, params: { error: unknown }) => refusedBecause('passwordReset', params.error),
    isWrongPassword: (_, params: { error: unknown }) => refusedBecause('wrongPassword', params.error),
    /** The batch has a bank file of that currency. */
    batchHasFile: ({ context }, params: { currency: string }) =>
      context.outcome?.batch.files.some((f) => f.currency === params.currency) === true,
  },
  actions: {
    /**
     * The selection as the server sees it now. A transfer date already chosen stays while it is
     * still offered; what was left out stays left out while it is still payable.
     */
    rememberPreview: assign(({ context }, params: { preview: CheckoutPreview }) => {
      const payable = params.preview.items.filter(isPayable).map((i) => i.id);
      return {
        preview: params.preview,
        deselected: context.deselected.filter((id) => payable.includes(id)),
        transferDate: params.preview.transferDates.includes(context.transferDate)
          ? context.transferDate
          : params.preview.defaultTransferDate,
      };
    }),
    deselect: assign(({ context }, params: { id: number }) => ({
      deselected: [...context.deselected, params.id],
    })),
    select: assign(({ context }, params: { id: number }) => ({
      deselected: context.deselected.filter((id) => id !== params.id),
    })),
    setDate: assign((_, params: { date: string }) => ({ transferDate: params.date })),
    rememberPassword: assign((_, params: { password: string }) => ({ password: params.password })),
    forgetPassword: assign({ password: null }),
    clearOutcome: assign({ conflict: null, rejection: null, error: null }),
    rememberOutcome: assign((_, params: { outcome: CheckoutDone }) => ({ outcome: params.outcome })),
    announceCheckedOut: emit(({ context }, params: { outcome: CheckoutDone }) => ({
      type: 'checkedOut' as const,
      kind: context.kind,
      batch: params.outcome.batch,
      created: params.outcome.created,
    })),
    rememberConflict: assign((_, params: { error: unknown }) => ({ conflict: conflictOf(params.error) })),
    rememberRejection: assign((_, params: { error: unknown }) => ({
      rejection: refundPasswordRejectionOf(params.error),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    download: emit(({ context }, params: { currency: string }) => ({
      type: 'download' as const,
      kind: context.kind,
      batchId: context.outcome?.batch.id ?? 0,
      currency: params.currency,
      fileName: context.outcome?.batch.files.find((f) => f.currency === params.currency)?.fileName ?? '',
    })),
  },
}).createMachine({
  id: 'settlementCheckout',
  context: ({ input }) => ({
    kind: input.kind,
    ids: input.ids,
    batchKey: input.batchKey,
    preview: null,
    deselected: [],
    transferDate: '',
    password: null,
    outcome: null,
    conflict: null,
    rejection: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    /** The selection is read as the server sees it now. */
    loading: {
      tags: ['busy'],
      entry: ['clearOutcome', 'forgetPassword'],
      invoke: {
        id: 'checkoutPreview',
        src: 'checkoutPreview',
        input: ({ context }) => ({ kind: context.kind, ids: context.ids }),
        onDone: {
          target: 'choosing',
          actions: { type: 'rememberPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { CANCEL: { target: 'closed' } },
    },
    loadFailed: {
      on: {
        RETRY: { target: 'loading' },
        CANCEL: { target: 'closed' },
      },
    },
    /** What can be paid, what cannot and why, the totals; the operator may leave some out. */
    choosing: {
      on: {
        DESELECT: {
          guard: { type: 'isSelected', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'deselect', params: ({ event }) => ({ id: event.id }) },
        },
        SELECT: {
          guard: { type: 'isLeftOut', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
        NEXT: { guard: 'payableRemains', target: 'reviewing' },
        CANCEL: { target: 'closed' },
      },
    },
    /** Each transfer (payee, bank, amount) and the transfer date. */
    reviewing: {
      on: {
        SET_DATE: {
          guard: { type: 'isTransferDate', params: ({ event }) => ({ date: event.date }) },
          actions: { type: 'setDate', params: ({ event }) => ({ date: event.date }) },
        },
        NEXT: { target: 'authorising' },
        BACK: { target: 'choosing' },
        CANCEL: { target: 'closed' },
      },
    },
    /** The refund password authorises the batch. */
    authorising: {
      on: {
        SUBMIT: {
          guard: { type: 'passwordGiven', params: ({ event }) => ({ password: event.password }) },
          target: 'submitting',
          actions: { type: 'rememberPassword', params: ({ event }) => ({ password: event.password }) },
        },
        BACK: { target: 'reviewing' },
        CANCEL: { target: 'closed' },
      },
    },
    /** No way out while the server makes the batch: it is made or refused, never half. */
    submitting: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({
          kind: context.kind,
          ids: checkoutSelection(context).selected.map((i) => i.id),
          transferDate: context.transferDate,
          batchKey: context.batchKey,
          password: context.password ?? '',
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'rememberOutcome', params: ({ event }) => ({ outcome: event.output }) },
            { type: 'announceCheckedOut', params: ({ event }) => ({ outcome: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: { type: 'rememberConflict', params: ({ event }) => ({ error: event.error }) },
          },
          ...refundPasswordRefusals({
            locked: 'rejected.locked',
            passwordReset: 'rejected.passwordReset',
            wrongPassword: 'rejected.wrongPassword',
          }),
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The batch and its bank files. */
    done: {
      entry: 'forgetPassword',
      on: {
        DOWNLOAD: {
          guard: { type: 'batchHasFile', params: ({ event }) => ({ currency: event.currency }) },
          actions: { type: 'download', params: ({ event }) => ({ currency: event.currency }) },
        },
        CLOSE: { target: 'closed' },
      },
    },
    /** Another operator checked out some of them first; nothing was made. */
    conflict: {
      entry: 'forgetPassword',
      on: {
        REFRESH: { target: 'loading' },
        CANCEL: { target: 'closed' },
      },
    },
    /** The refund password did not authorise it; nothing was made. */
    rejected: {
      entry: 'forgetPassword',
      initial: 'wrongPassword',
      states: {
        wrongPassword: {
          on: { RETRY: { target: '#settlementCheckout.authorising', actions: 'clearOutcome' } },
        },
        /** Nothing to do until the lock ends: the dialog only closes. */
        locked: {},
        /** The dialog links to the refund-password change screen. */
        passwordReset: {},
      },
      on: { CANCEL: { target: 'closed' } },
    },
    /**
     * The network or the server failed: the batch may or may not have been made. RETRY sends
     * the same request with the same batch key (the server answers with the batch the key
     * made, if it did); REFRESH reads the selection again (what the key made shows as taken).
     */
    failed: {
      on: {
        RETRY: { target: 'submitting' },
        REFRESH: { target: 'loading' },
        CANCEL: { target: 'closed' },
      },
    },
    closed: { type: 'final', entry: 'forgetPassword' },
  },
});

export const settlementCheckoutTestMap = {
  states: {
    loading: 'The Pay out dialog opens busy while the ticked settlements are checked by the server',
    loadFailed: 'The selection could not be read: the message, with Retry and Cancel',
    choosing:
      'Step 1 (selection): the settlements that can be paid, each with a Leave out / Include switch; those that cannot, each with why; the totals per currency of what is still in; Next is enabled while at least one remains, else “None of the selected settlements can be paid”',
    reviewing:
      'Step 2 (transfers): each payee with its bank and amount, the totals, and the transfer date (bank business days only, the next one at first); Back and Next',
    authorising: 'Step 3 (authorise): the refund password field with Back and Create payout batch',
    submitting: 'The Create payout batch button is busy; the dialog cannot be closed meanwhile',
    done: 'Step 4 (done): “Payout batch #id created” (or “had already been made” on a retried key), with a download button per bank file and Close',
    conflict:
      'Another operator paid some of them out first: their settlement numbers, with Choose again (the selection is read anew) and Cancel',
    rejected: 'The refund password did not authorise the batch: nothing was made',
    'rejected.wrongPassword': 'Wrong refund password, with the tries left: Retry types it again, or Cancel',
    'rejected.locked': 'The refund password is locked until the time shown: the dialog can only be closed',
    'rejected.passwordReset':
      'The refund password must be changed first: a link to the change screen, and Cancel',
    failed:
      'The network or the server failed: the message, and that Retry sends the same payout again (never a second batch); Choose again; Cancel',
    closed: 'The dialog is gone; the list shows the settlements as they now are',
  },
  events: {
    DESELECT: 'Switch a payable settlement to “Leave out of this payout”',
    SELECT: 'Switch a settlement left out back to “Include in this payout”',
    NEXT: 'Press Next',
    BACK: 'Press Back',
    SET_DATE: 'Pick another transfer date in the date field',
    SUBMIT: 'Type the refund password and press Create payout batch',
    RETRY: 'Press Retry',
    REFRESH: 'Press Choose again',
    DOWNLOAD: 'Press the download button of a bank file (one per currency)',
    CANCEL: 'Press Cancel or the dialog’s close button',
    CLOSE: 'Press Close after the batch is made',
    'xstate.done.actor.checkoutPreview': 'The server answers with the selection as it sees it now',
    'xstate.error.actor.checkoutPreview': 'The server refuses or fails the preview, or the network fails',
    'xstate.done.actor.checkout': 'The server makes the batch (or returns the one the batch key made)',
    'xstate.error.actor.checkout':
      'The server refuses it (another operator first, refund password wrong, locked or to be changed) or fails',
  },
} satisfies TestMap;
