/**
 * `npm run bench:settle -- --db pglite|postgres [--orders N] [--runs R]`
 *
 * Settlements at scale (issue #15), on the bench database topped up to N orders (the demo
 * generator, as `npm run bench` does):
 * 1. closing every company's, agency's and brand agent's periods over the 90 days from nothing
 *    closed: `npm run settle` as its own process (node, tsx), its wall time and peak RSS (VmHWM);
 * 2. the merchant settlement list page (75 days, 20 rows, newest first) as the system admin sees
 *    it: the page call's service and SQL in this process, median and p95 of R runs;
 * 3. exportNewDetail of the largest merchant settlement (XLSX, streamed): rows/s and the peak
 *    RSS of a process that only runs the export.
 * Prints a Markdown section for bench/RESULTS.md. Not a test: figures depend on the machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { loadConfig } from '../server/config';
import { openDatabase, rowsOf } from '../server/db/client';
import { generateDemoOrders } from '../server/demo/orders';
import { prepareDatabase } from '../server/demo/prepare';
import { orders } from '../server/db/schema';
import { settlementPageForBench } from '../server/modules/settlements';
import { translatorFor } from '../server/platform/i18n';
import { benchEnv, benchKind, ensureDatabase, load, opt, quantile } from './common';

const kind = benchKind();
const wanted = Number(opt('orders', '1000000'));
const runs = Number(opt('runs', '100'));
const env = benchEnv(kind);
const config = loadConfig(env, { captcha: false, logLevel: 'warn' });
const zone = config.timeZone;
const say = (line = '') => process.stdout.write(`${line}\n`);

/** A child process's wall time and peak RSS (VmHWM, polled until it exits). */
function measured(argv: string[]): Promise<{ seconds: number; peakMiB: number; out: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let peak = 0;
    child.stdout!.on('data', (d: Buffer) => (out += String(d)));
    child.stderr!.on('data', (d: Buffer) => (out += String(d)));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      } catch {
        // gone
      }
    }, 50);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      if (code === 0) resolve({ seconds: (performance.now() - started) / 1000, peakMiB: peak, out });
      else reject(new Error(`exit ${code}: ${out}`));
    });
  });
}

async function main() {
  if (kind === 'postgres') await ensureDatabase(env.DATABASE_URL!);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config);
  const db = database.db;
  const [{ n }] = await db.select({ n: count() }).from(orders);
  if (n < wanted) {
    say(`topping up ${n} → ${wanted} orders…`);
    await generateDemoOrders(db, { count: wanted - n, days: 90, batchSize: 2000 });
  }
  const [{ n: total }] = await db.select({ n: count() }).from(orders);
  // From nothing closed: every settlement and membership of an earlier run removed.
  await db.execute(sql`truncate settlement_batch_files, settlement_batch_items, settlement_batches,
    settlement_orders, settlement_refunds, settlements, settlement_cursors`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze refunds`);
  if (kind === 'pglite') await database.close();

  say(`## Settlements at ${total.toLocaleString('en')} orders (${kind}, issue #15)`);
  say();
  say(`node ${process.version}, ${os.cpus().length} cores; load printed with each figure.`);
  say();
  const through = DateTime.now().setZone(zone).minus({ days: 1 }).toISODate()!;
  const close = await measured(['--import', 'tsx', 'server/settle.ts', '--through', through]);
  say('| measure | figure | load |');
  say('|---|---|---|');
  say(
    `| closing 90 days from nothing (\`npm run settle\`) | ${close.seconds.toFixed(1)} s, peak RSS ${close.peakMiB.toFixed(0)} MiB | ${load()} |`,
  );
  say(`| its report | ${close.out.trim().replace(/\n/g, ' ')} | |`);

  const again = kind === 'pglite' ? await openDatabase({ url: null, dataDir: config.dataDir }) : database;
  const t = translatorFor('jp');
  const day = DateTime.now().setZone(zone);
  const q = {
    pageNum: 1,
    pageSize: 20,
    sortField: '',
    sortOrder: '',
    beginTime: day.minus({ days: 74 }).toISODate()!,
    endTime: day.toISODate()!,
    partyId: null,
    currency: '',
    status: '',
  };
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    const page = await settlementPageForBench(again.db, t, q);
    if (i >= 5) times.push(performance.now() - t0);
    listed = page.total;
  }
  say(
    `| merchant settlement list page (75 days: ${listed} settlements, 20 rows + total), ${runs} runs | median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms | ${load()} |`,
  );
  const [largest] = rowsOf<{ id: number; n: number; no: string }>(
    await again.db.execute(sql`select id, order_count as n, settlement_no as no from settlements
      where kind = 'merchant' order by order_count desc limit 1`),
  );
  await again.close();
  const exported = await measured(['--import', 'tsx', 'bench/settlementExport.ts', String(largest.id)]);
  const rows = Number(/rows=(\d+)/.exec(exported.out)?.[1] ?? 0);
  const secs = Number(/seconds=([\d.]+)/.exec(exported.out)?.[1] ?? 0);
  say(
    `| exportNewDetail of ${largest.no} (${largest.n} orders, XLSX) | ${rows} rows in ${secs.toFixed(1)} s = ${Math.round(rows / secs)} rows/s, peak RSS ${exported.peakMiB.toFixed(0)} MiB | ${load()} |`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
