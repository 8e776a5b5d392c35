import { orderSyncMachine, type OrderSyncInput } from '../../src/machines/orderSync';
import { workflowModel, type ModelEvent } from './harness';

/**
 * The order-sync test model: one order, synced (with or without a message) or failing. The
 * reply's order is a stand-in (the machine passes it on untouched), like refund.model's.
 */

export const input: OrderSyncInput = { gatewayOrderNo: 'G20261122000001' };

const order = { gatewayOrderNo: input.gatewayOrderNo, status: 'success' } as const;

export const replies = {
  updated: {
    label: 'updated',
    result: order,
    message: 'Updated to the brand’s status',
  },
  silent: { label: 'no message', result: order, message: '' },
};

export const failures = {
  brandDown: { label: 'failed', resultType: 'FAIL', message: 'The brand did not answer' },
};

export const orderSyncEvents: ModelEvent[] = [
  { type: 'SYNC' },
  { type: 'xstate.done.actor.syncOrder', output: replies.updated },
  { type: 'xstate.done.actor.syncOrder', output: replies.silent },
  { type: 'xstate.error.actor.syncOrder', error: failures.brandDown },
];

export function orderSyncPaths() {
  return workflowModel(orderSyncMachine, {
    input,
    events: orderSyncEvents,
    serializeContext: (c: { message: string | null; error: string | null }) => c,
  }).getShortestPaths();
}
