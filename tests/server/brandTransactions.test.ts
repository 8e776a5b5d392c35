import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandTransactionRow } from '../../src/contract/brandTransactions';
import type { Page } from '../../src/contract/envelope';
import { reconcileDay } from '../../server/modules/reconciliation';
import { backends, operatorByLogin, startHarness, type Harness } from './harness';
import { brandOrder, brandRefund, paymentRow, refundRow, unknownRow } from './reconciliation-support';
import { newCompany } from './settlements-support';

/**
 * The brand transactions lists (/history/walletTrade, /history/paypayTrade): the statement rows of
 * the current runs with their result and our order, within the caller's scope, and both exports.
 */
const at = (iso: string) => new Date(iso);
const DAY = '2026-09-14';
const W = '/history/walletTrade';
const P = '/history/paypayTrade';

describe.each(backends)('brand transactions on $name', (backend) => {
  let h: Harness;
  let admin = '';
  let coAdmin = '';
  let coCompany = 0;
  let ours: { matched: string; differs: string; other: string; unknown: string; refund: string };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    admin = await h.token('admin');
    coAdmin = await h.token('co-admin');
    coCompany = (await operatorByLogin(h.db, 'co-admin')).companyId!;
    const other = (await newCompany(h.db)).id;
    // 2026-09-14 in GMT+8 is 2026-09-13T16:00Z … 2026-09-14T16:00Z.
    const matched = await brandOrder(h.db, {
      companyId: coCompany,
      brand: 'wechat',
      amount: 8800,
      fee: 53,
      at: at('2026-09-14T01:00:00Z'),
    });
    const differs = await brandOrder(h.db, {
      companyId: coCompany,
      brand: 'wechat',
      amount: 5000,
      fee: 30,
      at: at('2026-09-14T02:00:00Z'),
    });
    const foreign = await brandOrder(h.db, {
      companyId: other,
      brand: 'wechat',
      amount: 1200,
      fee: 7,
      at: at('2026-09-14T03:00:00Z'),
    });
    const refund = await brandRefund(h.db, matched, 800, 5, at('2026-09-14T04:00:00Z'));
    const unknown = unknownRow('wechat', at('2026-09-14T05:00:00Z'), 4321);
    await reconcileDay(h.db, {
      brand: 'wechat',
      day: DAY,
      rows: [
        paymentRow('wechat', matched),
        paymentRow('wechat', differs, { amount: 4900 }),
        paymentRow('wechat', foreign),
        refundRow('wechat', matched, refund),
        unknown,
      ],
      source: 'uploaded',
      fileName: 'wechat-20260914.csv',
      contentHash: 'b'.repeat(64),
      now: at('2027-01-01T00:00:00Z'),
    });
    ours = {
      matched: matched.gatewayOrderNo,
      differs: differs.gatewayOrderNo,
      other: foreign.gatewayOrderNo,
      unknown: unknown.brandOrderNo!,
      refund: refund.gatewayRefundNo,
    };
  });
  afterAll(() => h?.close());

  const download = (path: string, body: unknown, token: string) =>
    h.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { 'x-submit-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const page = (body: Record<string, unknown>, token = admin, prefix = W) =>
    h.call<Page<BrandTransactionRow>>(`${prefix}/page`, { beginTime: DAY, endTime: DAY, ...body }, { token });

  it("lists the day's statement rows for the platform with their result and our order", async () => {
    const r = await page({});
    expect(r.body.resultType).toBe('SUCCESS');
    const rows = r.body.result!.records;
    expect(rows).toHaveLength(5);
    const byNo = (no: string) => rows.find((x) => x.gatewayOrderNo === no || x.brandOrderNo === no)!;
    expect(byNo(ours.differs)).toMatchObject({
      code: 600,
      amount: 4900,
      kind: 'payment',
      brand: 'wechat',
      businessDay: DAY,
      order: { gatewayOrderNo: ours.differs },
    });
    expect(byNo(ours.unknown)).toMatchObject({ code: 200, order: null, amount: 4321 });
    const refund = rows.find((x) => x.gatewayRefundNo === ours.refund)!;
    expect(refund).toMatchObject({ kind: 'refund', code: 1, amount: 800, fee: -5 });
    // Newest first by the brand's time.
    expect(rows.map((x) => x.time)).toEqual([...rows.map((x) => x.time)].sort().reverse());
  });

  it('filters by result, kind and any of the numbers', async () => {
    expect((await page({ code: '600' })).body.result!.records.map((x) => x.gatewayOrderNo)).toEqual([
      ours.differs,
    ]);
    expect((await page({ kind: 'refund' })).body.result!.total).toBe(1);
    expect((await page({ orderNo: ours.refund })).body.result!.total).toBe(1);
    expect((await page({ orderNo: ours.unknown })).body.result!.records[0].code).toBe(200);
    expect((await page({ brand: 'alipayplus' })).body.result!.total).toBe(0);
    // Another group's page does not list WeChat Pay's rows.
    expect((await page({}, admin, P)).body.result!.total).toBe(0);
  });

  it("shows a company only its own orders' rows, never a row that is none of ours", async () => {
    const r = await page({}, coAdmin);
    expect(r.body.resultType).toBe('SUCCESS');
    const nos = r.body.result!.records.map((x) => x.order?.gatewayOrderNo);
    expect(nos.sort()).toEqual([ours.matched, ours.matched, ours.differs].sort());
    expect(r.body.result!.records.every((x) => x.code !== 200)).toBe(true);
  });

  it('refuses bad input at the field, never a 500', async () => {
    for (const body of [
      { brand: 'paypay' },
      { code: '300' },
      { kind: 'chargeback' },
      { orderNo: 'x'.repeat(65) },
      { beginTime: '2026-01-01', endTime: '2026-03-01' },
      { beginTime: 'yesterday' },
      { sortField: 'brandOrderNo' },
      { pageSize: 'many' },
      { unknown: 1 },
    ]) {
      const r = await page(body);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body.resultType, JSON.stringify(body)).toBe('INVALID');
    }
  });

  it('exports the rows in XLSX and CSV, labelled, within the scope', async () => {
    const x = await download(`${W}/export`, { beginTime: DAY, endTime: DAY }, admin);
    expect(x.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(6);
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header).toContain('照合結果');
    const texts = sheet.getSheetValues().flat().map(String);
    expect(texts).toContain('金額不一致');
    expect(texts).toContain('ゲートウェイ履歴なし');
    const csv = await download(`${W}/exportCSV`, { beginTime: DAY, endTime: DAY }, coAdmin);
    expect(csv.statusCode).toBe(200);
    const lines = csv.payload
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(csv.payload).not.toContain(ours.unknown);
  });
});
