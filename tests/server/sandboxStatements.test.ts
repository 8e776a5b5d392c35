import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_BRANDS, type PayBrand } from '../../src/contract/brands';
import { commissionOf } from '../../src/contract/money';
import { StatementNotReady, StatementUnsupported, type Injection } from '../../server/connectors';
import { parsePaymentStatement } from '../../server/connectors/paymentStatement';
import type { SandboxConnector } from '../../server/connectors/sandbox';
import { BRAND_STATEMENTS } from '../../server/connectors/sandboxStatements';
import {
  brandAgentBrands,
  brandSettings,
  companies,
  sandboxPayments,
  sandboxRefunds,
} from '../../server/db/schema';
import { parseStatement, type ParsedStatement, type StatementRow } from '../../server/formats';
import { brandOrder } from './reconciliation-support';
import { backends, startHarness, type Harness } from './harness';

/**
 * The sandbox brands' statements (issue #16): payments and refunds made through each sandbox,
 * moved onto one business day in the brand's own books, then each brand's file fetched and read
 * back with the formats module; the ledger is the truth the file must tell, and each injected
 * discrepancy the one change it must show.
 */
const DAY = '2026-03-10';
/** 2026-03-10 00:30 JST, still 2026-03-09 23:30 in GMT+8: in the JST brands' day, not in the Chinese ones'. */
const CUT = new Date('2026-03-09T15:30:00Z');
const LATER = new Date('2026-03-12T00:00:00Z');
const currencyOf = (brand: PayBrand) => (brand === 'wechat' ? 'CNY' : 'JPY');

/** What the test expects of one row, from the ledger it wrote. */
interface Expected {
  kind: 'payment' | 'refund';
  gatewayOrderNo: string;
  gatewayRefundNo: string | null;
  status: 'success' | 'failed';
  amount: number;
  fee: number | null;
}

const seen = (r: StatementRow): Expected => ({
  kind: r.kind,
  gatewayOrderNo: r.gatewayOrderNo!,
  gatewayRefundNo: r.gatewayRefundNo,
  status: r.status as Expected['status'],
  amount: r.amount,
  fee: r.fee,
});
const byKey = (a: Expected, b: Expected) =>
  `${a.gatewayOrderNo}${a.gatewayRefundNo}`.localeCompare(`${b.gatewayOrderNo}${b.gatewayRefundNo}`);

function parsed(bytes: Buffer): ParsedStatement {
  const p = parseStatement(bytes);
  if (!p.ok) throw new Error(`refused at line ${p.line}: ${p.reason} ${p.detail}`);
  return p;
}

