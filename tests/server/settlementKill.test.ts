import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, serverEntry } from './processes-support';

/**
 * The closing run killed (SIGKILL) at random points on PostgreSQL, at least 20 times, each time
 * with more periods to close (`npm run settle -- --through …`, the scheduler's run from the
 * command line): after every kill no settlement is half written, and after a last run to the
 * end every paid order and succeeded refund of the closed periods is in exactly one settlement
 * of each kind that concerns it, none missing, with figures that are the sums of its lines.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl)
  describe('kill -9 during settlement closing runs on PostgreSQL', () => {
    const scratch = scratchDatabase(postgresUrl, 'kessai_settle_kill');
    let pool: pg.Pool;
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await pool.query(text, values)).rows as T[];
    const n = async (text: string) => Number((await q<{ n: string }>(text))[0].n);

    /** The closing run through a day, killed after `killAfterMs` (null: let it finish); did it finish? */
    function settle(
      through: string,
      killAfterMs: number | null,
    ): Promise<{ finished: boolean; out: string; writingMs: number | null }> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [...serverEntry('settle'), '--through', through], {
          env: { ...process.env, ...scratch.env, KESSAI_LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let timer: NodeJS.Timeout | null = null;
        /** When the run's first settlement was seen (how long a run writes, for the next kill). */
        let writing: number | null = null;
        // The kill is timed from the moment the run starts closing (after node, tsx and the
        // migrations have started, which take longer on a busy machine), so it lands in the work.
        let watching = false;
        child.stdout!.on('data', (d: Buffer) => {
          out += String(d);
          if (killAfterMs === null || watching || !out.includes('Closing through')) return;
          watching = true;
          // Killed `killAfterMs` after the run has written its first settlement (so the kill lands
          // while settlements are being written, however fast or slow the machine), or after 8 s.
          void n('select count(*) as n from settlements').then(async (start) => {
            const deadline = Date.now() + 8000;
            while (child.exitCode === null && Date.now() < deadline) {
              if ((await n('select count(*) as n from settlements')) > start) {
                writing = Date.now();
                break;
              }
              await new Promise((r) => setTimeout(r, 20));
            }
            if (child.exitCode === null) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
          });
        });
        child.stderr!.on('data', (d: Buffer) => (out += String(d)));
        child.on('error', reject);
        child.on('exit', (code, signal) => {
          if (timer) clearTimeout(timer);
          const writingMs = writing === null ? null : Date.now() - writing;
          if (signal === 'SIGKILL') resolve({ finished: false, out, writingMs });
          else if (code === 0) resolve({ finished: true, out, writingMs });
          else reject(new Error(`settle exited ${code}: ${out}`));
        });
      });
    }

    /** No settlement is written without all of its lines: each one's counts and totals match them. */
    async function noHalfSettlement() {
      expect(
        await n(`select count(*) as n from settlements s where
          s.order_count <> (select count(*) from settlement_orders so where so.settlement_id = s.id)
          or s.refund_count <> (select count(*) from settlement_refunds sr where sr.settlement_id = s.id)
          or s.order_total <> (select coalesce(sum(o.amount), 0) from settlement_orders so join orders o on o.id = so.order_id where so.settlement_id = s.id)
          or s.refund_total <> (select coalesce(sum(r.amount), 0) from settlement_refunds sr join refunds r on r.id = sr.refund_id where sr.settlement_id = s.id)`),
      ).toBe(0);
    }

    beforeAll(async () => {
      await scratch.create();
      pool = scratch.pool();
      // The schema (a run through a day before any data migrates it).
      expect((await settle('2026-01-01', null)).finished).toBe(true);
      // 24 daily companies (half with an agency and a rebate), 40,000 paid orders over 60 days
      // from 2026-03-01, one in eight partly refunded two days later.
      await q(`insert into service_providers (name) values ('Kill Test Provider')`);
      await q(`insert into agents (service_provider_id, name, settlement_period, minimum_amount)
        select id, 'Kill Agency', 'T+7', 0 from service_providers`);
      await q(`insert into companies (service_provider_id, agent_id, name, checkout_period, checkout_limit)
        select sp.id, case when g % 2 = 0 then a.id end, 'Kill Co ' || g, 'daily', 0
        from service_providers sp, agents a, generate_series(1, 24) g`);
      await q(`insert into orders (company_id, client_order_no, gateway_order_no, amount, currency, status, payment_type,
          brand, commission_rate, commission_amount, rebate_rate, rebate_amount, agent_id, created_at, finished_at)
        select c.id, 'K' || i, 'KG' || i, 1000 + (i * 37) % 50000, 'JPY', 'success', 'dynamicQr', 'paypay',
          300, ((1000 + (i * 37) % 50000) * 300 + 5000) / 10000,
          case when c.agent_id is not null then 60 end,
          case when c.agent_id is not null then ((1000 + (i * 37) % 50000) * 60 + 5000) / 10000 end,
          c.agent_id, t, t
        from generate_series(1, 40000) i
        join companies c on c.name = 'Kill Co ' || (1 + i % 24)
        cross join lateral (select timestamptz '2026-03-01 00:00+09' + (i % 60) * interval '1 day' + (i % 1440) * interval '1 minute' as t) x`);
      await q(`insert into refunds (order_id, company_id, client_refund_no, gateway_refund_no, amount, currency, status,
          commission_amount, rebate_amount, fee_amount, created_at, finished_at)
        select o.id, o.company_id, 'R' || o.id, 'RG' || o.id, o.amount / 2, 'JPY', 'success',
          o.commission_amount - (((o.amount - o.amount / 2) * 300 + 5000) / 10000),
          case when o.rebate_amount is not null then o.rebate_amount - (((o.amount - o.amount / 2) * 60 + 5000) / 10000) else 0 end,
          0, o.finished_at + interval '2 days', o.finished_at + interval '2 days'
        from orders o where o.id % 8 = 0`);
      await q(
        `update orders o set refunded_amount = r.amount, status = 'partlyRefunded' from refunds r where r.order_id = o.id`,
      );
    }, 180_000);

    afterAll(async () => {
      await pool?.end();
      await scratch.drop();
    });

    it('leaves no half settlement after 20+ kills, and a last run settles every item exactly once', async () => {
      let kills = 0;
      let midRun = 0;
      // Each round closes one day further, so every run has work when it is killed; the orders
      // span 60 days, so at most 57 rounds have work (the loop never outlives them: on a loaded
      // machine a run may finish before its kill, and a round past the data would never be killed).
      // The kill lands at a random point of the run's writing: within the time a run that was
      // not killed went on writing after its first settlement (0.3 s until one is seen). With a
      // fixed 0.3 s, on a fast machine more than half the runs finished first and the loop took
      // 45 rounds for its 20 kills.
      let writingMs = 300;
      for (let round = 0; kills < 20 && round < 57; round++) {
        const through = new Date(Date.UTC(2026, 2, 1 + 3 + round)).toISOString().slice(0, 10);
        const before = await n('select count(*) as n from settlements');
        const r = await settle(through, Math.floor(Math.random() * writingMs));
        if (!r.finished) {
          kills += 1;
          if ((await n('select count(*) as n from settlements')) > before) midRun += 1;
        } else if (r.writingMs !== null) writingMs = Math.max(20, r.writingMs);
        await noHalfSettlement();
      }
      expect(kills).toBeGreaterThanOrEqual(20);
      // Most kills land while settlements were being written (some before the first party committed).
      expect(midRun).toBeGreaterThan(0);
      const done = await settle('2026-05-31', null);
      expect(done.finished, done.out).toBe(true);
      await noHalfSettlement();
      expect(
        await n(`select count(*) as n from orders o where
          (select count(*) from settlement_orders so where so.kind = 'merchant' and so.order_id = o.id) <> 1
          or (o.agent_id is not null and (select count(*) from settlement_orders so where so.kind = 'agent' and so.order_id = o.id) <> 1)`),
      ).toBe(0);
      expect(
        await n(`select count(*) as n from refunds r where
          (select count(*) from settlement_refunds sr where sr.kind = 'merchant' and sr.refund_id = r.id) <> 1`),
      ).toBe(0);
      // The merchants' money invariant over everything closed.
      const [sums] = await q<
        Record<string, string>
      >(`select sum(order_total) o, sum(refund_total) r, sum(commission_total) c,
          sum(transfer_commission) f, sum(transfer_amount) t from settlements where kind = 'merchant'`);
      const carry =
        await n(`select coalesce(sum(carried_out), 0) as n from settlements s where kind = 'merchant'
          and period_end = (select max(period_end) from settlements x where x.kind = s.kind and x.party_id = s.party_id and x.currency = s.currency)`);
      expect(Number(sums.o) - Number(sums.r) - Number(sums.c) - Number(sums.f)).toBe(Number(sums.t) + carry);
      // A second run changes nothing.
      const count = await n('select count(*) as n from settlements');
      expect((await settle('2026-05-31', null)).finished).toBe(true);
      expect(await n('select count(*) as n from settlements')).toBe(count);
    }, 600_000);
  });
