import type { PayerShown } from '../../src/machines/payerShown';
import { payerMachine, type PayerInput } from '../../src/machines/payer';
import { coveringWalks, outcomeOf } from './coveringWalks';
import { workflowModel, type ModelEvent } from './harness';

/**
 * The payer test model: a payment link of 2,500 JPY, asked again at most twice before the
 * page says the outcome is not known yet (the page's 80, made small to walk).
 */

export const ref = { orderNo: 'K20261124000000001', code: '' };
export const input: PayerInput = { ref, pollLimit: 2 };

const base: PayerShown = {
  merchantName: '株式会社ひのき珈琲',
  subject: 'Invoice 42',
  amount: 2500,
  currency: 'JPY',
  expiresAt: '2026-11-24T12:00:00.000Z',
  number: ref.orderNo,
  phase: 'payable',
  status: 'pendingPayment',
  brand: '',
  brands: [{ brand: 'paypay', subBrands: ['paypay'] }],
  sandbox: true,
  orderNo: ref.orderNo,
  uses: null,
};

/** Where the payment stands, as the server answers (a label names each for the tests). */
export const views = {
  open: { ...base, label: 'open' },
  settling: { ...base, phase: 'processing', status: 'inPayment', brand: 'paypay', label: 'settling' },
  paid: { ...base, phase: 'paid', status: 'success', brand: 'paypay', label: 'paid' },
  failed: { ...base, phase: 'failed', status: 'failed', brand: 'paypay', label: 'failed' },
  /** A pre-order's payment of this visit failed, with a use left. */
  failedPreOrder: {
    ...base,
    number: 'P20261124000000009',
    phase: 'failed',
    status: 'failed',
    brand: 'paypay',
    orderNo: 'K20261124000000002',
    uses: { remaining: 1, total: 2 },
    label: 'failed pre-order',
  },
} satisfies Record<string, PayerShown & { label: string }>;

export const failures = {
  missing: { label: 'missing', resultType: 'NOT_FOUND', message: 'No such order' },
  network: { label: 'network', resultType: 'ERROR', message: 'Network error: HTTP 502' },
  unreachable: {
    label: 'unreachable',
    resultType: 'FAIL',
    message: 'The payment brand cannot be reached; please try again later',
  },
};

export const pay = { brand: 'paypay', subBrand: 'paypay', action: 'pay' } as const;
export const cancel = { brand: 'paypay', subBrand: 'paypay', action: 'cancel' } as const;

export const payerEvents: ModelEvent[] = [
  { type: 'DECIDE', decision: pay, label: 'pay' },
  { type: 'DECIDE', decision: cancel, label: 'cancel' },
  { type: 'AGAIN' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadView', output: views.open },
  { type: 'xstate.done.actor.loadView', output: views.settling },
  { type: 'xstate.done.actor.loadView', output: views.failedPreOrder },
  { type: 'xstate.error.actor.loadView', error: failures.missing },
  { type: 'xstate.error.actor.loadView', error: failures.network },
  { type: 'xstate.done.actor.decide', output: views.settling },
  { type: 'xstate.done.actor.decide', output: views.failed },
  { type: 'xstate.error.actor.decide', error: failures.unreachable },
  { type: 'xstate.done.actor.askAgain', output: views.settling },
  { type: 'xstate.done.actor.askAgain', output: views.paid },
  { type: 'xstate.error.actor.askAgain', error: failures.network },
];

export function payerPaths(modelInput: PayerInput = input) {
  return workflowModel(payerMachine, {
    input: modelInput,
    events: payerEvents,
    serializeContext: (c: { view: PayerShown | null; polls: number; error: string | null }) => ({
      phase: c.view?.phase ?? null,
      uses: c.view?.uses?.remaining ?? null,
      polls: c.polls,
      error: c.error !== null,
    }),
  }).getShortestPaths();
}

/** Payer paths the browser cannot walk as a whole, with the reason (payer.spec.ts). */
export const PAYER_NOT_WALKABLE = {
  goneAfterShown:
    'a payment the server has shown is never deleted, so it cannot become "not found"; the same event at the start is walked',
} as const;

/**
 * The payer page's walks in Chromium (payer.spec.ts): a covering set of the generated paths of
 * a link naming a payment and of one naming none (the `opening` choice's other branch).
 */
export const payerWalks = coveringWalks(
  payerMachine,
  { link: payerPaths(), linkless: payerPaths({ ref: null }) },
  {
    notWalkable: (path) =>
      path.steps
        .slice(2)
        .some((s) => s.event.type === 'xstate.error.actor.loadView' && outcomeOf(s).endsWith('(missing)'))
        ? ('goneAfterShown' as const)
        : null,
  },
);
