import { describe, expect, it } from 'vitest';
import { payerMachine } from '../../src/machines/payer';
import { preOrderMachine } from '../../src/machines/preOrder';
import { preOrderWatchMachine } from '../../src/machines/preOrderWatch';
import { refundMachine } from '../../src/machines/refund';
import { refundApprovalMachine } from '../../src/machines/refundApproval';
import type { CoveringWalks } from './coveringWalks';
import { coveredTransitions, stateKeys } from './harness';
import { PAYER_NOT_WALKABLE, payerWalks } from './payer.model';
import { PRE_ORDER_NOT_WALKABLE, preOrderWalks } from './preOrder.model';
import { preOrderWatchWalks } from './preOrderWatch.model';
import { REFUND_NOT_WALKABLE, refundWalks } from './refund.model';
import { refundApprovalWalks } from './refundApproval.model';

/**
 * The browser's walks of the payment machines (issue #30): each spec walks the covering set of
 * its machine's generated paths (every path stays in the machine's vitest test). This fails
 * when a transition a browser can cause, or a state, has no walk — a new transition then gets
 * its walk from the path plans, or a reason why no browser can cause it.
 */
const machines = [
  ['refund (refund.spec.ts)', refundMachine, refundWalks, { brandAlwaysSettles: 2 }, REFUND_NOT_WALKABLE],
  ['refund approval (refundApproval.spec.ts)', refundApprovalMachine, refundApprovalWalks, {}, {}],
  ['payer (payer.spec.ts)', payerMachine, payerWalks, { goneAfterShown: 2 }, PAYER_NOT_WALKABLE],
  [
    'pre-order (preorders.spec.ts)',
    preOrderMachine,
    preOrderWalks,
    { paymentAfterRefusal: 4 },
    PRE_ORDER_NOT_WALKABLE,
  ],
  ['pre-order watch (preorders.spec.ts)', preOrderWatchMachine, preOrderWatchWalks, {}, {}],
] as const;

describe.each(machines)('%s', (_title, machine, walks, notWalked, reasons) => {
  const set = walks as CoveringWalks<string, string>;

  it('walks every state and every transition a browser can cause', () => {
    expect(set.uncovered).toEqual([]);
    // Nothing is pinned: a browser can cause every transition of these machines.
    expect(set.pinned).toEqual({});
    const taken = coveredTransitions(
      machine,
      set.named.map((w) => w.path),
    );
    expect(taken.missing).toEqual([]);
    for (const key of stateKeys(machine)) expect(set.covered).toContain(`state ${key}`);
  });

  it('leaves out only the documented paths the real world cannot play through', () => {
    const counts: Record<string, number> = {};
    for (const { reason } of set.notWalked) counts[reason] = (counts[reason] ?? 0) + 1;
    expect(counts).toEqual(notWalked);
    expect(Object.keys(reasons).sort()).toEqual(Object.keys(notWalked).sort());
  });

  it('names each walk once, as the machine test names its path', () => {
    const names = set.named.map((w) => `${w.start}: ${w.name}`);
    expect(new Set(names).size).toBe(names.length);
    expect(set.named.length).toBe(set.walks.length);
    expect(set.walks.length).toBeGreaterThan(0);
  });
});
