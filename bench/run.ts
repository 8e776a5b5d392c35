/**
 * `npm run bench -- --db pglite|postgres [--orders N] [--runs R] [--parts page,exports,copy]`
 *
 * With at least N orders in the bench database (added with the demo generator when fewer):
 * 1. the order page with its total for the last 31 days, unfiltered and for one company:
 *    through the API (HTTP to a listening app, a real session) against the same two SQL
 *    statements alone through the driver (built by the same code, orderPageQueries);
 * 2. CSV and XLSX export of the same 31 days: rows/s and the peak RSS (VmHWM) of a process
 *    that runs only the app; and whether an export stops when its client goes away;
 * 3. on PostgreSQL, psql's \copy of the same rows to /dev/null.
 * Prints a Markdown section for bench/RESULTS.md. Not a test: figures depend on the machine.
 *
 * Databases: PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/kessai_bench,
 * created when missing); PGlite in KESSAI_DATA_DIR (default /tmp/kessai-bench/pglite).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { count, eq, fillPlaceholders } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { OrderPageQuery } from '../src/contract/lists/orders';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { generateDemoOrders } from '../server/demo/orders';
import { prepareDatabase } from '../server/demo/prepare';
import { companies, operators, orders } from '../server/db/schema';
import { orderPageQueries } from '../server/modules/orders';
import { foldSummaryDeltas } from '../server/modules/summaries';
import { translatorFor } from '../server/platform/i18n';
import { findPrincipal } from '../server/platform/principal';
import { scopeOf } from '../server/platform/scope';
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
const runs = Number(opt('runs', '100'));
const company = opt('company', '株式会社ひのき珈琲');
/** Which measurements to run (all by default); \copy needs the CSV export's rate. */
const parts = new Set(opt('parts', 'page,exports,copy').split(','));

const env = benchEnv(kind);
const config = loadConfig(env, { captcha: false, logLevel: 'warn' });
const zone = config.timeZone;
const today = DateTime.now().setZone(zone);
const RANGE = { beginTime: today.minus({ days: 30 }).toISODate()!, endTime: today.toISODate()! };
const out: string[] = [];
const say = (line = '') => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

const ms = (x: number) => x.toFixed(1);
interface Driver {
  query(text: string, params: unknown[]): Promise<unknown>;
}
const driverOf = (db: Db) => (db as unknown as { $client: Driver }).$client;

/**
 * The system admin's session, signed in once in main() as a person would (password, then the
 * second factor: bench/common.ts signIn). Sessions live in the database, so every server process
 * the bench starts on it takes the same token.
 */
let session = '';

const post = (base: string, token: string, path: string, body: unknown) =>
  fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-submit-token': token },
    body: JSON.stringify(body),
  });

/**
 * A JSON call over a kept-alive node:http connection: the page's latency is the server's, not
 * the load generator's (fetch/undici spent ~1 ms of client CPU per call here).
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
function postJson(base: string, token: string, path: string, body: unknown): Promise<string> {
  const url = new URL(`${base}/api${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: keepAlive,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-submit-token': token,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** 1. The page through the API against its SQL alone, interleaved so both see the same load. */
