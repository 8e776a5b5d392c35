import { assign, emit, fromPromise, setup } from 'xstate';
import { ResultType } from '../contract/envelope';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import type { ReconGroup } from '../contract/reconciliation';
import type {
  StatementImportStarted,
  StatementImportView,
  StatementUploadRequest,
} from '../contract/statementImports';
import { failureMessage, fieldErrorsOf, resultTypeOf, type TestMap } from './effects';

/**
 * A brand statement's import (issue #16; docs/reconciliation.md, "Import"): the operator picks a
 * file (and, if they wish, its brand and business day) and uploads it; the server refuses it at
 * once with field errors (too large, binary, another brand's), or queues the import and runs it
 * in the background. The dialog watches it — the import read every second — until it ends:
 * matched (counts per code, or "nothing changed" for the same file again), refused (the line and
 * the reason; the day is 400 for the brand), or failed. A failed upload or read can be retried;
 * closing the dialog while it runs leaves the import running on the server.
 *
 * The root actor spawns it for the check screen's Import button (`statementImport.open`, system
 * id `statementImport`); CANCEL or CLOSE ends it, and the root lets it go.
 */

export const STATEMENT_IMPORT_SYSTEM_ID = 'statementImport';

/** How often a running import is read. */
export const IMPORT_POLL_MS = 1_000;

export interface StatementImportInput {
  group: ReconGroup;
}

export interface StatementImportContext {
  group: ReconGroup;
  /** The file and choices of the last SUBMIT (RETRY sends them again). */
  request: Omit<StatementUploadRequest, 'group'> | null;
  importId: number | null;
  /** The import as last read. */
  view: StatementImportView | null;
  /** The upload's refusal by field (file, brand, businessDay). */
  fieldErrors: Record<string, string>;
  error: string | null;
}

