import type { StatementImportView } from '../../src/contract/statementImports';
import { statementImportMachine, type StatementImportInput } from '../../src/machines/statementImport';
import { coveringSet, workflowModel, type ModelEvent } from './harness';

/**
 * The statement import's test model: a WeChat file chosen (or none), the upload queued,
 * refused at its field or failing, and the import read while it runs and when it ends:
 * matched, refused at a line, or failed on the server.
 */

export const input: StatementImportInput = { group: 'wallet' };

export const file = new Blob(['交易时间,…'], { type: 'text/csv' });

const view = (over: Partial<StatementImportView>): StatementImportView => ({
  id: 7,
  source: 'uploaded',
  brand: 'wechat',
  businessDay: '2025-04-01',
  fileName: 'wechat.csv',
  size: 1200,
  status: 'queued',
  rowsDone: 0,
  rowsTotal: null,
  runId: null,
  unchanged: false,
  counts: null,
  refusal: null,
  createdBy: 'admin',
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

const counts = { '1': 1, '100': 0, '200': 1, '300': 0, '400': 0, '500': 0, '600': 0, held: 0 };

export const reads = {
  running: { label: 'reading the file', ...view({ status: 'parsing', rowsDone: 1000 }) },
  matched: {
    label: 'matched',
    ...view({ status: 'done', rowsDone: 2, rowsTotal: 2, runId: 3, counts }),
  },
  refused: {
    label: 'refused',
    ...view({
      status: 'refused',
      rowsTotal: 1,
      runId: 4,
      refusal: { line: 2, reason: 'status', detail: 'NOT-A-STATUS', message: 'Line 2: An unknown status' },
    }),
  },
  failed: { label: 'failed on the server', ...view({ status: 'failed' }) },
};

export const failures = {
  /** Refused at its field (as too large, empty or another brand's is: tests/server/statementImports.test.ts). */
  notText: {
    label: 'not a text file',
    resultType: 'INVALID',
    message: 'Choose a text file (CSV / TXT)',
    errors: { file: 'Choose a text file (CSV / TXT)' },
  },
  network: { label: 'network', resultType: 'FAIL', message: 'Network Error' },
};

export const statementImportEvents: ModelEvent[] = [
  { type: 'SUBMIT', label: 'a file', file, fileName: 'wechat.csv', brand: '', businessDay: '' },
  { type: 'SUBMIT', label: 'no file', file: null, fileName: '', brand: '', businessDay: '' },
  { type: 'xstate.done.actor.uploadStatement', output: { label: 'queued', id: 7 } },
  { type: 'xstate.error.actor.uploadStatement', error: failures.notText },
  { type: 'xstate.error.actor.uploadStatement', error: failures.network },
  ...Object.values(reads).map((output) => ({ type: 'xstate.done.actor.readImport', output })),
  { type: 'xstate.error.actor.readImport', error: failures.network },
];

export function statementImportPaths() {
  return workflowModel(statementImportMachine, {
    input,
    events: statementImportEvents,
    serializeContext: (c: {
      importId: number | null;
      view: StatementImportView | null;
      error: string | null;
    }) => ({
      importId: c.importId,
      status: c.view?.status ?? null,
      error: c.error,
    }),
  }).getShortestPaths();
}

/**
 * The statement import's covering set for the browser (tests/e2e/statementImport.spec.ts):
 * every state, transition and answer walked at least once. A browser causes all of them (the
 * server's answers held, rewritten or failed by the test; the poll's second on Playwright's
 * clock): nothing is pinned.
 */
export const statementImportPinned: Record<string, string> = {};

export function statementImportCoveringSet(paths = statementImportPaths()) {
  return coveringSet(statementImportMachine, paths, statementImportPinned, { answers: true });
}
