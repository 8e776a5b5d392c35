import { preOrderWatchMachine, type PreOrderWatchInput } from '../../src/machines/preOrderWatch';
import { coveringWalks } from './coveringWalks';
import { workflowModel, type ModelEvent } from './harness';
import { record } from './preOrder.model';

/** The watcher's test model: a link with one payment counted already, read again. */

export const input: PreOrderWatchInput = { kind: 'preOrder', gatewayPayNo: 'P20261122000001', seen: 1 };

export const reads = {
  /** No payment since the last read. */
  none: { label: 'no new use', usedTimes: 1, record: record(5, 1) },
  /** Two payments since the last read (both reported). */
  two: { label: '2 new uses', usedTimes: 3, record: record(5, 3) },
  /** The row was not found (another day's list): nothing to count. */
  missing: null,
};

export const failures = {
  readFailed: { label: 'failed', resultType: 'FAIL', message: 'Network error' },
};

export const preOrderWatchEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.readUses', output: reads.none },
  { type: 'xstate.done.actor.readUses', output: reads.two },
  { type: 'xstate.done.actor.readUses', output: reads.missing },
  { type: 'xstate.error.actor.readUses', error: failures.readFailed },
];

export function preOrderWatchPaths() {
  return workflowModel(preOrderWatchMachine, {
    input,
    events: preOrderWatchEvents,
    serializeContext: (c: { seen: number }) => ({ seen: c.seen }),
  }).getShortestPaths();
}

/**
 * The watcher's walks in Chromium (preorders.spec.ts, "pre-order watch"): a covering set of its
 * generated paths. Nothing is pinned: time is the page's clock, a payment is made on the payer's
 * page, a failed read is the held read aborted.
 */
export const preOrderWatchWalks = coveringWalks(preOrderWatchMachine, { start: preOrderWatchPaths() });
