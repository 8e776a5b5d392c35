/**
 * Calls per second against the server as `npm start` runs it (issue #31):
 *
 *   npm run build && npx tsx bench/throughput.ts --db pglite|postgres [--seconds 10] [--connections 10]
 *     [--port 8193] [--server dist-server] [--orders 3000]
 *
 * Starts the built server (dist-server/main.mjs) on a scratch database with the demo data
 * (KESSAI_DEMO_ORDERS orders, 3,000 by default), signs in as the system admin as a person would,
 * then keeps `connections` requests in flight for `seconds` per call and counts the answers: an
 * unauthenticated `/healthz` (the floor of a request through the server), the authenticated
 * `/system/info` (session, access, a small reply: the cheap call), and the transaction history's
 * page of the last 7 days with its total. Prints calls/s and the latency's p50 / p95 as Markdown.
 * The load comes from this process over keep-alive connections on 127.0.0.1: on a 2-core machine it
 * shares the cores with the server (and PostgreSQL), as a second process on the same host would.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { benchKind, load, opt, overHttp, quantile, scratchDatabase, signIn } from './common';

const kind = benchKind();
const seconds = Number(opt('seconds', '10'));
const connections = Number(opt('connections', '10'));
const port = Number(opt('port', '8193'));
const serverDir = opt('server', 'dist-server');
const demoOrders = opt('orders', '3000');
const base = `http://127.0.0.1:${port}`;
if (!existsSync(`${serverDir}/main.mjs`)) throw new Error('build first: npm run build');

const scratch = await scratchDatabase(kind, 'throughput');
// The server migrates and seeds the database itself; the bench only keeps its address.
await scratch.close();
const dataDir =
  kind === 'pglite' ? scratch.env.KESSAI_DATA_DIR! : mkdtempSync(join(os.tmpdir(), 'kessai-tp-'));
const server = spawn(process.execPath, [`${serverDir}/main.mjs`], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KESSAI_DATA_DIR: dataDir,
    DATABASE_URL: scratch.env.DATABASE_URL ?? '',
    KESSAI_CAPTCHA: 'off',
    KESSAI_DEMO_ORDERS: demoOrders,
    KESSAI_DEMO_STATEMENTS: 'off',
    KESSAI_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let i = 0; ; i++) {
  const up = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 600) throw new Error('the server did not start within 5 minutes');
  await new Promise((r) => setTimeout(r, 500));
}
const token = await signIn(overHttp(base), 'admin', process.env.KESSAI_DEMO_PASSWORD ?? 'kessai-demo-2026');
const today = DateTime.now().setZone('Asia/Tokyo');

interface Case {
  label: string;
  request: () => Promise<boolean>;
}
const post = (path: string, body: object) => async () => {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-submit-token': token },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { resultType: string };
  return reply.resultType === 'SUCCESS';
};
const cases: Case[] = [
  {
    label: '`/healthz` (no session)',
    request: async () => {
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      return res.ok;
    },
  },
  { label: '`/system/info` (signed in)', request: post('/system/info', {}) },
  {
    label: 'order page, 7 days, with its total',
    request: post('/history/orderInfo/page', {
      beginTime: today.minus({ days: 6 }).toISODate(),
      endTime: today.toISODate(),
      pageNum: 1,
      pageSize: 20,
    }),
  },
];

/** `connections` loops, each sending the next request when its last is answered, for `ms`. */
async function hammer(c: Case, ms: number) {
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const ok = await c.request().catch(() => false);
        times.push(performance.now() - t0);
        if (!ok) failed += 1;
      }
    }),
  );
  return { times, failed };
}

const say = (line = '') => process.stdout.write(`${line}\n`);
say(
  `### Calls per second (issue #31): ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${new Date().toISOString().slice(0, 16)}Z`,
);
say();
say(
  `- the built server (\`${serverDir}/main.mjs\`) with the demo data (${demoOrders} orders); ${connections} requests in flight for ${seconds} s per call, after 2 s of warm-up; ${os.cpus().length} cores (${os.cpus()[0].model}), node ${process.version}`,
);
say(`- load at start (1/5/15 min): ${load()}`);
say();
say('| call | calls/s | p50 ms | p95 ms | failed |');
say('| --- | --- | --- | --- | --- |');
try {
  for (const c of cases) {
    await hammer(c, 2_000);
    const { times, failed } = await hammer(c, seconds * 1000);
    say(
      `| ${c.label} | ${Math.round(times.length / seconds).toLocaleString('en')} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.95).toFixed(1)} | ${failed} |`,
    );
  }
  say();
  say(`load at end: ${load()}`);
} finally {
  stop();
  await new Promise((r) => server.once('exit', r));
  await scratch.drop();
  if (kind === 'postgres') rmSync(dataDir, { recursive: true, force: true });
}
