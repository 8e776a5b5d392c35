import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type { OrderRow } from '../../src/contract/orders';
import { ATTENTION_KEYS, type DashboardReply } from '../../src/contract/reports';
import { rowsOf } from '../../server/db/client';
import { foldSummaryDeltas } from '../../server/modules/summaries';
import { backends, operatorByLogin, startHarness, type Harness } from './harness';

/**
 * The home dashboard (`/report/reportDashBoard/index`, docs/reports.md) on the demo data: each
 * role's figures within its scope, equal to the transaction history's for the same days and to
 * the raw tables, split by proof state to the yen, and what waits for the role.
 */
describe.each(backends)('the dashboard on $name', (backend) => {
  let h: Harness;
  const tokens: Record<string, string> = {};
  const today = () => DateTime.now().setZone('Asia/Tokyo');
  const dash = async (loginId: string, body: object) => {
    tokens[loginId] ??= await h.token(loginId);
    return h.call<DashboardReply>('/report/reportDashBoard/index', body, { token: tokens[loginId] });
  };
  /** The dashboard as `loginId` sees it (the call must succeed). */
  const figures = async (loginId: string, body: object) => {
    const r = await dash(loginId, body);
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    return r.body.result!;
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await h.db.execute(q));

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
  });
  afterAll(() => h?.close());

  it('gives the system administrator every company, per currency, equal to the raw orders of the same days', async () => {
    // A brand payout whose deposit window has passed without a deposit.
    await h.db
      .execute(sql`insert into brand_payouts (brand, currency, period_begin, period_end, due_date, deposit_by)
      values ('paypay', 'JPY', '2020-01-01', '2020-01-31', '2020-02-05', '2020-02-10')`);
    const d = await figures('admin', { window: 'days30' });
    expect([d.from, d.to]).toEqual([today().minus({ days: 29 }).toISODate(), today().toISODate()]);
    expect([d.previousFrom, d.previousTo]).toEqual([
      today().minus({ days: 59 }).toISODate(),
      today().minus({ days: 30 }).toISODate(),
    ]);
    const raw = await rows<{ currency: string; n: string; amount: string; orders: string }>(sql`
      select currency, count(*) filter (where status in ('success', 'refunding', 'partlyRefunded', 'refunded')) as n,
        coalesce(sum(amount) filter (where status in ('success', 'refunding', 'partlyRefunded', 'refunded')), 0) as amount,
        count(*) as orders
      from orders where (created_at at time zone 'Asia/Tokyo')::date between ${d.from}::date and ${d.to}::date
      group by currency`);
    expect(raw.length).toBeGreaterThan(1);
    for (const c of raw) {
      const f = d.currencies.find((x) => x.currency === c.currency)!;
      expect(f, c.currency).toBeDefined();
      expect([f.current.paidCount, f.current.paidAmount, f.current.orders]).toEqual([
        Number(c.n),
        Number(c.amount),
        Number(c.orders),
      ]);
      // Every paid yen stands on exactly one rung.
      expect(Object.values(f.paidProof).reduce((a, b) => a + b, 0)).toBe(f.current.paidAmount);
      expect(f.byBrand.reduce((a, b) => a + b.paidAmount, 0)).toBe(f.current.paidAmount);
      expect(f.trend).toHaveLength(30);
      expect(f.trend.reduce((a, b) => a + b.paidAmount, 0)).toBe(f.current.paidAmount);
    }
    // The demo data has statements matched, settlements closed and payouts remitted: every rung is used.
    const jpy = d.currencies.find((x) => x.currency === 'JPY')!;
    expect(jpy.top.length).toBe(5);
    expect(d.topKind).toBe('companies');
    expect((await figures('admin', { window: 'days30' })).currencies).toEqual(d.currencies);
    expect(d.attention.map((a) => a.key)).toEqual([...ATTENTION_KEYS]);
    const waiting = Object.fromEntries(d.attention.map((a) => [a.key, a.count]));
    const [overdue] = await rows<{ n: string }>(sql`select count(*) as n from brand_payouts
      where deposit_id is null and deposit_by < ${d.to}::date`);
    expect(waiting.payoutsWithoutDeposit).toBe(Number(overdue.n));
    expect(waiting.payoutsWithoutDeposit).toBeGreaterThan(0);
    const [expiring] = await rows<{ n: string }>(sql`select count(*) as n from orders
      where payment_type = 'link' and status in ('pendingPayment', 'paying', 'customerPaying', 'inPayment', 'pendingClose')
        and expires_at >= now() and (expires_at at time zone 'Asia/Tokyo')::date = ${d.to}::date`);
    expect(waiting.linksExpiringToday).toBe(Number(expiring.n));
    const [exceptions] = await rows<{ n: string }>(
      sql`select count(*) as n from order_audits where audit_status = 2`,
    );
    expect(d.attention.find((a) => a.key === 'reconciliationExceptions')!.count).toBe(Number(exceptions.n));
  });

  it("equals the transaction history's total of paid orders for the same days, as a company admin (its branches on top)", async () => {
    const d = await figures('co-admin', { window: 'days7' });
    const page = await h.call<Page<OrderRow>>(
      '/history/orderInfo/page',
      { beginTime: d.from, endTime: d.to, status: '0', pageNum: 1, pageSize: 10 },
      { token: tokens['co-admin'] },
    );
    expect(page.body.resultType).toBe('SUCCESS');
    const paid = d.currencies.reduce((a, c) => a + c.current.paidCount, 0);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBe(page.body.result!.total);
    expect(d.topKind).toBe('branches');
    const me = await operatorByLogin(h.db, 'co-admin');
    const [own] = await rows<{ n: string }>(sql`select count(*) as n from orders
      where company_id = ${me.companyId} and status in ('success', 'refunding', 'partlyRefunded', 'refunded')
        and (created_at at time zone 'Asia/Tokyo')::date between ${d.from}::date and ${d.to}::date`);
    expect(paid).toBe(Number(own.n));
    // A company administrator may approve refunds and issue URL payments, not reconcile nor pay out.
    expect(d.attention.map((a) => a.key)).toEqual(['refundApprovals', 'linksExpiringToday']);
  });

  it("shows a company operator only its branch's orders", async () => {
    const me = await operatorByLogin(h.db, 'co-op');
    const d = await figures('co-op', { window: 'days30' });
    const [own] = await rows<{
      n: string;
      amount: string;
    }>(sql`select count(*) as n, coalesce(sum(amount), 0) as amount
      from orders where company_id = ${me.companyId} and branch_unit_id is not distinct from ${me.branchUnitId}
        and status in ('success', 'refunding', 'partlyRefunded', 'refunded')
        and (created_at at time zone 'Asia/Tokyo')::date between ${d.from}::date and ${d.to}::date`);
    expect(d.currencies.reduce((a, c) => a + c.current.paidCount, 0)).toBe(Number(own.n));
    expect(d.currencies.every((c) => c.top.every((t) => t.id === me.branchUnitId))).toBe(true);
    expect(d.attention).toEqual([]);
  });

  it('gives the same figures before and after the deltas are folded, and today by hour', async () => {
    const before = await figures('admin', { window: 'today' });
    await foldSummaryDeltas(h.db);
    const after = await figures('admin', { window: 'today' });
    expect(after.currencies).toEqual(before.currencies);
    // Today against yesterday until the same time of day.
    expect(after.previousUntil).not.toBeNull();
    const [yesterday] = await rows<{ n: string; amount: string }>(sql`select count(*) as n,
        coalesce(sum(amount), 0) as amount from orders
      where currency = 'JPY' and status in ('success', 'refunding', 'partlyRefunded', 'refunded')
        and created_at >= ${`${after.previousFrom}T00:00:00+09:00`}::timestamptz
        and created_at < ${before.previousUntil}::timestamptz`);
    // (Just after midnight today may have no JPY figures yet: then yesterday's few hours must be empty too.)
    const jpy = before.currencies.find((c) => c.currency === 'JPY');
    expect([jpy?.previous.paidCount ?? 0, jpy?.previous.paidAmount ?? 0]).toEqual([
      Number(yesterday.n),
      Number(yesterday.amount),
    ]);
    for (const c of after.currencies) {
      expect(c.trend).toHaveLength(24);
      expect(c.trend[0].at).toBe(`${after.from}T00`);
      expect(c.trend.reduce((a, b) => a + b.paidAmount, 0)).toBe(c.current.paidAmount);
    }
  });

  it('refuses an unknown window or field with a clear error in the caller’s language, and a signed-out call', async () => {
    const bad = await dash('admin', { window: 'days400' });
    expect(bad.body.resultType).toBe('INVALID');
    expect(bad.body.resultMessage).not.toBe('');
    const extra = await dash('admin', { window: 'today', companyId: 99 });
    expect(extra.body.resultType).toBe('INVALID');
    const anonymous = await h.call('/report/reportDashBoard/index', { window: 'today' });
    expect(anonymous.body.resultType).not.toBe('SUCCESS');
  });
});
