import type { LinkDraft, LinkRecord, PreOrderCreate } from '../../src/contract/preorders';
import { preOrderMachine } from '../../src/machines/preOrder';
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
