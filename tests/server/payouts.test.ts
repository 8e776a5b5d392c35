import iconv from 'iconv-lite';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/envelope';
import type {
  BankDepositRow,
  DepositImportReply,
  PayoutFetchReply,
  PayoutRow,
} from '../../src/contract/payouts';
import { writePaymentStatement } from '../../server/connectors/paymentStatement';
import { SandboxConnector } from '../../server/connectors/sandbox';
import { brandAgents } from '../../server/db/schema';
import { recordAudit, systemActor } from '../../server/platform/audit';
import {
  fetchDueStatements,
  matchDeposits,
  refreshPayouts,
  storeStatement,
  writeBankCsv,
} from '../../server/modules/payouts';
import { backends, startHarness, type Harness } from './harness';
import { syntheticSettlement } from './settlements-support';
import { upload } from './uploads-support';

/**
 * The brands' payouts and the platform's bank deposits (docs/reconciliation.md, "Payouts"): our
 * brand settlements against the brands' payment statements, deposits matched by amount and date,
 * the upload's guards and idempotence, scope, audit, and two uploads at once.
 */
const BEGIN = '2026-09-01';
const END = '2026-09-30';
const RANGE = { beginTime: '2026-09-01', endTime: '2026-12-31' };

const statement = (brand: 'paypay' | 'wechat', net: number, fee = 1200) => ({
  fileName: `${brand}_payment_20260901_20260930.csv`,
  bytes: writePaymentStatement([
    {
      brand,
      periodBegin: BEGIN,
      periodEnd: END,
      currency: 'JPY',
      paymentCount: 10,
      refundCount: 1,
      gross: net + fee,
      fee,
      net,
    },
  ]),
});

/** The bank's CSV as internet banking writes it (UTF-8 with BOM): a withdrawal line is skipped. */
const BANK_FILE = Buffer.from(
  '\uFEFF日付,摘要,お支払金額,お預り金額,振込依頼人名,照会番号\r\n' +
    '2026/10/05,振込,,100000,ｷﾔﾂｼﾕﾚｽﾊﾟ-ﾄﾅ-ｽﾞ(ｶ,000000000001\r\n' +
    '2026/10/06,手数料,440,,,\r\n' +
    '2026/10/05,振込,,"49,880",ｳｵﾚﾂﾄﾘﾝｸｼﾞﾔﾊﾟﾝ(ｶ,000000000002\r\n' +
    '2026/10/20,振込,,50000,ｶ)ﾃｽﾄ,000000000003\r\n',
  'utf8',
);

