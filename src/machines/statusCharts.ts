import { createMachine, setup, type AnyStateMachine } from 'xstate';
import {
  OPEN_STATUSES,
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  isFinalStatus,
  type OrderEvent,
  type OrderStatus,
} from '../contract/orders';
import { REFUND_APPROVAL_EXPIRY_DAYS, REFUND_STATUSES, type RefundStatus } from '../contract/refunds';
import type { DiagramEntry } from './diagram';

/**
 * The server's status machines of orders and refunds, for the diagrams of docs/statecharts only:
 * XState machines built from the transition tables of src/contract (which the server applies:
 * server/modules/orders/engine.ts), so they are drawn and checked like the console's workflows.
 * tests/machines/diagrams.test.ts checks that each machine allows exactly what its table allows.
 */

/** What each order status means (spec point 4). */
const ORDER_STATUS_MEANING: Record<OrderStatus, string> = {
  pendingPayment: 'Created at the gateway, not yet sent to the brand.',
  paying: 'Sent to the brand (brand order number issued), waiting for the payer.',
  customerPaying:
    'The payer has the payment open in the wallet (WeChat USERPAYING, PayPay CREATED after scan).',
  inPayment: 'The payer confirmed; the brand is moving the money.',
  success: 'Paid.',
  failed: 'The brand declined it, or the payer cancelled in the wallet.',
  timeout: 'Expired unpaid.',
  pendingClose: 'Close asked of the brand, not yet confirmed.',
  closed: 'Closed unpaid.',
  refunding: 'A refund is in flight at the brand.',
  partlyRefunded: 'Part of the amount is refunded; the rest can still be refunded.',
  refunded: 'The whole amount is refunded.',
};

const ORDER_EVENT_CAUSE: Record<OrderEvent, string> = {
  issue: 'The brand accepted the order and issued its order number (or the recovery job found it did).',
  scan: 'The brand reports the payer has it open in the wallet (USERPAYING).',
  confirm: 'The payer confirmed on the payment page.',
  paid: 'The brand reports it paid (COMPLETED); a pre-order’s use is counted with it.',
  decline: 'The brand reports it failed, or the payer cancelled in the wallet.',
  expire: 'The brand reports it expired.',
  requestClose: 'Someone closes it in the console or the merchant API: the brand is asked to cancel it.',
  closeConfirmed:
    'The brand confirms the cancel; an order never sent to a brand is closed at once (pendingPayment).',
  refundStart: 'A refund of it is sent to the brand (another may already be in flight).',
  refundSettledNone: 'A refund settled, none is in flight, and nothing is refunded (it failed).',
  refundSettledPart: 'A refund settled, none is in flight, and part of the amount is refunded.',
  refundSettledAll: 'A refund settled, none is in flight, and the whole amount is refunded.',
  refundSettledPending: 'A refund settled while another one is still in flight.',
};

/** The box the undecided statuses are drawn in: moves every one of them allows start from it. */
const OPEN = 'open';
const isOpen = (status: OrderStatus) => (OPEN_STATUSES as readonly string[]).includes(status);

/** The state an order status is in the chart: `open.paying`, `success`. */
export const orderStatusState = (status: OrderStatus) => (isOpen(status) ? `${OPEN}.${status}` : status);

/** Events that move every open status to the same status, drawn once from the open box. */
function openWide(): Partial<Record<OrderEvent, OrderStatus>> {
  const first = ORDER_TRANSITIONS[OPEN_STATUSES[0]];
  return Object.fromEntries(
    ORDER_EVENTS.filter(
      (e) => first[e] && OPEN_STATUSES.every((s) => ORDER_TRANSITIONS[s][e] === first[e]),
    ).map((e) => [e, first[e]]),
  );
}

/** XState's `on` for the moves of one status, less those its box already draws. */
function orderMoves(status: OrderStatus, skip: Partial<Record<OrderEvent, OrderStatus>>) {
  const moves = Object.entries(ORDER_TRANSITIONS[status]).filter(([event]) => !(event in skip));
  return orderMovesFrom(Object.fromEntries(moves));
}

function orderStatusMachine(): AnyStateMachine {
  const wide = openWide();
  const state = (status: OrderStatus) =>
    isFinalStatus(status)
      ? { type: 'final' as const }
      : { on: orderMoves(status, isOpen(status) ? wide : {}) };
  return createMachine({
    id: 'orderStatus',
    initial: OPEN,
    states: {
      [OPEN]: {
        initial: OPEN_STATUSES[0],
        on: orderMovesFrom(wide),
        states: Object.fromEntries(OPEN_STATUSES.map((s) => [s, state(s)])),
      },
      ...Object.fromEntries(ORDER_STATUSES.filter((s) => !isOpen(s)).map((s) => [s, state(s)])),
    },
  });
}

