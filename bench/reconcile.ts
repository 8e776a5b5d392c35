/**
 * `npm run bench:reconcile -- --db pglite|postgres [--orders N] [--day-rows R] [--rematch yes|no]`
 *
 * Reconciliation at scale (issue #16): on the bench database with N orders in all (the demo's, then
 * background orders of every brand over 90 days written by one INSERT … SELECT FROM
 * generate_series), one PayPay business day of R orders, and that day's statement as PayPay
 * writes it (Shift_JIS CSV; of 100,000 rows 40 missing, 31 with another amount, 30 unknown added).
 * Timed, in this process: the file parsed as it streams and matched (reconcileDay: rows loaded,
 * two passes, orders' audit), peak RSS above the process's before; the same file again (nothing
 * changes); a corrected file (the day replaced). Then the 90-day rematch of all brands: the brands'
 * sandbox books given every order of the database (the demo gives them its own only), and every
 * brand day that has a current run (the demo's 90 days) fetched again from its sandbox connector,
 * parsed and matched by reconcileDay — a new run replacing the day's, as a corrected statement
 * would (the file's hash is salted with the bench's start, so no day is skipped as the same file).
 * Prints a Markdown section for bench/RESULTS.md. Not a test: figures depend on the machine.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, rowsOf } from '../server/db/client';
import { prepareDatabase } from '../server/demo/prepare';
import { createHash } from 'node:crypto';
import { SandboxConnector } from '../server/connectors/sandbox';
import { dayStatement, fillSandboxBooks } from '../server/demo/statements';
import { companies, orders, sandboxPayments } from '../server/db/schema';
import { reconcileDay } from '../server/modules/reconciliation';
import { contentHash, streamStatement, writePaypay, type StatementRow } from '../server/formats';
import { emptyCounts, type RunCounts } from '../src/contract/reconciliation';
import type { PayBrand } from '../src/contract/brands';
import type { Db } from '../server/db/client';
import { benchEnv, benchKind, ensureDatabase, load, opt } from './common';

const kind = benchKind();
const wanted = Number(opt('orders', '1000000'));
const dayRows = Number(opt('day-rows', '100000'));
const withRematch = opt('rematch', 'yes') !== 'no';
const env = benchEnv(kind);
const config = loadConfig(env, { captcha: false, logLevel: 'warn' });
const say = (line = '') => process.stdout.write(`${line}\n`);
/** The bench's PayPay day (JST): well before the demo's 90 days. */
const DAY = '2026-03-16';
const DAY_START = '2026-03-15T15:00:00Z';

const mib = (b: number) => b / 1024 / 1024;

/** Peak RSS while `f` runs (sampled every 20 ms), and its wall time. */
async function measured<T>(f: () => Promise<T>): Promise<{ value: T; seconds: number; peakMiB: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const poll = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const value = await f();
    return { value, seconds: (performance.now() - started) / 1000, peakMiB: mib(peak - before) };
  } finally {
    clearInterval(poll);
  }
}

