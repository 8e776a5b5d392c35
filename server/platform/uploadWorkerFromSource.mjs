// The upload worker when the server runs from source (tsx, vitest): Node alone cannot load
// TypeScript, so the worker loads it through tsx. The bundle runs upload-worker.mjs instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./uploadWorker.ts', import.meta.url);
