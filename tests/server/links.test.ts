import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from '../../src/contract/envelope';
import type { PayLinkCreated, PayLinkRow } from '../../src/contract/links';
import type { PayerView } from '../../src/contract/merchant';
import type { UploadRefusal, UploadReply } from '../../src/contract/uploads';
import { auditLog, orders } from '../../server/db/schema';
import { backends, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';
import { count, merchantClient, notificationsDelivered } from './payments-support';
import { csv, upload, xlsx, XLSX_TYPE } from './uploads-support';

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (d: number) =>
  new Date(Date.now() + 9 * 3_600_000 - d * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('URL payments on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let admin: string;
  let coAdmin: string;
  let coOp: string;
  let hinoki: number;
  let minato: number;

  const create = (body: Record<string, unknown>, token = coAdmin, lang?: string) =>
    h.call<PayLinkCreated>(
      '/pay/pay/create',
      { amount: 3300, subject: '請求書 2026-11', ...body },
      { token, lang },
    );
  const page = (body: Record<string, unknown>, token = coAdmin) =>
    h.call<Page<PayLinkRow>>(
      '/history/urlOrderPay/page',
      { beginTime: daysAgo(1), endTime: today(), pageSize: 100, ...body },
      { token },
    );
  const written = async () => ({ orders: await count(h, 'orders'), links: await count(h, 'pay_links') });

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    hinoki = ids.company('株式会社ひのき珈琲');
    minato = ids.company('株式会社みなと書店');
    admin = await h.token('admin');
    coAdmin = await h.token('co-admin');
    coOp = await h.token('co-op');
  });
  afterAll(() => h?.close());

  it('creates a URL payment for the own company with its invoice details, link and audit row', async () => {
    const clientOrderNo = no('INV');
    const r = await create({
      clientOrderNo,
      payerName: '山田 花子',
      payerEmail: 'hanako@example.jp',
      remark: '11月分',
      expireHours: 48,
    });
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.resultMessage).toBe('URL決済を作成しました');
    const row = r.body.result!;
    expect(row).toMatchObject({
      created: true,
      clientOrderNo,
      subject: '請求書 2026-11',
      payerName: '山田 花子',
      payerEmail: 'hanako@example.jp',
      remark: '11月分',
      amount: 3300,
      currency: 'JPY',
      status: 'pendingPayment',
      brand: '',
      companyId: hinoki,
      companyName: '株式会社ひのき珈琲',
      source: 'console',
    });
    expect(row.gatewayOrderNo).toMatch(/^K\d+/);
    expect(row.payLink).toBe(`/qrcode?orderNo=${row.gatewayOrderNo}`);
    expect(row.createdByName).not.toBe('');
    const hours = (Date.parse(row.expiresAt!) - Date.parse(row.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
    const [order] = await h.db.select().from(orders).where(eq(orders.gatewayOrderNo, row.gatewayOrderNo));
    expect([order.paymentType, order.brand]).toEqual(['link', '']);
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'payLink'), eq(auditLog.objectId, row.gatewayOrderNo)));
    expect(audit.map((a) => [a.action, a.loginId, a.callPath])).toEqual([
      ['create', 'co-admin', '/pay/pay/create'],
    ]);

    // The payer opens the link, chooses a brand and pays; the page then lists it as paid.
    const view = await h.call<PayerView>('/pay/qrcode/get', { orderNo: row.gatewayOrderNo });
    expect(view.body.result).toMatchObject({ amount: 3300, subject: '請求書 2026-11', brand: '' });
    const paid = await h.call<PayerView>('/pay/qrcode/decide', {
      orderNo: row.gatewayOrderNo,
      brand: 'paypay',
      action: 'pay',
    });
    expect(paid.body.resultType).toBe('SUCCESS');
    await notificationsDelivered(h);
    const list = await page({ status: '0', orderNo: clientOrderNo });
    expect(list.body.result!.records.map((x) => [x.gatewayOrderNo, x.status, x.brand])).toEqual([
      [row.gatewayOrderNo, 'success', 'paypay'],
    ]);
  });

  it('generates a U… client number when none is given, in the payer-chosen currency', async () => {
    const r = await create({ amount: 1999, currency: 'USD' });
    expect(r.body.result).toMatchObject({ amount: 1999, currency: 'USD', created: true });
    expect(r.body.result!.clientOrderNo).toMatch(/^U\d{20,}$/);
  });

  it('is idempotent on the client order number and refuses the number of a different payment', async () => {
    const clientOrderNo = no('IDEM');
    const first = await create({ clientOrderNo });
    const before = await written();
    const again = await create({ clientOrderNo });
    expect(again.body.resultType).toBe('SUCCESS');
    expect(again.body.resultMessage).toBe('この加盟店注文番号のURL決済は作成済みです');
    expect(again.body.result).toMatchObject({
      created: false,
      gatewayOrderNo: first.body.result!.gatewayOrderNo,
    });
    const other = await create({ clientOrderNo, amount: 9999 });
    expect([other.body.resultType, other.body.resultMessage]).toEqual([
      'FAIL',
      'この加盟店注文番号は別の内容の注文で使用されています',
    ]);
    // A merchant API payment's number is not a URL payment of the console.
    const m = await merchantClient(h, hinoki);
    const merchantNo = no('API');
    await m.call('/merchant/pay/create', {
      clientOrderNo: merchantNo,
      amount: 3300,
      currency: 'JPY',
      paymentType: 'link',
    });
    const taken = await create({ clientOrderNo: merchantNo });
    expect(taken.body.resultType).toBe('FAIL');
    expect(await count(h, 'pay_links')).toBe(before.links);
    expect(await count(h, 'orders')).toBe(before.orders + 1);
    // …and the URL payment page never lists it.
    expect((await page({ orderNo: merchantNo })).body.result!.total).toBe(0);
  });

  it('refuses bad input on every field with a localised message and writes nothing', async () => {
    const before = await written();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 'abc' }, 'amount', '金額の形式が正しくありません'],
      [{ amount: 0 }, 'amount', ''],
      [{ amount: -5 }, 'amount', ''],
      [{ amount: 12.5 }, 'amount', ''],
      [{ amount: '' }, 'amount', ''],
      [{ subject: '' }, 'subject', '商品名は必須です'],
      [{ subject: 'x'.repeat(129) }, 'subject', ''],
      [{ payerName: 'x'.repeat(61) }, 'payerName', ''],
      [{ payerEmail: 'not-an-email' }, 'payerEmail', ''],
      [{ remark: 'x'.repeat(256) }, 'remark', ''],
      [{ currency: 'XXX' }, 'currency', ''],
      [{ expireHours: 0 }, 'expireHours', ''],
      [{ expireHours: 721 }, 'expireHours', ''],
      [{ clientOrderNo: '請求-1' }, 'clientOrderNo', ''],
      [{ clientOrderNo: 'x'.repeat(65) }, 'clientOrderNo', ''],
      [{ brand: 'paypay' }, 'brand', ''],
    ];
    for (const [body, field, text] of cases) {
      const r = await create(body);
      expect(r.body.resultType, JSON.stringify(body)).toBe('INVALID');
      expect(Object.keys(r.body.errors ?? {}), JSON.stringify(body)).toContain(field);
      if (text)
        expect(r.body.errors![field]).toContain(text.replace(/は必須です|の形式が正しくありません/, ''));
    }
    const en = await create({ payerEmail: 'nope' }, coAdmin, 'en');
    expect(en.body.resultType).toBe('INVALID');
    // The session's language (ja) speaks, whatever the browser says.
    expect(en.body.errors!.payerEmail).toMatch(/支払者メールアドレス/);
    expect(await written()).toEqual(before);
  });

  it('keeps every role inside its tenant: other companies and branches are not found, the company operator has no access', async () => {
    const before = await written();
    const foreign = await create({ companyId: minato });
    expect(foreign.body.resultType).toBe('NOT_FOUND');
    const foreignBranch = await create({ branchUnitId: ids.branch('株式会社みなと書店/梅田店') });
    expect(foreignBranch.body.resultType).toBe('NOT_FOUND');
    const noCompany = await create({}, admin);
    expect(noCompany.body.resultType).toBe('INVALID');
    expect(Object.keys(noCompany.body.errors!)).toEqual(['companyId']);
    const unknown = await create({ companyId: 999_999 }, admin);
    expect(unknown.body.resultType).toBe('NOT_FOUND');
    const operator = await create({}, coOp);
    expect(operator.body.resultType).toBe('NO_ACCESS');
    expect(await written()).toEqual(before);

    const theirs = await create({ companyId: minato, clientOrderNo: no('MINATO') }, admin);
    expect(theirs.body.result).toMatchObject({ companyId: minato, companyName: '株式会社みなと書店' });
    const mine = await page({});
    expect(mine.body.result!.records.length).toBeGreaterThan(0);
    expect(mine.body.result!.records.every((r) => r.companyId === hinoki)).toBe(true);
    expect((await page({ companyId: minato })).body.result!.total).toBe(0);
    expect(
      (await page({ companyId: minato }, admin)).body.result!.records.map((r) => r.gatewayOrderNo),
    ).toContain(theirs.body.result!.gatewayOrderNo);
    const close = await h.call(
      '/pay/pay/close',
      { gatewayOrderNo: theirs.body.result!.gatewayOrderNo },
      { token: coAdmin },
    );
    expect(close.body.resultType).toBe('NOT_FOUND');
    expect((await page({}, coOp)).body.resultType).toBe('NO_ACCESS');
  });

  it('names the creator only to a caller who may see that account', async () => {
    // The system admin makes one for the company: the company admin sees the URL payment but
    // not the name of the platform's account that made it (outside its account scope).
    const made = await create({ companyId: hinoki, clientOrderNo: no('BYADMIN') }, admin);
    expect(made.body.result!.createdByName).not.toBe('');
    const listed = await page({}, coAdmin);
    const seen = listed.body.result!.records.find(
      (r) => r.gatewayOrderNo === made.body.result!.gatewayOrderNo,
    );
    expect(seen).toMatchObject({ companyId: hinoki, createdByName: '' });
    const own = await create({ clientOrderNo: no('OWN') });
    const ownRow = (await page({}, coAdmin)).body.result!.records.find(
      (r) => r.gatewayOrderNo === own.body.result!.gatewayOrderNo,
    );
    expect(ownRow?.createdByName).toBe(own.body.result!.createdByName);
    expect(ownRow?.createdByName).not.toBe('');
  });

  it('closes an unpaid URL payment with an audit row, and refuses a paid one or another order', async () => {
    const open = await create({ clientOrderNo: no('CLOSE') });
    const no1 = open.body.result!.gatewayOrderNo;
    const r = await h.call<PayLinkRow>('/pay/pay/close', { gatewayOrderNo: no1 }, { token: coAdmin });
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.result!.status).toBe('closed');
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, no1), eq(auditLog.action, 'update')));
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ status: 'pendingPayment' }, { status: 'closed' }],
    ]);
    const twice = await h.call('/pay/pay/close', { gatewayOrderNo: no1 }, { token: coAdmin });
    expect([twice.body.resultType, twice.body.resultMessage]).toEqual([
      'FAIL',
      'このURL決済は支払い済みまたは終了しているためクローズできません',
    ]);
    // The payer can no longer pay a closed link.
    const late = await h.call('/pay/qrcode/decide', { orderNo: no1, brand: 'paypay', action: 'pay' });
    expect(late.body.resultType).toBe('FAIL');

    const paid = await create({ clientOrderNo: no('PAID') });
    await h.call('/pay/qrcode/decide', {
      orderNo: paid.body.result!.gatewayOrderNo,
      brand: 'card',
      action: 'pay',
      subBrand: 'visa',
    });
    await notificationsDelivered(h);
    const refused = await h.call(
      '/pay/pay/close',
      { gatewayOrderNo: paid.body.result!.gatewayOrderNo },
      { token: coAdmin },
    );
    expect(refused.body.resultType).toBe('FAIL');

    const m = await merchantClient(h, hinoki);
    const api = await m.call<{ gatewayOrderNo: string }>('/merchant/pay/create', {
      clientOrderNo: no('APICLOSE'),
      amount: 100,
      currency: 'JPY',
      paymentType: 'link',
    });
    const notLink = await h.call(
      '/pay/pay/close',
      { gatewayOrderNo: api.body.result!.gatewayOrderNo },
      { token: coAdmin },
    );
    expect(notLink.body.resultType).toBe('NOT_FOUND');
  });

  it('pages with a 31-day limit, status filter, order number and sorting', async () => {
    const tooLong = await page({ beginTime: daysAgo(31), endTime: today() });
    expect(tooLong.body.resultType).toBe('INVALID');
    expect(Object.keys(tooLong.body.errors!)).toEqual(['endTime']);
    const small = await create({ clientOrderNo: no('SORT'), amount: 1 });
    const big = await create({ clientOrderNo: no('SORT'), amount: 250_000 });
    const asc = await page({ sortField: 'amount', sortOrder: 'asc', status: '1' });
    const amounts = asc.body.result!.records.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBe(1);
    expect(asc.body.result!.records.every((r) => r.status === 'pendingPayment')).toBe(true);
    const one = await page({ orderNo: big.body.result!.gatewayOrderNo });
    expect(one.body.result!.records.map((r) => r.clientOrderNo)).toEqual([big.body.result!.clientOrderNo]);
    expect(small.body.result!.payLink).toContain('/qrcode?orderNo=');
    const bad = await page({ sortField: 'payerEmail' });
    expect(bad.body.resultType).toBe('INVALID');
    const failedOnly = await page({ status: '2' });
    expect(
      failedOnly.body.result!.records.every((r) => ['failed', 'timeout', 'closed'].includes(r.status)),
    ).toBe(true);
  });

  it('finds a complete order number made on any day, within the caller’s scope only', async () => {
    const r = (await create({ clientOrderNo: no('OLD') })).body.result!;
    await h.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '100 days'` })
      .where(eq(orders.gatewayOrderNo, r.gatewayOrderNo));
    expect((await page({})).body.result!.records.map((x) => x.gatewayOrderNo)).not.toContain(
      r.gatewayOrderNo,
    );
    for (const orderNo of [r.gatewayOrderNo, r.clientOrderNo]) {
      expect((await page({ orderNo })).body.result!.records.map((x) => x.gatewayOrderNo)).toEqual([
        r.gatewayOrderNo,
      ]);
      expect((await page({ orderNo }, admin)).body.result!.total).toBe(1);
      expect((await page({ orderNo }, await h.token('minato-admin'))).body.result!.total).toBe(0);
    }
  });

  it('shows a URL payment nobody paid before its expiry as timed out, and the payer can no longer pay it', async () => {
    const r = await create({ clientOrderNo: no('LATE'), expireHours: 1 });
    const gatewayOrderNo = r.body.result!.gatewayOrderNo;
    await h.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.gatewayOrderNo, gatewayOrderNo));
    const listed = await page({ orderNo: gatewayOrderNo, status: '2' });
    expect(listed.body.result!.records.map((x) => x.status)).toEqual(['timeout']);
    const paid = await h.call('/pay/qrcode/decide', {
      orderNo: gatewayOrderNo,
      brand: 'paypay',
      action: 'pay',
    });
    expect([paid.body.resultType, paid.body.resultMessage]).toEqual([
      'FAIL',
      'この注文は支払いできる状態ではありません',
    ]);
  });

  describe('uploads', () => {
    const header = [
      'clientOrderNo',
      'amount',
      'currency',
      'subject',
      'payerName',
      'payerEmail',
      'remark',
      'expireHours',
    ];

    it('creates every row of a CSV with BOM, and of one without, in one go', async () => {
      const before = await written();
      const prefix = no('CSV');
      const file = csv(
        [
          header,
          [`${prefix}-1`, 1200, 'JPY', 'コーヒー豆 定期便', '佐藤 一郎', 'ichiro@example.jp', '', 24],
          [`${prefix}-2`, 550, '', 'ドリップバッグ, 10袋', '', '', '"特価"', ''],
          ['', 1099, 'USD', 'Gift card', 'Jane Roe', 'jane@example.com', 'intl', 72],
        ],
        true,
      );
      const r = await upload<UploadReply>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'links.csv',
        type: 'text/csv',
        data: file,
      });
      expect(r.body.resultType).toBe('SUCCESS');
      expect(r.body.resultMessage).toBe('3件を作成しました');
      expect(r.body.result!.count).toBe(3);
      expect(await written()).toEqual({ orders: before.orders + 3, links: before.links + 3 });
      const rows = (await page({ orderNo: `${prefix}-2` })).body.result!.records;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        amount: 550,
        currency: 'JPY',
        subject: 'ドリップバッグ, 10袋',
        remark: '"特価"',
        source: 'upload',
      });
      const plain = csv([
        ['amount', 'subject'],
        [700, 'No BOM'],
      ]);
      const r2 = await upload<UploadReply>(h, '/pay/pay/uploadFile', coAdmin, { name: 'x.csv', data: plain });
      expect(r2.body.result!.count).toBe(1);
      // Uploading the same file again creates nothing new (client order numbers are idempotent).
      const again = await upload<UploadReply>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'links.csv',
        data: file.subarray(0),
      });
      expect(again.body.resultType).toBe('SUCCESS');
      expect(await count(h, 'pay_links')).toBe(before.links + 3 + 1 + 1);
    });

    it('creates every row of an XLSX workbook', async () => {
      const before = await written();
      const prefix = no('XL');
      const data = await xlsx([
        ['amount', 'subject', 'clientOrderNo', 'payerEmail'],
        [4500, 'ランチ会 会費', `${prefix}-1`, 'a@example.jp'],
        [6000, 'ディナー会 会費', `${prefix}-2`, 'b@example.jp'],
      ]);
      const r = await upload<UploadReply>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'links.xlsx',
        type: XLSX_TYPE,
        data,
      });
      expect(r.body.resultType).toBe('SUCCESS');
      expect(r.body.result!.count).toBe(2);
      expect(await written()).toEqual({ orders: before.orders + 2, links: before.links + 2 });
      const rows = (await page({ orderNo: `${prefix}-2` })).body.result!.records;
      expect(rows[0]).toMatchObject({ amount: 6000, subject: 'ディナー会 会費', payerEmail: 'b@example.jp' });
    });

    it('reports every bad row with its row number and field, and writes none of the good ones', async () => {
      const before = await written();
      const prefix = no('BAD');
      const file = csv([
        header,
        [`${prefix}-1`, 1000, 'JPY', 'ok', '', '', '', ''],
        [`${prefix}-2`, 'abc', 'JPY', 'bad amount', '', '', '', ''],
        [`${prefix}-3`, 1000, 'JPY', 'ok', '', '', '', ''],
        [`${prefix}-4`, 1000, 'XXX', 'bad currency', '', 'nope', '', ''],
        [`${prefix}-5`, 1000, 'JPY', 'ok', '', '', '', ''],
        [`${prefix}-1`, -3, 'JPY', '', '', '', '', 900],
      ]);
      const r = await upload<UploadRefusal>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'bad.csv',
        data: file,
      });
      expect(r.body.resultType).toBe('INVALID');
      expect(r.body.resultMessage).toBe(
        '3行に誤りがあります。修正してからもう一度アップロードしてください（何も登録していません）',
      );
      const rows = r.body.result!.rows;
      expect([...new Set(rows.map((e) => e.row))]).toEqual([3, 5, 7]);
      expect(
        rows
          .filter((e) => e.row === 5)
          .map((e) => e.field)
          .sort(),
      ).toEqual(['currency', 'payerEmail']);
      expect(
        rows
          .filter((e) => e.row === 7)
          .map((e) => e.field)
          .sort(),
      ).toEqual(['amount', 'expireHours', 'subject']);
      expect(rows.find((e) => e.row === 3)!.message).toMatch(/金額/);
      expect(r.body.errors!['row 3 amount']).toMatch(/^3行目：/);
      expect(await written()).toEqual(before);

      const dup = csv([
        header,
        [`${prefix}-9`, 1, 'JPY', 'a', '', '', '', ''],
        [`${prefix}-9`, 1, 'JPY', 'a', '', '', '', ''],
      ]);
      const d = await upload<UploadRefusal>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'dup.csv',
        data: dup,
      });
      expect(d.body.result!.rows).toEqual([
        { row: 3, field: 'clientOrderNo', message: '加盟店注文番号が2行目と重複しています' },
      ]);
      // A row whose number belongs to another payment: refused at writing time, nothing kept.
      const taken = (await create({ clientOrderNo: no('TAKEN'), amount: 10 })).body.result!.clientOrderNo;
      const clash = csv([
        header,
        [`${prefix}-10`, 1, 'JPY', 'a', '', '', '', ''],
        [taken, 99, 'JPY', 'a', '', '', '', ''],
      ]);
      const before2 = await written();
      const c = await upload<UploadRefusal>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'clash.csv',
        data: clash,
      });
      expect(c.body.resultType).toBe('INVALID');
      expect(c.body.result!.rows.map((e) => [e.row, e.field])).toEqual([[3, 'clientOrderNo']]);
      expect(await written()).toEqual(before2);
    });

    it('refuses broken files with a clear message and writes nothing', async () => {
      const before = await written();
      const good = await xlsx([
        ['amount', 'subject'],
        [1, 'x'],
      ]);
      const corrupt = Buffer.concat([good.subarray(0, 200), Buffer.alloc(300, 7)]);
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
      const cases: [string, Buffer, string][] = [
        ['corrupt.xlsx', corrupt, 'Excelファイルを読み取れません'],
        ['empty.csv', Buffer.alloc(0), 'ファイルにデータ行がありません'],
        ['blank.csv', Buffer.from('\r\n\r\n'), 'ファイルにデータ行がありません'],
        ['header.csv', csv([['amount', 'subject']]), 'ファイルにデータ行がありません'],
        ['image.png', png, 'CSV（UTF-8）またはExcel（.xlsx）'],
        ['sjis.csv', Buffer.from([0x82, 0xa0, 0x2c, 0x31, 0x0d, 0x0a]), 'CSV（UTF-8）またはExcel（.xlsx）'],
        ['noheader.csv', csv([[1000, 'coffee']]), '1行目に列名を入れてください'],
        [
          'unknown.csv',
          csv([
            ['amount', 'subject', 'colour'],
            [1, 'x', 'red'],
          ]),
          '不明な列があります：colour',
        ],
        [
          'missing.csv',
          csv([
            ['amount', 'remark'],
            [1, 'x'],
          ]),
          '必須の列がありません：subject',
        ],
        [
          'large.csv',
          Buffer.concat([csv([['amount', 'subject']]), Buffer.alloc(2_500_000, 0x41)]),
          'ファイルが大きすぎます（最大2 MB）',
        ],
        [
          'big.csv',
          csv([['amount', 'subject'], ...Array.from({ length: 1001 }, () => [1, 'x'])]),
          '1000行まで',
        ],
      ];
      for (const [name, data, text] of cases) {
        const r = await upload(h, '/pay/pay/uploadFile', coAdmin, { name, data });
        expect(r.body.resultType, name).toBe('INVALID');
        expect(r.body.errors?.file, name).toContain(text);
      }
      const noFile = await upload(h, '/pay/pay/uploadFile', coAdmin, null);
      expect(noFile.body.resultType).toBe('INVALID');
      expect(Object.keys(noFile.body.errors!)).toEqual(['file']);
      const foreign = await upload(
        h,
        '/pay/pay/uploadFile',
        coAdmin,
        {
          name: 'a.csv',
          data: csv([
            ['amount', 'subject'],
            [1, 'x'],
          ]),
        },
        {
          companyId: String(minato),
        },
      );
      expect(foreign.body.resultType).toBe('NOT_FOUND');
      const operator = await upload(h, '/pay/pay/uploadFile', coOp, {
        name: 'a.csv',
        data: csv([
          ['amount', 'subject'],
          [1, 'x'],
        ]),
      });
      expect(operator.body.resultType).toBe('NO_ACCESS');
      expect(await written()).toEqual(before);
      const rows = await h.db.execute(sql`select count(*)::int as n from pay_links where source = 'upload'`);
      expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0].n)).toBeGreaterThan(0);
    });
  });
});

describe('demo URL payments and pre-orders', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backends[0], { captcha: false, demoOrders: 5 });
  });
  afterAll(() => h?.close());

  it('fill both screens of the demo company in every state', async () => {
    const token = await h.token('co-admin');
    const range = { beginTime: daysAgo(30), endTime: today(), pageSize: 100 };
    const links = await h.call<Page<PayLinkRow>>('/history/urlOrderPay/page', range, { token });
    expect([...new Set(links.body.result!.records.map((r) => r.status))].sort()).toEqual([
      'closed',
      'pendingPayment',
      'success',
      'timeout',
    ]);
    const pre = await h.call<Page<{ state: string; usedTimes: number; useTimes: number }>>(
      '/history/preOrder/page',
      range,
      { token },
    );
    const states = pre.body.result!.records.map((r) => r.state);
    expect([...new Set(states)].sort()).toEqual(['closed', 'expired', 'open', 'used']);
    expect(pre.body.result!.records.some((r) => r.usedTimes > 0 && r.usedTimes < r.useTimes)).toBe(true);
    // The open demo pre-order pays like any other.
    const open = (
      await h.call<Page<{ state: string; gatewayPayNo: string; usedTimes: number }>>(
        '/history/preOrder/page',
        { ...range, useStatus: '0' },
        { token },
      )
    ).body.result!.records.find((r) => r.state === 'open' && r.usedTimes > 0)!;
    const r = await h.call<{ orderNo: string }>('/pay/qrcode/decide', {
      code: open.gatewayPayNo,
      brand: 'card',
      subBrand: 'visa',
      action: 'pay',
    });
    expect(r.body.resultType).toBe('SUCCESS');
    await notificationsDelivered(h);
    const after = await h.call<{ usedTimes: number }>('/pay/qrcode/get', { code: open.gatewayPayNo });
    expect(after.body.result!.usedTimes).toBe(open.usedTimes + 1);
  });
});
