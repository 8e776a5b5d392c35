import { fileUploadMachine, type FileUploadContext } from '../../src/machines/fileUpload';
import { coveringSet, workflowModel, type ModelEvent } from './harness';

/**
 * The file upload's test model: a dialog whose company must be chosen (the bulk creation for a
 * role with several companies), so the company's choice is part of being ready; a file chosen or
 * the choice cleared; the file taken, refused with its field error and bad rows, or failing
 * without a message (the dialog's own words then).
 */

/** No company chosen yet. */
export const input = { form: null };

export const file = new File(['clientOrderNo,amount\r\nE2E-1,1500\r\n'], 'links.csv', { type: 'text/csv' });

export const company = { companyId: 7 };

export const reply = { label: 'taken', count: 2, numbers: ['U1', 'U2'] };

export const failures = {
  badRows: {
    label: 'bad rows',
    resultType: 'INVALID',
    message: 'Row 3: the amount is not a number',
    result: { rows: [{ row: 3, field: 'amount', message: 'The amount is not a number' }] },
    errors: { file: 'Row 3: the amount is not a number' },
  },
  /** Not the server's refusal (a bare rejection): no message of its own. */
  silent: { label: 'no message' },
};

export const fileUploadEvents: ModelEvent[] = [
  { type: 'CHOOSE', label: 'a file', file },
  { type: 'CHOOSE', label: 'none', file: null },
  { type: 'FILL', label: 'company', form: company },
  { type: 'FILL', label: 'no company', form: null },
  { type: 'xstate.done.actor.send', output: reply },
  { type: 'xstate.error.actor.send', error: failures.badRows },
  { type: 'xstate.error.actor.send', error: failures.silent },
];

export function fileUploadPaths() {
  return workflowModel(fileUploadMachine, {
    input,
    events: fileUploadEvents,
    serializeContext: (c: FileUploadContext<unknown>) => ({
      file: c.file !== null,
      form: c.form !== null,
      refusal: c.refusal && (c.refusal.message ?? 'none'),
    }),
  }).getShortestPaths();
}

/**
 * The paths a browser cannot walk as they stand, with the reason: a failure without a message of
 * its own never reaches the dialog in a browser — the console's client gives every failure one
 * (spec point 8: the reply's resultMessage, else result_message, else its result type; a network
 * failure its own words). The machine's keeping no message then is proved by the vitest model
 * test (tests/machines/fileUpload.test.ts); the refusal itself is walked with the server's bad rows.
 */
export const fileUploadNotWalkable = (path: { steps: readonly { event: ModelEvent }[] }): string | null =>
  path.steps.some((s) => s.event.type === 'xstate.error.actor.send' && s.event.error === failures.silent)
    ? 'a failure without a message: the client gives every failure one (spec point 8)'
    : null;

/**
 * The browser's covering set (tests/e2e/fileUpload.spec.ts): every state, transition and server
 * answer a browser can cause walked at least once, from the paths `fileUploadNotWalkable` leaves.
 * Nothing is pinned.
 */
export const fileUploadPinned: Record<string, string> = {};

export function fileUploadCoveringSet(paths = fileUploadPaths()) {
  return coveringSet(
    fileUploadMachine,
    paths.filter((p) => fileUploadNotWalkable(p) === null),
    fileUploadPinned,
    { answers: true },
  );
}
