import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { ResultType } from '../contract/envelope';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import {
  BATCH_STATUSES,
  batchAllows,
  type BatchAction,
  type BatchRemitRequest,
  type BatchReverseRequest,
  type BatchStatus,
  type BatchSummary,
  type PayoutKind,
} from '../contract/settlements';
import { failureMessage, resultOf, resultTypeOf, type TestMap } from './effects';

/**
 * An action on one payout batch of the Payout batches tab (docs/settlement.md, "Payout"): mark
 * it remitted after the bank confirmed the transfers, or reverse it — an admin, with the reason
 * — when the bank rejected it. Only what the batch's status allows is asked
 * (`BATCH_TRANSITIONS`: a checked-out batch, never a remitted or reversed one). A confirmation
 * first; marking remitted before the batch's transfer date (business day, Asia/Tokyo) says so
 * and waits until the operator ticks that the bank has really transferred; a reversal waits for
 * its reason. Then the server's call: done (`done` is emitted: the list reloads and says so),
 * a conflict (another operator moved the batch on first: where it stands; `changed` is emitted
 * so the list shows it), or a failure that keeps the confirmation to try again or cancel.
 */

export interface PayoutBatchInput {
  kind: PayoutKind;
}

export interface PayoutBatchContext {
  kind: PayoutKind;
  action: BatchAction | null;
  batch: BatchSummary | null;
  /** Marking remitted before the transfer date (the confirmation warns, and warns again after a failure). */
  early: boolean;
  /** The reversal's reason as typed. */
  reason: string;
  /** Where the batch stands after another operator moved it on (a conflict). */
  movedTo: BatchStatus | null;
  error: string | null;
}

