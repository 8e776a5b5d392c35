import type { BatchSummary } from '../../src/contract/settlements';
import {
  payoutBatchMachine,
  type PayoutBatchContext,
  type PayoutBatchInput,
} from '../../src/machines/payoutBatch';
import { coveringSet, workflowModel, type ModelEvent } from './harness';

/**
 * The payout batch test model: a merchant batch awaiting the bank, asked about on the day of its
 * transfer (due) and the business day before it (early); a remitted and a reversed one, which
 * allow nothing; the reversal's reason typed or left blank; the server's answers: done, CONFLICT
 * (another operator moved the batch on first), a failure.
 */

export const input: PayoutBatchInput = { kind: 'merchant' };

export const TRANSFER_DATE = '2026-12-08';
export const DAY_BEFORE = '2026-12-07';

const batch = (status: BatchSummary['status']): BatchSummary => ({
  id: 63,
  kind: 'merchant',
  status,
  transferDate: TRANSFER_DATE,
  settlementCount: 2,
  files: [{ currency: 'JPY', format: 'zengin', fileName: 'zengin.txt', recordCount: 2, total: 96_000 }],
  createdBy: 'sysop',
  createdAt: '2026-12-04T01:00:00.000Z',
  remittedAt: status === 'remitted' ? '2026-12-08T01:00:00.000Z' : null,
  reversedAt: status === 'reversed' ? '2026-12-08T01:00:00.000Z' : null,
  reverseReason: status === 'reversed' ? '口座番号相違' : '',
});

export const batches = {
  open: batch('checkedOut'),
  remitted: batch('remitted'),
  reversed: batch('reversed'),
};

export const REASON = '口座番号相違で組戻し';

export const failures = {
  conflict: {
    label: 'conflict',
    resultType: 'CONFLICT',
    message: 'このバッチは送金待ちではありません',
    result: { status: 'remitted' },
  },
  network: { label: 'network', resultType: 'NETWORK', message: 'ネットワークに接続できません' },
};

export const payoutBatchEvents: ModelEvent[] = [
  { type: 'ASK', label: 'remit due', action: 'remit', batch: batches.open, today: TRANSFER_DATE },
  { type: 'ASK', label: 'remit early', action: 'remit', batch: batches.open, today: DAY_BEFORE },
  { type: 'ASK', label: 'reverse', action: 'reverse', batch: batches.open, today: DAY_BEFORE },
  // Not offered by the screen; the machine refuses them too.
  { type: 'ASK', label: 'remit remitted', action: 'remit', batch: batches.remitted, today: TRANSFER_DATE },
  {
    type: 'ASK',
    label: 'reverse remitted',
    action: 'reverse',
    batch: batches.remitted,
    today: TRANSFER_DATE,
  },
  { type: 'ASK', label: 'remit reversed', action: 'remit', batch: batches.reversed, today: TRANSFER_DATE },
  { type: 'SET_REASON', label: 'reason', reason: REASON },
  { type: 'SET_REASON', label: 'blank', reason: '  ' },
  { type: 'xstate.done.actor.remitBatch', output: { label: 'remitted', ...batches.remitted } },
  { type: 'xstate.error.actor.remitBatch', error: failures.conflict },
  { type: 'xstate.error.actor.remitBatch', error: failures.network },
  { type: 'xstate.done.actor.reverseBatch', output: { label: 'reversed', ...batches.reversed } },
  {
    type: 'xstate.error.actor.reverseBatch',
    error: { ...failures.conflict, result: { status: 'reversed' } },
  },
  { type: 'xstate.error.actor.reverseBatch', error: failures.network },
];

export function payoutBatchPaths() {
  return workflowModel(payoutBatchMachine, {
    input,
    events: payoutBatchEvents,
    serializeContext: (c: PayoutBatchContext) => ({
      action: c.action,
      early: c.early,
      reason: c.reason.trim().length > 0,
      movedTo: c.movedTo,
      error: c.error !== null,
    }),
  }).getShortestPaths();
}

/**
 * The browser's covering set (tests/e2e/payoutBatch.spec.ts): every state, transition and server
 * answer walked at least once. Nothing is pinned: a batch the screen offers no action on (remitted,
 * reversed) is the machine's refusal of ASK, which takes no transition.
 */
export const payoutBatchPinned: Record<string, string> = {};

export function payoutBatchCoveringSet(paths = payoutBatchPaths()) {
  return coveringSet(payoutBatchMachine, paths, payoutBatchPinned, { answers: true });
}
