/**
 * `npx tsx bench/summaries.ts --db pglite|postgres [--cycles 300] [--rounds 6]`: what the order
 * summaries' triggers (issue #31, docs/reports.md) add to the writes of a payment and a refund.
 *
 * One cycle is the statements the services write, each in its own transaction as they do: the
 * order created (paying), paid (status, charges, finish time), a refund recorded (refunding),
 * the refund succeeded with what it returns and the order's refunded amount and status. Rounds
 * alternate with the summaries' triggers enabled and disabled (ALTER TABLE … DISABLE TRIGGER
 * USER) so both see the same machine; the figures are per cycle, p50 and p95 of each round's
 * cycles pooled. A request through the console or the merchant API does much more than these
 * statements (session, checks, the brand), so its relative cost is smaller than this one's.
 * On an empty database of its own (DATABASE_URL's server, database kessai_bench_summaries; or a
 * PGlite folder under KESSAI_DATA_DIR), dropped or emptied first.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { benchKind, load, opt, quantile, scratchDatabase, summaryTriggers } from './common';

const kind = benchKind();
const cycles = Number(opt('cycles', '300'));
const rounds = Number(opt('rounds', '6'));

const scratch = await scratchDatabase(kind, 'summaries');
const database = scratch.database;
const db = database.db;
const [provider] = rowsOf<{ id: number }>(
  await db.execute(sql`insert into service_providers (name) values ('bench') returning id`),
);
const [company] = rowsOf<{ id: number }>(
  await db.execute(
    sql`insert into companies (service_provider_id, name) values (${provider.id}, 'bench') returning id`,
  ),
);

let n = 0;
async function cycle() {
  n += 1;
  const [order] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into orders (company_id, client_order_no, gateway_order_no, amount, currency,
        status, payment_type, brand, sub_brand)
      values (${company.id}, ${`C${n}`}, ${`G${n}`}, 1000, 'JPY', 'paying', 'dynamicQr', 'paypay', 'paypay')
      returning id`),
  );
  await db.execute(sql`update orders set status = 'success', commission_rate = 325, commission_amount = 32,
      finished_at = now(), updated_at = now() where id = ${order.id}`);
  await db.execute(sql`insert into refunds (order_id, company_id, client_refund_no, gateway_refund_no, amount,
      currency, status) values (${order.id}, ${company.id}, ${`R${n}`}, ${`GR${n}`}, 100, 'JPY', 'refunding')`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update refunds set status = 'success', commission_amount = 3, finished_at = now()
      where client_refund_no = ${`R${n}`} and company_id = ${company.id}`);
    await tx.execute(
      sql`update orders set refunded_amount = 100, status = 'partlyRefunded' where id = ${order.id}`,
    );
  });
}

const triggers = (on: boolean) => summaryTriggers(db, on);

const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
// A warm-up round of each, not counted.
for (const round of [-1, ...Array.from({ length: rounds }, (_, i) => i)])
  for (const mode of ['with', 'without'] as const) {
    await triggers(mode === 'with');
    for (let i = 0; i < cycles; i++) {
      const t0 = performance.now();
      await cycle();
      if (round >= 0) times[mode].push(performance.now() - t0);
    }
  }
await triggers(true);
const [{ deltas }] = rowsOf<{ deltas: string }>(
  await db.execute(sql`select count(*) as deltas from order_day_deltas`),
);
await scratch.drop();

const row = (mode: 'with' | 'without') =>
  `| ${mode === 'with' ? 'with the summaries' : 'without (triggers disabled)'} | ${quantile(times[mode], 0.5).toFixed(2)} | ${quantile(times[mode], 0.95).toFixed(2)} |`;
const ratio = (q: number) => ((quantile(times.with, q) / quantile(times.without, q) - 1) * 100).toFixed(1);
process.stdout.write(
  [
    `### The summaries' cost on a payment and a refund (${kind}, ${new Date().toISOString()})`,
    '',
    `${rounds} rounds × ${cycles} cycles each way, alternating; load ${load()}; ${deltas} delta rows written.`,
    '',
    '| writes of one payment and one refund (5 transactions) | p50 ms | p95 ms |',
    '| --- | --- | --- |',
    row('with'),
    row('without'),
    '',
    `Added by the summaries: p50 ${ratio(0.5)} %, p95 ${ratio(0.95)} %.`,
    '',
  ].join('\n'),
);