describe.each(backends)('brand payouts on $name', (backend) => {
  let h: Harness;
  let admin = '';
  let coAdmin = '';
  let sysop = '';
  const ids = { paypay: 0, wechat: 0 };

  const bill = async (token: string, group: 'wallet' | 'paypay', lang?: string) => {
    const r = await h.call<Page<PayoutRow>>(
      `/history/${group}Bill/page`,
      { ...RANGE, pageSize: 100 },
      { token, lang },
    );
    expect(r.body.resultType).toBe('SUCCESS');
    return r.body.result!;
  };
  const payoutOf = async (brand: 'paypay' | 'wechat') =>
    (await bill(admin, brand === 'paypay' ? 'paypay' : 'wallet')).records.find((r) => r.brand === brand)!;
  const count = async (table: string) =>
    rowsOf<{ n: number }>(await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    [admin, coAdmin, sysop] = await Promise.all([h.token('admin'), h.token('co-admin'), h.token('sysop')]);
    const [agent] = await h.db.select({ id: brandAgents.id }).from(brandAgents).limit(1);
    for (const [brand, net] of [
      ['paypay', 100_000],
      ['wechat', 50_000],
    ] as const) {
      ids[brand] = await syntheticSettlement(h.db, 'brand', agent.id);
      await h.db
        .execute(sql`update settlements set brand = ${brand}, period_begin = ${BEGIN}, period_end = ${END},
        due_date = '2026-10-05', transfer_amount = ${net} where id = ${ids[brand]}`);
    }
    const actor = systemActor('test');
    await h.db.transaction((tx) => refreshPayouts(tx, (e) => recordAudit(tx, actor, e)));
  });
  afterAll(() => h?.close());

  it('lists our settlement without a statement, then fetches it from the brand (before its time: not ready)', async () => {
    const before = await payoutOf('paypay');
    expect(before).toMatchObject({
      check: 'noStatement',
      statement: null,
      dueDate: '2026-10-05',
      depositBy: '2026-10-08',
    });
    expect(before.settlement).toMatchObject({ net: 100_000, count: 1, id: ids.paypay });
    // The sandbox publishes a period's payment statement with its last day's statement.
    const connector = new SandboxConnector(
      'paypay',
      h.db,
      'test',
      () => '',
      () => Promise.resolve(200),
    );
    const early = await fetchDueStatements(h.db, {
      audit: (tx) => (e) => recordAudit(tx, systemActor('test'), e),
      brands: ['paypay'],
      connectorOf: () => connector,
      now: new Date('2026-09-30T12:00:00Z'),
    });
    expect(early.fetched).toBe(0);
    expect(early.notReady).toEqual([expect.objectContaining({ brand: 'paypay', periodEnd: END })]);
    // Only the platform's roles fetch.
    const refused = await h.call('/history/paypayBill/fetch', {}, { token: coAdmin });
    expect(refused.body.resultType).toBe('NO_ACCESS');
    const r = await h.call<PayoutFetchReply>('/history/paypayBill/fetch', {}, { token: sysop });
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.result).toEqual({ fetched: 1, notReady: [] });
    // The sandbox processed nothing for the period: the brand pays nothing, which differs from us.
    const after = await payoutOf('paypay');
    expect(after).toMatchObject({ check: 'differs', difference: -100_000, depositState: 'notExpected' });
    expect(after.statement).toMatchObject({
      net: 0,
      paymentCount: 0,
      fileName: 'paypay_payment_20260901_20260930.csv',
    });
  });

  it('compares each brand’s statement with our settlement; a corrected statement replaces it, audited', async () => {
    const audits = await count(`audit_log where object_type = 'brandPayout'`);
    const actor = systemActor('test');
    await h.db.transaction((tx) =>
      storeStatement(
        tx,
        (e) => recordAudit(tx, actor, e),
        'paypay',
        statement('paypay', 100_000),
        new Date(),
      ),
    );
    await h.db.transaction((tx) =>
      storeStatement(
        tx,
        (e) => recordAudit(tx, systemActor('test'), e),
        'wechat',
        statement('wechat', 49_880),
        new Date(),
      ),
    );
    expect(await count(`audit_log where object_type = 'brandPayout'`)).toBe(audits + 2);
    expect(await payoutOf('paypay')).toMatchObject({
      check: 'agrees',
      difference: 0,
      expected: 100_000,
      depositState: 'missing',
    });
    expect(await payoutOf('wechat')).toMatchObject({ check: 'differs', difference: -120, expected: 49_880 });
    // The same file again changes nothing.
    await h.db.transaction((tx) =>
      storeStatement(
        tx,
        (e) => recordAudit(tx, systemActor('test'), e),
        'wechat',
        statement('wechat', 49_880),
        new Date(),
      ),
    );
    expect(await payoutOf('wechat')).toMatchObject({ difference: -120 });
  });

  it('imports the bank’s deposits and matches each payout by amount and date; the same file twice adds nothing', async () => {
    const r = await upload<DepositImportReply>(h, '/settle/brand/deposits/upload', admin, {
      name: '入出金明細.csv',
      data: BANK_FILE,
    });
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.result).toEqual({
      fileName: '入出金明細.csv',
      rows: 3,
      added: 3,
      skipped: 1,
      duplicate: false,
      matched: 2,
    });
    const paypay = await payoutOf('paypay');
    expect(paypay).toMatchObject({
      depositState: 'matched',
      deposit: { valueDate: '2026-10-05', amount: 100_000, reference: '000000000001' },
    });
    expect(await payoutOf('wechat')).toMatchObject({
      check: 'differs',
      depositState: 'matched',
      deposit: { amount: 49_880 },
    });
    const again = await upload<DepositImportReply>(h, '/settle/brand/deposits/upload', admin, {
      name: 'again.csv',
      data: BANK_FILE,
    });
    expect(again.body.result).toMatchObject({ duplicate: true, added: 0 });
    expect(await count('bank_deposits')).toBe(3);
    expect(await count(`audit_log where object_type = 'bankDepositImport' and action = 'create'`)).toBe(1);
    // An overlapping file (Shift_JIS, as the bank writes it): only its new transfer is added.
    const overlap = writeBankCsv([
      {
        valueDate: '2026-10-20',
        amount: 50_000,
        currency: 'JPY',
        payerName: 'ｶ)ﾃｽﾄ',
        reference: '000000000003',
      },
      {
        valueDate: '2026-10-21',
        amount: 7_700,
        currency: 'JPY',
        payerName: 'ｶ)ﾃｽﾄ',
        reference: '000000000004',
      },
    ]);
    const o = await upload<DepositImportReply>(h, '/settle/brand/deposits/upload', admin, {
      name: 'nyukin.csv',
      data: overlap,
    });
    expect(o.body.result).toMatchObject({ rows: 2, added: 1, matched: 0 });
    const list = await h.call<Page<BankDepositRow>>(
      '/settle/brand/deposits/page',
      { ...RANGE, match: 'unmatched' },
      { token: admin },
    );
    expect(list.body.result!.records.map((d) => d.amount).sort((a, b) => a - b)).toEqual([7_700, 50_000]);
  });

  it('a corrected statement whose net no longer is the deposit’s takes the match back', async () => {
    await h.db.transaction((tx) =>
      storeStatement(
        tx,
        (e) => recordAudit(tx, systemActor('test'), e),
        'paypay',
        statement('paypay', 99_560, 1640),
        new Date(),
      ),
    );
    await h.db.transaction((tx) =>
      matchDeposits(tx, new Date(), (e) => recordAudit(tx, systemActor('test'), e)),
    );
    expect(await payoutOf('paypay')).toMatchObject({
      check: 'differs',
      difference: -440,
      depositState: 'missing',
      deposit: null,
    });
    const one = await h.call<PayoutRow | null>(
      '/settle/brand/payouts/ofSettlement',
      { id: ids.paypay },
      { token: admin },
    );
    expect(one.body.result).toMatchObject({ brand: 'paypay', check: 'differs', depositState: 'missing' });
  });

  it('refuses a file that is no bank statement, at its line, in the reader’s language, and changes nothing', async () => {
    const before = await count('bank_deposits');
    const refusal = async (data: Buffer, lang: 'jp' | 'en' | 'zh_cn' = 'jp') => {
      // A signed-in caller reads replies in the account's working language.
      await h.db.execute(sql`update operators set working_language = ${lang} where login_id = 'admin'`);
      const r = await upload(h, '/settle/brand/deposits/upload', admin, { name: 'x.csv', data });
      expect(r.body.resultType).toBe('INVALID');
      return r.body.errors?.file;
    };
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toContain('テキストファイル');
    expect(await refusal(Buffer.alloc(0), 'en')).toContain('empty');
    expect(await refusal(Buffer.alloc(6 * 1024 * 1024, 0x41), 'en')).toMatch(/too large|5 MB/);
    expect(await refusal(Buffer.from('日付,摘要\r\n2026/10/05,振込\r\n'))).toContain('入金額');
    const badDate = Buffer.from('date,amount\r\n2026-10-05,100\r\n2026-13-05,200\r\n');
    expect(await refusal(badDate)).toBe('3行目：日付を読めません');
    expect(await refusal(badDate, 'en')).toBe('Line 3: the date cannot be read');
    expect(await refusal(Buffer.from('date,amount\r\n2026-10-05,12.5\r\n'), 'zh_cn')).toContain('第 2 行');
    expect(await refusal(iconv.encode('日付,入金額\r\n2026/10/05,１００\r\n', 'cp932'))).toContain('2行目');
    await h.db.execute(sql`update operators set working_language = 'jp' where login_id = 'admin'`);
    expect(await count('bank_deposits')).toBe(before);
  });

  it('shows payouts to the platform’s roles only; the deposits are the system admin’s', async () => {
    // Not a company's page: the route's role lists refuse it (the menu does not offer it).
    const refused = await h.call(`/history/paypayBill/page`, { ...RANGE, pageSize: 100 }, { token: coAdmin });
    expect(refused.body).toMatchObject({ resultType: 'NO_ACCESS', result: null });
    expect((await bill(sysop, 'paypay')).total).toBe(1);
    const deposits = await h.call('/settle/brand/deposits/page', RANGE, { token: coAdmin });
    expect(deposits.body.resultType).toBe('NO_ACCESS');
    const up = await upload(h, '/settle/brand/deposits/upload', sysop, { name: 'x.csv', data: BANK_FILE });
    expect(up.body.resultType).toBe('NO_ACCESS');
    await h.db.execute(sql`update operators set working_language = 'en' where login_id = 'admin'`);
    const csv = await h.app.inject({
      method: 'POST',
      url: '/api/history/walletBill/exportCSVFile',
      headers: {
        'x-submit-token': admin,
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en',
      },
      payload: new URLSearchParams(RANGE).toString(),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('WeChat Pay');
    expect(csv.body).toContain('Differs');
    expect(csv.body).toContain('Deposited');
    expect(csv.body).toContain('49880');
    await h.db.execute(sql`update operators set working_language = 'jp' where login_id = 'admin'`);
  });

  it('two uploads of one new file at once add its deposits once', async () => {
    const file = writeBankCsv([
      {
        valueDate: '2026-11-02',
        amount: 3_300,
        currency: 'JPY',
        payerName: 'ﾄﾞｳｼﾞ',
        reference: '000000000099',
      },
    ]);
    const before = await count('bank_deposits');
    const [a, b] = await Promise.all([
      upload<DepositImportReply>(h, '/settle/brand/deposits/upload', admin, { name: 'a.csv', data: file }),
      upload<DepositImportReply>(h, '/settle/brand/deposits/upload', admin, { name: 'b.csv', data: file }),
    ]);
    expect([a.body.resultType, b.body.resultType]).toEqual(['SUCCESS', 'SUCCESS']);
    expect([a.body.result!.duplicate, b.body.result!.duplicate].sort()).toEqual([false, true]);
    expect(await count('bank_deposits')).toBe(before + 1);
  });

  it('gives each payout the deposit of its amount nearest its due date, inside its window, one payout a deposit', async () => {
    // Two payouts of ¥77,000, the older period first: alipay's due 11-05 (deposit by 11-10), the
    // card's due 11-06 (deposit by 11-11).
    await h.db.execute(sql`insert into brand_payouts
        (brand, currency, period_begin, period_end, due_date, deposit_by, settlement_net)
      values ('alipay', 'JPY', '2026-10-01', '2026-10-31', '2026-11-05', '2026-11-10', 77000),
        ('card', 'JPY', '2026-10-03', '2026-11-02', '2026-11-06', '2026-11-11', 77000)`);
    const deposit = (valueDate: string, reference: string, currency = 'JPY', amount = 77_000) => ({
      valueDate,
      amount: currency === 'JPY' ? amount : amount * 100,
      currency,
      payerName: 'ｱﾘﾍﾟｲ',
      reference,
    });
    const r = await upload<DepositImportReply>(h, '/settle/brand/deposits/upload', admin, {
      name: 'window.csv',
      data: writeBankCsv([
        deposit('2026-10-31', '000000000710'), // on alipay's period end: before its window
        deposit('2026-11-04', '000000000711'), // a day before alipay's due date
        deposit('2026-11-06', '000000000712'), // a day after it, imported later: the card's due date
        deposit('2026-11-09', '000000000713'), // nobody's nearest: left
        deposit('2026-11-05', '000000000714', 'USD'), // another currency
        deposit('2026-11-05', '000000000715', 'JPY', 77_001), // another amount
      ]),
    });
    expect(r.body.result).toMatchObject({ added: 6, matched: 2 });
    const matched = rowsOf<{ brand: string; reference: string }>(
      await h.db.execute(sql`select p.brand, d.reference from brand_payouts p
        join bank_deposits d on d.id = p.deposit_id where p.brand in ('alipay', 'card') order by p.brand`),
    );
    expect(matched).toEqual([
      { brand: 'alipay', reference: '000000000711' },
      { brand: 'card', reference: '000000000712' },
    ]);
  });
});
