import { assign, emit, fromPromise, setup } from 'xstate';
import type { ExportChoice, ExportHead, ReadStreamInput } from '../contract/exports';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { failureMessage, type TestMap } from './effects';

/**
 * One export (exportExcel / exportCSVFile) from the request to the saved file (spec points 8
 * and 9). The reply's headers decide: a file-name header starts the stream, else the body is
 * JSON whose resultMessage is shown. The screen spawns one per export (several may run).
 */

/** The export button's choice. */
export type ExportFormat = ExportChoice;

export interface ExportJobInput {
  format: ExportFormat;
  /** The list's filters, as the page query sends them. */
  query: Record<string, string | number>;
}

export interface ExportJobContext {
  format: ExportFormat;
  query: Record<string, string | number>;
  fileName: string | null;
  received: number;
  total: number | null;
  error: string | null;
}

export type ExportJobEvent =
  { type: 'PROGRESS'; received: number; total?: number | null } | { type: 'CANCEL' } | { type: 'RETRY' };

export type ExportJobEmitted =
  { type: 'save'; fileName: string; data: unknown } | { type: 'toast'; status: 'error'; message: string };

/** Either call failing: the job fails with the error's message, shown in a toast. */
const failOnError = {
  target: 'failed',
  actions: [
    {
      type: 'failWith',
      params: ({ event }: { event: { error: unknown } }) => ({
        message: failureMessage(event.error, DEFAULT_LANGUAGE),
      }),
    },
    'toastError',
  ],
} as const;

export const exportJobMachine = setup({
  types: {
    context: {} as ExportJobContext,
    events: {} as ExportJobEvent,
    input: {} as ExportJobInput,
    emitted: {} as ExportJobEmitted,
  },
  actors: {
    /** Sends the export request and resolves with the reply's head; the body stays open. */
    requestExport: fromPromise<ExportHead, { format: ExportFormat; query: Record<string, string | number> }>(
      () => Promise.reject(new Error('exportJob actor "requestExport" not provided')),
    ),
    /** Reads the body to the end (aborted when the job is cancelled) and resolves with the file's data. */
    readStream: fromPromise<unknown, ReadStreamInput>(() =>
      Promise.reject(new Error('exportJob actor "readStream" not provided')),
    ),
  },
  delays: {
    /** Spec point 9: API and export timeout 90,000 ms (until the reply starts). */
    exportTimeout: 90_000,
  },
  guards: {
    hasFileName: (_, params: { head: ExportHead }) => Boolean(params.head.fileName),
  },
  actions: {
    start: assign({ fileName: null, received: 0, total: null, error: null }),
    rememberHead: assign((_, params: { head: ExportHead }) => ({
      fileName: params.head.fileName,
      total: params.head.total ?? null,
    })),
    rememberProgress: assign(({ context }, params: { received: number; total?: number | null }) => ({
      received: params.received,
      total: params.total ?? context.total,
    })),
    failWith: assign((_, params: { message: string }) => ({ error: params.message })),
    toastError: emit(({ context }) => ({
      type: 'toast' as const,
      status: 'error' as const,
      message: context.error ?? '',
    })),
    save: emit(({ context }, params: { data: unknown }) => ({
      type: 'save' as const,
      fileName: context.fileName ?? '',
      data: params.data,
    })),
  },
}).createMachine({
  id: 'exportJob',
  context: ({ input }) => ({
    format: input.format,
    query: input.query,
    fileName: null,
    received: 0,
    total: null,
    error: null,
  }),
  initial: 'requesting',
  states: {
    requesting: {
      tags: ['busy'],
      entry: 'start',
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        input: ({ context }) => ({ format: context.format, query: context.query }),
        onDone: [
          {
            guard: { type: 'hasFileName', params: ({ event }) => ({ head: event.output }) },
            target: 'streaming',
            actions: { type: 'rememberHead', params: ({ event }) => ({ head: event.output }) },
          },
          {
            // No file-name header: the body was JSON; its resultMessage is the error.
            target: 'failed',
            actions: [
              {
                type: 'failWith',
                params: ({ event }) => ({
                  message: event.output.resultMessage || failureMessage(undefined, DEFAULT_LANGUAGE),
                }),
              },
              'toastError',
            ],
          },
        ],
        onError: failOnError,
      },
      after: {
        exportTimeout: {
          target: 'failed',
          actions: [{ type: 'failWith', params: { message: 'timeout of 90000ms exceeded' } }, 'toastError'],
        },
      },
      on: { CANCEL: { target: 'cancelled' } },
    },
    streaming: {
      tags: ['busy'],
      invoke: {
        id: 'readStream',
        src: 'readStream',
        input: ({ self }) => ({ job: self }),
        onDone: {
          target: 'saved',
          actions: { type: 'save', params: ({ event }) => ({ data: event.output }) },
        },
        onError: failOnError,
      },
      on: {
        PROGRESS: {
          actions: {
            type: 'rememberProgress',
            params: ({ event }) => ({ received: event.received, total: event.total }),
          },
        },
        CANCEL: { target: 'cancelled' },
      },
    },
    saved: { type: 'final' },
    failed: {
      on: { RETRY: { target: 'requesting' } },
    },
    cancelled: {
      on: { RETRY: { target: 'requesting' } },
    },
  },
});

export const exportJobTestMap = {
  states: {
    requesting: 'The export button is busy: the server is preparing the file',
    streaming: 'The file arrives: a progress bar (bytes or percent when the size is known) with Cancel',
    saved: 'The browser saves the file under the server’s file name',
    failed: 'An error toast with the server’s resultMessage (or the timeout / network message), and Retry',
    cancelled: 'The export stopped by the user; nothing is saved; Retry',
  },
  events: {
    PROGRESS: 'More of the file arrives',
    CANCEL: 'Press Cancel',
    RETRY: 'Press Retry',
    'xstate.done.actor.requestExport':
      'The reply starts: with a file-name header (a file) or without one (JSON with resultMessage)',
    'xstate.error.actor.requestExport': 'The request fails (network, HTTP error)',
    'xstate.after.exportTimeout.exportJob.requesting': '90 seconds pass without a reply',
    'xstate.done.actor.readStream': 'The whole file has arrived',
    'xstate.error.actor.readStream': 'The connection breaks while the file arrives',
  },
} satisfies TestMap;
