import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, parseStatement, writePaypay } from '../../server/formats';
import { freePort, killProcess, scratchDatabase, startServerProcess } from './processes-support';

/**
 * A statement import killed (SIGKILL) while it reads the file and again while it matches: the
 * restarted server takes it over once its lease has passed and completes it exactly once — one
 * run for the brand's day, the import done with every row, not "unchanged" (its own run).
 * PostgreSQL only (two processes over time on one database, as crashKill.test does).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
/**
 * Rows of the statement: enough that reading and matching each take seconds, so each kill lands
 * inside its phase (the kills come within 25 ms of the phase being seen). Measured here: the
 * restarted server reached matching ~4.5 s after the first kill and finished ~13 s after the
 * second; the test took 25 s, 42 s with the 150,000 rows it had before.
 */
const ROWS = 50_000;
const DAY = '2025-06-01';

/** A PayPay statement of ROWS payments of that day, from the fixture's first row. */
function bigStatement(): Buffer {
  const parsed = parseStatement(readFileSync('tests/fixtures/statements/paypay-sjis.csv'));
  if (!parsed.ok) throw new Error('fixture does not parse');
  const template = parsed.rows[0];
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    ...template,
    brandOrderNo: `04${String(i).padStart(18, '0')}`,
    gatewayOrderNo: `GWKILL${i}`,
    time: `${DAY}T12:00:00+09:00`,
  }));
  return writePaypay(rows);
}

if (postgresUrl)
  describe('kill -9 during a statement import on PostgreSQL', () => {
    const scratch = scratchDatabase(postgresUrl, 'kessai_import');
    let pool: pg.Pool;
    let port = 0;
    const children = new Set<ChildProcess>();
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await pool.query(text, values)).rows as T[];
    const startServer = () =>
      startServerProcess(
        port,
        {
          ...scratch.env,
          KESSAI_DEMO_ORDERS: '0',
          KESSAI_LOG_LEVEL: 'warn',
          KESSAI_STATEMENT_FETCH_DAYS: '0',
          KESSAI_IMPORT_LEASE_MS: '2000',
        },
        children,
      );
    const kill = killProcess;

    const importRow = async (id: number) =>
      (
        await q<{
          status: string;
          rows_done: number;
          rows_total: number | null;
          run_id: string | null;
          unchanged: boolean;
        }>('select status, rows_done, rows_total, run_id, unchanged from statement_imports where id = $1', [
          id,
        ])
      )[0];

    async function until(what: string, test: () => Promise<boolean>, ms: number) {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if (await test()) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`timed out waiting for ${what}`);
    }

    beforeAll(async () => {
      await scratch.create();
      pool = scratch.pool();
      port = await freePort();
    }, 60_000);
    afterAll(async () => {
      await Promise.all([...children].map(kill));
      await pool?.end();
      await scratch.drop();
    });

    it('resumes after kills while reading and while matching, and completes exactly once', async () => {
      // The first start migrates the database; the import is queued while no server runs.
      await kill(await startServer());
      const file = bigStatement();
      const [{ id }] = await q<{ id: number }>(
        `with i as (
            insert into statement_imports (source, brand, business_day, file_name, size, content_hash, status)
              values ('uploaded', 'paypay', $1, 'big.csv', $2, $3, 'queued') returning id)
          insert into statement_import_files (import_id, seq, file_name, size, content)
            select id, 0, 'big.csv', $2, $4 from i returning import_id as id`,
        [DAY, file.length, contentHash(file), file],
      );

      let server = await startServer();
      await until(
        'reading',
        async () => {
          const r = await importRow(id);
          return r.status === 'parsing' && r.rows_done >= 5_000;
        },
        120_000,
      );
      await kill(server);
      expect((await importRow(id)).status).toBe('parsing');

      server = await startServer();
      await until('matching', async () => (await importRow(id)).status === 'matching', 180_000);
      await kill(server);
      const killedMatching = await importRow(id);
      expect(killedMatching.status).toBe('matching');
      // Killed inside the run's transaction (or, rarely, just after its commit): never two runs.
      expect(
        (await q(`select id from reconciliation_runs where business_day = $1`, [DAY])).length,
      ).toBeLessThanOrEqual(1);

      server = await startServer();
      await until('done', async () => (await importRow(id)).status === 'done', 240_000);
      const done = await importRow(id);
      expect(done).toMatchObject({ status: 'done', rows_done: ROWS, rows_total: ROWS, unchanged: false });
      const runs = await q<{ id: string; row_count: number }>(
        `select id, row_count from reconciliation_runs where brand = 'paypay' and business_day = $1`,
        [DAY],
      );
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ id: done.run_id, row_count: ROWS });
      await kill(server);
    }, 600_000);
  });
