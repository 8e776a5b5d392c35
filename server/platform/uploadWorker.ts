import { parentPort } from 'node:worker_threads';
import { FileRefusal } from './fileRefusal';
import { readSheet, type SheetJob } from './uploadSheet';

/**
 * A worker that reads uploaded files (see uploadReaders.ts), one at a time: each job gets
 * its rows, a refusal, or the error met. `npm start` runs it from dist-server/upload-worker.mjs
 * (scripts/build-server.mjs).
 */
export type WorkerReply =
  | { rows: Awaited<ReturnType<typeof readSheet>> }
  | { refusal: { key: FileRefusal['key']; values: Record<string, string | number> } }
  | { error: string };

const reply = (message: WorkerReply) => parentPort!.postMessage(message);

parentPort!.on('message', (job: SheetJob) =>
  readSheet(job).then(
    (rows) => reply({ rows }),
    (err: unknown) =>
      reply(
        err instanceof FileRefusal
          ? { refusal: { key: err.key, values: err.values } }
          : { error: err instanceof Error ? (err.stack ?? err.message) : String(err) },
      ),
  ),
);
