import { refundMachine, type RefundMachineInput } from '../../src/machines/refund';
import { coveringWalks, outcomeOf } from './coveringWalks';
import { workflowModel, type ModelEvent } from './harness';
import { refundPasswordFailures } from './refundPassword.fixtures';

/** The refund test model: an order with 1,000 yen refundable. */

export const input: RefundMachineInput = {
  gatewayOrderNo: 'G20261122000001',
  refundableAmount: 1000,
  currency: 'JPY',
  clientRefundNo: 'C-dialog-1',
  returnTo: '/history/order/G20261122000001',
};

/** The same order for a user the session says must change the refund password first. */
export const mustChangeInput: RefundMachineInput = { ...input, mustChangePassword: true };

export const password = 'refund-secret';

export const reply = (refundStatus: string) => ({
  label: refundStatus,
  gatewayRefundNo: 'R20261122000001',
  clientRefundNo: input.clientRefundNo,
  refundStatus,
  amount: 400,
  currency: 'JPY',
  orderStatus: 'refunding',
  created: true,
});

export const detail = (status: string) => ({
  label: status,
  gatewayOrderNo: input.gatewayOrderNo,
  refunds: [
    { gatewayRefundNo: 'R-older', status: 'success' },
    { gatewayRefundNo: 'R20261122000001', status },
  ],
});

export const failures = {
  overRemainder: {
    label: 'over remainder',
    resultType: 'INVALID',
    message: 'The refund amount may not exceed the refundable remainder (¥1,000)',
    errors: { refundAmount: 'The refund amount may not exceed the refundable remainder (¥1,000)' },
  },
  ...refundPasswordFailures(3),
  brand: { label: 'brand refused', resultType: 'FAIL', message: 'The brand refused the refund' },
};

export const refundEvents: ModelEvent[] = [
  { type: 'CHANGE', label: 'amount 400', values: { amount: 400 } },
  { type: 'CHANGE', label: 'amount 0', values: { amount: 0 } },
  { type: 'CHANGE', label: 'amount 1001', values: { amount: 1001 } },
  { type: 'CHANGE', label: 'full refund', values: { fullRefund: true } },
  { type: 'CHANGE', label: 'partial refund', values: { fullRefund: false } },
  { type: 'CONTINUE' },
  { type: 'BACK' },
  { type: 'SUBMIT', label: 'password', password },
  { type: 'EDIT' },
  { type: 'RETRY' },
  { type: 'CHANGE_PASSWORD' },
  { type: 'PASSWORD_CHANGED' },
  { type: 'xstate.done.actor.submitRefund', output: reply('refunding') },
  { type: 'xstate.done.actor.submitRefund', output: reply('success') },
  { type: 'xstate.done.actor.submitRefund', output: reply('awaitingApproval') },
  ...Object.values(failures).map((error) => ({ type: 'xstate.error.actor.submitRefund', error })),
  { type: 'xstate.done.actor.syncOrder', output: detail('refunding') },
  { type: 'xstate.done.actor.syncOrder', output: detail('success') },
  { type: 'xstate.done.actor.syncOrder', output: detail('failed') },
  {
    type: 'xstate.error.actor.syncOrder',
    error: { label: 'brand down', resultType: 'FAIL', message: 'down' },
  },
];

export function refundPaths(start: RefundMachineInput = input) {
  return workflowModel(refundMachine, {
    input: start,
    events: refundEvents,
    serializeContext: (c: { amount: number; fullRefund: boolean }) => ({
      amount: c.amount,
      fullRefund: c.fullRefund,
    }),
    // From a must-change start, the paths end back at the password step: on from there they
    // are the refund's own paths (refundPaths()).
    stopWhen: start.mustChangePassword ? (s) => s.matches('enteringPassword') : undefined,
  }).getShortestPaths();
}

/** The paths of a refund opened by a user who must change the refund password first. */
export const mustChangePaths = () => refundPaths(mustChangeInput);

/** Refund paths the browser cannot walk as a whole, with the reason (refund.spec.ts). */
export const REFUND_NOT_WALKABLE = {
  brandAlwaysSettles:
    'the sandbox completes a processing refund whenever it is asked, so a sync never finds it still refunding; the transition back to waiting is walked by error:syncOrder(brand down)',
} as const;

/**
 * The refund dialog's walks in Chromium (refund.spec.ts): a covering set of both starts'
 * generated paths — every state and transition at least once. Nothing is pinned: a browser can
 * cause every transition (the world is set up through the API and the sandbox brand).
 */
export const refundWalks = coveringWalks(
  refundMachine,
  { start: refundPaths(), mustChange: mustChangePaths() },
  {
    notWalkable: (path) =>
      path.steps.some((s) => outcomeOf(s) === 'xstate.done.actor.syncOrder(refunding)')
        ? ('brandAlwaysSettles' as const)
        : null,
  },
);
