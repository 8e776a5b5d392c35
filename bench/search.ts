/**
 * `npm run bench:search -- --db postgres|pglite [--orders N] [--runs R]`
 *
 * Finding things (issue #29) at scale: with at least N orders in the bench database (the demo
 * generator adds the missing ones, as `npm run bench` does), the global search (/search/global)
 * and the lists' complete-number filters (all time), through the app (app.inject: session,
 * access, validation, the statements, JSON) as the system admin, a provider's admin and a
 * company's admin. Every statement the calls send is captured at the driver and explained on
 * PostgreSQL: the section says which index each reads, and fails on a sequential scan of a
 * table of more than 10,000 rows (the planner rightly reads a table of a few hundred whole). Prints a Markdown section for bench/RESULTS.md. Not a test: figures depend on
 * the machine.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { and, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { generateDemoOrders } from '../server/demo/orders';
import { prepareDatabase } from '../server/demo/prepare';
import { companies, orders, preOrders, refunds } from '../server/db/schema';
import {
  benchEnv,
  benchKind,
  enrolledSecret,
  ensureDatabase,
  inProcess,
  load,
  opt,
  quantile,
  signIn,
} from './common';

const kind = benchKind();
const wanted = Number(opt('orders', '1000000'));
const runs = Number(opt('runs', '50'));
const env = benchEnv(kind);
const config = loadConfig(env, { captcha: false, logLevel: 'warn' });
const today = DateTime.now().setZone(config.timeZone);
const WEEK = { beginTime: today.minus({ days: 6 }).toISODate()!, endTime: today.toISODate()! };
/** A table of more rows than this read whole (a sequential scan) is a failure. */
const SMALL = 10_000;

const say = (line = '') => process.stdout.write(`${line}\n`);
const ms = (x: number) => x.toFixed(1);

interface Statement {
  text: string;
  values: unknown[];
}
interface PoolClient {
  query(config: string | { text: string; values?: unknown[] }): Promise<unknown>;
  release(): void;
}
interface Driver {
  query(config: string | { text: string; values?: unknown[] }, values?: unknown[]): Promise<unknown>;
}

/** Records every statement sent through the driver while `capturing` is on. */
function captureStatements(db: Db) {
  const driver = (db as unknown as { $client: Driver }).$client;
  const original = driver.query.bind(driver);
  const seen: Statement[] = [];
  let capturing = false;
  // Every argument passed on: PGlite's driver gives its options (rowMode: 'array') third, and
  // rows lost that mode read as NaN ids.
  driver.query = ((
    q: string | { text: string; values?: unknown[] },
    values?: unknown[],
    ...rest: unknown[]
  ) => {
    if (capturing) {
      const text = typeof q === 'string' ? q : q.text;
      seen.push({ text, values: (typeof q === 'string' ? undefined : q.values) ?? values ?? [] });
    }
    return (original as (...args: unknown[]) => Promise<unknown>)(q, values, ...rest);
  }) as Driver['query'];
  return {
    driver: { query: original },
    async during<T>(work: () => Promise<T>) {
      seen.length = 0;
      capturing = true;
      try {
        await work();
      } finally {
        capturing = false;
      }
      return [...seen];
    },
  };
}

/** The plan's scans: `Index Scan using x on t`, `Seq Scan on t`, … one line each, deduplicated. */
function scansOf(plan: string[]): string[] {
  const scans = plan
    .map((l) =>
      /((?:Parallel )?(?:Bitmap Index|Index Only|Index|Seq) Scan(?: Backward)?(?: using \S+)? on \S+)/.exec(
        l,
      ),
    )
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[1]);
  return [...new Set(scans)];
}

/**
 * The demo has a handful of companies, URL payments and pre-orders: the planner reads a table of
 * five rows whole, which says nothing of a live one. The bench database gets what a platform of
 * a million orders has (once; they stay): an invoice row for each link order of the generator,
 * 100,000 pre-orders and 5,000 more companies, so the plans below are the planner's at scale.
 */