describe.each(backends)('sandbox statements ($name)', (backend) => {
  let h: Harness;
  const expected = new Map<PayBrand, Expected[]>();
  const rates = new Map<PayBrand, number>();
  const sandbox = (b: PayBrand): SandboxConnector => h.app.deps().connectors.sandbox(b);

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    const [normal, failing] = await h.db.select({ id: companies.id }).from(companies).limit(2);
    await h.db
      .insert(brandSettings)
      .values(PAY_BRANDS.map((brand) => ({ companyId: failing.id, brand, sandboxBehaviour: 'fail' })));
    for (const brand of PAY_BRANDS) {
      const [stored] = await h.db.select().from(brandAgentBrands).where(eq(brandAgentBrands.brand, brand));
      const rate = stored?.feeRate ?? BRAND_STATEMENTS[brand].defaultFeeRate;
      rates.set(brand, rate);
      const s = sandbox(brand);
      const currency = currencyOf(brand);
      const no = (n: string) => `T${brand.slice(0, 2).toUpperCase()}${n}`;
      const pay = async (companyId: number, n: string, amount: number, at: string | Date, act = true) => {
        const made = await s.create({
          companyId,
          merchantOrderNo: no(n),
          amount,
          currency,
          subject: 'test',
          paymentType: 'dynamicQr',
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        if (act) await s.payer(made.brandOrderNo, 'pay', '');
        await h.db
          .update(sandboxPayments)
          .set({ createdAt: new Date(at) })
          .where(eq(sandboxPayments.brandOrderNo, made.brandOrderNo));
        return made.brandOrderNo;
      };
      const refund = async (brandOrderNo: string, n: string, r: string, amount: number, at: string) => {
        const done = await s.refund({
          companyId: normal.id,
          brandOrderNo,
          merchantOrderNo: no(n),
          merchantRefundNo: no(r),
          amount,
          currency,
        });
        expect(done.state).toBe('SUCCESS');
        await h.db
          .update(sandboxRefunds)
          .set({ updatedAt: new Date(at) })
          .where(eq(sandboxRefunds.merchantRefundNo, no(r)));
      };
      // In the day (both cuts): a payment, a payment refunded twice, a failed payment, one never paid.
      await pay(normal.id, 'P1', 12345, '2026-03-10T02:00:00Z');
      const p2 = await pay(normal.id, 'P2', 10001, '2026-03-10T03:00:00Z');
      await refund(p2, 'P2', 'R1', 3333, '2026-03-10T04:00:00Z');
      await refund(p2, 'P2', 'R2', 1, '2026-03-10T05:00:00Z');
      await pay(failing.id, 'P3', 800, '2026-03-10T06:00:00Z');
      await pay(normal.id, 'P4', 900, '2026-03-10T07:00:00Z', false);
      // The day before's payment, refunded in the day; the cut payment; one of the next day.
      const p5 = await pay(normal.id, 'P5', 7000, '2026-03-08T07:00:00Z');
      await refund(p5, 'P5', 'R3', 7000, '2026-03-10T08:00:00Z');
      await pay(normal.id, 'P6', 4321, CUT);
      await pay(normal.id, 'P7', 555, '2026-03-11T05:00:00Z');
      const fee = (amount: number) => commissionOf(amount, rate);
      const layoutFee = (f: number) => (brand === 'paypay' ? null : f);
      const rows: Expected[] = [
        {
          kind: 'payment',
          gatewayOrderNo: no('P1'),
          gatewayRefundNo: null,
          status: 'success',
          amount: 12345,
          fee: layoutFee(fee(12345)),
        },
        {
          kind: 'payment',
          gatewayOrderNo: no('P2'),
          gatewayRefundNo: null,
          status: 'success',
          amount: 10001,
          fee: layoutFee(fee(10001)),
        },
        {
          kind: 'refund',
          gatewayOrderNo: no('P2'),
          gatewayRefundNo: no('R1'),
          status: 'success',
          amount: 3333,
          fee: layoutFee(fee(10001 - 3333) - fee(10001)),
        },
        {
          kind: 'refund',
          gatewayOrderNo: no('P2'),
          gatewayRefundNo: no('R2'),
          status: 'success',
          amount: 1,
          fee: layoutFee(fee(10001 - 3334) - fee(10001 - 3333)),
        },
        {
          kind: 'payment',
          gatewayOrderNo: no('P3'),
          gatewayRefundNo: null,
          status: 'failed',
          amount: 800,
          fee: layoutFee(0),
        },
        {
          kind: 'refund',
          gatewayOrderNo: no('P5'),
          gatewayRefundNo: no('R3'),
          status: 'success',
          amount: 7000,
          fee: layoutFee(-fee(7000)),
        },
      ];
      if (BRAND_STATEMENTS[brand].offsetMinutes === 9 * 60)
        rows.push({
          kind: 'payment',
          gatewayOrderNo: no('P6'),
          gatewayRefundNo: null,
          status: 'success',
          amount: 4321,
          fee: layoutFee(fee(4321)),
        });
      // PayPay's rows carry no refund number.
      expected.set(
        brand,
        rows.map((r) => (brand === 'paypay' ? { ...r, gatewayRefundNo: null } : r)).sort(byKey),
      );
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(PAY_BRANDS)(
    '%s: the statement read back is the ledger of the day, in the brand’s layout and encoding',
    async (brand) => {
      const file = await sandbox(brand).fetchStatement(DAY, { now: LATER });
      const p = parsed(file.bytes);
      expect(p.layout).toBe(BRAND_STATEMENTS[brand].layout);
      expect(p.encoding).toBe(
        { wechat: 'utf-8-bom', alipayplus: 'utf-8', paypay: 'shift_jis', card: 'utf-8' }[brand],
      );
      expect(p.rows.map(seen).sort(byKey)).toEqual(expected.get(brand));
      // The brand's own number on each payment row is its ledger's.
      const ledger = await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.brand, brand));
      const brandNo = new Map(ledger.map((l) => [l.merchantOrderNo, l.brandOrderNo]));
      for (const r of p.rows.filter((x) => x.kind === 'payment'))
        expect(r.brandOrderNo).toBe(brandNo.get(r.gatewayOrderNo!));
      expect(file.fileName).toBe(
        {
          wechat: 'wechat_tradebill_ALL_20260310.csv',
          alipayplus: '2188000000000001_settle_20260310_0001.csv',
          paypay: 'paypay_transactions_20260310.csv',
          card: 'card_settlement_JPY_20260310.csv',
        }[brand],
      );
      if (brand === 'wechat') {
        const rate = rates.get(brand)!;
        expect(p.rows[0].extra['费率']).toBe(
          `${Math.trunc(rate / 100)}.${String(rate % 100).padStart(2, '0')}%`,
        );
      }
    },
  );

  it.each(PAY_BRANDS)('%s: not ready before the brand’s ready time, then ready', async (brand) => {
    const ready = {
      wechat: '2026-03-11T02:00:00Z',
      alipayplus: '2026-03-11T01:00:00Z',
      paypay: '2026-03-11T00:00:00Z',
      card: '2026-03-11T00:00:00Z',
    }[brand];
    const just = new Date(Date.parse(ready) - 1000);
    const err = await sandbox(brand)
      .fetchStatement(DAY, { now: just })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatementNotReady);
    expect((err as StatementNotReady).readyAt.toISOString()).toBe(new Date(ready).toISOString());
    const file = await sandbox(brand).fetchStatement(DAY, { now: new Date(ready) });
    expect(file.readyAt.toISOString()).toBe(new Date(ready).toISOString());
    // Late: out 3 hours later.
    const late = await sandbox(brand)
      .fetchStatement(DAY, { now: new Date(ready), inject: [{ kind: 'late', minutes: 180 }] })
      .catch((e: unknown) => e);
    expect((late as StatementNotReady).readyAt.getTime()).toBe(Date.parse(ready) + 180 * 60_000);
  });

  it.each(PAY_BRANDS)('%s: each injection makes exactly its change', async (brand) => {
    const s = sandbox(brand);
    const base = expected.get(brand)!;
    const target = base.find((r) => r.kind === 'payment' && r.status === 'success')!;
    const others = base.filter((r) => r !== target);
    const read = async (inject: Injection[]) =>
      parsed((await s.fetchStatement(DAY, { now: LATER, inject })).bytes)
        .rows.map(seen)
        .sort(byKey);

    expect(await read([{ kind: 'missingRow', row: target.gatewayOrderNo }])).toEqual(others);
    const flipped = { ...target, status: 'failed' as const };
    expect(await read([{ kind: 'status', row: target.gatewayOrderNo }])).toEqual(
      [...others, flipped].sort(byKey),
    );
    expect(await read([{ kind: 'amount', row: target.gatewayOrderNo, delta: 100 }])).toEqual(
      [...others, { ...target, amount: target.amount + 100 }].sort(byKey),
    );
    const extra = await read([{ kind: 'extraRow', amount: 2000, gatewayOrderNo: 'NOBODYKNOWS1' }]);
    const unknown: Expected = {
      kind: 'payment',
      gatewayOrderNo: 'NOBODYKNOWS1',
      gatewayRefundNo: null,
      status: 'success',
      amount: 2000,
      fee: brand === 'paypay' ? null : commissionOf(2000, rates.get(brand)!),
    };
    expect(extra).toEqual([...base, unknown].sort(byKey));
    if (brand === 'paypay') {
      // PayPay's CSV has no fee: a fee discrepancy can only be on its payment statement.
      await expect(
        s.fetchStatement(DAY, { now: LATER, inject: [{ kind: 'fee', row: 0 }] }),
      ).rejects.toBeInstanceOf(StatementUnsupported);
    } else {
      expect(await read([{ kind: 'fee', row: target.gatewayOrderNo, delta: 7 }])).toEqual(
        [...others, { ...target, fee: target.fee! + 7 }].sort(byKey),
      );
    }

    // An unparseable row: the file is refused at that row's line (header = line 1).
    const file = await s.fetchStatement(DAY, { now: LATER });
    const rows = parsed(file.bytes).rows;
    const index = 2;
    const bad = parseStatement(
      (await s.fetchStatement(DAY, { now: LATER, inject: [{ kind: 'unparseableRow', row: index }] })).bytes,
    );
    expect(bad).toMatchObject({ ok: false, line: rows[index].line, reason: 'status' });
    // A corrupt file: bytes no encoding decodes, refused at their line (PayPay's Shift_JIS file as a whole: line 1).
    const corrupt = parseStatement(
      (await s.fetchStatement(DAY, { now: LATER, inject: [{ kind: 'corruptFile', row: index }] })).bytes,
    );
    expect(corrupt).toMatchObject({
      ok: false,
      reason: 'encoding',
      line: brand === 'paypay' ? 1 : rows[index].line,
    });
  });

  it('WeChat writes a JPY day (a Japanese merchant) in its cross-border bill, read back it is the ledger', async () => {
    const s = sandbox('wechat');
    const [company] = await h.db.select({ id: companies.id }).from(companies).limit(1);
    const made = await s.create({
      companyId: company.id,
      merchantOrderNo: 'TWEJPY1',
      amount: 1000,
      currency: 'JPY',
      subject: 't',
      paymentType: 'dynamicQr',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await s.payer(made.brandOrderNo, 'pay', '');
    await h.db
      .update(sandboxPayments)
      .set({ createdAt: new Date('2026-03-20T02:00:00Z') })
      .where(eq(sandboxPayments.brandOrderNo, made.brandOrderNo));
    const done = await s.refund({
      companyId: company.id,
      brandOrderNo: made.brandOrderNo,
      merchantOrderNo: 'TWEJPY1',
      merchantRefundNo: 'TWEJPYR1',
      amount: 300,
      currency: 'JPY',
    });
    expect(done.state).toBe('SUCCESS');
    await h.db
      .update(sandboxRefunds)
      .set({ updatedAt: new Date('2026-03-20T03:00:00Z') })
      .where(eq(sandboxRefunds.merchantRefundNo, 'TWEJPYR1'));
    const now = new Date('2026-03-22T00:00:00Z');
    const file = await s.fetchStatement('2026-03-20', { now });
    expect(file.fileName).toBe('wechat_tradebill_ALL_JPY_20260320.csv');
    const p = parsed(file.bytes);
    expect([p.layout, p.encoding]).toEqual(['wechatGlobal', 'utf-8-bom']);
    const rate = rates.get('wechat')!;
    expect(p.rows.map(seen)).toEqual([
      {
        kind: 'payment',
        gatewayOrderNo: 'TWEJPY1',
        gatewayRefundNo: null,
        status: 'success',
        amount: 1000,
        fee: commissionOf(1000, rate),
      },
      {
        kind: 'refund',
        gatewayOrderNo: 'TWEJPY1',
        gatewayRefundNo: 'TWEJPYR1',
        status: 'success',
        amount: 300,
        fee: -(commissionOf(1000, rate) - commissionOf(700, rate)),
      },
    ]);
    expect(p.rows.map((r) => r.currency)).toEqual(['JPY', 'JPY']);
    expect(p.rows[0].brandOrderNo).toBe(made.brandOrderNo);

    // A CNY payment the same day: one bill per currency, asked for by currency.
    const cny = await s.create({
      companyId: company.id,
      merchantOrderNo: 'TWECNY1',
      amount: 2500,
      currency: 'CNY',
      subject: 't',
      paymentType: 'dynamicQr',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await s.payer(cny.brandOrderNo, 'pay', '');
    await h.db
      .update(sandboxPayments)
      .set({ createdAt: new Date('2026-03-20T04:00:00Z') })
      .where(eq(sandboxPayments.brandOrderNo, cny.brandOrderNo));
    await expect(s.fetchStatement('2026-03-20', { now })).rejects.toBeInstanceOf(StatementUnsupported);
    const jpy = parsed((await s.fetchStatement('2026-03-20', { now, currency: 'JPY' })).bytes);
    expect(jpy.rows.map((r) => [r.layout, r.gatewayOrderNo, r.amount])).toEqual([
      ['wechatGlobal', 'TWEJPY1', 1000],
      ['wechatGlobal', 'TWEJPY1', 300],
    ]);
    const domestic = await s.fetchStatement('2026-03-20', { now, currency: 'CNY' });
    expect(domestic.fileName).toBe('wechat_tradebill_ALL_20260320.csv');
    expect(
      parsed(domestic.bytes).rows.map((r) => [r.layout, r.gatewayOrderNo, r.currency, r.amount]),
    ).toEqual([['wechat', 'TWECNY1', 'CNY', 2500]]);
  });

  it.each(PAY_BRANDS)('%s: the payment statement pays gross less fee per currency', async (brand) => {
    const period = { begin: '2026-03-01', end: '2026-03-10' };
    await expect(
      sandbox(brand).fetchPaymentStatement(period, { now: new Date('2026-03-10T12:00:00Z') }),
    ).rejects.toBeInstanceOf(StatementNotReady);
    const file = await sandbox(brand).fetchPaymentStatement(period, { now: LATER });
    const p = parsePaymentStatement(file.bytes);
    if (!p.ok) throw new Error(p.detail);
    const rate = rates.get(brand)!;
    const fee = (a: number) => commissionOf(a, rate);
    // P1, P2 and P5 paid; R1, R2 and R3 refunded; P6 too on the JPY brands' cut (P6 is 03-10 00:30 JST, 03-09 in GMT+8: in the period either way).
    const payments = [12345, 10001, 7000, 4321];
    const gross = payments.reduce((a, b) => a + b, 0) - 3333 - 1 - 7000;
    const fees = fee(12345) + fee(10001 - 3334) + fee(0) + fee(4321);
    expect(p.lines).toEqual([
      {
        brand,
        periodBegin: '2026-03-01',
        periodEnd: '2026-03-10',
        currency: currencyOf(brand),
        paymentCount: 4,
        refundCount: 3,
        gross,
        fee: fees,
        net: gross - fees,
      },
    ]);
    expect(file.fileName).toBe(`${brand}_payment_20260301_20260310.csv`);
  });

  it.each(['alipayplus', 'paypay'] as const)(
    '%s: a company’s brand setting makes its statements carry the discrepancy asked for, on its own payment',
    async (brand) => {
      const s = sandbox(brand);
      const day = '2026-03-17';
      const at = new Date('2026-03-17T03:00:00Z');
      const [, , company] = await h.db.select({ id: companies.id }).from(companies).limit(3);
      // The company's order, paid at the sandbox brand; another company's payment the same day.
      const order = await brandOrder(h.db, { companyId: company.id, brand, amount: 6600, fee: 0, at });
      for (const [merchantOrderNo, companyId, minute] of [
        [order.gatewayOrderNo, company.id, 0],
        [`OTHER${brand}0317`, company.id + 1, 30],
      ] as const) {
        const made = await s.create({
          companyId,
          merchantOrderNo,
          amount: 6600,
          currency: 'JPY',
          subject: 'test',
          paymentType: 'dynamicQr',
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        await s.payer(made.brandOrderNo, 'pay', '');
        await h.db
          .update(sandboxPayments)
          .set({ createdAt: new Date(at.getTime() + minute * 60_000) })
          .where(eq(sandboxPayments.brandOrderNo, made.brandOrderNo));
      }
      const setting = (statementInjection: string) =>
        h.db
          .insert(brandSettings)
          .values({ companyId: company.id, brand, statementInjection })
          .onConflictDoUpdate({
            target: [brandSettings.companyId, brandSettings.brand],
            set: { statementInjection },
          });
      const later = new Date('2026-03-20T00:00:00Z');
      const read = async () => parsed((await s.fetchStatement(day, { now: later })).bytes).rows.map(seen);
      const clean = await read();
      expect(clean.map((r) => r.amount)).toEqual([6600, 6600]);
      await setting('amount');
      const changed = await read();
      expect(changed.find((r) => r.gatewayOrderNo === order.gatewayOrderNo)?.amount).toBe(6601);
      expect(changed.find((r) => r.gatewayOrderNo !== order.gatewayOrderNo)?.amount).toBe(6600);
      await setting('missingRow');
      expect((await read()).map((r) => r.gatewayOrderNo)).toEqual([`OTHER${brand}0317`]);
      // A day late: not ready at the brand's ready time, ready a day after it.
      await setting('late');
      await expect(s.fetchStatement(day, { now: new Date('2026-03-18T12:00:00Z') })).rejects.toBeInstanceOf(
        StatementNotReady,
      );
      expect(
        (await s.fetchStatement(day, { now: new Date('2026-03-19T12:00:00Z') })).bytes.length,
      ).toBeGreaterThan(0);
      await setting('none');
      expect(await read()).toEqual(clean);
    },
  );
});