async function pageBench(db: Db, companyId: number) {
  // On PostgreSQL the app runs in a process of its own, as `npm start` runs it, so the HTTP
  // client measuring it does not share its event loop. PGlite's folder opens in one process
  // only: there the app runs inside this one, next to the driver the SQL goes through.
  let stop: () => Promise<unknown>;
  let base: string;
  if (kind === 'postgres') {
    const server = await startServer();
    base = server.base;
    stop = () => stopServer(server.child);
  } else {
    const app = await buildApp({ db, config });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    stop = () => app.close();
  }
  const token = session;
  const admin = await findPrincipal(db, eq(operators.loginId, 'admin'));
  const driver = driverOf(db);
  say('### Order page with its total (last 31 days, 20 rows, admin)');
  say();
  say(
    `${runs} runs each after 5 warm-ups; API = HTTP POST /api/history/orderInfo/page (node:http, kept alive) to the listening app`,
  );
  say(
    kind === 'postgres'
      ? '(its own process, built as `npm start` runs it; session check, access check, validation, both statements, JSON); SQL = the same two'
      : '(in this process; session check, access check, validation, both statements, JSON); SQL = the same two',
  );
  say('statements (rows + count) sent through the driver one after the other.');
  say();
  say('| filter | rows in range | API median | API p95 | SQL median | SQL p95 | API / SQL (median) | load |');
  say('|---|---|---|---|---|---|---|---|');
  const plans: { label: string; lines: string[] }[] = [];
  for (const [label, extra] of [
    ['none', {}],
    [`company ${company}`, { companyId }],
  ] as const) {
    const q = OrderPageQuery.validateSync({ ...RANGE, ...extra });
    const built = orderPageQueries(db, scopeOf(admin!), translatorFor('jp'), zone, q);
    const statements = [built.records, built.total].map((s) => {
      const query = s.getQuery();
      return { sql: query.sql, params: fillPlaceholders(query.params, built.values) };
    });
    let total = 0;
    const api: number[] = [];
    const sqlOnly: number[] = [];
    for (let i = 0; i < runs + 5; i++) {
      const t0 = performance.now();
      const body = JSON.parse(
        await postJson(base, token, '/history/orderInfo/page', { ...RANGE, ...extra }),
      ) as {
        resultType: string;
        result: { total: number };
      };
      const t1 = performance.now();
      if (body.resultType !== 'SUCCESS') throw new Error(JSON.stringify(body));
      total = body.result.total;
      for (const s of statements) await driver.query(s.sql, s.params);
      const t2 = performance.now();
      if (i >= 5) {
        api.push(t1 - t0);
        sqlOnly.push(t2 - t1);
      }
    }
    say(
      `| ${label} | ${total} | ${ms(quantile(api, 0.5))} ms | ${ms(quantile(api, 0.95))} ms | ${ms(quantile(sqlOnly, 0.5))} ms | ${ms(quantile(sqlOnly, 0.95))} ms | ${(quantile(api, 0.5) / quantile(sqlOnly, 0.5)).toFixed(2)} | ${load()} |`,
    );
    const lines: string[] = [];
    for (const s of statements) {
      const plan = (await driver.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params)) as {
        rows: Record<string, string>[];
      };
      for (const r of plan.rows) lines.push(Object.values(r)[0]);
      lines.push('');
    }
    plans.push({ label, lines });
  }
  await stop();
  say();
  for (const { label, lines } of plans) {
    say(`<details><summary>EXPLAIN ANALYZE (${label})</summary>`);
    say();
    say('```');
    for (const line of lines) say(line);
    say('```');
    say();
    say('</details>');
    say();
  }
}

