import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../server/db/client';
import { orders, refunds } from '../../server/db/schema';
import { closePeriods } from '../../server/modules/settlements';
import {
  companyRollupDifferences,
  foldSummaryDeltas,
  summaryDifferences,
  setBusinessZone,
} from '../../server/modules/summaries';
import { backends, freshPostgresDatabase, startHarness, type Harness } from './harness';
import { newCompany, paidOrder, succeededRefund, tokyo } from './settlements-support';

/**
 * The order and refund summaries (docs/reports.md) stay exact: whatever happens to orders,
 * refunds, audits and settlements, the folded totals plus the deltas not yet folded equal what the
 * raw tables give, cell by cell (order_day_expected, which `npm run check-summaries` reads too).
 */

const ZONE = 'Asia/Tokyo';
const FIRST_DAY = '2026-06-01';
const dayOf = (n: number) =>
  new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Op =
  | { op: 'pay'; day: number; amount: number; minute: number; currency: 'JPY' | 'USD' }
  | { op: 'unpaid'; day: number; amount: number; status: 'failed' | 'paying' | 'timeout' }
  | { op: 'payLater'; pick: number }
  | { op: 'refund'; day: number; pick: number; share: number }
  | { op: 'approval'; pick: number; share: number; approve: boolean }
  | { op: 'audit'; pick: number; result: 1 | 100 | 300 }
  | { op: 'unaudit'; pick: number }
  | { op: 'close'; day: number }
  | { op: 'remit'; pick: number; reverse: boolean }
  | { op: 'fold' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      day: fc.nat(40),
      amount: fc.integer({ min: 1, max: 300_000 }),
      minute: fc.nat(1439),
      currency: fc.constantFrom('JPY' as const, 'USD' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('unpaid' as const),
      day: fc.nat(40),
      amount: fc.integer({ min: 1, max: 300_000 }),
      status: fc.constantFrom('failed' as const, 'paying' as const, 'timeout' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('payLater' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      day: fc.nat(40),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('approval' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      approve: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('audit' as const),
      pick: fc.nat(),
      result: fc.constantFrom(1 as const, 1 as const, 100 as const, 300 as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unaudit' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('close' as const), day: fc.integer({ min: 5, max: 45 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('remit' as const), pick: fc.nat(), reverse: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('fold' as const) }) },
);

describe.each(backends)('the order summaries on $name', (backend) => {
  let h: Harness;
  let n = 0;
  const uniq = (p: string) => `${p}${process.pid}-${Date.now().toString(36)}-${++n}`;
  const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    rowsOf<T>(await h.db.execute(q));

  /** What the summaries hold for a company, per proof state: paid count and amount, refunds. */
  const heldFor = async (companyId: number) =>
    rows<{
      proof: number;
      paid_count: string;
      paid_amount: string;
      refund_amount: string;
      orders: string;
    }>(sql`
      select proof, sum(orders) as orders, sum(paid_count) as paid_count, sum(paid_amount) as paid_amount,
        sum(refund_amount) as refund_amount
      from (select * from order_day_totals where company_id = ${companyId}
            union all select day, company_id, branch_unit_id, brand, currency, payment_type, proof, orders,
              paid_count, paid_amount, commission, rebate, refund_count, refund_amount, refund_commission,
              refund_rebate from order_day_deltas where company_id = ${companyId}) x
      group by proof having sum(orders) <> 0 or sum(paid_amount) <> 0 or sum(refund_amount) <> 0
      order by proof`).then((r) =>
      r.map((x) => ({
        proof: Number(x.proof),
        orders: Number(x.orders),
        paid: Number(x.paid_count),
        amount: Number(x.paid_amount),
        refunded: Number(x.refund_amount),
      })),
    );

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
  });
  afterAll(() => h?.close());

  it('hold the demo data exactly, before and after folding', async () => {
    expect(await summaryDifferences(h.db)).toEqual([]);
    const [{ n: deltas }] = await rows<{ n: string }>(sql`select count(*) as n from order_day_deltas`);
    expect(Number(deltas)).toBeGreaterThan(0);
    expect(await companyRollupDifferences(h.db)).toEqual([]);
    await foldSummaryDeltas(h.db, 500);
    expect(await summaryDifferences(h.db)).toEqual([]);
    expect(await companyRollupDifferences(h.db)).toEqual([]);
    const [{ n: cells }] = await rows<{ n: string }>(sql`select count(*) as n from order_day_company_totals`);
    expect(Number(cells)).toBeGreaterThan(0);
    expect(await rows(sql`select * from order_day_deltas`)).toEqual([]);
    // The demo's paid orders, all of them, are in the summaries.
    const [raw] = await rows<{ n: string; s: string }>(sql`select count(*) as n, sum(amount) as s from orders
      where status in ('success', 'refunding', 'partlyRefunded', 'refunded')`);
    const [held] = await rows<{ n: string; s: string }>(
      sql`select sum(paid_count) as n, sum(paid_amount) as s from order_day_totals`,
    );
    expect(Number(raw.n)).toBeGreaterThan(100);
    expect([Number(held.n), Number(held.s)]).toEqual([Number(raw.n), Number(raw.s)]);
  });

  it('move a payment up the proof states: paid, matched, settled, paid out; a refund on its own day', async () => {
    const company = await newCompany(h.db, { checkoutPeriod: 'daily' });
    const order = await paidOrder(h.db, {
      companyId: company.id,
      amount: 1234,
      at: tokyo(`${dayOf(1)} 10:00`),
    });
    expect(await heldFor(company.id)).toEqual([{ proof: 1, orders: 1, paid: 1, amount: 1234, refunded: 0 }]);
    await h.db.execute(
      sql`insert into order_audits (order_id, audit_status, audit_result) values (${order.id}, 1, 1)`,
    );
    expect(await heldFor(company.id)).toEqual([{ proof: 2, orders: 1, paid: 1, amount: 1234, refunded: 0 }]);
    await succeededRefund(h.db, order.id, 234, tokyo(`${dayOf(2)} 09:00`));
    await closePeriods(h.db, { through: dayOf(3), zone: ZONE });
    expect(await heldFor(company.id)).toEqual([
      { proof: 3, orders: 1, paid: 1, amount: 1234, refunded: 234 },
    ]);
    await h.db.execute(
      sql`update settlements set status = 2 where kind = 'merchant' and party_id = ${company.id}`,
    );
    expect(await heldFor(company.id)).toEqual([
      { proof: 4, orders: 1, paid: 1, amount: 1234, refunded: 234 },
    ]);
    // The refund counts on its own business day, the payment on its.
    const days = await rows<{ day: string; paid_amount: string; refund_amount: string }>(sql`
      select day::text as day, sum(paid_amount) as paid_amount, sum(refund_amount) as refund_amount
      from (select day, paid_amount, refund_amount from order_day_totals where company_id = ${company.id}
            union all select day, paid_amount, refund_amount from order_day_deltas where company_id = ${company.id}) x
      group by day having sum(paid_amount) <> 0 or sum(refund_amount) <> 0 order by day`);
    expect(days.map((d) => [d.day, Number(d.paid_amount), Number(d.refund_amount)])).toEqual([
      [dayOf(1), 1234, 0],
      [dayOf(2), 0, 234],
    ]);
    expect(await summaryDifferences(h.db)).toEqual([]);
  });

  it('cut business days in the configured zone, rebuilt when it changes', async () => {
    const company = await newCompany(h.db, { checkoutPeriod: 'daily' });
    // 23:30 in Tokyo on day 5 is 14:30 UTC the same day, and 15:30 in Tokyo is 06:30 UTC.
    await paidOrder(h.db, { companyId: company.id, amount: 500, at: tokyo(`${dayOf(6)} 00:30`) });
    const dayIn = async () =>
      (
        await rows<{ day: string }>(sql`select distinct day::text as day from (
          select day, paid_amount from order_day_totals where company_id = ${company.id}
          union all select day, paid_amount from order_day_deltas where company_id = ${company.id}) x
          where paid_amount <> 0`)
      ).map((r) => r.day);
    expect(await dayIn()).toEqual([dayOf(6)]);
    try {
      expect(await setBusinessZone(h.db, 'UTC')).toBe(true);
      expect(await dayIn()).toEqual([dayOf(5)]);
      expect(await setBusinessZone(h.db, 'UTC')).toBe(false);
      expect(await summaryDifferences(h.db)).toEqual([]);
      // The roll-up is rebuilt with the totals: the company's payment moved to day 5 there too.
      expect(await companyRollupDifferences(h.db)).toEqual([]);
      const [moved] = await rows<{ day: string }>(
        sql`select day::text as day from order_day_company_totals where company_id = ${company.id} and paid_amount <> 0`,
      );
      expect(moved.day).toBe(dayOf(5));
    } finally {
      await setBusinessZone(h.db, ZONE);
    }
    expect(await dayIn()).toEqual([dayOf(6)]);
  });

  it('stay exact after every step of generated histories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), async (ops) => {
        const company = await newCompany(h.db, { checkoutPeriod: 'daily' });
        const paid: { id: number; left: number; day: number }[] = [];
        const unpaid: number[] = [];
        for (const o of ops) {
          switch (o.op) {
            case 'pay': {
              const at = new Date(tokyo(`${dayOf(o.day)} 00:00`).getTime() + o.minute * 60_000);
              const row = await paidOrder(h.db, {
                companyId: company.id,
                amount: o.amount,
                at,
                currency: o.currency,
                rates: { commission: 325, rebate: null },
              });
              paid.push({ id: row.id, left: o.amount, day: o.day });
              break;
            }
            case 'unpaid': {
              const [row] = await h.db
                .insert(orders)
                .values({
                  companyId: company.id,
                  clientOrderNo: uniq('U'),
                  gatewayOrderNo: uniq('GU'),
                  amount: o.amount,
                  currency: 'JPY',
                  status: o.status,
                  paymentType: 'link',
                  brand: '',
                  createdAt: tokyo(`${dayOf(o.day)} 12:00`),
                })
                .returning({ id: orders.id });
              unpaid.push(row.id);
              break;
            }
            case 'payLater': {
              // A link's payer chooses a brand and pays: the order's brand and status change.
              if (unpaid.length === 0) break;
              const id = unpaid.splice(o.pick % unpaid.length, 1)[0];
              const [row] = await rows<{ amount: string; day: string }>(sql`update orders
                set status = 'success', brand = 'wechat', sub_brand = 'wechat', commission_rate = 300,
                  commission_amount = floor(amount * 0.03), finished_at = created_at
                where id = ${id} returning amount`);
              paid.push({ id, left: Number(row.amount), day: 40 });
              break;
            }
            case 'refund': {
              const open = paid.filter((p) => p.left > 0 && p.day <= o.day);
              if (open.length === 0) break;
              const p = open[o.pick % open.length];
              const amount = Math.max(1, Math.floor((p.left * o.share) / 100));
              await succeededRefund(h.db, p.id, amount, tokyo(`${dayOf(o.day)} 23:00`));
              p.left -= amount;
              break;
            }
            case 'approval': {
              // A refund waits for approval (not counted), then is approved and succeeds, or is rejected.
              const open = paid.filter((p) => p.left > 0);
              if (open.length === 0) break;
              const p = open[o.pick % open.length];
              const amount = Math.max(1, Math.floor((p.left * o.share) / 100));
              const [r] = await h.db
                .insert(refunds)
                .values({
                  orderId: p.id,
                  companyId: company.id,
                  clientRefundNo: uniq('RA'),
                  gatewayRefundNo: uniq('GRA'),
                  amount,
                  currency: (
                    await rows<{ c: string }>(sql`select currency as c from orders where id = ${p.id}`)
                  )[0].c,
                  status: 'awaitingApproval',
                  createdAt: tokyo(`${dayOf(41)} 10:00`),
                })
                .returning({ id: refunds.id });
              expect(await summaryDifferences(h.db)).toEqual([]);
              if (o.approve) {
                await h.db.execute(sql`update refunds set status = 'waiting' where id = ${r.id}`);
                await h.db.execute(sql`update refunds set status = 'success', commission_amount = 1,
                  finished_at = created_at where id = ${r.id}`);
                await h.db.execute(sql`update orders set refunded_amount = refunded_amount + ${amount},
                  status = case when refunded_amount + ${amount} = amount then 'refunded' else 'partlyRefunded' end
                  where id = ${p.id}`);
                p.left -= amount;
              } else await h.db.execute(sql`update refunds set status = 'rejected' where id = ${r.id}`);
              break;
            }
            case 'audit': {
              if (paid.length === 0) break;
              const p = paid[o.pick % paid.length];
              await h.db.execute(sql`insert into order_audits (order_id, audit_status, audit_result)
                values (${p.id}, ${o.result === 1 ? 1 : 2}, ${o.result})
                on conflict (order_id) do update set audit_status = excluded.audit_status,
                  audit_result = excluded.audit_result`);
              break;
            }
            case 'unaudit': {
              if (paid.length === 0) break;
              const p = paid[o.pick % paid.length];
              await h.db.execute(sql`delete from order_audits where order_id = ${p.id}`);
              break;
            }
            case 'close':
              await closePeriods(h.db, { through: dayOf(o.day), zone: ZONE });
              break;
            case 'remit': {
              const list = await rows<{ id: string }>(
                sql`select id from settlements where kind = 'merchant' and party_id = ${company.id} order by id`,
              );
              if (list.length === 0) break;
              const s = list[o.pick % list.length];
              await h.db.execute(
                sql`update settlements set status = ${o.reverse ? 1 : 2} where id = ${s.id}`,
              );
              break;
            }
            case 'fold':
              await foldSummaryDeltas(h.db, 7);
              // The company roll-up is folded with the totals: it equals them summed per company.
              expect(await companyRollupDifferences(h.db), `after ${JSON.stringify(o)}`).toEqual([]);
              break;
          }
          expect(await summaryDifferences(h.db), `after ${JSON.stringify(o)}`).toEqual([]);
        }
        // Every history ends settled, remitted, one remittance reversed, and folded.
        await closePeriods(h.db, { through: dayOf(60), zone: ZONE });
        expect(await summaryDifferences(h.db), 'after the last closing').toEqual([]);
        await h.db.execute(
          sql`update settlements set status = 2 where kind = 'merchant' and party_id = ${company.id}`,
        );
        expect(await summaryDifferences(h.db), 'after remitting').toEqual([]);
        if (paid.length > 0) expect((await heldFor(company.id)).map((c) => c.proof)).toContain(4);
        await h.db.execute(sql`update settlements set status = 1 where id = (select min(id) from settlements
          where kind = 'merchant' and party_id = ${company.id})`);
        expect(await summaryDifferences(h.db), 'after a reversal').toEqual([]);
        await foldSummaryDeltas(h.db);
        expect(await summaryDifferences(h.db), 'after folding').toEqual([]);
        expect(await companyRollupDifferences(h.db), 'the roll-up after folding').toEqual([]);
      }),
      { numRuns: backend.name === 'postgres' ? 25 : 10, seed: Number(process.env.FC_SEED ?? 20261207) },
    );
  }, 300_000);
});

