import type { LinkDraft, LinkRecord, PreOrderCreate } from '../../src/contract/preorders';
import { preOrderMachine } from '../../src/machines/preOrder';
import type { AnyMachineSnapshot } from 'xstate';
import { coveringWalks } from './coveringWalks';
import { workflowModel, type ModelEvent } from './harness';

/** The pre-order test model: a 2-hour link, once for two payments and once for one. */

export const request: PreOrderCreate = {
  clientPayNo: 'INV-42',
  orderAmount: 5000,
  currency: 'JPY',
  validityHours: 2,
  useTimes: 2,
  remark: 'invoice 42',
  companyId: null,
  branchUnitId: null,
};

export const draft: LinkDraft = { kind: 'preOrder', request };

const payLink = 'https://kessai.example/qrcode?no=P20261122000001';
const expireTime = '2026-11-22T02:00:00.000Z';

/** The pre-order's row as the list shows it, with `usedTimes` of its `useTimes` paid. */
export const record = (useTimes: number, usedTimes = 0): LinkRecord => ({
  kind: 'preOrder',
  row: {
    id: 1,
    clientPayNo: request.clientPayNo,
    gatewayPayNo: 'P20261122000001',
    payLink,
    orderAmount: request.orderAmount,
    currency: request.currency,
    validityHours: request.validityHours,
    expireTime,
    remark: request.remark,
    useTimes,
    usedTimes,
    useStatus: usedTimes < useTimes ? 0 : 1,
    useStartTime: null,
    useFinishTime: null,
    state: usedTimes < useTimes ? 'open' : 'used',
    closedAt: null,
    companyId: 1,
    companyName: 'Kessai Demo',
    branchUnitId: null,
    branchUnitName: null,
    createdByName: 'co-admin',
    createdAt: '2026-11-22T00:00:00.000Z',
  },
});

export const created = (useTimes: number) => ({
  label: `${useTimes} uses`,
  gatewayPayNo: 'P20261122000001',
  clientPayNo: request.clientPayNo,
  payLink,
  expireTime,
  useTimes,
  record: record(useTimes),
});

export const failures = {
  createRefused: { label: 'refused', resultType: 'INVALID', message: 'Order amount is required' },
  closeRefused: { label: 'refused', resultType: 'FAIL', message: 'The pre-order was already used' },
};

export const preOrderEvents: ModelEvent[] = [
  { type: 'CREATE', draft },
  { type: 'xstate.done.actor.createPreOrder', output: created(2) },
  { type: 'xstate.done.actor.createPreOrder', output: created(1) },
  { type: 'xstate.error.actor.createPreOrder', error: failures.createRefused },
  { type: 'xstate.done.actor.closePreOrder', output: undefined },
  { type: 'xstate.error.actor.closePreOrder', error: failures.closeRefused },
];

export function preOrderPaths() {
  return workflowModel(preOrderMachine, {
    input: { kind: 'preOrder' },
    events: preOrderEvents,
    serializeContext: (c: {
      usedTimes: number;
      error: string | null;
      preOrder: { useTimes: number } | null;
    }) => ({
      usedTimes: c.usedTimes,
      error: c.error !== null,
      useTimes: c.preOrder?.useTimes ?? null,
    }),
  }).getShortestPaths();
}

/** Pre-order paths the browser cannot walk as a whole, with the reason (preorders.spec.ts). */
export const PRE_ORDER_NOT_WALKABLE = {
  paymentAfterRefusal:
    'the real server refuses a close only when the pre-order takes no more payments, so no payment can follow the refusal and leave it open',
} as const;

/**
 * Whether a path has a payment after a refused close that the real server cannot make: only the
 * payment that used the pre-order up can follow the refusal (paid while the close was on its way);
 * after it, or after any other step, the pre-order takes no more payments.
 */
function paymentAfterRefusal(path: { steps: readonly { event: ModelEvent; state: AnyMachineSnapshot }[] }) {
  const { steps } = path;
  const refused = steps.findIndex((s) => s.event.type === 'xstate.error.actor.closePreOrder');
  if (refused < 0) return false;
  const later = steps.slice(refused + 1).findIndex((s) => s.event.type === 'USED');
  if (later < 0) return false;
  return !(later === 0 && steps[refused + 1].state.matches('used'));
}

/**
 * The pre-order dialog's walks in Chromium (preorders.spec.ts): a covering set of the generated
 * paths. Nothing is pinned: every transition is a click, the server's answer, a payment on the
 * payer's page or time on the page's clock.
 */
export const preOrderWalks = coveringWalks(
  preOrderMachine,
  { start: preOrderPaths() },
  { notWalkable: (path) => (paymentAfterRefusal(path) ? ('paymentAfterRefusal' as const) : null) },
);