const status = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { hwm: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
};
const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** The export server as `npm start` runs the app: built to plain JavaScript, run by node alone. */
const serverDir = opt('server', 'dist-bench'); // inside the project, so node finds node_modules
let serverBuilt = false;
function buildServer() {
  // `--server DIR`: a build that has export-server.mjs already (the benchmarks' test passes the
  // one vitest's globalSetup made).
  if (serverBuilt || opt('server', '')) return;
  execFileSync(process.execPath, [
    'scripts/build-server.mjs',
    '--outdir',
    serverDir,
    'export-server=bench/export-server.ts',
  ]);
  serverBuilt = true;
}

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  buildServer();
  const child = spawn(process.execPath, [`${serverDir}/export-server.mjs`], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) {
      lines.close();
      return { child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` };
    }
  }
  throw new Error('export server did not start');
}

async function stopServer(child: ChildProcess) {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

/** 2. One export in a fresh process: time to the last byte, bytes, CSV rows, peak RSS. */
async function exportRun(path: string, range: { beginTime: string; endTime: string } = RANGE) {
  const { child, base } = await startServer();
  const token = session;
  const before = status(child.pid!);
  const t0 = performance.now();
  const res = await post(base, token, path, range);
  if (!res.headers.get('content-disposition')) throw new Error(await res.text());
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = status(child.pid!);
  await stopServer(child);
  return { seconds, bytes, lines, before, after };
}

/** An export whose client leaves after the first MiB: the server should stop working on it. */
async function abandonRun(path: string) {
  const { child, base } = await startServer();
  const token = session;
  const controller = new AbortController();
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-submit-token': token },
    body: JSON.stringify(RANGE),
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  let bytes = 0;
  // Until 1 MiB has come, or the export has ended (a small data set's whole export is less).
  while (bytes < 1 << 20) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
  }
  controller.abort();
  await new Promise((r) => setTimeout(r, 1000));
  const t0 = cpuTicks(child.pid!);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = cpuTicks(child.pid!) - t0;
  await stopServer(child);
  return idle;
}

async function exportBench(rows: number) {
  say('### Exports (last 31 days, admin, every row)');
  say();
  say('Each export in a fresh process that runs only the app (`bench/export-server.ts`, built to');
  say('JavaScript and run by node as `npm start` runs the server); the client');
  say("reads the stream over HTTP as fast as it comes. Peak RSS = that process's VmHWM after the export");
  say('(idle = its VmHWM after start-up, before the export; the session is signed in once beforehand).');
  say();
  say('| export | rows | seconds | rows/s | MiB sent | peak RSS | RSS idle | load |');
  say('|---|---|---|---|---|---|---|---|');
  const results: Record<string, number> = {};
  for (const [label, path, csv] of [
    ['CSV orders', '/history/orderInfo/exportCSVFile', true],
    ['XLSX orders', '/history/orderInfo/exportExcel', false],
  ] as const) {
    const r = await exportRun(path);
    const n = csv ? r.lines - 1 : rows;
    if (csv && n !== rows) throw new Error(`CSV holds ${n} rows, the range ${rows}`);
    results[label] = n / r.seconds;
    say(
      `| ${label} | ${n} | ${r.seconds.toFixed(1)} | ${Math.round(n / r.seconds)} | ${(r.bytes / 1048576).toFixed(1)} | ${r.after.hwm.toFixed(0)} MiB | ${r.before.hwm.toFixed(0)} MiB | ${load()} |`,
    );
  }
  say();
  // Memory should not follow the row count: the same exports over 3 days.
  const short = { beginTime: today.minus({ days: 2 }).toISODate()!, endTime: RANGE.endTime };
  const r = await exportRun('/history/orderInfo/exportCSVFile', short);
  const n = r.lines - 1;
  say(
    `| CSV orders, 3 days only | ${n} | ${r.seconds.toFixed(1)} | ${Math.round(n / r.seconds)} | ${(r.bytes / 1048576).toFixed(1)} | ${r.after.hwm.toFixed(0)} MiB | ${r.before.hwm.toFixed(0)} MiB | ${load()} |`,
  );
  const x = await exportRun('/history/orderInfo/exportExcel', short);
  say(
    `| XLSX orders, 3 days only | ${n} | ${x.seconds.toFixed(1)} | ${Math.round(n / x.seconds)} | ${(x.bytes / 1048576).toFixed(1)} | ${x.after.hwm.toFixed(0)} MiB | ${x.before.hwm.toFixed(0)} MiB | ${load()} |`,
  );
  say();
  const ticks = await abandonRun('/history/orderInfo/exportCSVFile');
  say(
    `Client gone after 1 MiB of a CSV export: the server process used ${ticks} CPU ticks (1/100 s) in the 3 s that followed (it stopped reading).`,
  );
  say();
  return results;
}

/** 3. psql's \copy of the same rows (the export's columns, joins, filter and order). */
function copyBench(rows: number, csvRate: number) {
  const from = DateTime.fromISO(RANGE.beginTime, { zone }).startOf('day').toISO();
  const to = DateTime.fromISO(RANGE.endTime, { zone }).plus({ days: 1 }).startOf('day').toISO();
  const local = (c: string) => `to_char(${c} at time zone '${zone}', 'YYYY-MM-DD HH24:MI:SS')`;
  const query = `SELECT ${local('o.created_at')}, ${local('o.finished_at')}, o.gateway_order_no, o.client_order_no, o.brand_order_no, c.name, b.name, o.brand, o.sub_brand, o.payment_type, o.status, o.amount, o.currency, o.refunded_amount, o.receipt_no, o.subject FROM orders o JOIN companies c ON c.id = o.company_id LEFT JOIN branch_units b ON b.id = o.branch_unit_id WHERE o.created_at >= '${from}' AND o.created_at < '${to}' ORDER BY o.created_at DESC, o.id DESC`;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    execFileSync('psql', [env.DATABASE_URL!, '-q', '-c', `\\copy (${query}) to '/dev/null' csv`]);
    times.push((performance.now() - t0) / 1000);
  }
  const seconds = quantile(times, 0.5);
  say('### psql \\copy of the same rows');
  say();
  say(
    `\`psql -c "\\copy (SELECT …the export's columns… ORDER BY created_at DESC, id DESC) to '/dev/null' csv"\`, median of 3:`,
  );
  say(
    `${rows} rows in ${seconds.toFixed(2)} s = **${Math.round(rows / seconds)} rows/s**; ${
      csvRate > 0
        ? `the CSV export reached ${Math.round(csvRate)} rows/s = ${((csvRate / (rows / seconds)) * 100).toFixed(0)} % of it (target ≥ 50 %)`
        : 'the exports were not part of this run'
    }. Load: ${load()}.`,
  );
  say();
}

