import { enqueueActions, fromPromise, setup } from 'xstate';
import type { LinkKind, PreOrderUses } from '../contract/preorders';
import type { TestMap } from './effects';

/**
 * Watches an open pre-order or URL payment for payments (spec points 3 and 4): its row is read
 * again every 5 s, and each payment it has seen since the last read is reported to the
 * pre-order machine that invoked it (`USED`, one per payment, with the row as read). A failed read is tried again
 * at the next tick. It runs while the link is open (the pre-order machine stops it otherwise).
 */

/** How often an open link's row is read again to see it paid. */
export const REFRESH_MS = 5000;

export interface PreOrderWatchInput {
  kind: LinkKind;
  gatewayPayNo: string;
  /** Payments the pre-order machine has counted already. */
  seen: number;
}

export type PreOrderWatchContext = PreOrderWatchInput;

/** Which link's row the watcher reads. */
export type ReadUsesInput = Pick<PreOrderWatchInput, 'kind' | 'gatewayPayNo'>;

export const preOrderWatchMachine = setup({
  types: {
    input: {} as PreOrderWatchInput,
    context: {} as PreOrderWatchContext,
  },
  actors: {
    readUses: fromPromise<PreOrderUses | null, ReadUsesInput>(() =>
      Promise.reject(new Error('preOrderWatch actor "readUses" not provided')),
    ),
  },
  delays: { refresh: REFRESH_MS },
  guards: {
    paidSince: ({ context }, params: { uses: PreOrderUses | null }) =>
      (params.uses?.usedTimes ?? 0) > context.seen,
  },
  actions: {
    /** One USED per payment seen since the last read (the parent ends the link at its last use). */
    reportUses: enqueueActions(({ context, self, enqueue }, params: { uses: PreOrderUses | null }) => {
      // The pre-order that invoked it (none while the model is traversed on its own).
      const preOrder = self._parent;
      if (preOrder && params.uses)
        for (let n = context.seen; n < params.uses.usedTimes; n++)
          enqueue.sendTo(preOrder, { type: 'USED', record: params.uses.record });
      enqueue.assign({ seen: Math.max(context.seen, params.uses?.usedTimes ?? 0) });
    }),
  },
}).createMachine({
  id: 'preOrderWatch',
  context: ({ input }) => ({ ...input }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { refresh: { target: 'reading' } },
    },
    reading: {
      invoke: {
        id: 'readUses',
        src: 'readUses',
        input: ({ context }) => ({ kind: context.kind, gatewayPayNo: context.gatewayPayNo }),
        onDone: [
          {
            guard: { type: 'paidSince', params: ({ event }) => ({ uses: event.output }) },
            target: 'waiting',
            actions: { type: 'reportUses', params: ({ event }) => ({ uses: event.output }) },
          },
          { target: 'waiting' },
        ],
        onError: { target: 'waiting' },
      },
    },
  },
});

export const preOrderWatchTestMap = {
  states: {
    waiting: 'The open link’s dialog waits for the next read of its row (every 5 s)',
    reading: 'The row is being read again',
  },
  events: {
    'xstate.after.refresh.preOrderWatch.waiting': 'Five seconds pass',
    'xstate.done.actor.readUses':
      'The row is read: payments made since the last read are counted in the dialog (the last one ends the link)',
    'xstate.error.actor.readUses': 'The read fails; the next tick tries again (nothing is shown)',
  },
} satisfies TestMap;
