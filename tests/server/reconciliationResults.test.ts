import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type { OrderDetail } from '../../src/contract/orders';
import {
  DEFAULT_RESULT_CODE_FILTER,
  type ReconDayRow,
  type ReconResult,
  type ReconRun,
} from '../../src/contract/reconciliation';
import { auditLog, reconciliationResults } from '../../server/db/schema';
import { reconcileDay } from '../../server/modules/reconciliation';
import { brandDayRange } from '../../server/modules/reconciliation/match';
import { backends, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import {
  brandOrder,
  exceptionDay,
  orderAudit,
  paymentRow,
  unknownRow,
  type TestOrder,
} from './reconciliation-support';

/**
 * The reconciliation check pages' calls (docs/reconciliation.md, "The pages"): the days list,
 * a day's results and runs in the caller's scope, and resolving an exception (system roles,
 * audited, the order released), on each database.
 */
const W = '/history/walletCheck';
const P = '/history/paypayCheck';
const DAY = '2026-09-10';
const PERIOD = { beginTime: '2026-09-01', endTime: '2026-09-30' };

describe.each(backends)('reconciliation results on $name', (backend) => {
  let h: Harness;
  let hinoki = 0;
  let minato = 0;
  let day: Awaited<ReturnType<typeof exceptionDay>>;
  const tokens = new Map<string, string>();
  const as = async (login: string) => {
    if (!tokens.has(login)) tokens.set(login, await h.token(login));
    return tokens.get(login)!;
  };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    const ids = await orgIds(h.db);
    hinoki = ids.company('株式会社ひのき珈琲');
    minato = ids.company('株式会社みなと書店');
    day = await exceptionDay(h.db, { brand: 'wechat', day: DAY, companyIds: [hinoki, minato] });
  }, 120_000);
  afterAll(() => h?.close());

  const page = async (login: string, extra: Record<string, unknown> = {}, prefix = W) => {
    const r = await h.call<Page<ReconDayRow>>(
      `${prefix}/page`,
      { ...PERIOD, ...extra },
      { token: await as(login) },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    return r.body.result!;
  };
  const results = async (login: string, extra: Record<string, unknown> = {}) => {
    const r = await h.call<Page<ReconResult>>(
      `${W}/results`,
      { brand: 'wechat', day: DAY, pageSize: 100, ...extra },
      { token: await as(login) },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    return r.body.result!;
  };
  const resultOf = async (orderId: number) => {
    const [r] = await h.db
      .select()
      .from(reconciliationResults)
      .where(and(eq(reconciliationResults.runId, day.runId), eq(reconciliationResults.orderId, orderId)));
    return r;
  };

  it('lists the day with its counts, open exceptions and totals for a system role', async () => {
    const p = await page('admin');
    expect(p.total).toBe(1);
    expect(p.records[0]).toMatchObject({
      runId: day.runId,
      brand: 'wechat',
      businessDay: DAY,
      status: 'matched',
      state: 'differences',
      source: 'uploaded',
      fileName: `wechat-${DAY}.csv`,
      counts: { 1: 2, 100: 0, 200: 1, 300: 2, 400: 0, 500: 0, 600: 2, held: 0 },
      open: 5,
      // Ours: 1000 + 2000 + 3000 for each company; the statement: 1000 + 1900 each, and 1000 unknown.
      totals: [{ currency: 'JPY', ours: 12_000, statement: 6800 }],
    });
    expect((await page('admin', { brand: 'alipayplus' })).total).toBe(0);
    expect((await page('admin', { code: '600' })).total).toBe(1);
    expect((await page('admin', { code: '500' })).total).toBe(0);
    expect((await page('admin', { exceptions: 'open' })).total).toBe(1);
    // PayPay's page has none of the wallets' days.
    expect((await page('admin', {}, P)).total).toBe(0);
  });

  it("counts a company's, a provider's own rows only; another provider sees no day", async () => {
    const company = await page('co-admin');
    expect(company.records[0]).toMatchObject({
      counts: { 1: 1, 200: 0, 300: 1, 600: 1, held: 0 },
      open: 2,
      totals: [{ currency: 'JPY', ours: 6000, statement: 2900 }],
    });
    const provider = await page('sp-admin');
    expect(provider.records[0]).toMatchObject({ counts: { 1: 1, 200: 0, 300: 1, 600: 1 }, open: 2 });
    expect((await page('hokkai-admin')).total).toBe(0);
    expect((await results('hokkai-admin')).total).toBe(0);
    const runs = await h.call<ReconRun[]>(
      `${W}/runs`,
      { brand: 'wechat', day: DAY },
      { token: await as('hokkai-admin') },
    );
    expect(runs.body.result).toEqual([]);
  });

  it("shows a day's results with both sides, exceptions first; a company never sees a 200 row", async () => {
    const all = await results('admin', { code: 'exceptions' });
    expect(all.total).toBe(5);
    const amount = all.records.find((r) => r.ours?.orderId === day.orders[0].amount.id)!;
    expect(amount).toMatchObject({
      code: 600,
      ours: { amount: 2000, currency: 'JPY', status: 'success', companyName: '株式会社ひのき珈琲' },
      statement: { amount: 1900, kind: 'payment', brandOrderNo: day.orders[0].amount.brandOrderNo },
      diff: { amount: { ours: 2000, brand: 1900 } },
      resolution: null,
    });
    const missing = all.records.find((r) => r.ours?.orderId === day.orders[0].missing.id)!;
    expect(missing).toMatchObject({ code: 300, statement: null });
    expect(all.records.filter((r) => r.code === 200)).toHaveLength(1);
    expect((await results('admin')).records.at(-1)?.code).toBe(1);

    const company = await results('co-admin');
    expect(company.total).toBe(3);
    expect(company.records.every((r) => r.ours?.companyName === '株式会社ひのき珈琲')).toBe(true);
    const runs = await h.call<ReconRun[]>(
      `${W}/runs`,
      { brand: 'wechat', day: DAY },
      { token: await as('co-admin') },
    );
    expect(runs.body.result).toMatchObject([{ id: day.runId, current: true, counts: { 600: 1 }, open: 2 }]);
    expect(runs.body.result![0].hashPrefix).toHaveLength(12);
  });

  it('refuses bad input with a localised message and changes nothing', async () => {
    const target = await resultOf(day.orders[1].amount.id);
    const matched = await resultOf(day.orders[1].matched.id);
    const admin = await as('admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ resultId: target.id, decision: 'writeOff' }, 'INVALID'],
      [{ resultId: target.id, decision: 'writeOff', comment: '   ' }, 'INVALID'],
      [{ resultId: target.id, decision: 'writeOff', comment: 'x'.repeat(501) }, 'INVALID'],
      [{ resultId: target.id, decision: 'maybe', comment: 'why' }, 'INVALID'],
      [{ resultId: 'abc', decision: 'writeOff', comment: 'why' }, 'INVALID'],
      [{ resultId: target.id, decision: 'writeOff', comment: 'bad\u0000text' }, 'INVALID'],
      [{ resultId: 2_000_000_000, decision: 'writeOff', comment: 'why' }, 'NOT_FOUND'],
      [{ resultId: matched.id, decision: 'writeOff', comment: 'why' }, 'FAIL'],
    ];
    for (const [body, want] of cases) {
      const r = await h.call(`${W}/resolve`, body, { token: admin, lang: 'en' });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.resultType, JSON.stringify(body)).toBe(want);
      expect(r.body.resultMessage).toBeTruthy();
    }
    const notException = await h.call(
      `${W}/resolve`,
      { resultId: matched.id, decision: 'writeOff', comment: 'why' },
      { token: admin, lang: 'en' },
    );
    // In the session's language (the admin works in Japanese).
    expect(notException.body.resultMessage).toBe('この結果は例外ではないため解決できません');
    // The wallets' result through PayPay's page is not found there.
    const foreign = await h.call(
      `${P}/resolve`,
      { resultId: target.id, decision: 'writeOff', comment: 'why' },
      { token: admin },
    );
    expect(foreign.body.resultType).toBe('NOT_FOUND');
    // Only the platform's roles resolve.
    for (const login of ['co-admin', 'sp-admin']) {
      const r = await h.call(
        `${W}/resolve`,
        { resultId: target.id, decision: 'writeOff', comment: 'why' },
        { token: await as(login) },
      );
      expect(r.body.resultType, login).toBe('NO_ACCESS');
    }
    expect(await resultOf(day.orders[1].amount.id)).toEqual(target);
    expect(await orderAudit(h.db, day.orders[1].amount.id)).toEqual({ status: 2, result: 600 });
  });

  it('resolves an exception: audited with before and after, the order released, not twice', async () => {
    const target = await resultOf(day.orders[0].amount.id);
    const r = await h.call<ReconResult>(
      `${W}/resolve`,
      { resultId: target.id, decision: 'brandRight', comment: '  The brand charged 1,900.  ' },
      { token: await as('admin'), lang: 'en' },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    expect(r.body.resultMessage).toBe('例外を解決しました');
    expect(r.body.result).toMatchObject({
      id: target.id,
      code: 600,
      resolution: { decision: 'brandRight', comment: 'The brand charged 1,900.' },
    });
    expect(r.body.result!.resolution!.by).toBeTruthy();
    expect(await orderAudit(h.db, day.orders[0].amount.id)).toEqual({ status: 1, result: 600 });
    const [row] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'reconciliationResult'), eq(auditLog.objectId, String(target.id))));
    expect(row).toMatchObject({
      action: 'resolve',
      loginId: 'admin',
      result: 'success',
      before: { code: 600, resolution: null, auditStatus: 2 },
      after: { code: 600, resolution: 'brandRight', auditStatus: 1, orderId: day.orders[0].amount.id },
    });
    const again = await h.call(
      `${W}/resolve`,
      { resultId: target.id, decision: 'writeOff', comment: 'again' },
      { token: await as('sysop'), lang: 'ja' },
    );
    expect(again.body).toMatchObject({
      resultType: 'FAIL',
      resultMessage: 'この例外はすでに解決されています',
    });
    // Resolved ones stay listed, marked; the open filter leaves them out.
    expect((await results('admin', { state: 'resolved' })).records.map((x) => x.id)).toEqual([target.id]);
    expect((await results('admin', { state: 'open' })).total).toBe(4);
    expect((await page('co-admin')).records[0].open).toBe(1);
    // The order detail shows its result beside the statement's row, and the resolution.
    const detail = await h.call<OrderDetail>(
      '/history/orderInfo/get',
      { id: day.orders[0].amount.id },
      { token: await as('co-admin') },
    );
    expect(detail.body.result).toMatchObject({
      auditStatus: 1,
      auditResult: 600,
      reconciliation: {
        code: 600,
        brand: 'wechat',
        businessDay: DAY,
        statement: { amount: 1900 },
        resolution: { decision: 'brandRight' },
      },
    });
  });

  it('lets a system operator resolve a 200 row (no order) and a 300', async () => {
    const all = await results('sysop', { code: 'exceptions', state: 'open' });
    const gatewayMissing = all.records.find((r) => r.code === 200)!;
    const r = await h.call<ReconResult>(
      `${W}/resolve`,
      { resultId: gatewayMissing.id, decision: 'gatewayRight', comment: 'Not ours: raised with WeChat Pay' },
      { token: await as('sysop') },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
    const missing = await resultOf(day.orders[0].missing.id);
    const m = await h.call(
      `${W}/resolve`,
      { resultId: missing.id, decision: 'writeOff', comment: 'Late file' },
      { token: await as('sysop') },
    );
    expect(m.body.resultType).toBe('SUCCESS');
    expect(await orderAudit(h.db, day.orders[0].missing.id)).toEqual({ status: 1, result: 300 });
  });

  it('keeps the decisions of a replaced run: the same record and code inherit, a replaced result is refused', async () => {
    const before = await resultOf(day.orders[0].amount.id);
    const o = day.orders;
    // The corrected file: the same rows, the unknown one again, and minato's missing order now in it.
    const rerun = await exceptionDay(h.db, {
      brand: 'wechat',
      day: DAY,
      companyIds: [],
      rows: () => [
        paymentRow('wechat', o[0].matched),
        paymentRow('wechat', o[0].amount, { amount: 1900 }),
        paymentRow('wechat', o[1].matched),
        paymentRow('wechat', o[1].amount, { amount: 1900 }),
        paymentRow('wechat', o[1].missing),
        { ...day.unknown, line: day.unknown.line + 100 },
        unknownRow('wechat', new Date(Date.parse(`${DAY}T03:00:00Z`))),
      ],
    });
    expect(rerun.replacedRunId).toBe(day.runId);
    const replaced = await h.call(
      `${W}/resolve`,
      { resultId: before.id, decision: 'writeOff', comment: 'late' },
      { token: await as('admin'), lang: 'en' },
    );
    expect(replaced.body.resultType).toBe('FAIL');
    expect(replaced.body.resultMessage).toMatch(/置き換え/);

    const now = await results('admin', { pageSize: 100 });
    const inherited = now.records.find((r) => r.ours?.orderId === o[0].amount.id && r.code === 600)!;
    expect(inherited.runId).toBe(rerun.runId);
    expect(inherited.resolution).toMatchObject({
      decision: 'brandRight',
      comment: 'The brand charged 1,900.',
    });
    expect(await orderAudit(h.db, o[0].amount.id)).toEqual({ status: 1, result: 600 });
    // The unknown row resolved before is the same brand order number: still resolved; the new one is open.
    const unknowns = now.records.filter((r) => r.code === 200);
    expect(unknowns.map((r) => r.resolution?.decision ?? null).sort()).toEqual(['gatewayRight', null]);
    // hinoki's missing one (300, resolved) is still missing: inherited; minato's came in: 1.
    expect(now.records.find((r) => r.ours?.orderId === o[0].missing.id)?.resolution?.decision).toBe(
      'writeOff',
    );
    expect(await orderAudit(h.db, o[0].missing.id)).toEqual({ status: 1, result: 300 });
    expect(await orderAudit(h.db, o[1].missing.id)).toEqual({ status: 1, result: 1 });
    // minato's amount exception was never resolved: still open.
    expect(await orderAudit(h.db, o[1].amount.id)).toEqual({ status: 2, result: 600 });
    const runs = await h.call<ReconRun[]>(
      `${W}/runs`,
      { brand: 'wechat', day: DAY },
      { token: await as('admin') },
    );
    expect(runs.body.result!.map((r) => [r.id, r.current])).toEqual([
      [rerun.runId, true],
      [day.runId, false],
    ]);
  });

  it("serves PayPay's page for PayPay's days; a wallet's page does not reach a PayPay result", async () => {
    const paypay = await exceptionDay(h.db, { brand: 'paypay', day: '2026-09-12', companyIds: [hinoki] });
    const p = await page('admin', {}, P);
    expect(p.records.map((r) => [r.brand, r.businessDay, r.open])).toEqual([['paypay', '2026-09-12', 3]]);
    const [result] = await h.db
      .select()
      .from(reconciliationResults)
      .where(
        and(
          eq(reconciliationResults.runId, paypay.runId),
          eq(reconciliationResults.orderId, paypay.orders[0].amount.id),
        ),
      );
    const admin = await as('admin');
    const viaWallet = await h.call(
      `${W}/resolve`,
      { resultId: result.id, decision: 'writeOff', comment: 'x' },
      { token: admin },
    );
    expect(viaWallet.body.resultType).toBe('NOT_FOUND');
    const wrongBrand = await h.call(`${P}/results`, { brand: 'wechat', day: '2026-09-12' }, { token: admin });
    expect(wrongBrand.body.resultType).toBe('INVALID');
    // Two operators resolving the same exception at once: one decision, the other refused.
    const both = await Promise.all(
      ['admin', 'sysop'].map(async (login) =>
        h.call(
          `${P}/resolve`,
          { resultId: result.id, decision: 'writeOff', comment: login },
          { token: await as(login) },
        ),
      ),
    );
    expect(both.map((r) => r.body.resultType).sort()).toEqual(['FAIL', 'SUCCESS']);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'reconciliationResult'), eq(auditLog.objectId, String(result.id))));
    expect(audits.filter((a) => a.action === 'resolve')).toHaveLength(1);
    expect(await orderAudit(h.db, paypay.orders[0].amount.id)).toEqual({ status: 1, result: 600 });
  });

  it("tells a day's state truly: held rows make it waiting, shown by default; matched only when nothing differs or waits", async () => {
    // Alipay+'s day: hinoki's two payments in the statement, two more missing from it while the
    // holding pool lasts (held); minato's one payment in it. The statement's total is short of ours.
    const heldDay = '2026-09-14';
    const { start, end } = brandDayRange('alipayplus', heldDay);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const order = (companyId: number, amount: number, minute: number) =>
      brandOrder(h.db, { companyId, brand: 'alipayplus', amount, fee: 0, at: at(minute) });
    const inFile: TestOrder[] = [
      await order(hinoki, 3000, 60),
      await order(hinoki, 4051, 70),
      await order(minato, 1500, 80),
    ];
    const missing = [await order(hinoki, 2440, 90), await order(hinoki, 2440, 100)];
    const rows = inFile.map((o) => paymentRow('alipayplus', o));
    const input = {
      brand: 'alipayplus',
      day: heldDay,
      rows,
      source: 'fetched',
      fileName: 'alipay-20260914.csv',
      contentHash: 'a'.repeat(64),
    } as const;
    const first = await reconcileDay(h.db, { ...input, now: new Date(end.getTime() + 3_600_000) });
    const heldPeriod = { beginTime: heldDay, endTime: heldDay, brand: 'alipayplus' };

    const listed = (await page('admin', heldPeriod)).records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      runId: first.runId,
      status: 'matched',
      state: 'waiting',
      counts: { 1: 3, 300: 0, held: 2 },
      open: 0,
      totals: [{ currency: 'JPY', ours: 13_431, statement: 8551 }],
    });
    expect(listed[0].holdingUntil).toBe(new Date(end.getTime() + 3 * 86_400_000).toISOString());
    const runs = async (login: string) =>
      (
        await h.call<ReconRun[]>(
          `${W}/runs`,
          { brand: 'alipayplus', day: heldDay },
          { token: await as(login) },
        )
      ).body.result!;
    expect((await runs('admin'))[0]).toMatchObject({ id: first.runId, state: 'waiting' });
    // The day's results as the page opens them show the held rows that explain the difference.
    const shown = await results('admin', {
      brand: 'alipayplus',
      day: heldDay,
      code: DEFAULT_RESULT_CODE_FILTER,
    });
    expect(shown.records.map((r) => [r.code, r.ours?.orderId])).toEqual(missing.map((o) => [null, o.id]));
    // A company sees its own rows' state: hinoki's day waits, minato's has nothing that differs or waits.
    expect((await page('co-admin', heldPeriod)).records[0]).toMatchObject({ state: 'waiting', open: 0 });
    expect((await page('minato-admin', heldPeriod)).records[0]).toMatchObject({
      state: 'matched',
      counts: { 1: 1, held: 0 },
    });

    // After the pool, the same file again: the missing ones are 300, open exceptions.
    const after = await reconcileDay(h.db, { ...input, now: new Date(end.getTime() + 4 * 86_400_000) });
    expect(after.replacedRunId).toBe(first.runId);
    const differs = (await page('admin', heldPeriod)).records[0];
    expect(differs).toMatchObject({ state: 'differences', counts: { 300: 2, held: 0 }, open: 2 });
    expect((await runs('admin')).map((r) => [r.current, r.state])).toEqual([
      [true, 'differences'],
      [false, 'waiting'],
    ]);
    // Resolved, the differences stay on record: the day is resolved, not matched.
    for (const r of (await results('admin', { brand: 'alipayplus', day: heldDay, code: '300' })).records) {
      const done = await h.call(
        `${W}/resolve`,
        { resultId: r.id, decision: 'writeOff', comment: 'Cancelled at the till' },
        { token: await as('admin') },
      );
      expect(done.body.resultType, done.body.resultMessage).toBe('SUCCESS');
    }
    expect((await page('admin', heldPeriod)).records[0]).toMatchObject({ state: 'resolved', open: 0 });
    // A corrected file with every payment: matched.
    await reconcileDay(h.db, {
      ...input,
      rows: [...inFile, ...missing].map((o) => paymentRow('alipayplus', o)),
      contentHash: 'b'.repeat(64),
      now: new Date(end.getTime() + 5 * 86_400_000),
    });
    expect((await page('admin', heldPeriod)).records[0]).toMatchObject({
      state: 'matched',
      counts: { 1: 5, held: 0 },
      totals: [{ currency: 'JPY', ours: 13_431, statement: 13_431 }],
    });
  });

  it('exports the days list in both formats', async () => {
    for (const path of [`${W}/exportCSVFile`, `${W}/exportExcel`]) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: { 'x-submit-token': await as('co-admin'), 'content-type': 'application/json' },
        payload: JSON.stringify(PERIOD),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).toMatch(/reconciliation/);
    }
    const csv = await h.app.inject({
      method: 'POST',
      url: `/api${W}/exportCSVFile`,
      headers: { 'x-submit-token': await as('admin'), 'content-type': 'application/json' },
      payload: JSON.stringify(PERIOD),
    });
    const text = csv.rawPayload.toString('utf8');
    expect(text).toContain('金額不一致');
    // The day's state, as the list shows it: minato's amount exception is still open.
    expect(text).toContain('2026-09-10,中国系ウォレット,差異あり,アップロード');
    expect(text).toContain(DAY);
  });
});