async function main() {
  if (kind === 'postgres') await ensureDatabase(env.DATABASE_URL!);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config);
  const db = database.db;
  const [{ n }] = await db.select({ n: count() }).from(orders);
  if (Number(n) < wanted) {
    const missing = wanted - Number(n);
    process.stderr.write(`adding ${missing} demo orders…\n`);
    await generateDemoOrders(db, { count: missing, days: 90, batchSize: 2000 });
  }
  // What the summaryFold job does at a server's start and every 30 s: the order page's total
  // reads the summaries, and a live server never meets the deltas of a million orders unfolded.
  await foldSummaryDeltas(db);
  // What autovacuum does on a live database: statistics for the planner, a visibility map for
  // index-only counts. A freshly seeded table has neither until autovacuum comes by.
  for (const statement of [
    'VACUUM ANALYZE orders',
    'VACUUM ANALYZE refunds',
    'ANALYZE companies',
    'ANALYZE branch_units',
    'VACUUM ANALYZE order_day_totals',
    'VACUUM ANALYZE order_day_deltas',
  ])
    await driverOf(db).query(statement, []);
  const [{ total }] = await db.select({ total: count() }).from(orders);
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, company));
  const versions =
    kind === 'postgres'
      ? ((await driverOf(db).query('select version() as v', [])) as { rows: { v: string }[] }).rows[0].v
      : `PGlite ${JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version} (${((await driverOf(db).query('select version() as v', [])) as { rows: { v: string }[] }).rows[0].v})`;
  say(`## ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${new Date().toISOString().slice(0, 16)}Z`);
  say();
  say(`- ${Number(total)} orders over 90 days; range ${RANGE.beginTime} … ${RANGE.endTime} (${zone})`);
  say(
    `- ${os.cpus().length} cores (${os.cpus()[0].model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; node ${process.version}; ${versions}`,
  );
  say(`- load at start (1/5/15 min): ${load()}; \`VACUUM ANALYZE\` of orders and refunds before measuring`);
  say();
  const signer = await buildApp({ db, config });
  session = await signIn(inProcess(signer), 'admin', config.demoPassword, () =>
    enrolledSecret(db, config, 'admin'),
  );
  await signer.close();
  if (parts.has('page')) await pageBench(db, c.id);
  const admin = await findPrincipal(db, eq(operators.loginId, 'admin'));
  const q = OrderPageQuery.validateSync({ ...RANGE });
  const page = orderPageQueries(db, scopeOf(admin!), translatorFor('jp'), zone, q);
  const [{ total: inRange }] = await page.total.execute(page.values);
  // PGlite holds its folder: the export processes open it after this one lets go.
  await database.close();
  const rates = parts.has('exports') ? await exportBench(Number(inRange)) : {};
  if (kind === 'postgres' && parts.has('copy')) copyBench(Number(inRange), rates['CSV orders'] ?? 0);
}

await main();
