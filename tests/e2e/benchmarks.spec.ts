/**
 * `npm run bench:login` still runs (issue #30): the benchmark of the time to an interactive
 * login form needs the built console and a browser, which the vitest stage does not have (it
 * comes before the build), so it runs here against this shard's server, once, as the README
 * gives it (`--url`). The figures are not checked (they depend on the machine): the script must
 * finish and print its section, with the login page's scripts read from the build.
 * The other benchmarks run in tests/server/benchmarks.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { chromiumPath } from './chromium';

test('npm run bench:login: a cold and a warm login page, timed, with its scripts sizes', async ({
  baseURL,
}) => {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/login.ts', '--url', baseURL!, '--runs', '1', '--dist', 'dist'],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: chromiumPath() ?? '' },
      timeout: 120_000,
    },
  );
  const out = `${r.stdout}\n${r.stderr}`;
  expect(r.status, `bench/login.ts exited ${r.status}:\n${out.slice(-3000)}`).toBe(0);
  expect(r.stdout).toContain('### Time to an interactive login form');
  expect(r.stdout).toMatch(/\| cold cache: median \/ p90 \| \*\*\d+ ms\*\*/);
  expect(r.stdout).toMatch(/\| scripts loaded: files, raw \/ gzip -9 \/ brotli 11 \| [1-9]\d*, /);
});
