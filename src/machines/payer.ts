import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ResultType } from '../contract/envelope';
import type { PayerDecision, PayerRef } from '../contract/merchant';

export type { PayerRef };
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { failureMessage, type TestMap } from './effects';
import type { PayerShown } from './payerShown';

/**
 * The payer's page (/qrcode, public, no session) for a payment link (`orderNo`) or a
 * pre-order (`code`): the payment is loaded, the payer picks a brand and pays or cancels in
 * the sandbox wallet, and the page asks again (/pay/qrcode/get) until the brand has settled
 * it — paid, failed, expired or closed. A pre-order whose payment of this visit failed can be
 * paid again while it has uses left. The language is the screen's: its services send it.
 */

export type Decision = Pick<PayerDecision, 'brand' | 'subBrand' | 'action'>;

export interface PayerInput {
  /** null: the link names nothing (no `orderNo` or `code`). */
  ref: PayerRef | null;
  /** How many times the page asks again before it says the outcome is not known yet. */
  pollLimit?: number;
}

export interface PayerContext {
  ref: PayerRef | null;
  /**
   * The order the page follows: the link's, or a pre-order's payment of this visit once one
   * is made ('' none yet). A pre-order link may name it (`code` and `orderNo`).
   */
  following: string;
  view: PayerShown | null;
  /** The payer's last decision ('' none yet): after "pay" a wallet still open is waited for. */
  action: Decision['action'] | '';
  polls: number;
  pollLimit: number;
  /** Why the last decision was refused (in the page's language). */
  error: string | null;
  /** Why the payment could not be loaded. */
  loadError: string | null;
}

export type PayerEvent = { type: 'DECIDE'; decision: Decision } | { type: 'AGAIN' } | { type: 'RETRY' };

/** Input of both services: the order to follow, or the pre-order's code. */
export interface PayerCall extends PayerRef {
  decision?: Decision;
}

/** The page asks again every 1.5 s, 80 times (two minutes) before saying it does not know yet. */
export const POLL_MS = 1500;
export const POLL_LIMIT = 80;

/**
 * Still moving: the brand is settling it, or — after the payer's "pay" — the wallet still
 * has it open, or the brand has not yet taken it.
 */
const moving = (view: PayerShown, action: PayerContext['action']) =>
  view.phase === 'processing' ||
  (action === 'pay' && (view.status === 'customerPaying' || view.phase === 'payable'));

const callOf = (c: PayerContext): PayerRef => ({ orderNo: c.following, code: c.ref?.code ?? '' });

