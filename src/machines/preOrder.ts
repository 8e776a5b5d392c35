import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import {
  draftValidityHours,
  type CreatedPreOrder,
  type LinkDraft,
  type LinkKind,
  type LinkRecord,
} from '../contract/preorders';
import { failureMessage, fieldErrorsOf, type TestMap } from './effects';
import { preOrderWatchMachine } from './preOrderWatch';

/**
 * A pre-order (payment request) or URL payment from creation to its end (spec points 3 and
 * 4; /history/preOrder/create, /pay/pay/create, /pay/pay/close): the draft is created, its
 * link and QR code are shown, and it ends used up, expired or closed. While the link is open
 * (and while the close is being confirmed) it invokes the watcher (preOrderWatch.ts), which
 * reads the row again every few seconds and sends a USED for each payment it sees; it expires
 * at the server's `expireTime`. The root actor spawns it for the create dialog of either kind
 * (`preOrder.open`); its context holds everything the dialog shows: the link, its row as last
 * read, and a refusal with the fields it names.
 */

export const PRE_ORDER_SYSTEM_ID = 'preOrder';

export interface PreOrderInput {
  kind: LinkKind;
}

export interface PreOrderContext {
  kind: LinkKind;
  preOrder: CreatedPreOrder | null;
  /** The link's row: as created, then as the watcher last read it with a payment. */
  record: LinkRecord | null;
  /** Payments made with the link so far. */
  usedTimes: number;
  validityHours: number;
  error: string | null;
  /** The refused create's messages by form field (the dialog shows them at the fields). */
  fieldErrors: Record<string, string>;
}

export type PreOrderEvent =
  | { type: 'CREATE'; draft: LinkDraft }
  | { type: 'COPY_LINK' }
  | { type: 'DOWNLOAD_QR' }
  /** Asks to close: the machine asks for a confirmation first. */
  | { type: 'CLOSE' }
  | { type: 'CONFIRM_CLOSE' }
  | { type: 'CANCEL_CLOSE' }
  /** A payment the watcher saw, with the row it read (none in the model). */
  | { type: 'USED'; record?: LinkRecord }
  | { type: 'NEW' };

export type PreOrderEmitted =
  { type: 'copyLink'; link: string } | { type: 'downloadQr'; link: string; fileName: string };

/**
 * A created link's watcher, while it is open and while its user is asked whether to close it:
 * it reads the row again and sends USED for each payment it sees.
 */
const watchCreated = {
  id: 'watchPreOrder',
  src: 'watchPreOrder',
  input: ({ context }: { context: PreOrderContext }) => ({
    kind: context.kind,
    gatewayPayNo: context.preOrder?.gatewayPayNo ?? '',
    seen: context.usedTimes,
  }),
} as const;

/** A payment seen: counted; the last one the link allows ends it as used. */
const countUse = {
  type: 'countUse',
  params: ({ event }: { event: Extract<PreOrderEvent, { type: 'USED' }> }) => ({ record: event.record }),
} as const;
const countUses = [
  { guard: 'lastUse' as const, target: '#preOrder.used', actions: countUse },
  { actions: countUse },
];

