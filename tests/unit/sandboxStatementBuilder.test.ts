import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAY_BRANDS } from '../../src/contract/brands';
import type { Injection } from '../../server/connectors';
import { buildStatement, statementLayout, type Ledger } from '../../server/connectors/sandboxStatements';
import { parseStatement } from '../../server/formats';

/**
 * The sandbox's statement builder as a pure function: for random ledgers and random injections,
 * the file parses to exactly the rows the builder says it wrote, or is refused at the line it
 * says (the ground truth a reconciliation corpus test can rely on).
 */
describe('sandbox statement builder', () => {
  const DAY = '2026-03-10';
  const start = Date.parse('2026-03-09T15:00:00Z');
  const ledgerArb = (currency: string) =>
    fc
      .array(
        fc.record({
          amount: fc.integer({ min: 1, max: 5_000_000 }),
          state: fc.constantFrom('COMPLETED', 'FAILED', 'CANCELED'),
          at: fc.integer({ min: 0, max: 26 * 3600 - 1 }),
          refunds: fc.array(fc.record({ part: fc.integer({ min: 1, max: 100 }), ok: fc.boolean() }), {
            maxLength: 2,
          }),
        }),
        { maxLength: 8 },
      )
      .map((ps): Ledger => {
        const ledger = {
          payments: [] as Ledger['payments'][number][],
          refunds: [] as Ledger['refunds'][number][],
        };
        ps.forEach((p, i) => {
          const brandOrderNo = `B${i}`;
          ledger.payments.push({
            brandOrderNo,
            merchantOrderNo: `G${i}`,
            amount: p.amount,
            currency,
            state: p.state,
            createdAt: new Date(start + p.at * 1000),
          });
          let left = p.amount;
          if (p.state === 'COMPLETED')
            p.refunds.forEach((r, k) => {
              const amount = Math.max(1, Math.floor((left * r.part) / 100));
              if (amount > left) return;
              if (r.ok) left -= amount;
              const at = new Date(start + (p.at + 60 * (k + 1)) * 1000);
              ledger.refunds.push({
                brandRefundNo: `BR${i}-${k}`,
                merchantRefundNo: `GR${i}-${k}`,
                brandOrderNo,
                amount,
                currency,
                state: r.ok ? 'SUCCESS' : 'FAILED',
                createdAt: at,
                updatedAt: at,
              });
            });
        });
        return ledger;
      });
  const injectionArb = (n: number, fee: boolean): fc.Arbitrary<Injection[]> =>
    n === 0
      ? fc.array(
          fc.record({ kind: fc.constant('extraRow' as const), amount: fc.integer({ min: 1, max: 1e6 }) }),
          { maxLength: 2 },
        )
      : fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constantFrom('missingRow' as const, 'status' as const, 'unparseableRow' as const),
              row: fc.nat(n - 1),
            }),
            fc.record({
              kind: fc.constantFrom('amount' as const, fee ? ('fee' as const) : ('amount' as const)),
              row: fc.nat(n - 1),
              delta: fc.integer({ min: 1, max: 50 }),
            }),
            fc.record({ kind: fc.constant('corruptFile' as const), row: fc.nat(n - 1) }),
            fc.record({ kind: fc.constant('extraRow' as const), amount: fc.integer({ min: 1, max: 1e6 }) }),
          ),
          { maxLength: 3 },
        );

  const cases = [
    ...PAY_BRANDS.map((b) => [b, b === 'wechat' ? 'CNY' : 'JPY'] as const),
    // WeChat's cross-border bill: a Japanese merchant settles in JPY.
    ['wechat', 'JPY'] as const,
  ];
  it.each(cases)('%s (%s): parse(file) is the rows it wrote, or refused where it says', (brand, currency) => {
    fc.assert(
      fc.property(
        ledgerArb(currency).chain((ledger) => {
          const n = buildStatement(brand, DAY, ledger, { feeRate: 190, currency }).rows.length;
          return fc.tuple(fc.constant(ledger), injectionArb(n, brand !== 'paypay'));
        }),
        ([ledger, inject]) => {
          const built = buildStatement(brand, DAY, ledger, { feeRate: 190, inject, currency });
          const p = parseStatement(built.file.bytes);
          if (p.ok) expect(p.layout).toBe(statementLayout(brand, currency));
          if (built.refusedLine !== null) {
            expect(p).toMatchObject({ ok: false, line: built.refusedLine });
            return;
          }
          if (!p.ok) throw new Error(`${p.line} ${p.reason} ${p.detail}`);
          const pick = (r: {
            kind: string;
            gatewayOrderNo: string | null;
            gatewayRefundNo: string | null;
            status: string;
            amount: number;
            fee: number | null;
          }) => [r.kind, r.gatewayOrderNo, r.gatewayRefundNo, r.status, r.amount, r.fee];
          // PayPay's CSV carries no refund numbers.
          const written = built.rows.map((r) => (brand === 'paypay' ? { ...r, gatewayRefundNo: null } : r));
          expect(p.rows.map(pick)).toEqual(written.map(pick));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('sandbox statement currencies', () => {
  const at = new Date('2026-03-10T03:00:00Z');
  const ledger: Ledger = {
    payments: [
      {
        brandOrderNo: 'B1',
        merchantOrderNo: 'G1',
        amount: 1200,
        currency: 'JPY',
        state: 'COMPLETED',
        createdAt: at,
      },
      {
        brandOrderNo: 'B2',
        merchantOrderNo: 'G2',
        amount: 1999,
        currency: 'USD',
        state: 'COMPLETED',
        createdAt: at,
      },
    ],
    refunds: [],
  };
  const gatewayNos = (bytes: Buffer) => {
    const p = parseStatement(bytes);
    if (!p.ok) throw new Error(p.detail);
    return p.rows.map((r) => [r.gatewayOrderNo, r.currency, r.amount]);
  };

  it('Alipay+ writes every currency in one settlement file', () => {
    const built = buildStatement('alipayplus', '2026-03-10', ledger, { feeRate: 190 });
    expect(gatewayNos(built.file.bytes)).toEqual([
      ['G1', 'JPY', 1200],
      ['G2', 'USD', 1999],
    ]);
  });

  it('the card acquirer writes one batch file per currency (JPY unless asked)', () => {
    const jpy = buildStatement('card', '2026-03-10', ledger, { feeRate: 250 });
    expect(jpy.file.fileName).toBe('card_settlement_JPY_20260310.csv');
    expect(gatewayNos(jpy.file.bytes)).toEqual([['G1', 'JPY', 1200]]);
    const usd = buildStatement('card', '2026-03-10', ledger, { feeRate: 250, currency: 'USD' });
    expect(usd.file.fileName).toBe('card_settlement_USD_20260310.csv');
    expect(gatewayNos(usd.file.bytes)).toEqual([['G2', 'USD', 1999]]);
  });

  it('WeChat writes a JPY day in its cross-border bill, and read back it is the ledger', () => {
    const jpyOnly: Ledger = { payments: [ledger.payments[0]], refunds: [] };
    const built = buildStatement('wechat', '2026-03-10', jpyOnly, { feeRate: 60 });
    expect(built.file.fileName).toBe('wechat_tradebill_ALL_JPY_20260310.csv');
    const p = parseStatement(built.file.bytes);
    expect(p.ok && [p.layout, p.encoding]).toEqual(['wechatGlobal', 'utf-8-bom']);
    expect(p.ok && p.rows.map((r) => [r.gatewayOrderNo, r.currency, r.amount, r.fee, r.feeFine])).toEqual([
      ['G1', 'JPY', 1200, 7, 700000],
    ]);
    // 1200 written as yen, not 12.00.
    expect(built.file.bytes.toString('utf8')).toContain('`JPY,`1200,');
  });

  it('WeChat writes one bill per currency: the one asked, or refuses a mixed day without one', () => {
    expect(() => buildStatement('wechat', '2026-03-10', ledger, { feeRate: 60 })).toThrow(/one currency/);
    const usd = buildStatement('wechat', '2026-03-10', ledger, { feeRate: 60, currency: 'USD' });
    expect(usd.file.fileName).toBe('wechat_tradebill_ALL_USD_20260310.csv');
    expect(gatewayNos(usd.file.bytes)).toEqual([['G2', 'USD', 1999]]);
    const cny = buildStatement('wechat', '2026-03-10', ledger, { feeRate: 60, currency: 'CNY' });
    expect(cny.file.fileName).toBe('wechat_tradebill_ALL_20260310.csv');
    expect(parseStatement(cny.file.bytes)).toMatchObject({ ok: true, layout: 'wechat', rows: [] });
  });

  it('PayPay’s JPY CSV refuses a ledger with another currency', () => {
    expect(() => buildStatement('paypay', '2026-03-10', ledger, { feeRate: 198 })).toThrow(/JPY only/);
  });
});