export const payerMachine = setup({
  types: {
    context: {} as PayerContext,
    events: {} as PayerEvent,
    input: {} as PayerInput,
  },
  actors: {
    /** /pay/qrcode/get: where the payment stands now. */
    loadView: fromPromise<PayerShown, PayerCall>(() =>
      Promise.reject(new Error('payer actor "loadView" not provided')),
    ),
    /** /pay/qrcode/get again, while the brand settles the payment. */
    askAgain: fromPromise<PayerShown, PayerCall>(() =>
      Promise.reject(new Error('payer actor "askAgain" not provided')),
    ),
    /** /pay/qrcode/decide: the payer's brand and pay / cancel; answers where it stands then. */
    decide: fromPromise<PayerShown, PayerCall>(() =>
      Promise.reject(new Error('payer actor "decide" not provided')),
    ),
  },
  delays: {
    pollInterval: POLL_MS,
  },
  guards: {
    hasRef: ({ context }) => context.ref !== null,
    /** A link that names no payment (unknown, malformed) is "missing or invalid", not an error. */
    isMissing: (_, params: { error: unknown }) => {
      const type = (params.error as { resultType?: unknown } | null)?.resultType;
      return type === ResultType.NOT_FOUND || type === ResultType.INVALID;
    },
    /** On opening, only a payment the brand is settling is waited for. */
    settling: (_, params: { view: PayerShown }) => params.view.phase === 'processing',
    keepsMoving: ({ context }, params: { view: PayerShown }) => moving(params.view, context.action),
    /** The sandbox wallet decides only on a payment still open. */
    canDecide: ({ context }) => context.view?.phase === 'payable' && context.view.sandbox,
    /** A pre-order whose payment of this visit failed, with uses left. */
    canPayAgain: ({ context }) => context.view?.phase === 'failed' && (context.view.uses?.remaining ?? 0) > 0,
    /** Still moving, and the page has not yet asked as often as it may. */
    keepsMovingToAskAgain: ({ context }, params: { view: PayerShown }) =>
      moving(params.view, context.action) && context.polls + 1 < context.pollLimit,
  },
  actions: {
    show: assign((_, params: { view: PayerShown }) => ({ view: params.view, polls: 0, loadError: null })),
    follow: assign(({ context }, params: { view: PayerShown }) => ({
      view: params.view,
      polls: 0,
      following: params.view.orderNo || context.following,
    })),
    countPoll: assign(({ context }, params: { view: PayerShown }) => ({
      view: params.view,
      polls: context.polls + 1,
    })),
    startDecision: assign(({ event }) => {
      assertEvent(event, 'DECIDE');
      return { action: event.decision.action, error: null };
    }),
    refuse: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    failLoad: assign((_, params: { error: unknown }) => ({
      loadError: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    /** Ask afresh: the decision's refusal is gone with the page it was on. */
    startOver: assign({ error: null, action: '' as const }),
    /** Pay a pre-order again: the failed order (of this visit, or the link's) is no longer followed. */
    forgetOrder: assign({ following: '', action: '' as const, error: null }),
  },
}).createMachine({
  id: 'payer',
  context: ({ input }) => ({
    ref: input.ref,
    following: input.ref?.orderNo ?? '',
    view: null,
    action: '',
    polls: 0,
    pollLimit: input.pollLimit ?? POLL_LIMIT,
    error: null,
    loadError: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'hasRef', target: 'loading' }, { target: 'invalid' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadView',
        src: 'loadView',
        input: ({ context }) => callOf(context),
        onDone: [
          {
            guard: { type: 'settling', params: ({ event }) => ({ view: event.output }) },
            target: 'ready.watching',
            actions: { type: 'show', params: ({ event }) => ({ view: event.output }) },
          },
          {
            target: 'ready.choosing',
            actions: { type: 'show', params: ({ event }) => ({ view: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            target: 'loadFailed',
            actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    invalid: { type: 'final' },
    loadFailed: {
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            DECIDE: { guard: 'canDecide', target: 'deciding', actions: 'startDecision' },
            AGAIN: { guard: 'canPayAgain', target: '#payer.loading', actions: 'forgetOrder' },
          },
        },
        deciding: {
          tags: ['busy'],
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context, event }) => {
              assertEvent(event, 'DECIDE');
              return { ...callOf(context), decision: event.decision };
            },
            onDone: [
              {
                guard: { type: 'keepsMoving', params: ({ event }) => ({ view: event.output }) },
                target: 'watching',
                actions: { type: 'follow', params: ({ event }) => ({ view: event.output }) },
              },
              {
                target: 'choosing',
                actions: { type: 'follow', params: ({ event }) => ({ view: event.output }) },
              },
            ],
            onError: {
              target: 'choosing',
              actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        watching: {
          tags: ['waiting'],
          after: { pollInterval: { target: 'asking' } },
        },
        asking: {
          tags: ['waiting'],
          invoke: {
            id: 'askAgain',
            src: 'askAgain',
            input: ({ context }) => callOf(context),
            onDone: [
              {
                guard: { type: 'keepsMovingToAskAgain', params: ({ event }) => ({ view: event.output }) },
                target: 'watching',
                actions: { type: 'countPoll', params: ({ event }) => ({ view: event.output }) },
              },
              {
                guard: { type: 'keepsMoving', params: ({ event }) => ({ view: event.output }) },
                target: 'stale',
                actions: { type: 'countPoll', params: ({ event }) => ({ view: event.output }) },
              },
              {
                target: 'choosing',
                actions: { type: 'countPoll', params: ({ event }) => ({ view: event.output }) },
              },
            ],
            // A failed ask is tried again at the next interval.
            onError: { target: 'watching' },
          },
        },
        stale: {
          tags: ['waiting'],
          on: { RETRY: { target: '#payer.loading', actions: 'startOver' } },
        },
      },
    },
  },
});

export const payerTestMap = {
  states: {
    opening: 'The page reads the link',
    loading: 'A spinner while the payment is loaded',
    invalid: '“Link missing or invalid”: the link names no payment, or one that does not exist',
    loadFailed: 'The payment could not be loaded: the reason and Retry',
    ready: 'Who asks for how much, the currency, number, expiry (and a pre-order’s uses left)',
    'ready.choosing':
      'An open payment: brand (and sub-brand) with Pay and Cancel; otherwise its outcome (paid, failed, expired, closed, used up), with Pay again for a pre-order whose payment failed',
    'ready.deciding': 'Pay and Cancel are busy while the decision is on its way',
    'ready.watching': '“Processing”: the brand is settling the payment; the page asks again shortly',
    'ready.asking': '“Processing”: the page is asking where the payment stands',
    'ready.stale': '“Processing” with “the outcome is not known yet” and a Check again button',
  },
  events: {
    DECIDE: 'Pick a brand, then press Pay or Cancel',
    AGAIN: 'Press Pay again (a pre-order whose payment failed)',
    RETRY: 'Press Retry (loading failed) or Check again (outcome not known yet)',
    'xstate.done.actor.loadView': 'The payment is loaded: open, settling, or already ended',
    'xstate.error.actor.loadView': 'Loading fails: no such payment, or the network / server',
    'xstate.done.actor.decide': 'The brand took the decision: still open, settling, or ended',
    'xstate.error.actor.decide': 'The decision is refused (the brand cannot be reached, no longer payable)',
    'xstate.after.pollInterval.payer.ready.watching': '1.5 seconds pass',
    'xstate.done.actor.askAgain': 'The payment is read again: still settling, or settled',
    'xstate.error.actor.askAgain': 'Reading it again fails (network)',
  },
} satisfies TestMap;
