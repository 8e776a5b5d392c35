import { parse } from 'csv-parse/sync';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type { OrderRow } from '../../src/contract/orders';
import {
  ATTENTION_KEYS,
  PROOF_STATES,
  type DashboardReply,
  type ReportFigures,
  type ReportPage,
  type ReportPoint,
  type ReportRow,
  type ReportSeriesReply,
} from '../../src/contract/reports';
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
    expect(d.attention.map((a) => a.key)).toEqual([
      'refundApprovals',
      'linksExpiringToday',
      'notificationsGivenUp',
    ]);
  });

  it('counts the notifications given up on within scope, and its link lists exactly those orders', async () => {
    const me = await operatorByLogin(h.db, 'co-admin');
    const ours = sql`company_id = ${me.companyId}`;
    const theirs = sql`company_id <> ${me.companyId}`;
    // Failed notifications: two orders of the company of this week (one with two), one older
    // than the 31 days, one of another company; a pending one does not count.
    const pick = (where: SQL, days: [number, number], limit: number) =>
      rows<{ id: string; company_id: number }>(sql`select id, company_id from orders where ${where}
        and created_at between now() - ${`${days[1]} days`}::interval and now() - ${`${days[0]} days`}::interval
        order by id limit ${limit}`);
    const recent = await pick(ours, [1, 6], 3);
    const old = await pick(ours, [40, 60], 1);
    const other = await pick(theirs, [1, 6], 1);
    const notify = (o: { id: string; company_id: number }, status: string) =>
      h.db
        .execute(sql`insert into merchant_notifications (notify_id, order_id, company_id, url, order_status, payload, status)
        values (${crypto.randomUUID()}, ${o.id}, ${o.company_id}, 'https://merchant.example/notify', 'success', '{}', ${status})`);
    for (const o of [recent[0], recent[0], recent[1], ...old, ...other]) await notify(o, 'failed');
    await notify(recent[2], 'pending');
    const d = await figures('co-admin', { window: 'today' });
    const item = d.attention.find((a) => a.key === 'notificationsGivenUp')!;
    expect(item.count).toBe(2);
    const query = Object.fromEntries(new URL(item.href, 'http://x').searchParams);
    expect(query.notify).toBe('failed');
    const page = await h.call<Page<OrderRow>>(
      '/history/orderInfo/page',
      { ...query, pageNum: 1, pageSize: 10 },
      { token: tokens['co-admin'] },
    );
    expect(page.body.resultType).toBe('SUCCESS');
    expect(page.body.result!.total).toBe(2);
    expect(page.body.result!.records.map((r) => r.id).sort()).toEqual(
      [recent[0].id, recent[1].id].map(Number).sort(),
    );
    const pending = await h.call<Page<OrderRow>>(
      '/history/orderInfo/page',
      { ...query, notify: 'pending', pageNum: 1, pageSize: 10 },
      { token: tokens['co-admin'] },
    );
    expect(pending.body.result!.records.map((r) => r.id)).toEqual([Number(recent[2].id)]);
    // The system administrator counts the other company's too.
    const all = await figures('admin', { window: 'today' });
    expect(all.attention.find((a) => a.key === 'notificationsGivenUp')!.count).toBe(3);
    await h.db.execute(sql`delete from merchant_notifications where url = 'https://merchant.example/notify'`);
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

  it('opens each part of the proof line as the exact paid orders on that rung: the history’s total and its export’s sum', async () => {
    const d = await figures('admin', { window: 'days30' });
    const range = { beginTime: d.from, endTime: d.to, status: '0' };
    const jpy = d.currencies.find((c) => c.currency === 'JPY')!;
    let count = 0;
    for (const proof of PROOF_STATES) {
      const page = await h.call<Page<OrderRow>>(
        '/history/orderInfo/page',
        { ...range, proof, pageSize: 1 },
        { token: tokens.admin },
      );
      expect(page.body.resultType, page.body.resultMessage).toBe('SUCCESS');
      count += page.body.result!.total;
      const file = await h.app.inject({
        method: 'POST',
        url: '/api/history/orderInfo/exportCSVFile',
        headers: { 'x-submit-token': tokens.admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...range, proof }),
      });
      const lines = (parse(file.rawPayload, { bom: true }) as string[][]).slice(1);
      // The list's total (from the summaries) is its rows (counted by the export).
      expect(lines, proof).toHaveLength(page.body.result!.total);
      const yen = lines.filter((l) => l[12] === 'JPY').reduce((a, l) => a + Number(l[11]), 0);
      expect(yen, proof).toBe(jpy.paidProof[proof]);
    }
    expect(count).toBe(d.currencies.reduce((a, c) => a + c.current.paidCount, 0));
    // A rung is reached only by paid orders: open ones are on none.
    const open = await h.call<Page<OrderRow>>(
      '/history/orderInfo/page',
      { ...range, status: '1', proof: 'provisional' },
      { token: tokens.admin },
    );
    expect(open.body.result!.total).toBe(0);
  });

  /* The summary list (/report/reportList/list) and its exports. */
  const range = (days: number) => ({
    beginTime: today()
      .minus({ days: days - 1 })
      .toISODate()!,
    endTime: today().toISODate()!,
  });
  const listed = async (loginId: string, body: object) => {
    tokens[loginId] ??= await h.token(loginId);
    return h.call<ReportPage>('/report/reportList/list', body, { token: tokens[loginId] });
  };
  /** Every row of the list for the filter, page by page (the call must succeed). */
  const allRows = async (loginId: string, body: object) => {
    const out: ReportRow[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const r = await listed(loginId, { ...body, pageNum, pageSize: 100 });
      expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
      out.push(...r.body.result!.records);
      if (r.body.result!.records.length < 100) return { rows: out, page: r.body.result! };
    }
  };
  /** The raw tables' figures per currency for the days (orders by creation day, refunds by theirs). */
  const rawTotals = async (from: string, to: string, where = sql`true`) => {
    const paid = sql`status in ('success', 'refunding', 'partlyRefunded', 'refunded')`;
    const o = await rows<Record<string, string>>(sql`select currency, count(*) as orders,
        count(*) filter (where ${paid}) as paid_count, coalesce(sum(amount) filter (where ${paid}), 0) as paid_amount,
        coalesce(sum(commission_amount) filter (where ${paid}), 0) as commission
      from orders where (created_at at time zone 'Asia/Tokyo')::date between ${from}::date and ${to}::date and ${where}
      group by currency`);
    const r = await rows<Record<string, string>>(sql`select currency, count(*) as n, sum(amount) as amount,
        coalesce(sum(commission_amount), 0) as commission
      from refunds where status = 'success' and (created_at at time zone 'Asia/Tokyo')::date between ${from}::date and ${to}::date
        and order_id in (select id from orders where ${where})
      group by currency`);
    const out = new Map<
      string,
      {
        orders: number;
        paidCount: number;
        paidAmount: number;
        refundCount: number;
        refundAmount: number;
        commission: number;
      }
    >();
    for (const x of o)
      out.set(x.currency, {
        orders: Number(x.orders),
        paidCount: Number(x.paid_count),
        paidAmount: Number(x.paid_amount),
        refundCount: 0,
        refundAmount: 0,
        commission: Number(x.commission),
      });
    for (const x of r) {
      const t = out.get(x.currency) ?? {
        orders: 0,
        paidCount: 0,
        paidAmount: 0,
        refundCount: 0,
        refundAmount: 0,
        commission: 0,
      };
      t.refundCount = Number(x.n);
      t.refundAmount = Number(x.amount);
      t.commission -= Number(x.commission);
      out.set(x.currency, t);
    }
    return out;
  };
  const figuresOf = (t: ReportFigures) => ({
    orders: t.orders,
    paidCount: t.paidCount,
    paidAmount: t.paidAmount,
    refundCount: t.refundCount,
    refundAmount: t.refundAmount,
    commission: t.commission,
  });

  it('lists every company’s days per brand and currency, with totals per currency equal to the raw tables', async () => {
    const q = range(30);
    const { rows: all, page } = await allRows('admin', q);
    expect(page.rowsPer).toBe('companies');
    expect(all.length).toBe(page.total);
    expect(all.length).toBeGreaterThan(100);
    const raw = await rawTotals(q.beginTime, q.endTime);
    expect(page.totals.map((t) => t.currency).sort()).toEqual([...raw.keys()].sort());
    for (const t of page.totals) {
      expect(figuresOf(t), t.currency).toEqual(raw.get(t.currency));
      expect(t.net).toBe(t.paidAmount - t.refundAmount);
      expect(Object.values(t.paidProof).reduce((a, b) => a + b, 0)).toBe(t.paidAmount);
      // The rows of the currency add up to its totals, and no row is listed twice.
      const mine = all.filter((r) => r.currency === t.currency);
      expect(mine.reduce((a, r) => a + r.paidAmount, 0)).toBe(t.paidAmount);
      expect(mine.reduce((a, r) => a + r.refundAmount, 0)).toBe(t.refundAmount);
    }
    const keys = all.map((r) => [r.period, r.companyId, r.brand, r.currency].join('|'));
    expect(new Set(keys).size).toBe(keys.length);
    // Day by day in order, each row's days its own.
    expect(all.map((r) => r.period)).toEqual(all.map((r) => r.period).sort());
    expect(all.every((r) => r.from === r.period && r.to === r.period && r.branchUnitId === null)).toBe(true);
    // Per month: the same totals, each row's days cut to the filter's.
    const months = await allRows('admin', { ...q, grouping: 'month' });
    expect(months.page.totals).toEqual(page.totals);
    expect(
      months.rows.every((r) => /^\d{4}-\d{2}$/.test(r.period) && r.from >= q.beginTime && r.to <= q.endTime),
    ).toBe(true);
    // Sorted by gross, largest first.
    const byGross = await listed('admin', { ...q, sortField: 'paidAmount', sortOrder: 'desc', pageSize: 20 });
    const gross = byGross.body.result!.records.map((r) => r.paidAmount);
    expect(gross).toEqual([...gross].sort((a, b) => b - a));
    expect(gross[0]).toBe(Math.max(...all.map((r) => r.paidAmount)));
  });

  it('gives a company admin its branches only, a brand and currency filter, and the agency its companies', async () => {
    const q = range(30);
    const me = await operatorByLogin(h.db, 'co-admin');
    const { rows: own, page } = await allRows('co-admin', q);
    expect(page.rowsPer).toBe('branches');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.companyId === me.companyId && r.branchUnitId !== null)).toBe(true);
    const raw = await rawTotals(q.beginTime, q.endTime, sql`company_id = ${me.companyId}`);
    for (const t of page.totals) expect(figuresOf(t), t.currency).toEqual(raw.get(t.currency));
    const paypay = await allRows('co-admin', { ...q, brand: 'paypay', currency: 'JPY' });
    expect(paypay.rows.every((r) => r.brand === 'paypay' && r.currency === 'JPY')).toBe(true);
    const rawPaypay = await rawTotals(
      q.beginTime,
      q.endTime,
      sql`company_id = ${me.companyId} and currency = 'JPY' and ${sql.raw(`brand = 'paypay'`)}`,
    );
    expect(paypay.page.totals.map(figuresOf)).toEqual([...rawPaypay.values()]);
    // An agency sees the companies it brought, and no other.
    const ag = await operatorByLogin(h.db, 'ag-admin');
    const theirs = await rows<{ id: number }>(sql`select id from companies where agent_id = ${ag.agentId}`);
    const agency = await allRows('ag-admin', q);
    expect(agency.rows.length).toBeGreaterThan(0);
    expect(agency.rows.every((r) => theirs.some((c) => c.id === r.companyId))).toBe(true);
    // A platform user who picks a company sees its branches.
    const picked = await allRows('admin', { ...q, companyId: me.companyId });
    expect(picked.page.rowsPer).toBe('branches');
    expect(picked.page.totals).toEqual(page.totals);
  });

  it('refuses another tenant’s company or branch, a range over 75 days, an unknown grouping or sort, and the branch operator', async () => {
    const q = range(30);
    const me = await operatorByLogin(h.db, 'co-admin');
    const [other] = await rows<{ id: number }>(
      sql`select id from companies where id <> ${me.companyId} order by id limit 1`,
    );
    const [otherBranch] = await rows<{ id: number }>(
      sql`select id from branch_units where company_id <> ${me.companyId} order by id limit 1`,
    );
    const cases: [object, string][] = [
      [{ ...q, companyId: other.id }, 'companyId'],
      [{ ...q, branchUnitId: otherBranch.id }, 'branchUnitId'],
      [{ ...range(76) }, 'endTime'],
      [{ ...q, grouping: 'week' }, 'grouping'],
      [{ ...q, sortField: 'company' }, 'sortField'],
      [{ ...q, currency: 'XXX' }, 'currency'],
    ];
    for (const [body, field] of cases) {
      const r = await listed('co-admin', body);
      expect(r.body.resultType, JSON.stringify(body)).toBe('INVALID');
      expect(Object.keys(r.body.errors ?? {})).toContain(field);
      expect(r.body.resultMessage).not.toBe('');
    }
    expect((await listed('co-admin', { ...q, companyId: other.id })).body.errors?.companyId).toBe(
      'この加盟店は閲覧できる範囲にありません',
    );
    expect((await listed('co-admin', { ...q, grouping: 'week' })).body.errors?.grouping).toBe(
      '集計単位の値が正しくありません',
    );
    expect((await listed('admin', range(75))).body.resultType).toBe('SUCCESS');
    // The branch operator's role has no reports (spec point 2).
    expect((await listed('co-op', q)).body.resultType).toBe('NO_ACCESS');
  });

  it('exports the same rows and a totals row per currency as CSV and XLSX', async () => {
    const q = range(30);
    const { rows: all, page } = await allRows('co-admin', q);
    const download = async (path: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { 'x-submit-token': tokens['co-admin'], 'content-type': 'application/json' },
        payload: JSON.stringify(q),
      });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const csv = await download('/report/reportList/exportCSVFile');
    expect(String(csv.headers['content-disposition'])).toContain(
      `reports_${q.beginTime.replace(/-/g, '')}-${q.endTime.replace(/-/g, '')}.csv`,
    );
    const [header, ...lines] = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(header.slice(0, 5)).toEqual(['期間', '加盟店', '店舗', 'ブランド', '通貨']);
    expect(lines).toHaveLength(all.length + page.totals.length);
    const major = (minor: number, currency: string) =>
      currency === 'JPY' ? String(minor) : (minor / 100).toFixed(2);
    expect(lines.slice(0, all.length).map((l) => [l[0], l[4], l[7], l[12]])).toEqual(
      all.map((r) => [r.period, r.currency, major(r.paidAmount, r.currency), major(r.net, r.currency)]),
    );
    expect(lines.slice(all.length).map((l) => [l[0], l[4], l[6], l[7]])).toEqual(
      page.totals.map((t) => ['合計', t.currency, String(t.paidCount), major(t.paidAmount, t.currency)]),
    );
    const xlsx = await download('/report/reportList/exportExcel');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('集計表');
    expect(sheet.rowCount).toBe(1 + all.length + page.totals.length);
    const jpy = page.totals.find((t) => t.currency === 'JPY')!;
    const last = sheet.getRow(sheet.rowCount);
    expect(sheet.getRow(2 + all.length + page.totals.indexOf(jpy)).getCell(8).value).toBe(jpy.paidAmount);
    expect(last.getCell(1).value).toBe('合計');
    // Who exported what is audited.
    const [audit] = await rows<{ object_id: string; after: { format: string } }>(
      sql`select object_id, after from audit_log where object_type = 'export' order by id desc limit 1`,
    );
    expect([audit.object_id, audit.after.format]).toEqual(['report', 'xlsx']);
  });

  it('charts the same figures per period, and the period before on demand', async () => {
    const q = range(14);
    const { page } = await allRows('co-admin', q);
    const r = await h.call<ReportSeriesReply>(
      '/report/reportList/series',
      { ...q, compare: true },
      { token: tokens['co-admin'] },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    const s = r.body.result!;
    expect([s.previousFrom, s.previousTo]).toEqual([
      today().minus({ days: 27 }).toISODate(),
      today().minus({ days: 14 }).toISODate(),
    ]);
    const earlier = await allRows('co-admin', { beginTime: s.previousFrom, endTime: s.previousTo });
    for (const c of s.currencies) {
      expect(c.points.map((p) => p.period)).toEqual(
        Array.from({ length: 14 }, (_, i) =>
          today()
            .minus({ days: 13 - i })
            .toISODate(),
        ),
      );
      const sum = (points: ReportPoint[], m: 'paidAmount' | 'refundAmount' | 'paidCount') =>
        points.reduce((a, p) => a + p[m], 0);
      const t = page.totals.find((x) => x.currency === c.currency);
      expect([
        sum(c.points, 'paidAmount'),
        sum(c.points, 'refundAmount'),
        sum(c.points, 'paidCount'),
      ]).toEqual([t?.paidAmount ?? 0, t?.refundAmount ?? 0, t?.paidCount ?? 0]);
      const p = earlier.page.totals.find((x) => x.currency === c.currency);
      expect(c.previous).toHaveLength(14);
      expect(sum(c.previous!, 'paidAmount')).toBe(p?.paidAmount ?? 0);
    }
    const months = await h.call<ReportSeriesReply>(
      '/report/reportList/series',
      { ...range(75), grouping: 'month' },
      { token: tokens['co-admin'] },
    );
    expect(months.body.result!.previousFrom).toBeNull();
    expect(months.body.result!.currencies.every((c) => c.previous === null && c.points.length >= 3)).toBe(
      true,
    );
  });
});
