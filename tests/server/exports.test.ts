import { parse } from 'csv-parse/sync';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, Page } from '../../src/contract/envelope';
import type { OrderExportQuery } from '../../src/contract/exports';
import type { OrderRow } from '../../src/contract/orders';
import type { RefundRow } from '../../src/contract/refunds';
import { createTranslator, textOr, type Translate } from '../../src/i18n';
import { generateDemoOrders } from '../../server/demo/orders';
import { auditLog, operators, orders } from '../../server/db/schema';
import { orderCsvRows, orderRows } from '../../server/modules/exports';
import { copyCsv, copyCsvBatch, crlfRows, pgliteOf } from '../../server/db/copy';
import { poolOf } from '../../server/db/cursor';
import { cellAmount, cellChoice, cellLabel, cellText } from '../../server/platform/csvSql';
import { csvField, majorUnits } from '../../server/platform/exports';
import { scopeOf } from '../../server/platform/scope';
import { findPrincipal } from '../../server/platform/principal';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';
import {
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  type MerchantClient,
} from './payments-support';

/**
 * Exports parsed back (csv-parse, exceljs' reader) hold exactly the rows of the page call for
 * the same filters and caller, formatted as a person reads them; refusals stay JSON.
 */

const ZONE = 'Asia/Tokyo';
const today = DateTime.now().setZone(ZONE);
const RANGE = { beginTime: today.minus({ days: 30 }).toISODate()!, endTime: today.toISODate()! };
const SPAN = `${RANGE.beginTime.replace(/-/g, '')}-${RANGE.endTime.replace(/-/g, '')}`;

const ja = createTranslator('ja');
const en = createTranslator('en');
const local = (iso: string | null) =>
  iso ? DateTime.fromISO(iso).setZone(ZONE).toFormat('yyyy-MM-dd HH:mm:ss') : '';
const major = (minor: number, currency: string) =>
  currency === 'JPY' || currency === 'KRW' ? String(minor) : (minor / 100).toFixed(2);

interface Download {
  status: number;
  headers: Record<string, unknown>;
  raw: Buffer;
  json(): Envelope<unknown>;
}

/** The file name a browser saves: filename* (UTF-8) when present. */
function fileName(headers: Record<string, unknown>) {
  const cd = String(headers['content-disposition'] ?? '');
  const star = /filename\*=UTF-8''([^;]+)/.exec(cd);
  return star ? decodeURIComponent(star[1]) : null;
}

const csvRows = (raw: Buffer) => parse(raw, { bom: true }) as string[][];

async function xlsxRows(raw: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: { values: unknown[]; formats: string[] }[] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    const formats: string[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) {
      const cell = row.getCell(i);
      values.push(cell.value ?? '');
      formats.push(cell.numFmt ?? '');
    }
    rows.push({ values, formats });
  });
  return { name: sheet.name, rows };
}

/** The order columns of the export as the page row gives them (t: the caller's language). */
const orderLine = (t: Translate, r: OrderRow, subject: string) => [
  local(r.createdAt),
  local(r.finishedAt),
  r.gatewayOrderNo,
  r.clientOrderNo,
  r.brandOrderNo,
  r.companyName,
  r.branchUnitName ?? '',
  textOr(t, `orders.brands.${r.brand}`, r.brand),
  r.subBrand ? textOr(t, `orders.subBrands.${r.subBrand}`, r.subBrand) : '',
  t(`orders.paymentTypes.${r.paymentType}`),
  t(`orders.statuses.${r.status}`),
  major(r.amount, r.currency),
  r.currency,
  major(r.refundedAmount, r.currency),
  r.receiptNo,
  subject,
];

const refundLine = (t: Translate, r: RefundRow) => [
  local(r.createdAt),
  local(r.finishedAt),
  r.gatewayRefundNo,
  r.clientRefundNo,
  r.brandRefundNo,
  r.gatewayOrderNo,
  r.companyName,
  textOr(t, `orders.brands.${r.brand}`, r.brand),
  t(`refunds.statuses.${r.status}`),
  major(r.amount, r.currency),
  r.currency,
  r.fullRefund ? t('common.yes') : t('common.no'),
  r.remark,
  r.operatorLoginId ?? '',
  r.errorMessage,
];

/** What a spreadsheet shows of a CSV-formatted line (amounts as numbers, the quote kept). */
const asXlsx = (line: string[], amountColumns: number[]) =>
  line.map((v, i) => (amountColumns.includes(i) ? Number(v) : v));

