// `npm test` (run with tsx): every check in order — lint, type-check, machine/unit/server tests (vitest),
// the production build, and the browser tests (Playwright on Debian's Chromium) — then each
// stage's wall time and one closing line `N passed, N failed` summed over all of them
// (docs/testing.md: what each stage proves, and its times).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromiumPath } from '../tests/e2e/chromium';
import { planShards } from '../tests/e2e/shards';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';

const out = mkdtempSync(join(tmpdir(), 'kessai-test-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];
const flakyNotes: string[] = [];
const failedTests: string[] = [];
/** Each stage's wall time, printed in the closing lines. */
const stages: { name: string; seconds: number }[] = [];
const started = performance.now();
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

/** What scripts/test.ts reads of vitest's JSON report. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/** Every test of a Playwright JSON report: its titles joined, status and first error line. */
function* playwrightTests(report: JSONReport) {
  function* walk(
    suite: JSONReportSuite,
    path: string[],
  ): Generator<{ title: string; status: string; error: string }> {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const error = (t.results ?? []).map((r) => r.error?.message).find(Boolean) ?? '';
        yield {
          title: [`${spec.file}:${spec.line}`, ...here, spec.title].join(' › '),
          status: t.status,
          error: String(error)
            // eslint-disable-next-line no-control-regex -- a terminal's colour codes
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')[0]
            .slice(0, 300),
        };
      }
    for (const child of suite.suites ?? []) yield* walk(child, here);
  }
  for (const suite of report.suites ?? []) yield* walk(suite, []);
}

function run(name: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ name, seconds: seconds(t0) });
  return r.status === 0;
}

/**
 * A check that only reads the code, started now: its output printed whole when it ends, its
 * wall time its own; resolves to whether it passed (counted once it ends).
 */
function check(name: string, cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += String(d)));
    child.stderr.on('data', (d: Buffer) => (output += String(d)));
    // 'close': the process has ended and its output has all been read.
    child.on('close', (code) => {
      stages.push({ name, seconds: seconds(t0) });
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')} (exit ${code})`);
      process.stdout.write(output);
      if (code === 0) passed += 1;
      else {
        failed += 1;
        failures.push(name);
      }
      resolve(code === 0);
    });
  });
}

/** A command with its output on this terminal as it comes; resolves to whether it passed. */
function runAsync(name: string, cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
    const t0 = performance.now();
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('close', (code) => {
      stages.push({ name, seconds: seconds(t0) });
      resolve(code === 0);
    });
  });
}

// The three checks side by side (each is one process on one core). The type check is the
// longest by far (~45 CPU-s against ~25 each for lint and format): once lint and format are
// done, the tests start beside it instead of leaving the second core idle until it ends.
const typecheck = check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
await Promise.all([
  check('lint', 'npx', ['eslint', '.']),
  check('format', 'npx', ['prettier', '--check', '.']),
]);

const vitestJson = join(out, 'vitest.json');
const vitestOk = await runAsync('vitest (machines, unit, server)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
await typecheck;
if (existsSync(vitestJson)) {
  const r: VitestReport = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests) failures.push(`vitest: ${r.numFailedTests} failed`);
  // Each failed test by name with its error's first line, in the closing lines: a CI log cut to
  // its tail still says which tests failed and why.
  for (const f of r.testResults)
    for (const a of f.assertionResults.filter((x) => x.status === 'failed'))
      failedTests.push(
        `vitest: ${relative(process.cwd(), f.name)} › ${a.fullName} — ${String(a.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
  // A suite that failed to load counts as a failure even when it ran no test.
  const broken = r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
  failed += broken.length;
  for (const f of broken) failures.push(`vitest: ${f.name} did not load`);
  if (!vitestOk && !r.numFailedTests && !broken.length) {
    failed += 1;
    failures.push('vitest exited non-zero');
  }
} else {
  failed += 1;
  failures.push('vitest produced no report');
}

const built =
  run('build (console)', 'npx', ['vite', 'build', '--logLevel', 'warn']) &&
  run('build (server)', 'node', ['scripts/build-server.mjs']);
if (built) passed += 1;
else {
  failed += 1;
  failures.push('build');
}

const chromium = chromiumPath();
if (built && !chromium && process.env.CI !== 'true') {
  console.log(
    '\nChromium not found (apt-get install -y chromium, or set CHROMIUM_PATH): browser tests skipped.',
  );
} else if (built) {
  // The browser tests in E2E_SHARDS shards (2 unless told) run side by side, each with its own
  // server and fresh database (tests/e2e/server.ts keys its data by port) and its own output
  // folder: the specs are isolated from each other, so a shard is a run of its own. The shards
  // are balanced by each spec's time (tests/e2e/shards.ts). Each shard's log is printed whole
  // when it ends.
  const plan = planShards(Math.max(1, Number(process.env.E2E_SHARDS ?? 2)));
  const shards = plan.length;
  console.log(`\n=== browser tests (Playwright, Chromium): ${shards} shard(s)`);
  for (const [i, s] of plan.entries())
    console.log(`shard ${i + 1}: ${s.files.length} specs, about ${Math.round(s.seconds / 60)} min of tests`);
  const runs = await Promise.all(
    plan.map((s, i) => {
      const pwJson = join(out, `playwright-${i + 1}.json`);
      const log = join(out, `playwright-${i + 1}.log`);
      const args = ['playwright', 'test', ...(shards > 1 ? s.files : [])];
      const env = {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
        E2E_PORT: String(8181 + i * 100),
        E2E_OUTPUT: `test-results/shard-${i + 1}`,
      };
      return new Promise<{ ok: boolean; pwJson: string; shard: number }>((resolve) => {
        const t0 = performance.now();
        const fd = openSync(log, 'w');
        const child = spawn('npx', args, { env, stdio: ['ignore', fd, fd] });
        child.on('exit', (code) => {
          closeSync(fd);
          stages.push({ name: `browser shard ${i + 1}/${shards}`, seconds: seconds(t0) });
          console.log(
            `\n--- shard ${i + 1}/${shards}: npx playwright test (${s.files.length} specs, exit ${code})`,
          );
          process.stdout.write(readFileSync(log, 'utf8'));
          resolve({ ok: code === 0, pwJson, shard: i + 1 });
        });
      });
    }),
  );
  for (const { ok, pwJson, shard } of runs) {
    if (existsSync(pwJson)) {
      const report: JSONReport = JSON.parse(readFileSync(pwJson, 'utf8'));
      const s = report.stats;
      for (const { title, status, error } of playwrightTests(report))
        if (status === 'unexpected' || status === 'flaky')
          failedTests.push(
            `playwright shard ${shard}${status === 'flaky' ? ' (flaky)' : ''}: ${title} — ${error}`,
          );
      passed += s.expected + s.flaky;
      if (s.flaky)
        flakyNotes.push(`playwright shard ${shard}: ${s.flaky} flaky (failed, then passed on retry)`);
      failed += s.unexpected;
      if (s.unexpected) failures.push(`playwright shard ${shard}: ${s.unexpected} failed`);
      if (!ok && !s.unexpected) {
        failed += 1;
        failures.push(`playwright shard ${shard} exited non-zero`);
      }
    } else {
      failed += 1;
      failures.push(`playwright shard ${shard} produced no report`);
    }
  }
}

console.log(
  `\nWall time: ${stages.map((st) => `${st.name} ${st.seconds} s`).join('; ')}; all ${seconds(started)} s`,
);
if (flakyNotes.length) console.log(`\nFlaky: ${flakyNotes.join('; ')} — see the shard logs above`);
if (failedTests.length)
  console.log(`\nFailed or flaky tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
