/**
 * vitest's globalSetup: this run's id and folder for the prepared databases the server suites
 * copy (tests/server/templates.ts), and their removal at the run's end — with any left by a run
 * that was killed hours ago. Also the server as `npm start` runs it (plain JavaScript, built by
 * scripts/build-server.mjs) for the suites that start and kill server processes: started from
 * the bundle, a process is up in about half the time tsx takes to load the TypeScript, and those
 * suites start 20 to 60 of them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTemplates } from '../server/templates';

const PREFIX = 'kessai-templates-';
const STALE_MS = 3 * 3600_000;
/** Inside the project, so that the bundle finds node_modules (its packages stay outside it). */
const BUNDLES = 'node_modules/.cache';
const BUNDLE_PREFIX = 'kessai-test-server-';

export default function setup(project: TestProject) {
  const id = Date.now().toString(36);
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(tmpdir(), name);
    if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
  }
  const dir = mkdtempSync(path.join(tmpdir(), PREFIX));
  project.provide('kessaiTemplateRun', id);
  project.provide('kessaiTemplateDir', dir);
  if (existsSync(BUNDLES))
    for (const name of readdirSync(BUNDLES).filter((n) => n.startsWith(BUNDLE_PREFIX))) {
      const old = path.join(BUNDLES, name);
      if (Date.now() - statSync(old).mtimeMs > STALE_MS) rmSync(old, { recursive: true, force: true });
    }
  const bundle = path.resolve(BUNDLES, `${BUNDLE_PREFIX}${id}`);
  execFileSync(process.execPath, [
    'scripts/build-server.mjs',
    '--outdir',
    bundle,
    'main=server/main.ts',
    'settle=server/settle.ts',
    // bench/run.ts's export server (tests/server/benchmarks.test.ts).
    'export-server=bench/export-server.ts',
  ]);
  project.provide('kessaiServerBundle', bundle);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) await dropTemplates(adminUrl, id, STALE_MS);
  };
}