function orderMovesFrom(moves: Partial<Record<OrderEvent, OrderStatus>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(moves).map(([event, to]) => [event, `#orderStatus.${orderStatusState(to)}`]),
  );
}

/**
 * What moves a refund, from each status: the contract's table (REFUND_TRANSITIONS) says only
 * from which status to which; the events are the server's (server/modules/orders/refunds.ts,
 * refundApproval.ts, recovery.ts). The test checks they make exactly that table.
 */
export const REFUND_MOVES: Record<RefundStatus, Partial<Record<RefundEvent, RefundStatus>>> = {
  awaitingApproval: { approve: 'waiting', reject: 'rejected', expire: 'rejected' },
  waiting: { sendToBrand: 'refunding', brandSucceeded: 'success', brandFailed: 'failed' },
  refunding: { brandSucceeded: 'success', brandFailed: 'failed' },
  success: {},
  failed: {},
  rejected: {},
};
type RefundEvent = 'approve' | 'reject' | 'expire' | 'sendToBrand' | 'brandSucceeded' | 'brandFailed';

const REFUND_EVENT_CAUSE: Record<RefundEvent, string> = {
  approve: 'A second user approves it with their own refund password; it is sent to the brand at once.',
  reject: 'A second user rejects it with a reason the requester sees; the reserved amount is free again.',
  expire: `Nobody decided within ${REFUND_APPROVAL_EXPIRY_DAYS} days: the recovery job rejects it.`,
  sendToBrand: 'The refund, written first, is sent to the brand under its own number.',
  brandSucceeded: 'The brand answers that the refund succeeded (at once, or when the recovery job asks).',
  brandFailed:
    'The brand answers that the refund failed, or cannot be reached; a refund interrupted before it was sent is asked about by the recovery job.',
};

const REFUND_STATUS_MEANING: Record<RefundStatus, string> = {
  awaitingApproval:
    'A console refund above the company’s approval threshold: its amount reserved, the brand not asked, until a second user decides.',
  waiting: 'Written with its refund number, not yet sent to the brand.',
  refunding: 'Sent to the brand, no final answer yet.',
  success: 'Refunded.',
  failed: 'The brand refused it or failed; it does not count against the paid amount.',
  rejected: 'Rejected by the approver or expired unapproved; it does not count against the paid amount.',
};

/** Not a status: where a refund request comes in, before its first status is written. */
const REQUESTED = 'requested';

function refundStatusMachine(): AnyStateMachine {
  return setup({ guards: { aboveApprovalThreshold: () => false } }).createMachine({
    id: 'refundStatus',
    initial: REQUESTED,
    states: {
      [REQUESTED]: {
        always: [{ guard: 'aboveApprovalThreshold', target: 'awaitingApproval' }, { target: 'waiting' }],
      },
      ...Object.fromEntries(
        REFUND_STATUSES.map((s) => {
          const moves = REFUND_MOVES[s];
          return [s, Object.keys(moves).length ? { on: moves } : { type: 'final' as const }];
        }),
      ),
    },
  });
}

export const STATUS_CHARTS: readonly DiagramEntry[] = [
  {
    name: 'orderStatus',
    title: 'Order status (server)',
    description:
      'The status of a payment order on the server, as the transition table of src/contract/orders.ts allows it (server/modules/orders/engine.ts refuses every other move): sent to the brand, paid, failed, expired or closed, then refunded in part or in full. Moves drawn from the open box are allowed from every open status.',
    machine: orderStatusMachine(),
    stateColumn: 'What it means',
    testMap: {
      states: {
        [OPEN]: 'Not yet decided: the payer or the brand may still move it.',
        ...Object.fromEntries(ORDER_STATUSES.map((s) => [orderStatusState(s), ORDER_STATUS_MEANING[s]])),
      },
      events: ORDER_EVENT_CAUSE,
    },
  },
  {
    name: 'refundStatus',
    title: 'Refund status (server)',
    description:
      'The status of a refund on the server, as the transition table of src/contract/refunds.ts allows it: held for approval above the company’s threshold (console refunds only), then sent to the brand until it answers.',
    machine: refundStatusMachine(),
    stateColumn: 'What it means',
    testMap: {
      states: {
        [REQUESTED]:
          'Not a status: a refund as it is asked for, before its first status is written; held for approval when it is a console refund above the company’s approval threshold.',
        ...REFUND_STATUS_MEANING,
      },
      events: { '': 'Right away, as the refund is written.', ...REFUND_EVENT_CAUSE },
    },
  },
];
