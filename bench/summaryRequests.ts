/**
 * `npm run bench:summary-requests -- --db pglite|postgres [--cycles 150] [--rounds 4]`: what the
 * order summaries' triggers (issue #31) add to a payment and a refund as a merchant's system and a
 * payer see them: whole requests through the app (app.inject: signature, checks, the statements,
 * the audit row, the sandbox brand, JSON), not bare statements (bench/summaries.ts).
 *
 * One cycle: the merchant creates a payment (`/merchant/pay/create`, signed), the payer pays it
 * (`/pay/qrcode/decide`) and the brand's notification makes it paid (`/api/notify/paypay`, in the
 * background: the cycle waits for it), then the merchant refunds part of it
 * (`/merchant/refund/refund`). Each step is timed on its own. Rounds alternate with the summaries'
 * triggers enabled and disabled (ALTER TABLE … DISABLE TRIGGER USER: the tables' only user
 * triggers are the summaries') so both see the same machine. On an empty database of its own
 * with the demo's organisations (no demo orders), dropped or emptied first.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { rowsOf } from '../server/db/client';
import { prepareDatabase } from '../server/demo/prepare';
import {
  benchKind,
  inProcess,
  load,
  opt,
  quantile,
  scratchDatabase,
  signIn,
  summaryTriggers,
} from './common';

const kind = benchKind();
const cycles = Number(opt('cycles', '150'));
const rounds = Number(opt('rounds', '4'));

const scratch = await scratchDatabase(kind, 'summary_requests');
const config = loadConfig(
  {
    ...process.env,
    ...scratch.env,
    KESSAI_CAPTCHA: 'off',
    KESSAI_DEMO_ORDERS: '0',
    KESSAI_SANDBOX_KEY: 'bench-sandbox-key-0123456789abcdef0123456789abcdef',
  },
  { captcha: false, logLevel: 'warn' },
);
const database = scratch.database;
await prepareDatabase(database, config);
const db = database.db;
const app = await buildApp({ db, config });
const admin = await signIn(inProcess(app), 'admin', config.demoPassword);
const [company] = rowsOf<{ id: number }>(
  await db.execute(sql`select id from companies where name = '株式会社ひのき珈琲'`),
);
const credentials = (
  await inProcess(app)<{ credentials: { accessToken: string; paySecret: string } }>(
    '/org/company/regenerateSecret',
    { id: company.id },
    admin,
  )
).result.credentials;

let seq = 0;
/** A signed merchant request; its reply's result (the call must succeed). */
async function merchant<T>(path: string, body: object): Promise<T> {
  const payload = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/json',
      accesstoken: credentials.accessToken,
      timestamp,
      sign: createHmac('sha256', credentials.paySecret)
        .update(`${timestamp}\n${path}\n${payload}`)
        .digest('hex'),
    },
    payload,
  });
  const reply = res.json() as { resultType: string; resultMessage: string; result: T };
  if (reply.resultType !== 'SUCCESS') throw new Error(`${path}: ${reply.resultType} ${reply.resultMessage}`);
  return reply.result;
}

type Step = 'create' | 'pay' | 'refund';
async function cycle(): Promise<Record<Step, number>> {
  seq += 1;
  const clientOrderNo = `BENCH-${process.pid}-${seq}`;
  const t0 = performance.now();
  const order = await merchant<{ gatewayOrderNo: string }>('/merchant/pay/create', {
    clientOrderNo,
    amount: 2400,
    currency: 'JPY',
    paymentType: 'dynamicQr',
    brand: 'paypay',
  });
  const t1 = performance.now();
  const decided = await inProcess(app)('/pay/qrcode/decide', {
    orderNo: order.gatewayOrderNo,
    brand: 'paypay',
    action: 'pay',
  });
  if (decided.resultType !== 'SUCCESS') throw new Error(`decide: ${decided.resultMessage}`);
  await app.deps().connectors.settled();
  const t2 = performance.now();
  await merchant('/merchant/refund/refund', {
    clientOrderNo,
    clientRefundNo: `${clientOrderNo}-R`,
    amount: 800,
  });
  const t3 = performance.now();
  return { create: t1 - t0, pay: t2 - t1, refund: t3 - t2 };
}

const triggers = (on: boolean) => summaryTriggers(db, on);

const STEPS: Step[] = ['create', 'pay', 'refund'];
const times = {
  with: { create: [] as number[], pay: [] as number[], refund: [] as number[], all: [] as number[] },
  without: { create: [] as number[], pay: [] as number[], refund: [] as number[], all: [] as number[] },
};
const started = load();
// A warm-up round of each, not counted.
for (const round of [-1, ...Array.from({ length: rounds }, (_, i) => i)])
  for (const mode of ['with', 'without'] as const) {
    await triggers(mode === 'with');
    for (let i = 0; i < cycles; i++) {
      const t = await cycle();
      if (round < 0) continue;
      for (const s of STEPS) times[mode][s].push(t[s]);
      times[mode].all.push(t.create + t.pay + t.refund);
    }
  }
await triggers(true);
const [paid] = rowsOf<{ n: string }>(
  await db.execute(sql`select count(*) as n from orders where status = 'partlyRefunded'`),
);
await app.close();
await scratch.drop();

const f = (x: number) => x.toFixed(2);
const added = (s: Step | 'all', q: number) =>
  ((quantile(times.with[s], q) / quantile(times.without[s], q) - 1) * 100).toFixed(1);
const LABEL: Record<Step | 'all', string> = {
  create: '`/merchant/pay/create`',
  pay: '`/pay/qrcode/decide` + the brand’s notification',
  refund: '`/merchant/refund/refund`',
  all: 'the three together',
};
process.stdout.write(
  [
    `### The summaries' cost on a payment and a refund, whole requests (${kind}, ${new Date().toISOString().slice(0, 16)}Z)`,
    '',
    `${rounds} rounds × ${cycles} cycles each way, alternating (after a warm-up round of each); load at start ${started}, at end ${load()}; ${paid.n} orders paid and partly refunded.`,
    '',
    '| request | with p50 / p95 ms | without p50 / p95 ms | added p50 / p95 |',
    '| --- | --- | --- | --- |',
    ...([...STEPS, 'all'] as const).map(
      (s) =>
        `| ${LABEL[s]} | ${f(quantile(times.with[s], 0.5))} / ${f(quantile(times.with[s], 0.95))} | ${f(quantile(times.without[s], 0.5))} / ${f(quantile(times.without[s], 0.95))} | ${added(s, 0.5)} % / ${added(s, 0.95)} % |`,
    ),
    '',
  ].join('\n'),
);
