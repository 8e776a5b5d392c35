import { exportJobMachine, type ExportJobInput } from '../../src/machines/exportJob';
import { workflowModel, type ModelEvent } from './harness';

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
