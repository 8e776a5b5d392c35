/**
 * The benchmarks still run (issue #30): each `npm run bench…` script of package.json, as the
 * README gives it, on a tiny data set in a folder of its own (PGlite), so a change that breaks
 * one — a sign-in that stops at the second factor, a call renamed, a query the script builds —
 * fails here instead of on the day someone measures. The figures are not checked (they depend
 * on the machine); the script must finish and print its section. With TEST_DATABASE_URL (as in
 * CI) `bench`, `bench:reconcile`, `bench:search`, `bench:summaries`, `bench:dashboard` and
 * `bench:summary-requests` run on PostgreSQL, each in a database of its own, and
 * `bench:settle` stays on PGlite (its run closes and reopens the embedded database): each of the
 * benches' two database paths is run, and a PostgreSQL bench starts in half a PGlite one's time
 * (no initdb in WebAssembly).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freshPostgresDatabase } from './harness';

const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

/**
 * Runs a bench script with tsx on an embedded database in a new folder, or (`onPostgres`, when
 * TEST_DATABASE_URL is set) in a new PostgreSQL database; its output.
 */
async function bench(
  script: string,
  args: string[],
  extraEnv: Record<string, string> = {},
  onPostgres = false,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kessai-bench-test-'));
  const database = onPostgres && postgresUrl ? await freshPostgresDatabase(postgresUrl) : null;
  try {
    const db = database ? ['--db', 'postgres'] : ['--db', 'pglite'];
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...db, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        KESSAI_DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        // The demo data a bench database starts with: a few orders, no statements.
        KESSAI_DEMO_ORDERS: '40',
        KESSAI_DEMO_STATEMENTS: 'off',
        KESSAI_LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      timeout: 290_000,
    });
    const out = `${r.stdout}\n${r.stderr}`;
    expect(r.status, `${script} exited ${r.status} (${r.signal ?? 'no signal'}):\n${out.slice(-3000)}`).toBe(
      0,
    );
    return r.stdout;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** A port no one listens on now (the system's pick). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('the benchmarks on a tiny data set', { timeout: 300_000 }, () => {
  it('npm run bench: the order page through a signed-in session, and the exports', async () => {
    const out = await bench(
      'bench/run.ts',
      // The export server from vitest's globalSetup build (the script builds its own without it).
      ['--orders', '60', '--runs', '2', '--parts', 'page,exports', '--server', inject('kessaiServerBundle')],
      {},
      true,
    );
    expect(out).toContain('### Order page with its total');
    expect(out).toContain('| CSV orders |');
    expect(out).toContain('| XLSX orders |');
  });

  it('npm run bench:settle: closing, the settlement list and its lines export', async () => {
    const out = await bench('bench/settlements.ts', ['--orders', '60', '--runs', '2']);
    expect(out).toMatch(/settle/i);
  });

  it('npm run bench:reconcile: a PayPay day parsed and matched', async () => {
    const out = await bench(
      'bench/reconcile.ts',
      ['--orders', '60', '--day-rows', '50', '--rematch', 'no'],
      {},
      true,
    );
    expect(out).toMatch(/PayPay/);
  });

  it('npm run bench:search: the global search and the number filters, each statement explained', async () => {
    const out = await bench('bench/search.ts', ['--orders', '60', '--runs', '2'], {}, true);
    expect(out).toContain('### Finding things');
    expect(out).toContain('| search: gateway order number |');
  });

  it("npm run bench:summaries: the summaries' cost on a payment's and a refund's writes", async () => {
    const out = await bench('bench/summaries.ts', ['--cycles', '5', '--rounds', '1'], {}, true);
    expect(out).toContain("### The summaries' cost on a payment and a refund");
    expect(out).toMatch(/Added by the summaries: p50 -?\d+\.\d %, p95 -?\d+\.\d %/);
    // 5 cycles each way and the warm-up's: the triggers wrote deltas only while enabled.
    expect(out).toMatch(/; \d+ delta rows written/);
  });

  it('npm run bench:dashboard: the dashboard, order page, report list and proof filter as three callers', async () => {
    const out = await bench(
      'bench/dashboard.ts',
      ['--orders', '60', '--days', '30', '--runs', '1'],
      {},
      true,
    );
    expect(out).toContain('### Dashboard and reports (issue #31)');
    for (const who of ['admin', 'sp-admin', 'co-admin'])
      expect(out).toMatch(new RegExp(`\\| dashboard, today \\| ${who} \\|`));
    expect(out).toMatch(/\| report list, 75 days by month \| co-admin \| \d+ rows \|/);
  });

  it("npm run bench:summary-requests: the summaries' cost on whole requests", async () => {
    const out = await bench('bench/summaryRequests.ts', ['--cycles', '2', '--rounds', '1'], {}, true);
    expect(out).toContain("### The summaries' cost on a payment and a refund, whole requests");
    // Each cycle's order was paid and partly refunded: 2 cycles each way and the warm-ups'.
    expect(out).toContain('; 8 orders paid and partly refunded.');
    expect(out).toMatch(
      /\| the three together \| [\d.]+ \/ [\d.]+ \| [\d.]+ \/ [\d.]+ \| -?\d+\.\d % \/ -?\d+\.\d % \|/,
    );
  });

  it('npm run bench:xlsx: the XLSX writer alone', async () => {
    const out = await bench('bench/xlsx.ts', ['--rows', '3000', '--runs', '1']);
    expect(out).toMatch(/run 1: 3,000 rows in [\d.]+ s = [\d,]+ rows\/s/);
  });

  it('npm run bench:throughput: calls per second against the built server', async () => {
    const out = await bench(
      'bench/throughput.ts',
      [
        '--seconds',
        '1',
        '--connections',
        '2',
        '--orders',
        '40',
        '--port',
        String(await freePort()),
        '--server',
        inject('kessaiServerBundle'),
      ],
      {},
      true,
    );
    expect(out).toContain('### Calls per second (issue #31)');
    // Every answer was a success: the signed-in calls went through the session.
    for (const call of [
      '`/healthz` (no session)',
      '`/system/info` (signed in)',
      'order page, 7 days, with its total',
    ])
      expect(out).toMatch(
        new RegExp(`\\| ${call.replace(/[()]/g, '\\$&')} \\| [\\d,]+ \\| [\\d.]+ \\| [\\d.]+ \\| 0 \\|`),
      );
  });

  it('bench/uploads.ts: good files taken, workbook bombs refused while the server stays responsive', async () => {
    // The server as `npm start` runs it: vitest's globalSetup built it (the build stage comes
    // after vitest).
    const out = await bench('bench/uploads.ts', [
      '--port',
      String(await freePort()),
      '--server',
      inject('kessaiServerBundle'),
    ]);
    expect(out).toContain('4 bombs together');
  });
});
