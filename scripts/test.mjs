#!/usr/bin/env node
// `npm test`: every check in order — lint, type-check, machine/unit/server tests (vitest),
// the production build, and the browser tests (Playwright on Debian's Chromium) — then one
// closing line `N passed, N failed` summed over all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'kessai-test-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(name, cmd, args) {
  if (run(name, cmd, args)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

check('lint', 'npx', ['eslint', '.']);
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);

const vitestJson = join(out, 'vitest.json');
const vitestOk = run('vitest (machines, unit, server)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests) failures.push(`vitest: ${r.numFailedTests} failed`);
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

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
if (built && !chromium && process.env.CI !== 'true') {
  console.log(
    '\nChromium not found (apt-get install -y chromium, or set CHROMIUM_PATH): browser tests skipped.',
  );
} else if (built) {
  const pwJson = join(out, 'playwright.json');
  const pwOk = run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    if (s.unexpected) failures.push(`playwright: ${s.unexpected} failed`);
    if (!pwOk && !s.unexpected) {
      failed += 1;
      failures.push('playwright exited non-zero');
    }
  } else {
    failed += 1;
    failures.push('playwright produced no report');
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