export type StatementImportEvent =
  | { type: 'SUBMIT'; file: Blob | null; fileName: string; brand: string; businessDay: string }
  | { type: 'RETRY' }
  /** Import another file (after one has ended). */
  | { type: 'AGAIN' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export type StatementImportEmitted =
  /** The import ended (matched or refused): the result page reloads the day. */
  { type: 'imported'; view: StatementImportView };

const isInvalid = (error: unknown) =>
  resultTypeOf(error) === ResultType.INVALID && Object.keys(fieldErrorsOf(error)).length > 0;

export const statementImportMachine = setup({
  types: {
    context: {} as StatementImportContext,
    events: {} as StatementImportEvent,
    input: {} as StatementImportInput,
    emitted: {} as StatementImportEmitted,
  },
  actors: {
    uploadStatement: fromPromise<StatementImportStarted, StatementUploadRequest>(() =>
      Promise.reject(new Error('statementImport actor "uploadStatement" not provided')),
    ),
    readImport: fromPromise<StatementImportView, { group: ReconGroup; id: number }>(() =>
      Promise.reject(new Error('statementImport actor "readImport" not provided')),
    ),
  },
  delays: { pollInterval: IMPORT_POLL_MS },
  guards: {
    fileChosen: (_, params: { file: Blob | null }) => params.file !== null && params.file.size > 0,
    isInvalid: (_, params: { error: unknown }) => isInvalid(params.error),
    isMatched: (_, params: { view: StatementImportView }) => params.view.status === 'done',
    isRefused: (_, params: { view: StatementImportView }) => params.view.status === 'refused',
    /** The server's worker failed the import (an unexpected error). */
    importFailed: (_, params: { view: StatementImportView }) => params.view.status === 'failed',
    /** Uploaded, and the import has not failed: RETRY reads it again rather than sending the file. */
    uploaded: ({ context }) => context.importId !== null && context.view?.status !== 'failed',
  },
  actions: {
    rememberRequest: assign(
      (_, params: { file: Blob; fileName: string; brand: string; businessDay: string }) => ({
        request: params,
      }),
    ),
    startUpload: assign({ importId: null, view: null, fieldErrors: {}, error: null }),
    rememberStarted: assign((_, params: { started: StatementImportStarted }) => ({
      importId: params.started.id,
    })),
    rememberView: assign((_, params: { view: StatementImportView }) => ({ view: params.view, error: null })),
    rememberRefusal: assign((_, params: { error: unknown }) => ({
      fieldErrors: fieldErrorsOf(params.error),
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
    announce: emit((_, params: { view: StatementImportView }) => ({
      type: 'imported' as const,
      view: params.view,
    })),
    reset: assign({ request: null, importId: null, view: null, fieldErrors: {}, error: null }),
  },
}).createMachine({
  id: 'statementImport',
  context: ({ input }) => ({
    group: input.group,
    request: null,
    importId: null,
    view: null,
    fieldErrors: {},
    error: null,
  }),
  initial: 'choosing',
  states: {
    /** The form: the file, the brand (or detect) and the day (or from the file). */
    choosing: {
      initial: 'fresh',
      states: {
        fresh: {},
        /** The server refused the upload: the errors at their fields; nothing was queued. */
        invalid: {},
      },
      on: {
        SUBMIT: {
          guard: { type: 'fileChosen', params: ({ event }) => ({ file: event.file }) },
          target: 'uploading',
          actions: {
            type: 'rememberRequest',
            params: ({ event }) => ({
              file: event.file!,
              fileName: event.fileName,
              brand: event.brand,
              businessDay: event.businessDay,
            }),
          },
        },
        CANCEL: { target: 'closed' },
      },
    },
    uploading: {
      tags: ['busy'],
      entry: 'startUpload',
      invoke: {
        id: 'uploadStatement',
        src: 'uploadStatement',
        input: ({ context }) => ({ group: context.group, ...context.request! }),
        onDone: {
          target: 'watching',
          actions: { type: 'rememberStarted', params: ({ event }) => ({ started: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing.invalid',
            actions: { type: 'rememberRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The import is read: queued, reading the file (rows so far), matching. */
    watching: {
      tags: ['busy', 'importing'],
      invoke: {
        id: 'readImport',
        src: 'readImport',
        input: ({ context }) => ({ group: context.group, id: context.importId! }),
        onDone: [
          {
            guard: { type: 'isMatched', params: ({ event }) => ({ view: event.output }) },
            target: 'done',
            actions: [
              { type: 'rememberView', params: ({ event }) => ({ view: event.output }) },
              { type: 'announce', params: ({ event }) => ({ view: event.output }) },
            ],
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ view: event.output }) },
            target: 'refused',
            actions: [
              { type: 'rememberView', params: ({ event }) => ({ view: event.output }) },
              { type: 'announce', params: ({ event }) => ({ view: event.output }) },
            ],
          },
          {
            guard: { type: 'importFailed', params: ({ event }) => ({ view: event.output }) },
            target: 'failed',
            actions: { type: 'rememberView', params: ({ event }) => ({ view: event.output }) },
          },
          {
            target: 'waiting',
            actions: { type: 'rememberView', params: ({ event }) => ({ view: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { CLOSE: { target: 'closed' } },
    },
    /** Between two reads: the progress as last read. */
    waiting: {
      tags: ['busy', 'importing'],
      after: { pollInterval: { target: 'watching' } },
      on: { CLOSE: { target: 'closed' } },
    },
    /** Matched: the counts per code, or "nothing changed". */
    done: {
      on: {
        AGAIN: { target: 'choosing', actions: 'reset' },
        CLOSE: { target: 'closed' },
      },
    },
    /** The file was refused at a line: the day is 400 for the brand. */
    refused: {
      on: {
        AGAIN: { target: 'choosing', actions: 'reset' },
        CLOSE: { target: 'closed' },
      },
    },
    /** The upload or a read failed (network, server), or the server failed the import. */
    failed: {
      on: {
        RETRY: [{ guard: 'uploaded', target: 'watching' }, { target: 'uploading' }],
        CANCEL: { target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
});

export const statementImportTestMap = {
  states: {
    choosing:
      'The Import statement dialog: the file field, the brand (Detect from the file, or one of the screen’s brands) and the business day (empty: from the file), with Cancel and Import',
    'choosing.fresh': 'The form as opened (or after the previous import): no errors',
    'choosing.invalid':
      'The server refused the file: its message under the file (too large, not a text file, another brand’s statement…) or the brand; nothing was imported',
    uploading: 'Import is busy while the file is sent; the dialog cannot be closed',
    watching: 'A progress bar with the import’s status (queued, reading the file: rows so far, matching)',
    waiting: 'The progress bar as last read; read again a second later; Close leaves the import running',
    done: 'The brand and day reconciled: the number of rows per result code (or “nothing changed” for the same file again), with Import another file and Close',
    refused:
      'The file was refused: “Line N: the reason” and the detail; the day is 400 for the brand; Import another file and Close',
    failed: 'The upload, the reading or the import failed: the message, with Try again and Cancel',
    closed: 'The dialog is gone; the result page shows the day as it now is',
  },
  events: {
    SUBMIT: 'Choose a file (and perhaps the brand and the day) and press Import',
    RETRY: 'Press Try again',
    AGAIN: 'Press Import another file',
    CANCEL: 'Press Cancel or the dialog’s close button',
    CLOSE: 'Press Close',
    'xstate.done.actor.uploadStatement': 'The server queues the import',
    'xstate.error.actor.uploadStatement':
      'The server refuses the file (INVALID, with field errors) or fails, or the network fails',
    'xstate.done.actor.readImport': 'The import is read: still running, matched, refused or failed',
    'xstate.error.actor.readImport': 'Reading the import fails (network, server)',
    'xstate.after.pollInterval.statementImport.waiting': 'A second passes',
  },
} satisfies TestMap;