export const preOrderMachine = setup({
  types: {
    input: {} as PreOrderInput,
    context: {} as PreOrderContext,
    events: {} as PreOrderEvent,
    emitted: {} as PreOrderEmitted,
  },
  actors: {
    createPreOrder: fromPromise<CreatedPreOrder, LinkDraft>(() =>
      Promise.reject(new Error('preOrder actor "createPreOrder" not provided')),
    ),
    closePreOrder: fromPromise<void, { kind: LinkKind; gatewayPayNo: string }>(() =>
      Promise.reject(new Error('preOrder actor "closePreOrder" not provided')),
    ),
    /** Provide it with its `readUses` service (`preOrderWatchMachine.provide`). */
    watchPreOrder: preOrderWatchMachine,
  },
  delays: {
    /**
     * Until the created pre-order's `expireTime` (the server's, not a second count of the
     * validity hours from whenever the reply arrived); the draft's hours if it has none.
     */
    validity: ({ context }) => {
      const expires = context.preOrder ? Date.parse(context.preOrder.expireTime) : Number.NaN;
      return Number.isFinite(expires) ? Math.max(0, expires - Date.now()) : context.validityHours * 3_600_000;
    },
  },
  guards: {
    lastUse: ({ context }) => context.usedTimes + 1 >= (context.preOrder?.useTimes ?? 1),
  },
  actions: {
    clearError: assign({ error: null, fieldErrors: {} }),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    rememberValidity: assign((_, params: { draft: LinkDraft }) => ({
      validityHours: draftValidityHours(params.draft),
    })),
    rememberCreated: assign((_, params: { preOrder: CreatedPreOrder }) => ({
      preOrder: params.preOrder,
      record: params.preOrder.record,
      usedTimes: 0,
    })),
    countUse: assign(({ context }, params: { record?: LinkRecord }) => ({
      usedTimes: context.usedTimes + 1,
      record: params.record ?? context.record,
    })),
    copyLink: emit(({ context }) => ({ type: 'copyLink' as const, link: context.preOrder?.payLink ?? '' })),
    downloadQr: emit(({ context }) => ({
      type: 'downloadQr' as const,
      link: context.preOrder?.payLink ?? '',
      fileName: `${context.preOrder?.gatewayPayNo ?? 'qrcode'}.png`,
    })),
    forget: assign({ preOrder: null, record: null, usedTimes: 0, error: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'preOrder',
  context: ({ input }) => ({
    kind: input.kind,
    preOrder: null,
    record: null,
    usedTimes: 0,
    validityHours: 0,
    error: null,
    fieldErrors: {},
  }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        CREATE: {
          target: 'creating',
          actions: { type: 'rememberValidity', params: ({ event }) => ({ draft: event.draft }) },
        },
      },
    },
    creating: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'createPreOrder',
        src: 'createPreOrder',
        input: ({ event }) => {
          assertEvent(event, 'CREATE');
          return event.draft;
        },
        onDone: {
          target: 'created',
          actions: { type: 'rememberCreated', params: ({ event }) => ({ preOrder: event.output }) },
        },
        onError: {
          target: 'draft',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: {
      initial: 'open',
      after: { validity: { target: 'expired' } },
      states: {
        open: {
          invoke: watchCreated,
          on: {
            USED: countUses,
            CLOSE: { target: 'confirmingClose' },
            COPY_LINK: { actions: 'copyLink' },
            DOWNLOAD_QR: { actions: 'downloadQr' },
          },
        },
        /**
         * "Close this link?" (modal: the link's buttons wait): closing cannot be undone. A
         * payment may still use it meanwhile (the watcher still reads the row).
         */
        confirmingClose: {
          invoke: watchCreated,
          on: {
            CONFIRM_CLOSE: { target: 'closing' },
            CANCEL_CLOSE: { target: 'open' },
            USED: countUses,
          },
        },
        closing: {
          tags: ['busy'],
          on: {
            COPY_LINK: { actions: 'copyLink' },
            DOWNLOAD_QR: { actions: 'downloadQr' },
          },
          entry: 'clearError',
          invoke: {
            id: 'closePreOrder',
            src: 'closePreOrder',
            input: ({ context }) => ({
              kind: context.kind,
              gatewayPayNo: context.preOrder?.gatewayPayNo ?? '',
            }),
            onDone: { target: '#preOrder.closed' },
            onError: {
              target: 'open',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    used: {
      on: { NEW: { target: 'draft', actions: 'forget' } },
    },
    expired: {
      on: { NEW: { target: 'draft', actions: 'forget' } },
    },
    closed: {
      on: { NEW: { target: 'draft', actions: 'forget' } },
    },
  },
});

export const preOrderTestMap = {
  states: {
    draft: 'The form: order amount, validity hours, use times, remark; a failed creation shows its message',
    creating: 'The Create button is busy while the server creates the pre-order',
    created: 'The pay link and its QR code with Copy link and Download QR',
    'created.open': 'Waiting for payments: use times counted, Close enabled',
    'created.confirmingClose':
      'A confirmation asks whether to close the link (it cannot be undone), with Cancel and Close',
    'created.closing': 'The Close button is busy while the server closes the pre-order',
    used: 'Use status “used”: every allowed payment was made; the link no longer pays',
    expired: 'The pre-order’s expiry time (the server’s) has passed: the link no longer pays',
    closed: 'Closed by the user: the link no longer pays',
  },
  events: {
    CREATE: 'Fill in the form and press Create',
    COPY_LINK: 'Press Copy link',
    DOWNLOAD_QR: 'Press Download QR (a PNG of the link)',
    CLOSE: 'Press Close',
    CONFIRM_CLOSE: 'Confirm the close in the confirmation',
    CANCEL_CLOSE: 'Cancel the confirmation',
    USED: 'The watcher (Pre-order watch) reads the row again and sees a payment with the link',
    NEW: 'Press New to make another pre-order',
    'xstate.done.actor.createPreOrder': 'The server creates it and returns the link',
    'xstate.error.actor.createPreOrder': 'The server refuses it',
    'xstate.done.actor.closePreOrder': 'The server closes it',
    'xstate.error.actor.closePreOrder': 'The server refuses to close it (already paid, …)',
    'xstate.after.validity.preOrder.created': 'The expiry time the server gave comes',
  },
} satisfies TestMap;