async function main() {
  if (kind === 'postgres') await ensureDatabase(env.DATABASE_URL!);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config);
  const db = database.db;
  const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
  const [{ n }] = await db.select({ n: count() }).from(orders);
  const background = Math.max(0, wanted - n - dayRows);
  const [{ day }] = rowsOf<{ day: number }>(
    await db.execute(sql`select count(*)::int as day from orders where client_order_no like 'BENCHDAY%'`),
  );
  if (day === 0) {
    say(`writing ${background} background orders and ${dayRows} orders of the PayPay day ${DAY}…`);
    await db.execute(sql`insert into orders (company_id, client_order_no, gateway_order_no, brand_order_no,
        amount, currency, status, payment_type, brand, sub_brand, fee_amount, created_at, finished_at)
      select ${company.id}, 'BENCHBG' || i, 'BG' || lpad(i::text, 12, '0'), 'BGB' || i,
        100 + (i::bigint * 7919) % 50000, 'JPY', 'success', 'dynamicQr',
        (array['wechat', 'alipayplus', 'paypay', 'card'])[1 + i % 4], (array['wechat', 'alipayplus', 'paypay', 'card'])[1 + i % 4],
        0, t, t
      from generate_series(1, ${background}) as i,
        lateral (select now() - interval '90 days' + (i::float / ${background}) * interval '89 days' as t) x`);
    await db.execute(sql`insert into orders (company_id, client_order_no, gateway_order_no, brand_order_no,
        amount, currency, status, payment_type, brand, sub_brand, fee_amount, created_at, finished_at)
      select ${company.id}, 'BENCHDAY' || i, 'BD' || lpad(i::text, 12, '0'), 'PPB' || lpad(i::text, 12, '0'),
        100 + (i::bigint * 104729) % 80000, 'JPY', 'success', 'dynamicQr', 'paypay', 'paypay', 0, t, t
      from generate_series(1, ${dayRows}) as i,
        lateral (select ${DAY_START}::timestamptz + (i::float / ${dayRows + 1}) * interval '24 hours' as t) x`);
    await db.execute(sql`vacuum analyze orders`);
  }
  const [{ n: total }] = await db.select({ n: count() }).from(orders);
  // The day's statement as PayPay writes it, from our orders of the day, with 100 rows changed.
  const ours = rowsOf<{ b: string; g: string; amount: string; at: string }>(
    await db.execute(sql`select brand_order_no as b, gateway_order_no as g, amount::text,
        to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"') as at
      from orders where client_order_no like 'BENCHDAY%' order by finished_at, id`),
  );
  const statement = (variant: number) => {
    const rows: StatementRow[] = [];
    ours.forEach((o, i) => {
      if (i % 2500 === 7 && i < 100_000) return; // 40 missing
      const amount = Number(o.amount) + (i % 3300 === 11 ? 10 * variant : 0); // ~30 amounts
      rows.push(row(o.b, o.g, amount, o.at, i + 2));
    });
    for (let i = 0; i < 30; i++) rows.push(row(`PPX${variant}${i}`, `UNKNOWN${i}`, 1000, ours[i].at, 0));
    statementRows = rows.length;
    return writePaypay(rows);
  };
  let statementRows = 0;
  const first = statement(1);
  say(`statement: ${statementRows} rows, ${(first.length / 1024 / 1024).toFixed(1)} MiB`);
  const steps: Record<string, number>[] = [];
  const run = (bytes: Buffer, name: string) =>
    measured(async () => {
      const took: Record<string, number> = {};
      steps.push(took);
      const opened = streamStatement(bytes, 'paypay');
      if (!('rows' in opened)) throw new Error(`refused: ${JSON.stringify(opened)}`);
      return reconcileDay(db, {
        brand: 'paypay',
        day: DAY,
        rows: opened.rows,
        source: 'uploaded',
        fileName: name,
        contentHash: contentHash(bytes),
        now: new Date(),
        onStep: (step, ms) => (took[step] = (took[step] ?? 0) + ms),
      });
    });
  await db.execute(sql`delete from reconciliation_results where run_id in
    (select id from reconciliation_runs where brand = 'paypay' and business_day = ${DAY})`);
  await db.execute(sql`delete from statement_rows where run_id in
    (select id from reconciliation_runs where brand = 'paypay' and business_day = ${DAY})`);
  await db.execute(sql`delete from reconciliation_runs where brand = 'paypay' and business_day = ${DAY}`);
  // A first import audits the day's orders: those of an earlier bench run go back to not audited.
  await db.execute(sql`delete from order_audits
    where order_id in (select id from orders where client_order_no like 'BENCHDAY%')`);
  const a = await run(first, 'bench-1.csv');
  const b = await run(first, 'bench-1.csv');
  const c = await run(statement(2), 'bench-2.csv');
  say();
  say(
    `### Reconciliation, ${kind} (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs, load ${load()})`,
  );
  say();
  say(
    `${total} orders in the database; one PayPay day of ${ours.length} orders, its statement ${statementRows} rows (${(first.length / 1024 / 1024).toFixed(1)} MiB Shift_JIS).`,
  );
  say();
  say('| run | wall | peak RSS above before | counts |');
  say('| --- | ---: | ---: | --- |');
  for (const [label, m] of [
    ['first import (parse + match)', a],
    ['the same file again', b],
    ['a corrected file (replaces the day)', c],
  ] as const)
    say(
      `| ${label} | ${m.seconds.toFixed(2)} s | ${m.peakMiB.toFixed(0)} MiB | ${JSON.stringify(m.value.counts)}${m.value.reused ? ' (reused)' : ''} |`,
    );
  say();
  say(
    `Where each run's time went (ms; load includes the parse): ${steps
      .map((t) =>
        Object.entries(t)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join(', '),
      )
      .join(' | ')}`,
  );
  if (withRematch) {
    const r = await rematch(db);
    say();
    say(
      `90-day rematch of all brands (load ${load()} after it): ${r.runs} brand days (${r.skipped} the layout cannot carry), ${r.rows} statement rows in all, ${r.booked} payments in the brands' books.`,
    );
    say();
    say('| what | wall | peak RSS above before |');
    say('| --- | ---: | ---: |');
    say(
      `| the rematch: statements fetched from the sandbox connectors, parsed, matched | ${r.m.seconds.toFixed(1)} s | ${r.m.peakMiB.toFixed(0)} MiB |`,
    );
    say(`| of it, reconcileDay alone (${r.runs} runs) | ${r.matchSeconds.toFixed(1)} s | |`);
    say();
    say(`Counts over the days: ${JSON.stringify(r.counts)}`);
  }
  await database.close();
}