/**
 * `npm run check-summaries` as an operator runs it: on PostgreSQL (TEST_DATABASE_URL, as in CI)
 * or else on an embedded database folder; silent agreement first, then a cell changed behind the
 * triggers' back is printed with both figures and the command fails.
 */
describe('npm run check-summaries', () => {
  it('says the summaries agree, then names a cell that does not, and exits 1', async () => {
    const postgresUrl = process.env.TEST_DATABASE_URL?.trim();
    const database = postgresUrl ? await freshPostgresDatabase(postgresUrl) : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kessai-check-summaries-'));
    const env = {
      ...process.env,
      DATABASE_URL: database?.url ?? '',
      KESSAI_DATA_DIR: dataDir,
      KESSAI_LOG_LEVEL: 'warn',
    };
    const check = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/check-summaries.ts'], {
        encoding: 'utf8',
        env,
        timeout: 120_000,
      });
    try {
      const first = check();
      expect(first.stdout, first.stderr).toContain('The summaries equal the raw tables in every cell');
      expect(first.status).toBe(0);
      const handle = await openDatabase(database ? { url: database.url } : { dataDir });
      try {
        await handle.db.execute(sql`insert into order_day_totals (day, company_id, branch_unit_id, brand,
          currency, payment_type, proof, orders, paid_count, paid_amount)
          values ('2026-11-30', 1, 0, 'paypay', 'JPY', 'dynamicQr', 1, 1, 1, 777)`);
      } finally {
        await handle.close();
      }
      const second = check();
      expect(second.status).toBe(1);
      expect(second.stdout).toContain('1 cells of the summaries differ from the raw tables');
      expect(second.stdout).toContain('2026-11-30 company 1 branch - paypay JPY dynamicQr proof 1');
      expect(second.stdout).toContain('paid_amount 777 (raw 0)');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }, 180_000);
});
