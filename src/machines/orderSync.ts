import { assign, emit, fromPromise, setup } from 'xstate';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import type { OrderDetail, SyncedOrder } from '../contract/orders';
import { failureMessage, type TestMap } from './effects';

/**
 * "Sync with brand" on the order detail (spec point 3, /history/orderInfo/getOrderSync): the
 * server asks the brand for the order's status and replies with the order as it now stands and
 * a message. It runs in the console's actor system while the order detail is shown
 * (`orderSync.open` / `.close` on the root). The synced order and the server's message are
 * emitted (`synced`) for the screen, which shows that order and the message; a failure was
 * shown by the API client already and is kept for the screen's state.
 */

/** The system id the sync runs under in the console's actor system. */
export const ORDER_SYNC_SYSTEM_ID = 'orderSync';

export interface OrderSyncInput {
  gatewayOrderNo: string;
}

export interface OrderSyncContext extends OrderSyncInput {
  /** The server's message of the last sync ('' when it gave none). */
  message: string | null;
  error: string | null;
}

export type OrderSyncEvent = { type: 'SYNC' };

export type OrderSyncEmitted = { type: 'synced'; order: OrderDetail; message: string };

export const orderSyncMachine = setup({
  types: {
    input: {} as OrderSyncInput,
    context: {} as OrderSyncContext,
    events: {} as OrderSyncEvent,
    emitted: {} as OrderSyncEmitted,
  },
  actors: {
    syncOrder: fromPromise<SyncedOrder, OrderSyncInput>(() =>
      Promise.reject(new Error('orderSync actor "syncOrder" not provided')),
    ),
  },
  actions: {
    clear: assign({ message: null, error: null }),
    rememberSynced: assign((_, params: { reply: SyncedOrder }) => ({ message: params.reply.message })),
    announceSynced: emit((_, params: { reply: SyncedOrder }) => ({
      type: 'synced' as const,
      order: params.reply.result,
      message: params.reply.message,
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
  },
}).createMachine({
  id: 'orderSync',
  context: ({ input }) => ({ gatewayOrderNo: input.gatewayOrderNo, message: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { SYNC: { target: 'syncing' } },
    },
    syncing: {
      tags: ['busy'],
      entry: 'clear',
      invoke: {
        id: 'syncOrder',
        src: 'syncOrder',
        input: ({ context }) => ({ gatewayOrderNo: context.gatewayOrderNo }),
        onDone: {
          target: 'synced',
          actions: [
            { type: 'rememberSynced', params: ({ event }) => ({ reply: event.output }) },
            { type: 'announceSynced', params: ({ event }) => ({ reply: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    synced: {
      on: { SYNC: { target: 'syncing' } },
    },
    failed: {
      on: { SYNC: { target: 'syncing' } },
    },
  },
});

export const orderSyncTestMap = {
  states: {
    idle: 'The order detail with its Sync with brand button',
    syncing: 'The Sync with brand button is busy while the server asks the brand',
    synced: 'The order as the brand now says it, and the server’s message (or “Synced”) in a toast',
    failed: 'The server’s failure in a toast; the order as it was, the button ready to try again',
  },
  events: {
    SYNC: 'Press Sync with brand',
    'xstate.done.actor.syncOrder': 'The server asked the brand and replies with the order and a message',
    'xstate.error.actor.syncOrder': 'The server (or the brand behind it) fails',
  },
} satisfies TestMap;