async function growSmallTables(db: Db) {
  const n = async (table: string) =>
    Number(
      (
        (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n,
    );
  if ((await n('pay_links')) < 1000)
    await db.execute(sql`insert into pay_links (order_id, company_id, source, created_at)
      select o.id, o.company_id, 'upload', o.created_at from orders o
      where o.payment_type = 'link' and not exists (select 1 from pay_links p where p.order_id = o.id)`);
  if ((await n('pre_orders')) < 1000)
    await db.execute(sql`insert into pre_orders
      (company_id, client_pay_no, gateway_pay_no, order_amount, currency, validity_hours, expire_time, created_at)
      select (array(select id from companies order by id))[1 + g % (select count(*) from companies)::int],
        'BENCH-PRE-' || g, 'PB' || lpad(g::text, 18, '0'), 1000 + g % 5000, 'JPY', 24,
        now() - (g % 90) * interval '1 day' + interval '1 day', now() - (g % 90) * interval '1 day'
      from generate_series(1, 100000) g`);
  if ((await n('companies')) < 1000)
    await db.execute(sql`insert into companies (service_provider_id, name, name_en, mid)
      select (array(select id from service_providers order by id))[1 + g % (select count(*) from service_providers)::int],
        '株式会社ベンチ商事' || lpad(g::text, 5, '0'), 'Bench Trading ' || g, 'MB' || lpad(g::text, 8, '0')
      from generate_series(1, 5000) g`);
}

async function main() {
  if (kind === 'postgres') await ensureDatabase(env.DATABASE_URL!);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config);
  const db = database.db;
  const [{ n }] = await db.select({ n: count() }).from(orders);
  if (Number(n) < wanted) {
    process.stderr.write(`adding ${wanted - Number(n)} demo orders…\n`);
    await generateDemoOrders(db, { count: wanted - Number(n), days: 90, batchSize: 2000 });
  }
  await growSmallTables(db);
  const capture = captureStatements(db);
  for (const table of ['orders', 'refunds', 'pre_orders', 'pay_links', 'companies', 'settlements'])
    await capture.driver.query(`VACUUM ANALYZE ${table}`);

  // What is looked for: an order of 60 days ago with a brand number and a refund (on a small
  // database, as the benchmarks' test runs it, the oldest such order), a URL payment, a
  // pre-order, a company.
  const refundedOrder = (olderThan: Date | null) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          // The company administrator's company (株式会社ひのき珈琲: a provider's, seen by sp-admin too).
          eq(orders.companyId, sql`(select id from companies where name = '株式会社ひのき珈琲')`),
          olderThan ? lt(orders.createdAt, olderThan) : undefined,
          ne(orders.brandOrderNo, ''),
          sql`exists (select 1 from refunds r where r.order_id = ${orders.id})`,
        ),
      )
      .orderBy(orders.createdAt)
      .limit(1);
  const [aged] = await refundedOrder(today.minus({ days: 60 }).toJSDate());
  const old = aged ?? (await refundedOrder(null))[0];
  if (!old)
    throw new Error('no refunded order of 株式会社ひのき珈琲 with a brand number: run with more --orders');
  const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, old.id)).limit(1);
  const [pre] = await db
    .select()
    .from(preOrders)
    .where(eq(preOrders.companyId, old.companyId))
    .orderBy(desc(preOrders.id))
    .limit(1);
  const [company] = await db.select().from(companies).where(eq(companies.id, old.companyId));
  const [{ total }] = await db.select({ total: count() }).from(orders);
  const [{ refundTotal }] = await db.select({ refundTotal: count() }).from(refunds);

  const app = await buildApp({ db, config });
  /** A signed-in session, as a person signs in (bench/common.ts signIn). */
  const tokenOf = (loginId: string) =>
    signIn(inProcess(app), loginId, config.demoPassword, () => enrolledSecret(db, config, loginId));
  const callers = {
    admin: await tokenOf('admin'),
    'sp-admin': await tokenOf('sp-admin'),
    'co-admin': await tokenOf('co-admin'),
  };
  const call = async (token: string, path: string, body: object) => {
    const r = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { 'x-submit-token': token },
      payload: body,
    });
    const reply = r.json() as { resultType: string; resultMessage: string; result: unknown };
    if (reply.resultType !== 'SUCCESS')
      throw new Error(`${path}: ${reply.resultType} ${reply.resultMessage}`);
    return reply;
  };

  const cases: { label: string; path: string; body: object }[] = [
    { label: 'search: gateway order number', path: '/search/global', body: { keyword: old.gatewayOrderNo } },
    { label: 'search: merchant order number', path: '/search/global', body: { keyword: old.clientOrderNo } },
    { label: 'search: brand order number', path: '/search/global', body: { keyword: old.brandOrderNo } },
    { label: 'search: refund number', path: '/search/global', body: { keyword: refund.gatewayRefundNo } },
    { label: 'search: pay number (pre-order)', path: '/search/global', body: { keyword: pre.gatewayPayNo } },
    {
      label: 'search: company name (prefix)',
      path: '/search/global',
      body: { keyword: company.name.slice(0, 6) },
    },
    { label: 'search: a number of nothing', path: '/search/global', body: { keyword: 'NO-SUCH-NUMBER' } },
    {
      label: 'order list: number, default week',
      path: '/history/orderInfo/page',
      body: { ...WEEK, orderNo: old.clientOrderNo },
    },
    {
      label: 'refund list: order number, default week',
      path: '/history/refundInfo/page',
      body: { ...WEEK, refundNo: old.gatewayOrderNo },
    },
  ];

  const version = ((await capture.driver.query('select version() as v')) as { rows: { v: string }[] }).rows[0]
    .v;
  say(
    `### Finding things (issue #29): ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${new Date().toISOString().slice(0, 16)}Z`,
  );
  say();
  say(
    `- ${Number(total)} orders over 90 days, ${Number(refundTotal)} refunds; the order looked for is of ${DateTime.fromJSDate(old.createdAt).setZone(config.timeZone).toISODate()} (${Math.floor(today.diff(DateTime.fromJSDate(old.createdAt), 'days').days)} days ago)`,
  );
  say(
    `- ${os.cpus().length} cores (${os.cpus()[0].model}); node ${process.version}; ${version.split(',')[0]}`,
  );
  say(`- load at start (1/5/15 min): ${load()}; \`VACUUM ANALYZE\` of the tables read before measuring`);
  say(
    `- ${runs} calls of each after 5 warm-ups, through the app (app.inject: session, access, validation, statements, JSON)`,
  );
  say();
  say('| call | caller | hits / rows | median | p95 |');
  say('|---|---|---|---|---|');
  const plans: { label: string; statements: Statement[] }[] = [];
  for (const c of cases) {
    for (const [caller, token] of Object.entries(callers)) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < runs + 5; i++) {
        const t0 = performance.now();
        const reply = (await call(token, c.path, c.body)) as { result: { hits?: unknown[]; total?: number } };
        const t1 = performance.now();
        found = reply.result.hits?.length ?? reply.result.total ?? 0;
        if (i >= 5) times.push(t1 - t0);
      }
      say(
        `| ${c.label} | ${caller} | ${found} | ${ms(quantile(times, 0.5))} ms | ${ms(quantile(times, 0.95))} ms |`,
      );
      if (caller === 'admin' || caller === 'co-admin')
        plans.push({
          label: `${c.label} (${caller})`,
          statements: await capture.during(() => call(token, c.path, c.body)),
        });
    }
  }
  say();
  await app.close();
  if (kind !== 'postgres') {
    await database.close();
    return;
  }
  // The tables' sizes: the planner reads a table of a few hundred rows whole, rightly.
  const rows = new Map(
    (
      (await capture.driver.query(
        "select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace",
      )) as { rows: { relname: string; n: string }[] }
    ).rows.map((r) => [r.relname, Number(r.n)]),
  );
  say(
    `Table sizes: ${['orders', 'refunds', 'pay_links', 'pre_orders', 'companies', 'settlements', 'settlement_batches'].map((t) => `${t} ${rows.get(t) ?? 0}`).join(', ')}.`,
  );
  say();
  const pool = (db as unknown as { $client: { connect(): Promise<PoolClient> } }).$client;
  const explainWithoutSeqScans = async (st: Statement) => {
    const client = await pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      const r = (await client.query({ text: `EXPLAIN ${st.text}`, values: st.values })) as {
        rows: Record<string, string>[];
      };
      return r.rows.map((row) => Object.values(row)[0]);
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  };
  // Every statement of a call but the session's and the access check's, explained.
  const failures: string[] = [];
  say(
    'Which index each statement of the calls reads (`EXPLAIN (ANALYZE, BUFFERS)`, session and access statements left out):',
  );
  say();
  say('| call | statement reads | with sequential scans off | time |');
  say('|---|---|---|---|');
  const details: string[] = [];
  // One row per statement as the caller sends it (the same text comes back for each keyword).
  const explained = new Set<string>();
  for (const { label, statements } of plans) {
    const caller = /\(([^)]+)\)$/.exec(label)?.[1] ?? '';
    for (const s of statements) {
      if (/"sessions"\."token_hash"|from "role_routes" where|update "sessions"/i.test(s.text)) continue;
      if (explained.has(`${caller} ${s.text}`)) continue;
      explained.add(`${caller} ${s.text}`);
      // The search's statements are the same for every keyword: named by the table they read.
      const from = /from "(\w+)"/.exec(s.text)?.[1] ?? '';
      const shown = label.startsWith('search:')
        ? `global search, ${from}${s.text.includes('"pay_links"') ? ' with pay_links' : ''} (${caller})`
        : label;
      const plan = (
        (await capture.driver.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, values: s.values })) as {
          rows: Record<string, string>[];
        }
      ).rows.map((r) => Object.values(r)[0]);
      const scans = scansOf(plan);
      const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
      for (const scan of scans) {
        const table = /^Seq Scan on (\S+)/.exec(scan)?.[1];
        if (table && (rows.get(table) ?? 0) > SMALL) failures.push(`${shown}: ${scan}`);
      }
      // A small table read whole: the index the same statement takes once the table has grown
      // (the planner's choice with sequential scans priced out).
      const grown = scans.some((scan) => scan.startsWith('Seq Scan on '))
        ? scansOf(await explainWithoutSeqScans(s)).filter((scan) => !scan.startsWith('Seq Scan on '))
        : [];
      say(`| ${shown} | ${scans.join('; ')} | ${grown.join('; ')} | ${time} |`);
      details.push(`-- ${shown}`, s.text, ...plan, '');
    }
  }
  say();
  say('<details><summary>The plans</summary>');
  say();
  say('```');
  for (const line of details) say(line);
  say('```');
  say();
  say('</details>');
  say();
  say(
    failures.length
      ? `**Sequential scans of large tables:** ${failures.join('; ')}`
      : `No statement reads a table of more than ${SMALL} rows in sequence.`,
  );
  await database.close();
  if (failures.length) process.exitCode = 1;
}

await main();