describe.each(backends)('streaming exports on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let m: MerchantClient;
  const tokens: Record<string, string> = {};

  async function download(path: string, body: unknown, login: string): Promise<Download> {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { 'x-submit-token': tokens[login], 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return {
      status: res.statusCode,
      headers: res.headers,
      raw: res.rawPayload,
      json: () => res.json() as Envelope<unknown>,
    };
  }

  /** Every page of a page call, in its default order. */
  async function allPages<T>(path: string, q: Record<string, unknown>, login: string): Promise<T[]> {
    const out: T[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const r = await h.call<Page<T>>(path, { ...q, pageNum, pageSize: 100 }, { token: tokens[login] });
      if (r.body.resultType !== 'SUCCESS') throw new Error(r.body.resultMessage);
      out.push(...r.body.result!.records);
      if (out.length >= r.body.result!.total) return out;
    }
  }

  async function subjects(rows: OrderRow[]) {
    if (rows.length === 0) return new Map<number, string>();
    const found = await h.db
      .select({ id: orders.id, subject: orders.subject })
      .from(orders)
      .where(
        inArray(
          orders.id,
          rows.map((r) => r.id),
        ),
      );
    return new Map(found.map((f) => [f.id, f.subject]));
  }

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    await generateDemoOrders(h.db, { count: 2500, days: 60, seed: 11 });
    m = await merchantClient(h, ids.company('株式会社ひのき珈琲'));
    // Text a spreadsheet would run as a formula, typed by a merchant's system.
    const o = (
      await m.create({
        clientOrderNo: '-EXPORT-1',
        amount: 123456,
        currency: 'USD',
        // PayPay takes yen only: a dollar payment goes through the Chinese wallets.
        brand: 'wechat',
        subject: '=HYPERLINK("http://evil.example","付与")',
        branchUnitId: ids.branch('株式会社ひのき珈琲/銀座店'),
      })
    ).body.result!;
    await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'wechat', action: 'pay' });
    await notificationsDelivered(h);
    expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
    await h.db
      .update(orders)
      .set({ receiptNo: '@SUM(A1)' })
      .where(eq(orders.gatewayOrderNo, o.gatewayOrderNo));
    for (const login of ['admin', 'co-admin', 'co-op']) tokens[login] = await h.token(login);
    const refund = await h.call(
      '/pay/refund/refund',
      {
        gatewayOrderNo: o.gatewayOrderNo,
        refundAmount: 1000,
        refundPassword: md5Upper(DEMO_PASSWORD),
        remark: '+cmd|" /C calc"!A0',
      },
      { token: tokens['co-admin'] },
    );
    expect(refund.body.resultType).toBe('SUCCESS');
    await notificationsDelivered(h);
  });
  afterAll(() => h?.close());

  it('exports every order of the page as CSV: same rows, same order, formatted, Japanese file name', async () => {
    const page = await allPages<OrderRow>('/history/orderInfo/page', RANGE, 'admin');
    expect(page.length).toBeGreaterThan(500);
    const file = await download('/history/orderInfo/exportCSVFile', RANGE, 'admin');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="orders_${SPAN}.csv"`);
    expect(fileName(file.headers)).toBe(`取引履歴_${SPAN}.csv`);
    // UTF-8 with a BOM (Excel reads Japanese), CRLF line ends.
    expect([...file.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.raw.toString('utf8');
    expect(text.split('\r\n').length - 1).toBe(page.length + 1);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');

    const [header, ...lines] = csvRows(file.raw);
    expect(header).toEqual([
      '作成日時',
      '完了日時',
      'ゲートウェイ注文番号',
      '加盟店注文番号',
      'ブランド注文番号',
      '加盟店',
      '店舗',
      'ブランド',
      'サブブランド',
      '決済方法',
      'ステータス',
      '金額',
      '通貨',
      '返金済み金額',
      'レシート番号',
      '商品名',
    ]);
    const subjectOf = await subjects(page);
    const neutral = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
    expect(lines).toEqual(page.map((r) => orderLine(ja, r, subjectOf.get(r.id)!).map(neutral)));
  });

  it('neutralises cells a spreadsheet would run as a formula, in CSV and XLSX', async () => {
    const csv = csvRows((await download('/history/orderInfo/exportCSVFile', RANGE, 'co-admin')).raw);
    const line = csv.find((l) => l[3] === "'-EXPORT-1")!;
    expect(line).toBeDefined();
    expect(line[15]).toBe('\'=HYPERLINK("http://evil.example","付与")');
    expect(line[14]).toBe("'@SUM(A1)");
    expect(line.slice(11, 14)).toEqual(['1234.56', 'USD', '10.00']);
    const xlsx = await xlsxRows((await download('/history/orderInfo/exportExcel', RANGE, 'co-admin')).raw);
    const row = xlsx.rows.find((r) => r.values[3] === "'-EXPORT-1")!;
    expect(row.values[15]).toBe('\'=HYPERLINK("http://evil.example","付与")');
    expect(row.values[14]).toBe("'@SUM(A1)");
    expect(row.values.slice(11, 14)).toEqual([1234.56, 'USD', 10]);
    expect(row.formats[11]).toBe('#,##0.00');
    const refundCsv = csvRows((await download('/history/refundInfo/exportCSVFile', RANGE, 'co-admin')).raw);
    expect(refundCsv.some((l) => l[12] === '\'+cmd|" /C calc"!A0')).toBe(true);
    const refundXlsx = await xlsxRows(
      (await download('/history/refundInfo/exportExcel', RANGE, 'co-admin')).raw,
    );
    expect(refundXlsx.rows.some((r) => r.values[12] === '\'+cmd|" /C calc"!A0')).toBe(true);
  });

  it('exports XLSX in the caller’s language within its scope, amounts as numbers', async () => {
    const coAdmin = await h.db.select().from(operators).where(eq(operators.loginId, 'co-admin'));
    await h.db.update(operators).set({ workingLanguage: 'en' }).where(eq(operators.id, coAdmin[0].id));
    try {
      const page = await allPages<OrderRow>('/history/orderInfo/page', RANGE, 'co-admin');
      const hinoki = ids.company('株式会社ひのき珈琲');
      expect(page.length).toBeGreaterThan(50);
      expect(page.every((r) => r.companyId === hinoki)).toBe(true);
      const file = await download('/history/orderInfo/exportExcel', RANGE, 'co-admin');
      expect(file.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(fileName(file.headers)).toBe(`orders_${SPAN}.xlsx`);
      const xlsx = await xlsxRows(file.raw);
      expect(xlsx.name).toBe('Orders');
      const [header, ...rows] = xlsx.rows;
      expect(header.values.slice(0, 4)).toEqual([
        'Created at',
        'Finished at',
        'Gateway order no.',
        'Merchant order no.',
      ]);
      const subjectOf = await subjects(page);
      const neutral = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
      expect(rows.map((r) => r.values)).toEqual(
        page.map((r) => asXlsx(orderLine(en, r, subjectOf.get(r.id)!).map(neutral), [11, 13])),
      );
      for (const [i, r] of page.entries())
        expect(rows[i].formats[11]).toBe(r.currency === 'JPY' || r.currency === 'KRW' ? '#,##0' : '#,##0.00');
      expect(JSON.stringify(rows)).not.toContain('株式会社みなと書店');
    } finally {
      await h.db.update(operators).set({ workingLanguage: 'jp' }).where(eq(operators.id, coAdmin[0].id));
    }
  });

  it('keeps the scope: another tenant’s company as a filter gives an empty file, like the page', async () => {
    const minato = ids.company('株式会社みなと書店');
    const q = { ...RANGE, companyId: minato };
    expect(await allPages<OrderRow>('/history/orderInfo/page', q, 'co-admin')).toEqual([]);
    const csv = csvRows((await download('/history/orderInfo/exportCSVFile', q, 'co-admin')).raw);
    expect(csv).toHaveLength(1);
    const xlsx = await xlsxRows((await download('/history/orderInfo/exportExcel', q, 'co-admin')).raw);
    expect(xlsx.rows).toHaveLength(1);
    // The same filter works for the system, so the file above was cut by the scope.
    const all = csvRows((await download('/history/orderInfo/exportCSVFile', q, 'admin')).raw);
    expect(all.length).toBeGreaterThan(1);
    expect(all.slice(1).every((l) => l[5] === '株式会社みなと書店')).toBe(true);
    // A branch operator's file holds its branch only.
    const coOp = csvRows((await download('/history/orderInfo/exportCSVFile', RANGE, 'co-op')).raw);
    expect(coOp.length).toBeGreaterThan(1);
    expect(coOp.slice(1).every((l) => l[5] === '株式会社ひのき珈琲' && l[6] === '銀座店')).toBe(true);
  });

  it('filters like the page (status, brand, order number)', async () => {
    for (const q of [{ status: '0', brand: 'paypay' }, { paymentType: 'link' }, { orderNo: '-EXPORT-1' }]) {
      const page = await allPages<OrderRow>('/history/orderInfo/page', { ...RANGE, ...q }, 'admin');
      const csv = csvRows(
        (await download('/history/orderInfo/exportCSVFile', { ...RANGE, ...q }, 'admin')).raw,
      );
      expect(csv.slice(1).map((l) => l[2])).toEqual(page.map((r) => r.gatewayOrderNo));
    }
  });

  it('refuses a range over 31 days, bad filters, paging fields and no session as JSON, without a file', async () => {
    const cases: [string, unknown, string, string][] = [
      [
        '/history/orderInfo/exportCSVFile',
        { beginTime: '2026-01-01', endTime: '2026-02-01' },
        'INVALID',
        'endTime',
      ],
      ['/history/orderInfo/exportExcel', { ...RANGE, status: '9' }, 'INVALID', 'status'],
      ['/history/refundInfo/exportCSVFile', { ...RANGE, pageNum: 2 }, 'INVALID', ''],
      [
        '/history/refundInfo/exportExcel',
        { beginTime: 'soon', endTime: RANGE.endTime },
        'INVALID',
        'beginTime',
      ],
    ];
    for (const [path, body, type, field] of cases) {
      const r = await download(path, body, 'admin');
      expect(r.headers['content-disposition'], path).toBeUndefined();
      expect(String(r.headers['content-type'])).toContain('application/json');
      const env = r.json();
      expect(env.resultType).toBe(type);
      expect(env.resultMessage).not.toBe('');
      if (field) expect(Object.keys(env.errors ?? {})).toContain(field);
    }
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/history/orderInfo/exportCSVFile',
      payload: RANGE,
    });
    expect(anonymous.headers['content-disposition']).toBeUndefined();
    expect(anonymous.json().resultType).toBe('UNAUTHENCATED');
  });

  it('exports every refund of the refund page as CSV and XLSX, each caller within its scope', async () => {
    for (const login of ['admin', 'co-op']) {
      const page = await allPages<RefundRow>('/history/refundInfo/page', RANGE, login);
      expect(page.length).toBeGreaterThan(0);
      const csvFile = await download('/history/refundInfo/exportCSVFile', RANGE, login);
      expect(fileName(csvFile.headers)).toBe(`返金履歴_${SPAN}.csv`);
      const [header, ...lines] = csvRows(csvFile.raw);
      expect(header[0]).toBe('作成日時');
      const neutral = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
      const expected = page.map((r) => refundLine(ja, r).map(neutral));
      expect(lines).toEqual(expected);
      const xlsx = await xlsxRows((await download('/history/refundInfo/exportExcel', RANGE, login)).raw);
      expect(xlsx.name).toBe('返金履歴');
      expect(xlsx.rows.slice(1).map((r) => r.values)).toEqual(expected.map((l) => asXlsx(l, [9])));
    }
  });

  it('walks ties of created-at across batch boundaries without losing or repeating a row', async () => {
    // Seven orders created at the same microsecond, then batches of 2 and 3 rows.
    const seven = await h.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.companyId, ids.company('株式会社ひのき珈琲')))
      .orderBy(desc(orders.id))
      .limit(7);
    await h.db
      .update(orders)
      .set({ createdAt: sql`date_trunc('day', now()) - interval '1 day' + interval '0.123456 second'` })
      .where(
        inArray(
          orders.id,
          seven.map((s) => s.id),
        ),
      );
    const principal = await findPrincipal(h.db, eq(operators.loginId, 'co-admin'));
    const everything: OrderExportQuery = {
      ...RANGE,
      status: '',
      brand: '',
      subBrand: '',
      paymentType: '',
      companyId: null,
      branchUnitId: null,
      orderNo: '',
      proof: '',
      notify: '',
    };
    const read = async (size: number) => {
      const ids: number[] = [];
      const it = orderRows(h.db, scopeOf(principal!), ja, ZONE, everything, size);
      for await (const batch of it) ids.push(...batch.map((r) => r.id));
      return ids;
    };
    const pageRows = await allPages<OrderRow>('/history/orderInfo/page', RANGE, 'co-admin');
    const page = pageRows.map((r) => r.id);
    expect(await read(2)).toEqual(page);
    expect(await read(3)).toEqual(page);
    expect(await read(2000)).toEqual(page);
    // The CSV's batches (one COPY each on PGlite) walk the same rows in the same order.
    const csvOrderNos = async (size: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of orderCsvRows(h.db, scopeOf(principal!), ja, ZONE, everything, size))
        chunks.push(Buffer.from(chunk));
      return csvRows(Buffer.concat(chunks)).map((r) => r[2]);
    };
    const gatewayNos = pageRows.map((r) => r.gatewayOrderNo);
    expect(await csvOrderNos(2)).toEqual(gatewayNos);
    expect(await csvOrderNos(3)).toEqual(gatewayNos);
    expect(await csvOrderNos(7)).toEqual(gatewayNos);
    for (const s of seven) expect(page.filter((id) => id === s.id)).toHaveLength(1);

    // A reader that stops after its first batch (a client that left) gives its connection
    // back: more abandoned walks than the pool has connections, then a whole one.
    for (let i = 0; i < 25; i++) {
      const it = orderRows(h.db, scopeOf(principal!), ja, ZONE, everything, 2);
      for await (const batch of it) {
        expect(batch).toHaveLength(2);
        break;
      }
    }
    expect(await read(5)).toEqual(page);
    // The same for the CSV rows (a COPY on PostgreSQL): then a whole CSV still downloads.
    for (let i = 0; i < 25; i++) {
      for await (const chunk of orderCsvRows(h.db, scopeOf(principal!), ja, ZONE, everything, 2)) {
        expect(chunk.length).toBeGreaterThan(0);
        break;
      }
    }
    const csv = csvRows((await download('/history/orderInfo/exportCSVFile', RANGE, 'co-admin')).raw);
    expect(csv).toHaveLength(page.length + 1);
  });

  it('writes CSV fields in the database exactly as the app writes them', async () => {
    const texts = [
      'plain',
      '',
      null,
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      '=1+1',
      '+81 3',
      '-5',
      '@SUM(A1)',
      '\ttab',
      '\rcr',
      '=a,"b"',
      "it's",
      'back\\slash',
      '株式会社、カンマ',
      '😀 emoji',
    ];
    /** The field as the database's COPY writes it (a stream on PostgreSQL, a batch on PGlite). */
    const written = async (cell: SQL) => {
      const pool = poolOf(h.db);
      const chunks: Buffer[] = [];
      const copied = pool ? copyCsv(pool, sql`select ${cell}`) : oneBatch(sql`select ${cell}`);
      for await (const chunk of crlfRows(copied)) chunks.push(chunk);
      const line = Buffer.concat(chunks).toString('utf8');
      expect(line.endsWith('\r\n')).toBe(true);
      return line.slice(0, -2);
    };
    async function* oneBatch(select: SQL) {
      yield await copyCsvBatch(pgliteOf(h.db)!, select);
    }
    for (const text of texts)
      expect(await written(cellText(sql`${text}::text`)), JSON.stringify(text)).toEqual(csvField(text));
    for (const minor of [0, 1, 9, 10, 99, 100, 123456, 1999999, Number.MAX_SAFE_INTEGER])
      for (const currency of ['JPY', 'KRW', 'USD', 'CNY'])
        expect(await written(cellAmount(sql`${minor}::bigint`, sql`${currency}::text`))).toEqual(
          majorUnits(minor, currency),
        );
    const labels = { x: 'a,b', y: '=f', z: 'plain' };
    for (const code of ['x', 'y', 'z', 'unknown', '-raw', null])
      expect(await written(cellLabel(sql`${code}::text`, labels))).toEqual(
        csvField(code === null ? null : ((labels as Record<string, string>)[code] ?? code)),
      );
    expect(await written(cellChoice(sql`true`, 'はい', 'いいえ'))).toEqual('はい');
    expect(await written(cellChoice(sql`false`, 'yes, sure', '-no'))).toEqual("'-no");
    expect(await written(cellChoice(sql`true`, 'yes, sure', 'no'))).toEqual('"yes, sure"');
  });

  it('writes an audit row for each export with what was exported and the filter', async () => {
    const before = await h.db.select({ id: auditLog.id }).from(auditLog);
    const q = { ...RANGE, brand: 'card' };
    await download('/history/orderInfo/exportExcel', q, 'co-admin');
    await download('/history/refundInfo/exportCSVFile', RANGE, 'co-admin');
    const rows = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'export'), eq(auditLog.loginId, 'co-admin')))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(rows.every((r) => r.id > Math.max(...before.map((b) => b.id)))).toBe(true);
    expect(rows.map((r) => [r.objectId, r.action, r.callPath, r.result])).toEqual([
      ['refunds', 'export', '/history/refundInfo/exportCSVFile', 'success'],
      ['orders', 'export', '/history/orderInfo/exportExcel', 'success'],
    ]);
    expect(rows[1].after).toMatchObject({ format: 'xlsx', brand: 'card', ...RANGE });
    // A refused export (range) writes none.
    const exportRows = async () =>
      (await h.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.objectType, 'export'))).length;
    const counted = await exportRows();
    const refused = await download(
      '/history/orderInfo/exportCSVFile',
      { beginTime: '2026-01-01', endTime: '2026-03-01' },
      'co-admin',
    );
    expect(refused.json().resultType).toBe('INVALID');
    expect(await exportRows()).toBe(counted);
  });
});
