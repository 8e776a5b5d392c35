import { exportJobMachine, type ExportJobInput } from '../../src/machines/exportJob';
import { coveringSet, workflowModel, type ModelEvent } from './harness';

/** The export-job test model: an XLSX export of a 31-day order range. */

export const input: ExportJobInput = {
  format: 'excel',
  query: { beginTime: '2026-10-23 00:00:00', endTime: '2026-11-22 23:59:59', status: '0' },
};

export const heads = {
  file: { label: 'file', fileName: 'orders_20261122.xlsx', total: 2048 },
  json: { label: 'JSON', fileName: null, resultMessage: 'The date range may not exceed 31 days' },
};

export const file = { label: 'file data', bytes: 2048 };

export const failures = {
  network: { label: 'network', resultType: 'ERROR', message: 'Network Error' },
  broken: { label: 'broken', resultType: 'ERROR', message: 'The connection was reset' },
};

export const exportJobEvents: ModelEvent[] = [
  { type: 'PROGRESS', received: 1024, total: 2048 },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.requestExport', output: heads.file },
  { type: 'xstate.done.actor.requestExport', output: heads.json },
  { type: 'xstate.error.actor.requestExport', error: failures.network },
  { type: 'xstate.done.actor.readStream', output: file },
  { type: 'xstate.error.actor.readStream', error: failures.broken },
];

export function exportJobPaths() {
  return workflowModel(exportJobMachine, {
    input,
    events: exportJobEvents,
    serializeContext: (c: { received: number; error: string | null }) => ({
      progress: c.received > 0,
      error: c.error,
    }),
  }).getShortestPaths();
}

/**
 * The export job's covering set for the browser (tests/e2e/export.spec.ts): every state,
 * transition and answer a browser can cause walked at least once; the one it cannot, pinned.
 */
export const exportJobPinned: Record<string, string> = {
  'streaming xstate.error.actor.readStream':
    'neither the real server nor Chromium’s network emulation breaks a response once its body has started (offline emulation lets it finish); tests/unit/download.test.ts breaks one against a real HTTP server that destroys the socket mid-file',
};

export function exportJobCoveringSet(paths = exportJobPaths()) {
  return coveringSet(exportJobMachine, paths, exportJobPinned, { answers: true });
}
