import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reconciliationRuns, statementRows } from '../../server/db/schema';
import { reconcileDay } from '../../server/modules/reconciliation';
import { brandDayRange } from '../../server/modules/reconciliation/match';
import type { StatementRow } from '../../server/formats';
import { backends, startHarness, type Harness } from './harness';
import {
  brandOrder,
  brandRefund,
  orderAudit,
  paymentRow,
  refundRow,
  resultsOf,
  runOf,
  unknownRow,
} from './reconciliation-support';
import { newCompany } from './settlements-support';

const at = (iso: string) => new Date(iso);
const LATER = at('2027-06-01T00:00:00Z');

describe.each(backends)('reconciliation of a brand day on $name', (backend) => {
  let h: Harness;
  let companyId: number;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    companyId = (await newCompany(h.db)).id;
  });
  afterAll(() => h?.close());

  const codeOf = (
    results: Awaited<ReturnType<typeof resultsOf>>,
    where: { orderId?: number; refundId?: number },
  ) =>
    results
      .filter((r) =>
        where.refundId !== undefined
          ? r.refundId === where.refundId
          : r.orderId === where.orderId && r.refundId === null,
      )
      .map((r) => r.code);

  it('cuts each brand day at its own midnight: GMT+8 for the Chinese wallets, JST for PayPay and card', () => {
    expect(brandDayRange('wechat', '2026-11-02').start.toISOString()).toBe('2026-11-01T16:00:00.000Z');
    expect(brandDayRange('alipayplus', '2026-11-02').end.toISOString()).toBe('2026-11-02T16:00:00.000Z');
    expect(brandDayRange('paypay', '2026-11-02').start.toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(brandDayRange('card', '2026-11-02').end.toISOString()).toBe('2026-11-02T15:00:00.000Z');
  });

  it('gives a hand-made day one result of each code, and the orders their audit', async () => {
    const brand = 'wechat';
    // 2026-10-02 in GMT+8: 2026-10-01T16:00Z … 2026-10-02T16:00Z
    const o = (amount: number, fee: number, iso = '2026-10-02T02:00:00Z') =>
      brandOrder(h.db, { companyId, brand, amount, fee, at: at(iso) });
    const matched = await o(10_000, 60, '2026-10-01T16:30:00Z'); // 00:30 in Shanghai: this day
    const status = await o(2000, 12);
    const amount = await o(3000, 18);
    const fee = await o(4000, 24);
    const missing = await o(5000, 30);
    const otherDay = await o(6000, 36, '2026-10-02T16:30:00Z'); // 00:30 next day in Shanghai
    const refund = await brandRefund(h.db, matched, 1000, 6, at('2026-10-02T05:00:00Z'));
    // Failed on our side, paid at the brand: the status differs too.
    const failed = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 700,
      fee: 4,
      at: at('2026-10-02T06:00:00Z'),
      status: 'failed',
    });
    const unknown = unknownRow(brand, at('2026-10-02T03:00:00Z'));
    const rows: StatementRow[] = [
      paymentRow(brand, matched),
      paymentRow(brand, status, { status: 'failed', statusRaw: 'PAYERROR' }),
      paymentRow(brand, amount, { amount: 2900 }),
      paymentRow(brand, fee, { fee: 30 }),
      refundRow(brand, matched, refund),
      paymentRow(brand, failed),
      unknown,
    ];
    const out = await reconcileDay(h.db, {
      brand,
      day: '2026-10-02',
      rows,
      source: 'uploaded',
      fileName: 'wechat-20261002.csv',
      contentHash: 'a'.repeat(64),
      now: LATER,
    });
    expect(out).toMatchObject({ status: 'matched', reused: false, replacedRunId: null });
    expect(out.counts).toEqual({ 1: 2, 100: 2, 200: 1, 300: 1, 400: 0, 500: 1, 600: 1, held: 0 });
    const results = await resultsOf(h.db, out.runId);
    expect(codeOf(results, { orderId: matched.id })).toEqual([1]);
    expect(codeOf(results, { refundId: refund.id })).toEqual([1]);
    expect(codeOf(results, { orderId: status.id })).toEqual([100]);
    expect(codeOf(results, { orderId: failed.id })).toEqual([100]);
    expect(codeOf(results, { orderId: amount.id })).toEqual([600]);
    expect(codeOf(results, { orderId: fee.id })).toEqual([500]);
    expect(codeOf(results, { orderId: missing.id })).toEqual([300]);
    expect(codeOf(results, { orderId: otherDay.id })).toEqual([]);
    const gatewayMissing = results.filter((r) => r.code === 200);
    expect(gatewayMissing).toHaveLength(1);
    expect(gatewayMissing[0].orderId).toBeNull();
    // The differing values are kept: ours and the brand's.
    expect(results.find((r) => r.orderId === amount.id)?.diff).toEqual({
      amount: { ours: 3000, brand: 2900 },
    });
    expect(results.find((r) => r.orderId === fee.id)?.diff).toEqual({ fee: { ours: 24, brand: 30 } });
    expect(results.find((r) => r.orderId === status.id)?.diff).toEqual({
      status: { ours: 'success', brand: 'PAYERROR' },
    });

    expect(await orderAudit(h.db, matched.id)).toEqual({ status: 1, result: 1 });
    expect(await orderAudit(h.db, status.id)).toEqual({ status: 2, result: 100 });
    expect(await orderAudit(h.db, failed.id)).toEqual({ status: 2, result: 100 });
    expect(await orderAudit(h.db, amount.id)).toEqual({ status: 2, result: 600 });
    expect(await orderAudit(h.db, fee.id)).toEqual({ status: 2, result: 500 });
    expect(await orderAudit(h.db, missing.id)).toEqual({ status: 2, result: 300 });
    expect(await orderAudit(h.db, otherDay.id)).toEqual({ status: 0, result: null });

    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'reconciliationRun'), eq(auditLog.objectId, String(out.runId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'reconcile', loginId: 'system', result: 'success' });
  });

  it('makes the whole day 400 when the file is refused, with the line and reason on the run', async () => {
    const brand = 'card';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 1200,
      fee: 30,
      at: at('2026-10-03T01:00:00Z'),
    });
    const b = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 800,
      fee: 20,
      at: at('2026-10-03T02:00:00Z'),
    });
    const r = await brandRefund(h.db, a, 200, 5, at('2026-10-03T03:00:00Z'));
    const out = await reconcileDay(h.db, {
      brand,
      day: '2026-10-03',
      refusal: { ok: false, line: 7, reason: 'amount', detail: 'netAmount is not a number: 1,2' },
      source: 'fetched',
      fileName: 'card-20261003.csv',
      contentHash: 'b'.repeat(64),
      now: LATER,
    });
    expect(out.status).toBe('refused');
    expect(out.counts[400]).toBe(3);
    const run = await runOf(h.db, out.runId);
    expect(run).toMatchObject({ refusalLine: 7, refusalReason: 'amount', rowCount: 0 });
    const results = await resultsOf(h.db, out.runId);
    expect(codeOf(results, { refundId: r.id })).toEqual([400]);
    expect(await orderAudit(h.db, a.id)).toEqual({ status: 2, result: 400 });
    expect(await orderAudit(h.db, b.id)).toEqual({ status: 2, result: 400 });
  });

  it('refuses the file at the row a streaming parse stops at, and a row of another brand', async () => {
    const brand = 'alipayplus';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 1500,
      fee: 40,
      at: at('2026-10-04T01:00:00Z'),
    });
    function* stream(): Generator<StatementRow> {
      yield paymentRow(brand, a);
      throw new (class extends Error {})('not a refusal');
    }
    await expect(
      reconcileDay(h.db, {
        brand,
        day: '2026-10-04',
        rows: stream(),
        source: 'fetched',
        fileName: 'x.csv',
        contentHash: 'c'.repeat(64),
        now: LATER,
      }),
    ).rejects.toThrow('not a refusal');
    // Nothing of the failed import stayed.
    expect(
      await h.db
        .select()
        .from(reconciliationRuns)
        .where(and(eq(reconciliationRuns.brand, brand), eq(reconciliationRuns.businessDay, '2026-10-04'))),
    ).toHaveLength(0);
    const { RowRefused } = await import('../../server/formats');
    function* refusing(): Generator<StatementRow> {
      yield paymentRow(brand, a);
      throw new RowRefused(3, 'columns', 'row has 13 columns, the header 14');
    }
    const out = await reconcileDay(h.db, {
      brand,
      day: '2026-10-04',
      rows: refusing(),
      source: 'fetched',
      fileName: 'x.csv',
      contentHash: 'c'.repeat(64),
      now: LATER,
    });
    expect(out.status).toBe('refused');
    expect(await runOf(h.db, out.runId)).toMatchObject({
      refusalLine: 3,
      refusalReason: 'columns',
      rowCount: 0,
    });
    expect(await orderAudit(h.db, a.id)).toEqual({ status: 2, result: 400 });
    const other = await reconcileDay(h.db, {
      brand,
      day: '2026-10-04',
      rows: [paymentRow(brand, a), { ...paymentRow(brand, a), brand: 'wechat' }],
      source: 'fetched',
      fileName: 'y.csv',
      contentHash: 'd'.repeat(64),
      now: LATER,
    });
    expect(other.status).toBe('refused');
    expect((await runOf(h.db, other.runId)).refusalReason).toBe('layout');
  });

  it('matches a record named by two rows once: the later row is unknown to us', async () => {
    const brand = 'alipayplus';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 4200,
      fee: 9,
      at: at('2026-10-09T01:00:00Z'),
    });
    const r = await brandRefund(h.db, a, 200, 1, at('2026-10-09T02:00:00Z'));
    const out = await reconcileDay(h.db, {
      brand,
      day: '2026-10-09',
      rows: [paymentRow(brand, a), refundRow(brand, a, r), paymentRow(brand, a), refundRow(brand, a, r)],
      source: 'fetched',
      fileName: 'dup.csv',
      contentHash: '3'.repeat(64),
      now: LATER,
    });
    expect(out.counts).toMatchObject({ 1: 2, 200: 2 });
    expect(await orderAudit(h.db, a.id)).toEqual({ status: 1, result: 1 });
  });

  it('stores every value of a row as the statement wrote it (the COPY into the staging table)', async () => {
    const brand = 'wechat';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 5100,
      fee: 31,
      at: at('2026-10-10T01:00:00Z'),
    });
    // What text-format COPY gives a meaning to (tab, line breaks, backslash, \\N), quotes, unicode.
    const awkward = 'a\tb\nc\r\nd \\ e \\N "q" \'s\' ,; 決済 💴 \u00e9';
    const rows = [
      paymentRow(brand, a, { statusRaw: 'SUCCESS\\t', kindRaw: '\\N', extra: { note: awkward, '\\N': '' } }),
      {
        ...unknownRow(brand, at('2026-10-10T02:00:00Z')),
        brandOrderNo: 'X\\N\t1',
        gatewayOrderNo: null,
        fee: null,
      },
    ];
    const out = await reconcileDay(h.db, {
      brand,
      day: '2026-10-10',
      rows,
      source: 'uploaded',
      fileName: 'awkward.csv',
      contentHash: '7'.repeat(64),
      now: LATER,
    });
    expect(out.counts).toMatchObject({ 1: 1, 200: 1 });
    const stored = await h.db
      .select()
      .from(statementRows)
      .where(eq(statementRows.runId, out.runId))
      .orderBy(statementRows.line);
    expect(stored.map((r) => [r.statusRaw, r.raw, r.brandOrderNo, r.gatewayOrderNo, r.fee])).toEqual([
      ['SUCCESS\\t', { note: awkward, '\\N': '', '@kind': '\\N' }, a.brandOrderNo, a.gatewayOrderNo, 31],
      ['SUCCESS', {}, 'X\\N\t1', null, null],
    ]);
  });

  it('changes nothing when the same file is imported again for the same day', async () => {
    const brand = 'paypay';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 700,
      fee: 0,
      at: at('2026-10-05T01:00:00Z'),
    });
    const input = {
      brand,
      day: '2026-10-05',
      rows: [paymentRow(brand, a), unknownRow(brand, at('2026-10-05T02:00:00Z'))],
      source: 'uploaded',
      fileName: 'paypay.csv',
      contentHash: 'e'.repeat(64),
      now: LATER,
    } as const;
    const first = await reconcileDay(h.db, input);
    const count = async () => {
      const r = await h.db.execute(
        sql`select (select count(*) from reconciliation_runs) + (select count(*) from reconciliation_results)
          + (select count(*) from statement_rows) + (select count(*) from audit_log) as n`,
      );
      const rows = (Array.isArray(r) ? r : (r as { rows: { n: unknown }[] }).rows) as { n: unknown }[];
      return Number(rows[0].n);
    };
    const before = await count();
    const again = await reconcileDay(h.db, { ...input, now: new Date(LATER.getTime() + 3_600_000) });
    expect(again).toEqual({ ...first, reused: true });
    expect(await count()).toBe(before);
  });

  it('imports the same file sent twice at once as one run, and two files of a day one after the other', async () => {
    const brand = 'paypay';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 300,
      fee: 0,
      at: at('2026-10-10T01:00:00Z'),
    });
    const file = (hash: string) =>
      reconcileDay(h.db, {
        brand,
        day: '2026-10-10',
        rows: [paymentRow(brand, a)],
        source: 'uploaded',
        fileName: 'p.csv',
        contentHash: hash.repeat(64),
        now: LATER,
      });
    const [x, y] = await Promise.all([file('4'), file('4')]);
    expect(x.runId).toBe(y.runId);
    expect([x.reused, y.reused].sort()).toEqual([false, true]);
    const [p, q] = await Promise.all([file('5'), file('6')]);
    const runs = await h.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.brand, brand), eq(reconciliationRuns.businessDay, '2026-10-10')));
    expect(runs).toHaveLength(3);
    expect(runs.filter((r) => r.replacedByRunId === null)).toHaveLength(1);
    expect([p.replacedRunId, q.replacedRunId]).toContain(x.runId);
  });

  it('replaces the day with a corrected statement and keeps the earlier run as history', async () => {
    const brand = 'wechat';
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 900,
      fee: 5,
      at: at('2026-10-06T01:00:00Z'),
    });
    const b = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 1100,
      fee: 7,
      at: at('2026-10-06T02:00:00Z'),
    });
    const common = { brand, day: '2026-10-06', source: 'fetched', fileName: 'w.csv', now: LATER } as const;
    const first = await reconcileDay(h.db, {
      ...common,
      rows: [paymentRow(brand, a), paymentRow(brand, b, { amount: 1000 })],
      contentHash: '1'.repeat(64),
    });
    expect(await orderAudit(h.db, b.id)).toEqual({ status: 2, result: 600 });
    const second = await reconcileDay(h.db, {
      ...common,
      rows: [paymentRow(brand, a), paymentRow(brand, b)],
      contentHash: '2'.repeat(64),
    });
    expect(second.replacedRunId).toBe(first.runId);
    expect(second.counts[1]).toBe(2);
    expect(await orderAudit(h.db, b.id)).toEqual({ status: 1, result: 1 });
    const old = await runOf(h.db, first.runId);
    expect(old.replacedByRunId).toBe(second.runId);
    expect(old.counts[600]).toBe(1);
    expect((await resultsOf(h.db, first.runId)).map((r) => r.code).sort()).toEqual([1, 600]);
    expect((await runOf(h.db, second.runId)).replacesRunId).toBe(first.runId);
    // The first file again is a third run: it is not the day's current file.
    const third = await reconcileDay(h.db, {
      ...common,
      rows: [paymentRow(brand, a), paymentRow(brand, b, { amount: 1000 })],
      contentHash: '1'.repeat(64),
    });
    expect(third).toMatchObject({ reused: false, replacedRunId: second.runId });
    expect(await orderAudit(h.db, b.id)).toEqual({ status: 2, result: 600 });
    const runs = await h.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.brand, brand), eq(reconciliationRuns.businessDay, '2026-10-06')));
    expect(runs).toHaveLength(3);
    expect(runs.filter((r) => r.replacedByRunId === null).map((r) => r.id)).toEqual([third.runId]);
  });

  it('holds our successes missing from the statement for the holding pool, then calls them 300', async () => {
    const brand = 'card';
    const day = '2026-10-07'; // JST: ends 2026-10-07T15:00Z; 3 days' pool to 2026-10-10T15:00Z
    const a = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 5000,
      fee: 100,
      at: at('2026-10-07T01:00:00Z'),
    });
    const late = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 6000,
      fee: 120,
      at: at('2026-10-07T02:00:00Z'),
    });
    const file = { brand, day, source: 'fetched', fileName: 'c.csv', rows: [paymentRow(brand, a)] } as const;
    const clock = (iso: string) => at(iso);
    const first = await reconcileDay(h.db, {
      ...file,
      contentHash: 'f'.repeat(64),
      now: clock('2026-10-08T01:00:00Z'),
    });
    expect(first.counts).toMatchObject({ 1: 1, 300: 0, held: 1 });
    expect(await orderAudit(h.db, late.id)).toEqual({ status: 0, result: null });
    expect((await runOf(h.db, first.runId)).holdingUntil.toISOString()).toBe('2026-10-10T15:00:00.000Z');
    // The same file a second before the pool ends: still held, nothing changed.
    const before = await reconcileDay(h.db, {
      ...file,
      contentHash: 'f'.repeat(64),
      now: clock('2026-10-10T14:59:59Z'),
    });
    expect(before).toMatchObject({ runId: first.runId, reused: true });
    // Once the pool is over the same statement is matched again: the missing one is 300.
    const after = await reconcileDay(h.db, {
      ...file,
      contentHash: 'f'.repeat(64),
      now: clock('2026-10-10T15:00:00Z'),
    });
    expect(after).toMatchObject({ reused: false, replacedRunId: first.runId });
    expect(after.counts).toMatchObject({ 1: 1, 300: 1, held: 0 });
    expect(await orderAudit(h.db, late.id)).toEqual({ status: 2, result: 300 });
    // A late statement that has it: matched.
    const corrected = await reconcileDay(h.db, {
      ...file,
      rows: [paymentRow(brand, a), paymentRow(brand, late)],
      contentHash: '0'.repeat(64),
      now: clock('2026-10-12T00:00:00Z'),
    });
    expect(corrected.counts).toMatchObject({ 1: 2, 300: 0, held: 0 });
    expect(await orderAudit(h.db, late.id)).toEqual({ status: 1, result: 1 });
    // A zero-day pool decides at once.
    const b = await brandOrder(h.db, {
      companyId,
      brand,
      amount: 700,
      fee: 1,
      at: at('2026-10-08T01:00:00Z'),
    });
    const none = await reconcileDay(h.db, {
      brand,
      day: '2026-10-08',
      rows: [],
      source: 'fetched',
      fileName: 'c.csv',
      contentHash: '9'.repeat(64),
      now: clock('2026-10-08T15:00:00Z'),
      holdingDays: 0,
    });
    expect(none.counts).toMatchObject({ 300: 1, held: 0 });
    expect(await orderAudit(h.db, b.id)).toEqual({ status: 2, result: 300 });
  });
});
