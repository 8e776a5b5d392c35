import { assign, emit, fromPromise, setup } from 'xstate';
import type { TestMap } from './effects';

/**
 * One file sent from a dialog in one request: the bank deposits import, the bulk creation of URL
 * payments or pre-orders. The user chooses a file (and completes the dialog's other input: a
 * company, when there are several) and sends it; the server takes it — the reply is emitted
 * (`sent`) for the dialog's toast, and the workflow ends — or refuses it: the message and the
 * error (its field errors, its bad rows) are kept until another file is chosen or it is sent
 * again. Cancel ends it, except while the file is being sent.
 *
 * The dialogs differ in their call, their other input and their reply: `fileUploadOf<Reply,
 * Form>()` is the machine typed for one (its screen provides `send` with `.provide`, as a screen
 * does for useMachine); `fileUploadMachine` is the same machine as the registry, its diagram and
 * its tests see it. It talks to no other workflow, so its dialog runs it (useMachine).
 */

/** What a dialog without other input (the file alone) passes as its form. */
export type NoForm = Record<string, never>;

export interface FileUploadInput<Form> {
  /** The dialog's other input as it opens: null while it is incomplete (no company chosen yet). */
  form: Form | null;
}

/** What `send` is given: the chosen file and the dialog's complete input. */
export interface FileUploadRequest<Form> {
  file: File;
  form: Form;
}

export interface FileUploadRefusal {
  /** The error's own message (the server's, in the reader's language), if it has one. */
  message: string | null;
  /** The error itself: the screen reads its field errors or bad rows. */
  error: unknown;
}

export interface FileUploadContext<Form> extends FileUploadInput<Form> {
  file: File | null;
  refusal: FileUploadRefusal | null;
}

export type FileUploadEvent<Form> =
  /** A file chosen, or the choice cleared (null). */
  | { type: 'CHOOSE'; file: File | null }
  /** The dialog's other input changed: null while incomplete. */
  | { type: 'FILL'; form: Form | null }
  | { type: 'SEND' }
  | { type: 'CANCEL' };

export type FileUploadEmitted<Reply> = { type: 'sent'; reply: Reply };

/** A file is chosen and the dialog's other input is complete: SEND sends (a screen disables its button otherwise). */
export const readyToSend = (context: FileUploadInput<unknown> & { file: File | null }): boolean =>
  context.file !== null && context.form !== null;

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

export function fileUploadOf<Reply, Form = NoForm>() {
  return setup({
    types: {
      input: {} as FileUploadInput<Form>,
      context: {} as FileUploadContext<Form>,
      events: {} as FileUploadEvent<Form>,
      emitted: {} as FileUploadEmitted<Reply>,
    },
    actors: {
      send: fromPromise<Reply, FileUploadRequest<Form>>(() =>
        Promise.reject(new Error('fileUpload actor "send" not provided')),
      ),
    },
    guards: {
      fileGiven: (_, params: { file: File | null }) => params.file !== null,
      ready: ({ context }) => readyToSend(context),
      noFile: ({ context }) => context.file === null,
    },
    actions: {
      keepFile: assign((_, params: { file: File | null }) => ({ file: params.file })),
      fill: assign((_, params: { form: Form | null }) => ({ form: params.form })),
      forgetRefusal: assign({ refusal: null }),
      keepRefusal: assign((_, params: { error: unknown }) => ({
        refusal: { message: messageOf(params.error), error: params.error },
      })),
      announce: emit((_, params: { reply: Reply }) => ({ type: 'sent' as const, reply: params.reply })),
    },
  }).createMachine({
    id: 'fileUpload',
    context: ({ input }) => ({ form: input.form, file: null, refusal: null }),
    initial: 'choosing',
    states: {
      /** The dialog's form, with what it says under the file field or above the buttons. */
      choosing: {
        initial: 'empty',
        states: {
          empty: {},
          chosen: {},
          /** SEND without a file: the dialog asks for one at its field. */
          missing: {},
          /** The server refused the file (or the request failed): its message and error are kept. */
          refused: { exit: 'forgetRefusal' },
        },
        on: {
          CHOOSE: [
            {
              guard: { type: 'fileGiven', params: ({ event }) => ({ file: event.file }) },
              target: '.chosen',
              actions: { type: 'keepFile', params: ({ event }) => ({ file: event.file }) },
            },
            { target: '.empty', actions: { type: 'keepFile', params: { file: null } } },
          ],
          FILL: { actions: { type: 'fill', params: ({ event }) => ({ form: event.form }) } },
          SEND: [
            { guard: 'ready', target: 'sending' },
            { guard: 'noFile', target: '.missing' },
          ],
          CANCEL: { target: 'closed' },
        },
      },
      sending: {
        tags: ['busy'],
        invoke: {
          id: 'send',
          src: 'send',
          input: ({ context }) => ({ file: context.file!, form: context.form! }),
          onDone: {
            target: 'done',
            actions: { type: 'announce', params: ({ event }) => ({ reply: event.output }) },
          },
          onError: {
            target: 'choosing.refused',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      done: { type: 'final' },
      closed: { type: 'final' },
    },
  });
}

/** The machine as the registry, its diagram and its tests see it (any call, any reply). */
export const fileUploadMachine = fileUploadOf<unknown, unknown>();

export type FileUploadLogic<Reply, Form> = ReturnType<typeof fileUploadOf<Reply, Form>>;

export const fileUploadTestMap = {
  states: {
    choosing:
      'The dialog’s form: the file field (and, where there are several companies, the company), with Cancel and the send button',
    'choosing.empty': 'No file chosen yet (or the choice cleared): no message',
    'choosing.chosen': 'A file chosen: the send button is ready once the company is chosen where one must be',
    'choosing.missing': 'Sent without a file: “required” at the file field',
    'choosing.refused':
      'The server’s refusal: at the file field (bank deposits) or above the buttons with every bad row (bulk creation); nothing was changed',
    sending:
      'The send button is busy; Cancel, the file field and the company are disabled; the dialog stays open',
    done: 'The dialog is gone and a toast says what was done (deposits added and matched, links created); the list reloads',
    closed: 'The dialog is gone; nothing was sent',
  },
  events: {
    CHOOSE: 'Choose a file in the file field (or clear the choice)',
    FILL: 'Choose the company (or go back to “choose”)',
    SEND: 'Press the send button (Import, Upload)',
    CANCEL: 'Press Cancel, Escape or the dialog’s close button',
    'xstate.done.actor.send': 'The server takes the file',
    'xstate.error.actor.send':
      'The server refuses the file (its field, its bad rows) or fails, or the network fails',
  },
} satisfies TestMap;
