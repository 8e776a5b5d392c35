import type {
  BatchSummary,
  CheckoutDone,
  CheckoutItem,
  CheckoutPreview,
  PayeeBank,
} from '../../src/contract/settlements';
import {
  checkoutSelection,
  settlementCheckoutMachine,
  type SettlementCheckoutContext,
  type SettlementCheckoutInput,
} from '../../src/machines/settlementCheckout';
import { coveringSet, workflowModel, type ModelEvent } from './harness';
import { refundPasswordFailures } from './refundPassword.fixtures';

/**
 * The settlement checkout test model: four merchant settlements ticked on the list — two that
 * can be paid (one in yen by Zengin, one in dollars by SWIFT) and two that cannot (nothing to
 * transfer; a holder name a Zengin file cannot carry).
 */

export const input: SettlementCheckoutInput = {
  kind: 'merchant',
  ids: [11, 12, 13, 14],
  batchKey: 'B0123456789abcdef0123456789abcdef',
};

export const password = 'refund-secret';

const payee = (name: string, holder: string): PayeeBank => ({
  name,
  nameEn: '',
  bankName: 'みずほ銀行',
  bankCode: '0001',
  branchName: '東京営業部',
  branchCode: '001',
  depositType: 1,
  accountNumber: '1234567',
  holder,
  addressCountry: 'JP',
  iban: '',
  swift: '',
});

const item = (
  id: number,
  currency: string,
  transferAmount: number,
  unpayable: CheckoutItem['unpayable'] = [],
): CheckoutItem => ({
  id,
  settlementNo: `SM20261031-${String(id).padStart(4, '0')}`,
  partyName: `Merchant ${id}`,
  currency,
  transferAmount,
  payee: payee(`Merchant ${id}`, 'ｶ)ｹｯｻｲ'),
  unpayable,
  held: { count: 0, amount: 0 },
});

/** The ids and numbers of the model's settlements. */
export const YEN = 11;
export const DOLLARS = 12;
export const ZERO = 13;
export const UNWRITABLE = 14;
export const numberOf = (id: number) => `SM20261031-${String(id).padStart(4, '0')}`;

export const TRANSFER_DATES = ['2026-11-24', '2026-11-25', '2026-11-26'];
export const OTHER_DATE = '2026-11-25';
/** A Sunday: not offered. */
export const NOT_OFFERED = '2026-11-29';

export const preview: CheckoutPreview & { label: string } = {
  label: 'two payable',
  items: [
    item(YEN, 'JPY', 11438),
    item(DOLLARS, 'USD', 120000),
    item(ZERO, 'JPY', 0, [{ reason: 'zeroAmount' }]),
    item(UNWRITABLE, 'JPY', 5000, [{ reason: 'nameUnwritable', chars: ['①'] }]),
  ],
  totals: [
    { currency: 'JPY', count: 1, amount: 11438 },
    { currency: 'USD', count: 1, amount: 120000 },
  ],
  transferDates: TRANSFER_DATES,
  defaultTransferDate: TRANSFER_DATES[0],
};

/** The same selection read again after the dollar one was checked out by someone else. */
export const nonePayable: CheckoutPreview & { label: string } = {
  label: 'none payable',
  items: [
    item(YEN, 'JPY', 11438, [{ reason: 'inBatch' }]),
    item(DOLLARS, 'USD', 120000, [{ reason: 'inBatch' }]),
    preview.items[2],
    preview.items[3],
  ],
  totals: [],
  transferDates: TRANSFER_DATES,
  defaultTransferDate: TRANSFER_DATES[0],
};

export const batch: BatchSummary = {
  id: 7,
  kind: 'merchant',
  status: 'checkedOut',
  transferDate: TRANSFER_DATES[0],
  settlementCount: 2,
  files: [
    { currency: 'JPY', format: 'zengin', fileName: 'zengin-7-JPY.txt', recordCount: 1, total: 11438 },
    { currency: 'USD', format: 'swift', fileName: 'swift-7-USD.csv', recordCount: 1, total: 120000 },
  ],
  createdBy: 'settle-op',
  createdAt: '2026-11-22T01:00:00.000Z',
  remittedAt: null,
  reversedAt: null,
  reverseReason: '',
};

export const outcome = (created: boolean): CheckoutDone & { label: string } => ({
  label: created ? 'created' : 'made before',
  batch,
  created,
});

export const failures = {
  preview: {
    label: 'preview failed',
    resultType: 'ERROR',
    message: 'The server could not read the settlements',
  },
  conflict: {
    label: 'conflict',
    resultType: 'CONFLICT',
    message: `Another operator paid some of these out first: ${numberOf(DOLLARS)}`,
    result: { taken: [numberOf(DOLLARS)] },
  },
  ...refundPasswordFailures(3),
  network: {
    label: 'network',
    resultType: 'NETWORK_ERROR',
    message: 'Network error: timeout of 90000ms exceeded',
  },
};

export const checkoutEvents: ModelEvent[] = [
  { type: 'DESELECT', label: 'yen', id: YEN },
  { type: 'DESELECT', label: 'dollars', id: DOLLARS },
  { type: 'DESELECT', label: 'unpayable', id: ZERO },
  { type: 'SELECT', label: 'yen', id: YEN },
  { type: 'SELECT', label: 'unpayable', id: ZERO },
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'SET_DATE', label: 'offered', date: OTHER_DATE },
  { type: 'SET_DATE', label: 'not offered', date: NOT_OFFERED },
  { type: 'SUBMIT', label: 'password', password },
  { type: 'SUBMIT', label: 'empty', password: '' },
  { type: 'RETRY' },
  { type: 'REFRESH' },
  { type: 'DOWNLOAD', currency: 'JPY' },
  { type: 'DOWNLOAD', currency: 'EUR' },
  { type: 'CANCEL' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.checkoutPreview', output: preview },
  { type: 'xstate.done.actor.checkoutPreview', output: nonePayable },
  { type: 'xstate.error.actor.checkoutPreview', error: failures.preview },
  { type: 'xstate.done.actor.checkout', output: outcome(true) },
  { type: 'xstate.done.actor.checkout', output: outcome(false) },
  ...Object.entries(failures)
    .filter(([key]) => key !== 'preview')
    .map(([, error]) => ({ type: 'xstate.error.actor.checkout', error })),
];

export function checkoutPaths() {
  return workflowModel(settlementCheckoutMachine, {
    input,
    events: checkoutEvents,
    // What the operator sees change: which are in, the date, and the batch once made.
    serializeContext: (c: SettlementCheckoutContext) => ({
      selected: checkoutSelection(c).selected.map((i) => i.id),
      date: c.transferDate,
      created: c.outcome?.created ?? null,
    }),
    // Putting a settlement back in and a SELECT that changes nothing both end where the preview
    // did: told apart by what they left.
    fromContext: true,
  }).getShortestPaths();
}

/**
 * The checkout's covering set for the browser (tests/e2e/settlementCheckout.spec.ts): every
 * state, every transition and every answer of the server the model lists (a batch made now or
 * made before; a selection read again with nothing payable left) walked at least once. A
 * browser can cause all of them: nothing is pinned.
 */
export const checkoutPinned: Record<string, string> = {};

export function checkoutCoveringSet(paths = checkoutPaths()) {
  return coveringSet(settlementCheckoutMachine, paths, checkoutPinned, { answers: true });
}
