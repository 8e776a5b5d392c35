import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SheetJob } from './uploadSheet';
import type { WorkerReply } from './uploadWorker';

/**
 * The worker threads that read uploaded files, off the event loop: at most READERS files are
 * read at once (others wait their turn), each worker has a heap limit, and a worker that
 * passes the time limit or its heap is ended and the file refused as too complex. A worker
 * that answered is kept for the next file (starting one costs more than most reads) and
 * ended after IDLE_MS without work, so an idle server holds none.
 */
const READERS = 2;
const IDLE_MS = 30_000;
const LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 };

// In the bundle that `npm start` runs, scripts/build-server.mjs puts the worker beside
// main.mjs; from source (tsx, vitest) it is loaded through tsx.
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './uploadWorkerFromSource.mjs' : './upload-worker.mjs',
  import.meta.url,
);

let reading = 0;
const waiting: (() => void)[] = [];
const acquire = () =>
  reading < READERS ? (reading++, Promise.resolve()) : new Promise<void>((go) => waiting.push(go));
/** Hands the place to the next file waiting, if any. */
const release = () => {
  const next = waiting.shift();
  if (next) next();
  else reading--;
};

const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

const forget = (worker: Worker) => {
  const at = idle.findIndex((k) => k.worker === worker);
  if (at >= 0) clearTimeout(idle.splice(at, 1)[0].timer);
};

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  const worker = new Worker(workerUrl, { resourceLimits: LIMITS });
  // A worker that fails while it waits for work is only forgotten (a job has its own listeners).
  worker.on('error', () => forget(worker)).on('exit', () => forget(worker));
  return worker;
}

function keepWorker(worker: Worker) {
  worker.unref();
  const timer = setTimeout(() => {
    forget(worker);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

const tooComplex: WorkerReply = { refusal: { key: 'tooComplex', values: {} } };

/** The worker's answer for the job, or a refusal as too complex past `timeoutMs` or its heap. */
export async function readInWorker(job: SheetJob, timeoutMs: number): Promise<WorkerReply> {
  await acquire();
  const worker = takeWorker();
  let answered = false;
  try {
    return await new Promise<WorkerReply>((resolve) => {
      const settle = (r: WorkerReply) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(r);
      };
      const onMessage = (r: WorkerReply) => {
        answered = true;
        settle(r);
      };
      const onError = (err: Error & { code?: string }) =>
        settle(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex : { error: err.stack ?? err.message });
      const onExit = (code: number) => settle({ error: `upload reader exited with ${code}` });
      const timer = setTimeout(() => settle(tooComplex), timeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
    });
  } finally {
    // A worker stopped midway is ended; the place is free only once its heap is gone.
    if (answered) keepWorker(worker);
    else await worker.terminate();
    release();
  }
}