export type PayoutBatchEvent =
  /** A row's action pressed, on the business day (yyyy-MM-dd, Asia/Tokyo) it is pressed. */
  | { type: 'ASK'; action: BatchAction; batch: BatchSummary; today: string }
  /** Ticks "the bank has transferred it" (early remit only). */
  | { type: 'ACKNOWLEDGE' }
  | { type: 'UNACKNOWLEDGE' }
  | { type: 'SET_REASON'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export type PayoutBatchEmitted =
  | { type: 'done'; action: BatchAction; batch: BatchSummary }
  /** The batch moved on under the operator's eyes: the list reads it again. */
  | { type: 'changed' };

/** What ASK asks, for its guards. */
type Asked = Pick<Extract<PayoutBatchEvent, { type: 'ASK' }>, 'action' | 'batch' | 'today'>;
const asked = ({ event }: { event: PayoutBatchEvent }): Asked =>
  event.type === 'ASK'
    ? { action: event.action, batch: event.batch, today: event.today }
    : { action: 'remit', batch: NO_BATCH, today: '' };

/** Never asked about: what `asked` gives for an event that is not ASK (it never reaches it). */
const NO_BATCH: BatchSummary = {
  id: 0,
  kind: 'merchant',
  status: 'remitted',
  transferDate: '',
  settlementCount: 0,
  files: [],
  createdBy: '',
  createdAt: '',
  remittedAt: null,
  reversedAt: null,
  reverseReason: '',
};

/**
 * Marking remitted before the batch's transfer date: the business day it is asked on
 * (Asia/Tokyo) is earlier, so the bank cannot have transferred it yet.
 */
export const isEarly = (asked: Asked): boolean =>
  asked.action === 'remit' && asked.batch.transferDate > asked.today;

/** The reason the server keeps for a reversal: at most this many characters. */
export const REVERSE_REASON_MAX = 255;

/** The status a CONFLICT says the batch is in now, else null. */
function movedToOf(error: unknown): BatchStatus | null {
  if (resultTypeOf(error) !== ResultType.CONFLICT) return null;
  const { status } = resultOf(error);
  return (BATCH_STATUSES as readonly unknown[]).includes(status) ? (status as BatchStatus) : null;
}

const rejected = [
  {
    guard: {
      type: 'isConflict',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
    target: '#payoutBatch.conflict',
    actions: [
      {
        type: 'rememberConflict',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
      'announceChanged',
    ],
  },
  {
    target: '#payoutBatch.failed',
    actions: {
      type: 'rememberFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
] as const;

/** Where a confirmation goes: the call of the action asked. */
const perform = [
  { guard: 'isRemit', target: '#payoutBatch.remitting' },
  { guard: 'reasonGiven', target: '#payoutBatch.reversing' },
] as const;

export const payoutBatchMachine = setup({
  types: {
    context: {} as PayoutBatchContext,
    events: {} as PayoutBatchEvent,
    input: {} as PayoutBatchInput,
    emitted: {} as PayoutBatchEmitted,
  },
  actors: {
    remitBatch: fromPromise<BatchSummary, BatchRemitRequest>(() =>
      Promise.reject(new Error('payoutBatch actor "remitBatch" not provided')),
    ),
    reverseBatch: fromPromise<BatchSummary, BatchReverseRequest>(() =>
      Promise.reject(new Error('payoutBatch actor "reverseBatch" not provided')),
    ),
  },
  guards: {
    /** A reversal the batch's status allows (a remitted or reversed batch allows none). */
    mayReverse: (_, params: Asked) =>
      params.action === 'reverse' && batchAllows(params.batch.status, 'reverse'),
    /**
     * Marking remitted, allowed, before the transfer date (the business day it is pressed on is
     * earlier): the bank cannot have transferred it yet.
     */
    mayRemitEarly: (_, params: Asked) =>
      params.action === 'remit' && batchAllows(params.batch.status, 'remit') && isEarly(params),
    mayRemit: (_, params: Asked) => params.action === 'remit' && batchAllows(params.batch.status, 'remit'),
    isRemit: ({ context }) => context.action === 'remit',
    reasonGiven: ({ context }) => context.reason.trim().length > 0,
    isConflict: (_, params: { error: unknown }) => movedToOf(params.error) !== null,
  },
  actions: {
    remember: assign(({ event }) => {
      assertEvent(event, 'ASK');
      return {
        action: event.action,
        batch: event.batch,
        early: isEarly(event),
        reason: '',
        movedTo: null,
        error: null,
      };
    }),
    setReason: assign(({ event }) => {
      assertEvent(event, 'SET_REASON');
      return { reason: event.reason.slice(0, REVERSE_REASON_MAX) };
    }),
    clearError: assign({ error: null }),
    announceDone: emit(({ context }, params: { batch: BatchSummary }) => ({
      type: 'done' as const,
      action: context.action ?? 'remit',
      batch: params.batch,
    })),
    announceChanged: emit({ type: 'changed' as const }),
    rememberConflict: assign((_, params: { error: unknown }) => ({
      movedTo: movedToOf(params.error),
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    forget: assign({ action: null, batch: null, early: false, reason: '', movedTo: null, error: null }),
  },
}).createMachine({
  id: 'payoutBatch',
  context: ({ input }) => ({
    kind: input.kind,
    action: null,
    batch: null,
    early: false,
    reason: '',
    movedTo: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    /** The batches; nothing asked. */
    idle: {
      on: {
        ASK: [
          {
            guard: { type: 'mayReverse', params: asked },
            target: 'confirming.reverse',
            actions: 'remember',
          },
          {
            guard: { type: 'mayRemitEarly', params: asked },
            target: 'confirming.early',
            actions: 'remember',
          },
          { guard: { type: 'mayRemit', params: asked }, target: 'confirming.remit', actions: 'remember' },
        ],
      },
    },
    confirming: {
      initial: 'remit',
      states: {
        /** "Mark batch #id's n settlements remitted?" */
        remit: {
          on: { CONFIRM: { target: '#payoutBatch.remitting' } },
        },
        /**
         * Its transfer date is still ahead: the confirmation says so, and is given only once the
         * operator ticked that the bank has transferred it all the same.
         */
        early: {
          initial: 'unacknowledged',
          states: {
            unacknowledged: { on: { ACKNOWLEDGE: { target: 'acknowledged' } } },
            acknowledged: {
              on: {
                UNACKNOWLEDGE: { target: 'unacknowledged' },
                CONFIRM: { target: '#payoutBatch.remitting' },
              },
            },
          },
        },
        /** "Reverse batch #id?" with the reason to give. */
        reverse: {
          on: {
            SET_REASON: { actions: 'setReason' },
            CONFIRM: { guard: 'reasonGiven', target: '#payoutBatch.reversing' },
          },
        },
      },
      on: { CANCEL: { target: 'idle', actions: 'forget' } },
    },
    /** No way out while the server marks it: it is remitted or refused, never half. */
    remitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'remitBatch',
        src: 'remitBatch',
        input: ({ context }) => ({ kind: context.kind, id: context.batch?.id ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'announceDone', params: ({ event }) => ({ batch: event.output }) }, 'forget'],
        },
        onError: [...rejected],
      },
    },
    reversing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'reverseBatch',
        src: 'reverseBatch',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.batch?.id ?? 0,
          reason: context.reason.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'announceDone', params: ({ event }) => ({ batch: event.output }) }, 'forget'],
        },
        onError: [...rejected],
      },
    },
    /** The confirmation again, with the failure: try again or cancel. */
    failed: {
      on: {
        CONFIRM: [...perform],
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    /** Another operator remitted or reversed it first: where it stands now; nothing was done. */
    conflict: {
      on: { CLOSE: { target: 'idle', actions: 'forget' } },
    },
  },
});

export const payoutBatchTestMap = {
  states: {
    idle: 'The Payout batches tab: each checked-out batch offers Mark remitted (and Reverse, to an admin); a remitted or reversed one offers nothing',
    confirming: 'A confirmation of the action on the batch, with Cancel',
    'confirming.remit':
      'Mark remitted: “Mark batch #id’s n settlements remitted? Do it after the bank confirmed the transfer.”',
    'confirming.early':
      'Mark remitted before the transfer date: a warning that the transfer date (shown) is still ahead, and a box “The bank has transferred this batch”',
    'confirming.early.unacknowledged': 'The box is not ticked: Mark remitted is disabled',
    'confirming.early.acknowledged': 'The box is ticked: Mark remitted is enabled',
    'confirming.reverse':
      'Reverse: “Reverse batch #id? Its n settlements go back to not remitted.”, the reason field; Reverse is disabled until a reason is typed',
    remitting: 'The confirmation’s Mark remitted button is busy; the dialog cannot be closed meanwhile',
    reversing: 'The confirmation’s Reverse button is busy; the dialog cannot be closed meanwhile',
    failed: 'The confirmation stays with the failure’s message: its button tries again, or Cancel',
    conflict:
      'Another operator remitted or reversed the batch first: the message and its status now, with Close; the list shows it as it is',
  },
  events: {
    ASK: 'Press Mark remitted or Reverse on a batch’s row',
    ACKNOWLEDGE: 'Tick “The bank has transferred this batch”',
    UNACKNOWLEDGE: 'Untick it',
    SET_REASON: 'Type the reason of the reversal',
    CONFIRM: 'Press the confirmation’s Mark remitted or Reverse',
    CANCEL: 'Press Cancel in the confirmation',
    CLOSE: 'Press Close after a conflict',
    'xstate.done.actor.remitBatch': 'The server marks the batch and its settlements remitted',
    'xstate.error.actor.remitBatch':
      'The server refuses (another operator moved the batch on first: CONFLICT) or fails, or the network fails',
    'xstate.done.actor.reverseBatch': 'The server reverses the batch: its settlements are not remitted again',
    'xstate.error.actor.reverseBatch':
      'The server refuses (another operator moved the batch on first: CONFLICT) or fails, or the network fails',
  },
} satisfies TestMap;
