import type { PreOrderDraft } from '../../src/contract/preorders';
import { preOrderMachine } from '../../src/machines/preOrder';
import { workflowModel, type ModelEvent } from './harness';

/** The pre-order test model: a 2-hour link, once for two payments and once for one. */

export const draft: PreOrderDraft = {
  orderAmount: 5000,
  currency: 'JPY',
  validityHours: 2,
  useTimes: 2,
  remark: 'invoice 42',
};

export const created = (useTimes: number) => ({
  label: `${useTimes} uses`,
  gatewayPayNo: 'P20261122000001',
  clientPayNo: 'INV-42',
  payLink: 'https://kessai.example/qrcode?no=P20261122000001',
  expireTime: '2026-11-22T02:00:00.000Z',
  useTimes,
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
    input: undefined,
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
