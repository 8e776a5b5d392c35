import { fromPromise } from 'xstate';
import type { ExportChoice as ExportFormat, ExportHead, ReadStreamInput } from '../contract/exports';
import type { FileCall } from '../contract/call';
import { api } from './api';
import type { DownloadStart } from './client';

/** The export calls of one list, by format. */
export type ExportPaths = Readonly<Record<ExportFormat, FileCall>>;

/**
 * The services of one export job (`exportJobMachine.provide({ actors: exportActors(paths) })`):
 * `requestExport` POSTs the list's filters and resolves with the reply's head, keeping the
 * open body for `readStream`, which reads it with progress. Stopping either actor (Cancel)
 * aborts the request.
 */
export function exportActors(paths: ExportPaths) {
  let started: { reply: DownloadStart; controller: AbortController } | null = null;
  return {
    requestExport: fromPromise<ExportHead, { format: ExportFormat; query: Record<string, string | number> }>(
      async ({ input, signal }) => {
        started?.controller.abort();
        const controller = new AbortController();
        signal.addEventListener('abort', () => controller.abort());
        // The machine shows the failure (toast): the call itself stays silent.
        const reply = await api.openDownload(paths[input.format], input.query, {
          signal: controller.signal,
          silent: true,
        });
        started = { reply, controller };
        if (reply.fileName === null) return { fileName: null, resultMessage: reply.resultMessage };
        return { fileName: reply.fileName, total: reply.total };
      },
    ),
    readStream: fromPromise<unknown, ReadStreamInput>(async ({ input, signal }) => {
      const current = started;
      if (!current?.reply.fileName) throw new Error('no export under way');
      signal.addEventListener('abort', () => current.controller.abort());
      return current.reply.read((received) => input.job.send({ type: 'PROGRESS', received }));
    }),
  };
}

/** Hands a file to the browser to save under `fileName`. */
export function saveFile(fileName: string, data: Blob) {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
