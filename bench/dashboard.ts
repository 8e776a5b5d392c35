/**
 * `npm run bench:dashboard -- --db postgres|pglite [--orders N] [--days D] [--runs R]`
 *
 * The home dashboard and the reports at scale (issue #31): with at least N orders in the bench
 * database (the demo generator adds the missing ones over the last D days, default 400, and
 * says how long that took), the deltas folded as the job would have, `VACUUM ANALYZE` of the
 * tables read, then each call through the app (app.inject: session, access, validation, the
 * statements, JSON) as the system admin (`admin`), a provider's admin (`sp-admin`) and a
 * company's admin (`co-admin`): the dashboard's windows, the order page with its exact total
 * for 31 days, the report list for 75 days by day and by month, and the order page filtered
 * by proof state. R calls each after 5 warm-ups; median and p95. `--as a,b` picks the callers,
 * `--only text` the calls whose label holds it. Prints a Markdown section for
 * bench/RESULTS.md. Not a test: figures depend on the machine.
 *
 * PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kessai_bench, created
 * when missing); a database of 10M orders over 400 days is best given its own
 * (DATABASE_URL=…/kessai_bench10m) and dropped afterwards (about 12 GB).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, rowsOf } from '../server/db/client';
import { orders, refunds } from '../server/db/schema';
import { generateDemoOrders } from '../server/demo/orders';
import { prepareDatabase } from '../server/demo/prepare';
import { foldSummaryDeltas } from '../server/modules/summaries';
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
const days = Number(opt('days', '400'));
const runs = Number(opt('runs', '50'));
const callers = opt('as', 'admin,sp-admin,co-admin').split(',');
/** Only the calls whose label holds this text (all by default). */
const only = opt('only', '');
const env = benchEnv(kind);
const config = loadConfig(env, { captcha: false, logLevel: 'warn' });
const today = DateTime.now().setZone(config.timeZone);
const range = (n: number) => ({
  beginTime: today.minus({ days: n - 1 }).toISODate()!,
  endTime: today.toISODate()!,
});

const say = (line = '') => process.stdout.write(`${line}\n`);
const ms = (x: number) => x.toFixed(1);

async function main() {
  if (kind === 'postgres') await ensureDatabase(env.DATABASE_URL!);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config);
  const db = database.db;
  const [{ n }] = await db.select({ n: count() }).from(orders);
  let seeding = '';
  if (Number(n) < wanted) {
    const missing = wanted - Number(n);
    process.stderr.write(`adding ${missing} demo orders over ${days} days…\n`);
    const started = performance.now();
    let last = 0;
    await generateDemoOrders(db, {
      count: missing,
      days,
      batchSize: 5000,
      onProgress(done) {
        if (done - last >= 500_000 || done === missing) {
          last = done;
          const s = (performance.now() - started) / 1000;
          process.stderr.write(
            `  ${done} orders, ${s.toFixed(0)} s (${Math.round(done / s)}/s), load ${load()}\n`,
          );
        }
      },
    });
    const seeded = (performance.now() - started) / 1000;
    const folding = performance.now();
    await foldSummaryDeltas(db);
    seeding = `${missing.toLocaleString('en')} orders added over ${days} days in ${seeded.toFixed(0)} s (${Math.round(missing / seeded).toLocaleString('en')} orders/s, COPY), their deltas folded in ${((performance.now() - folding) / 1000).toFixed(0)} s`;
    process.stderr.write(`${seeding}\n`);
  }
  await foldSummaryDeltas(db);
  const vacuum = performance.now();
  for (const table of ['orders', 'refunds', 'order_audits', 'order_day_totals', 'order_day_deltas'])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  const vacuumed = (performance.now() - vacuum) / 1000;
  const [{ total }] = await db.select({ total: count() }).from(orders);
  const [{ refundTotal }] = await db.select({ refundTotal: count() }).from(refunds);
  const [span] = rowsOf<{ first: string; days: number }>(
    await db.execute(
      sql`select min(created_at)::date::text as first, (max(created_at)::date - min(created_at)::date) + 1 as days from orders`,
    ),
  );

  const app = await buildApp({ db, config });
  const tokens: Record<string, string> = {};
  for (const who of callers)
    tokens[who] = await signIn(inProcess(app), who, config.demoPassword, () =>
      enrolledSecret(db, config, who),
    );
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
    return reply.result;
  };

  const cases: { label: string; path: string; body: object; size?: (r: unknown) => string }[] = [
    ...(['today', 'days7', 'days30'] as const).map((window) => ({
      label: `dashboard, ${window}`,
      path: '/report/reportDashBoard/index',
      body: { window },
    })),
    {
      label: 'order page, 31 days, with its total',
      path: '/history/orderInfo/page',
      body: { ...range(31), pageNum: 1, pageSize: 20 },
      size: (r) => `${(r as { total: number }).total.toLocaleString('en')} orders`,
    },
    {
      label: 'report list, 75 days by day',
      path: '/report/reportList/list',
      body: { ...range(75), grouping: 'day', pageNum: 1, pageSize: 20 },
      size: (r) => `${(r as { total: number }).total.toLocaleString('en')} rows`,
    },
    {
      label: 'report list, 75 days by month',
      path: '/report/reportList/list',
      body: { ...range(75), grouping: 'month', pageNum: 1, pageSize: 20 },
      size: (r) => `${(r as { total: number }).total.toLocaleString('en')} rows`,
    },
    {
      label: 'order page, 31 days, proof: provisional',
      path: '/history/orderInfo/page',
      body: { ...range(31), status: '0', proof: 'provisional', pageNum: 1, pageSize: 20 },
      size: (r) => `${(r as { total: number }).total.toLocaleString('en')} orders`,
    },
  ];

  const version = rowsOf<{ v: string }>(await db.execute(sql`select version() as v`))[0].v;
  say(
    `### Dashboard and reports (issue #31): ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${new Date().toISOString().slice(0, 16)}Z`,
  );
  say();
  say(
    `- ${Number(total).toLocaleString('en')} orders over ${span.days} days (from ${span.first}), ${Number(refundTotal).toLocaleString('en')} refunds`,
  );
  if (seeding) say(`- ${seeding}`);
  say(`- \`VACUUM ANALYZE\` of the tables read: ${vacuumed.toFixed(0)} s`);
  say(
    `- ${os.cpus().length} cores (${os.cpus()[0].model}); node ${process.version}; ${version.split(',')[0]}`,
  );
  say(`- load at start (1/5/15 min): ${load()}`);
  say(`- ${runs} calls of each after 5 warm-ups, through the app (app.inject)`);
  say();
  say('| call | caller | size | median ms | p95 ms |');
  say('|---|---|---|---|---|');
  for (const c of cases.filter((x) => x.label.includes(only))) {
    for (const who of callers) {
      const times: number[] = [];
      let size = '';
      for (let i = 0; i < runs + 5; i++) {
        const t0 = performance.now();
        const result = await call(tokens[who], c.path, c.body);
        const t = performance.now() - t0;
        if (i >= 5) times.push(t);
        size = c.size?.(result) ?? '';
      }
      say(`| ${c.label} | ${who} | ${size} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} |`);
    }
  }
  say();
  say(`load at end: ${load()}`);
  await app.close();
  await database.close();
}

await main();
