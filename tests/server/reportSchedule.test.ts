import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPage, ReportSubscriptionRow } from '../../src/contract/reports';
import { rowsOf } from '../../server/db/client';
import { operators, reportDeliveries, statementFetches } from '../../server/db/schema';
import { deliverReports, lastPeriodBefore, periodsOwed } from '../../server/modules/reports';
import { backends, startHarness, type Harness } from './harness';

/**
 * Scheduled reports (docs/reports.md, "Scheduled reports"): a subscription is delivered once per
 * period when its data is complete, as its subscriber sees the data, kept for download and sent to
 * a local SMTP sink; two runs at once deliver each period once; refusals change nothing.
 */

describe('the periods a subscription is owed', () => {
  it('cuts days, Monday-to-Sunday weeks and calendar months, the latest over first, catching up', () => {
    expect(lastPeriodBefore('daily', '2026-12-07')).toEqual({ from: '2026-12-06', to: '2026-12-06' });
    // 2026-12-07 is a Monday: last week ran Monday 11-30 to Sunday 12-06.
    expect(lastPeriodBefore('weekly', '2026-12-07')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(lastPeriodBefore('weekly', '2026-12-06')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(lastPeriodBefore('monthly', '2026-12-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lastPeriodBefore('monthly', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodsOwed('daily', '2026-12-04', '2026-12-07').map((p) => p.from)).toEqual([
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(periodsOwed('monthly', '2026-11-01', '2026-11-30')).toEqual([]);
    expect(periodsOwed('daily', '2020-01-01', '2026-12-07')).toHaveLength(31);
  });
});

describe.each(backends)('scheduled reports on $name', (backend) => {
  let h: Harness;
  let smtp: SMTPServer;
  const mails: { to: string[]; raw: string }[] = [];
  const tokens: Record<string, string> = {};
  const as = async <T>(loginId: string, path: string, body: object) => {
    tokens[loginId] ??= await h.token(loginId);
    return h.call<T>(path, body, { token: tokens[loginId] });
  };
  const today = () => DateTime.now().setZone('Asia/Tokyo');
  const run = (now = new Date()) => deliverReports(h.app.deps(), h.app.log, now);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    h = await startHarness(backend, { captcha: false, demoOrders: 600, smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers yesterday’s file once, as the list gives it, to the console and by e-mail, even from two runs at once', async () => {
    const saved = await as<{ id: number }>('co-admin', '/report/subscription/save', {
      frequency: 'daily',
      format: 'csv',
      email: true,
      brand: 'paypay',
    });
    expect(saved.body.resultType, saved.body.resultMessage).toBe('SUCCESS');
    expect(saved.body.resultMessage).toBe('定期配信を登録しました');
    // Yesterday's statements are still awaited: nothing is written yet.
    const yesterday = today().minus({ days: 1 }).toISODate()!;
    await h.db
      .insert(statementFetches)
      .values({ brand: 'paypay', businessDay: yesterday, state: 'waiting', nextAttemptAt: new Date() });
    expect(await run()).toBe(0);
    await h.db
      .update(statementFetches)
      .set({ state: 'done' })
      .where(eq(statementFetches.businessDay, yesterday));
    // Two runs at once (two server processes): one file, one e-mail.
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(1);
    expect(await run()).toBe(0);
    const list = await as<ReportSubscriptionRow[]>('co-admin', '/report/subscription/list', {});
    const sub = list.body.result!.find((s) => s.id === saved.body.result!.id)!;
    expect(sub.deliveries).toHaveLength(1);
    const d = sub.deliveries[0];
    expect([d.periodFrom, d.periodTo, d.state, d.emailState]).toEqual([
      yesterday,
      yesterday,
      'ready',
      'sent',
    ]);
    expect(mails).toHaveLength(1);
    const me = await h.db.select().from(operators).where(eq(operators.loginId, 'co-admin'));
    expect(mails[0].to).toEqual([me[0].email]);
    expect(mails[0].raw).toContain('Content-Disposition: attachment');

    // The file is the summary list of yesterday's PayPay payments, as the co-admin's list shows them.
    const file = await h.app.inject({
      method: 'POST',
      url: '/api/report/subscription/exportDelivery',
      headers: { 'x-submit-token': tokens['co-admin'], 'content-type': 'application/json' },
      payload: JSON.stringify({ id: d.id }),
    });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-type'])).toContain('text/csv');
    const page = await as<ReportPage>('co-admin', '/report/reportList/list', {
      beginTime: yesterday,
      endTime: yesterday,
      brand: 'paypay',
      pageSize: 100,
    });
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + page.body.result!.records.length + page.body.result!.totals.length);
    expect(mails[0].raw).toContain(Buffer.from(file.rawPayload).toString('base64').slice(0, 60));

    // Another account cannot download it, nor end the subscription; the subscriber can.
    const foreign = await as('admin', '/report/subscription/exportDelivery', { id: d.id });
    expect(foreign.body.resultType).toBe('NOT_FOUND');
    expect((await as('admin', '/report/subscription/delete', { id: sub.id })).body.resultType).toBe(
      'NOT_FOUND',
    );
    const gone = await as('co-admin', '/report/subscription/delete', { id: sub.id });
    expect(gone.body.resultType).toBe('SUCCESS');
    const [left] = rowsOf<{ n: string }>(
      await h.db.execute(
        sql`select count(*) as n from ${reportDeliveries} where subscription_id = ${sub.id}`,
      ),
    );
    expect(Number(left.n)).toBe(0);
  });

  it('takes over a file a process died writing, and catches up on missed days after a restart', async () => {
    const saved = await as<{ id: number }>('ag-admin', '/report/subscription/save', {
      frequency: 'daily',
      format: 'xlsx',
      grouping: 'month',
    });
    expect(saved.body.resultType).toBe('SUCCESS');
    const id = saved.body.result!.id;
    // Subscribed three days ago; the server was down since.
    await h.db.execute(
      sql`update report_subscriptions set starts_on = ${today().minus({ days: 3 }).toISODate()}::date where id = ${id}`,
    );
    // A process claimed the first day and died (its claim still running).
    await h.db.insert(reportDeliveries).values({
      subscriptionId: id,
      periodFrom: today().minus({ days: 3 }).toISODate()!,
      periodTo: today().minus({ days: 3 }).toISODate()!,
      state: 'pending',
      claimedUntil: new Date(Date.now() + 60_000),
    });
    expect(await run()).toBe(2);
    // Its claim ran out: the next run writes it.
    expect(await run(new Date(Date.now() + 120_000))).toBe(1);
    const list = await as<ReportSubscriptionRow[]>('ag-admin', '/report/subscription/list', {});
    const sub = list.body.result!.find((s) => s.id === id)!;
    expect(sub.deliveries.map((d) => [d.state, d.emailState])).toEqual([
      ['ready', null],
      ['ready', null],
      ['ready', null],
    ]);
    expect(sub.deliveries.map((d) => d.periodFrom)).toEqual(
      [1, 2, 3].map((n) => today().minus({ days: n }).toISODate()),
    );
  });

  it('refuses another tenant’s company, a bad frequency, and more than ten subscriptions, changing nothing', async () => {
    const me = (await h.db.select().from(operators).where(eq(operators.loginId, 'co-admin')))[0];
    const [other] = rowsOf<{ id: number }>(
      await h.db.execute(sql`select id from companies where id <> ${me.companyId} order by id limit 1`),
    );
    const count = async () =>
      Number(
        rowsOf<{ n: string }>(await h.db.execute(sql`select count(*) as n from report_subscriptions`))[0].n,
      );
    const before = await count();
    const foreign = await as('co-admin', '/report/subscription/save', {
      frequency: 'daily',
      format: 'csv',
      companyId: other.id,
    });
    expect(foreign.body.resultType).toBe('INVALID');
    expect(foreign.body.errors?.companyId).toBe('この加盟店は閲覧できる範囲にありません');
    const bad = await as('co-admin', '/report/subscription/save', { frequency: 'hourly', format: 'csv' });
    expect(bad.body.resultType).toBe('INVALID');
    expect(await count()).toBe(before);
    for (let i = 0; i < 10; i++)
      expect(
        (await as('co-admin', '/report/subscription/save', { frequency: 'weekly', format: 'csv' })).body
          .resultType,
      ).toBe('SUCCESS');
    const eleventh = await as('co-admin', '/report/subscription/save', {
      frequency: 'weekly',
      format: 'csv',
    });
    expect(eleventh.body.resultType).toBe('FAIL');
    expect(eleventh.body.resultMessage).toBe('定期配信は1人10件まで登録できます');
    // A weekly subscription's first file covers Monday to Sunday.
    const weekly = (await as<ReportSubscriptionRow[]>('co-admin', '/report/subscription/list', {})).body
      .result!;
    expect(weekly).toHaveLength(10);
    for (const s of weekly) {
      const from = DateTime.fromISO(s.startsOn);
      expect([from.weekday, s.firstPeriodTo]).toEqual([1, from.plus({ days: 6 }).toISODate()]);
    }
    // The branch operator's role has no reports.
    expect((await as('co-op', '/report/subscription/list', {})).body.resultType).toBe('NO_ACCESS');
  });
});
