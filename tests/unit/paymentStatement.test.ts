import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAY_BRANDS } from '../../src/contract/brands';
import {
  parsePaymentStatement,
  paymentStatementLines,
  writePaymentStatement,
  type PaymentStatementLine,
} from '../../server/connectors/paymentStatement';
import { buildStatement, type Ledger } from '../../server/connectors/sandboxStatements';
import type { Injection } from '../../server/connectors';
import { parseStatement } from '../../server/modules/reconciliation';

const line = (over: Partial<PaymentStatementLine> = {}): PaymentStatementLine => ({
  brand: 'paypay',
  periodBegin: '2026-03-01',
  periodEnd: '2026-03-31',
  currency: 'JPY',
  paymentCount: 12,
  refundCount: 1,
  gross: 48200,
  fee: 955,
  net: 47245,
  ...over,
});

describe('payment statement (our payout layout)', () => {
  it('writes the documented bytes and reads them back', () => {
    const bytes = writePaymentStatement([line()]);
    expect(bytes.toString('utf8')).toBe(
      'brand,periodBegin,periodEnd,currency,paymentCount,refundCount,gross,fee,net\r\n' +
        'paypay,2026-03-01,2026-03-31,JPY,12,1,48200,955,47245\r\n',
    );
    expect(parsePaymentStatement(bytes)).toEqual({ ok: true, lines: [line()] });
    expect(parsePaymentStatement(writePaymentStatement([]))).toEqual({ ok: true, lines: [] });
  });

  it('round-trips any lines', () => {
    const arb = fc.record({
      brand: fc.constantFrom(...PAY_BRANDS),
      currency: fc.constantFrom('JPY', 'CNY', 'USD'),
      paymentCount: fc.nat(1000),
      refundCount: fc.nat(1000),
      gross: fc.integer({ min: -1e12, max: 1e12 }),
      fee: fc.integer({ min: -1e9, max: 1e9 }),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 5 }), (xs) => {
        const lines = xs.map((x) => line({ ...x, net: x.gross - x.fee }));
        expect(parsePaymentStatement(writePaymentStatement(lines))).toEqual({ ok: true, lines });
      }),
    );
  });

  it('refuses what is not its layout, with the line and the reason', () => {
    const text = (body: string) =>
      Buffer.from(`brand,periodBegin,periodEnd,currency,paymentCount,refundCount,gross,fee,net\r\n${body}`);
    expect(parsePaymentStatement(text('paypay,2026-03-01,2026-03-31,JPY,1,0,100,3,98\r\n'))).toMatchObject({
      ok: false,
      line: 2,
      reason: 'net',
    });
    expect(parsePaymentStatement(text('paypay,2026-03-01,2026-03-31,JPY,1,0,100,3\r\n'))).toMatchObject({
      ok: false,
      line: 2,
      reason: 'columns',
    });
    expect(parsePaymentStatement(text('paypay,2026-03-01,2026-03-31,XXX,1,0,100,3,97\r\n'))).toMatchObject({
      ok: false,
      line: 2,
      reason: 'value',
    });
    expect(parsePaymentStatement(text('paypay,2026-03-01,2026-03-31,JPY,1,0,1.5,0,1.5\r\n'))).toMatchObject({
      ok: false,
      line: 2,
      reason: 'value',
    });
    expect(parsePaymentStatement(text('visa,2026-03-01,2026-03-31,JPY,1,0,100,3,97\r\n'))).toMatchObject({
      ok: false,
      line: 2,
      reason: 'value',
    });
    expect(parsePaymentStatement(Buffer.from('a,b\r\n'))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'layout',
    });
    expect(parsePaymentStatement(Buffer.from([0xff, 0xfe, 0x41]))).toMatchObject({
      ok: false,
      line: 1,
      reason: 'encoding',
    });
  });

  it('pays successful rows only, per currency: net = gross − fee', () => {
    const lines = paymentStatementLines('alipayplus', { begin: '2026-03-01', end: '2026-03-02' }, [
      { kind: 'payment', status: 'success', amount: 1000, fee: 18, currency: 'JPY' },
      { kind: 'payment', status: 'failed', amount: 9999, fee: 0, currency: 'JPY' },
      { kind: 'refund', status: 'success', amount: 400, fee: -7, currency: 'JPY' },
      { kind: 'payment', status: 'success', amount: 250, fee: 5, currency: 'USD' },
    ]);
    expect(
      lines.map(({ currency, paymentCount, refundCount, gross, fee, net }) => ({
        currency,
        paymentCount,
        refundCount,
        gross,
        fee,
        net,
      })),
    ).toEqual([
      { currency: 'JPY', paymentCount: 1, refundCount: 1, gross: 600, fee: 11, net: 589 },
      { currency: 'USD', paymentCount: 1, refundCount: 0, gross: 250, fee: 5, net: 245 },
    ]);
  });
});

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

  it.each(PAY_BRANDS)('%s: parse(file) is the rows it wrote, or refused where it says', (brand) => {
    fc.assert(
      fc.property(
        ledgerArb(brand === 'wechat' ? 'CNY' : 'JPY').chain((ledger) => {
          const n = buildStatement(brand, DAY, ledger, { feeRate: 190 }).rows.length;
          return fc.tuple(fc.constant(ledger), injectionArb(n, brand !== 'paypay'));
        }),
        ([ledger, inject]) => {
          const built = buildStatement(brand, DAY, ledger, { feeRate: 190, inject });
          const p = parseStatement(built.file.bytes);
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