/**
 * Every brand day with a current run (but the bench's own PayPay day) matched again, in
 * order, from its statement as the sandbox brand writes it now.
 */
async function rematch(db: Db) {
  const [{ n: booked }] = await db.select({ n: count() }).from(sandboxPayments);
  const [{ n: ordersNow }] = await db.select({ n: count() }).from(orders);
  if (booked < ordersNow / 2) {
    say("giving the brands' sandbox books every order…");
    await fillSandboxBooks(db, 'all');
  }
  // The connectors read a day of a brand's book: with a million payments in it, an index of the
  // bench's own (the demo's few thousand are scanned) keeps that out of the figure.
  await db.execute(
    sql`create index if not exists bench_sandbox_payments_day on sandbox_payments (brand, created_at)`,
  );
  await db.execute(sql`analyze sandbox_payments`);
  const [{ n: inBooks }] = await db.select({ n: count() }).from(sandboxPayments);
  const days = rowsOf<{ brand: PayBrand; day: string }>(
    await db.execute(sql`select brand, business_day::text as day from reconciliation_runs
      where replaced_by_run_id is null and business_day <> ${DAY} order by business_day, brand`),
  );
  const now = new Date();
  const salt = now.toISOString();
  const connectors = new Map<PayBrand, SandboxConnector>();
  const connectorOf = (brand: PayBrand) => {
    let c = connectors.get(brand);
    if (!c) {
      c = new SandboxConnector(
        brand,
        db,
        'demo',
        () => '',
        () => Promise.resolve(200),
      );
      connectors.set(brand, c);
    }
    return c;
  };
  const counts: RunCounts = emptyCounts();
  let matchSeconds = 0;
  let rows = 0;
  let runs = 0;
  let skipped = 0;
  say(`matching ${days.length} brand days again…`);
  const m = await measured(async () => {
    for (const { brand, day } of days) {
      const statement = await dayStatement(connectorOf(brand), day, now);
      if (!statement) {
        skipped++;
        continue;
      }
      const salted = createHash('sha256').update(`${statement.contentHash}:${salt}`).digest('hex');
      const started = performance.now();
      const out = await reconcileDay(db, {
        ...statement,
        contentHash: salted,
        brand,
        day,
        source: 'fetched',
        now,
      });
      matchSeconds += (performance.now() - started) / 1000;
      runs++;
      if (Array.isArray(statement.rows)) rows += statement.rows.length;
      for (const [k, v] of Object.entries(out.counts)) counts[k as keyof RunCounts] += v;
    }
  });
  return { m, matchSeconds, rows, runs, skipped, counts, booked: inBooks };
}

function row(
  brandOrderNo: string,
  gatewayOrderNo: string,
  amount: number,
  time: string,
  line: number,
): StatementRow {
  return {
    layout: 'paypay',
    brand: 'paypay',
    kind: 'payment',
    kindRaw: null,
    brandOrderNo,
    gatewayOrderNo,
    brandRefundNo: null,
    gatewayRefundNo: null,
    statusRaw: '完了',
    status: 'success',
    amount,
    fee: null,
    feeFine: null,
    currency: 'JPY',
    time,
    line,
    extra: {},
  };
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  if (e instanceof Error && e.cause) process.stderr.write(`cause: ${String(e.cause)}\n`);
  process.exit(1);
});
