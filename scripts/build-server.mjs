// `npm run build` (after the console): the server as plain JavaScript in dist-server/.
// `npm start` runs it with node alone. Under tsx the same server held ~90 MiB more at rest
// (the TypeScript loader and its source maps); node_modules stay outside the bundle.
// Usage: node scripts/build-server.mjs [--outdir DIR] [name=entry.ts ...]
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const at = args.indexOf('--outdir');
const outdir = at >= 0 ? args.splice(at, 2)[1] : 'dist-server';
const entries = {
  ...(args.length ? Object.fromEntries(args.map((a) => a.split('='))) : { main: 'server/main.ts' }),
  // Uploaded files are read in a worker thread (server/platform/uploads.ts looks for it here).
  'upload-worker': 'server/platform/uploadWorker.ts',
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
// server/db/client.ts finds its migrations next to itself (import.meta.url).
cpSync('server/db/migrations', `${outdir}/migrations`, { recursive: true });
