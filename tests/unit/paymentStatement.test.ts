import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAY_BRANDS } from '../../src/contract/brands';
import {
  parsePaymentStatement,
  paymentStatementLines,
  writePaymentStatement,
  type PaymentStatementLine,
} from '../../server/connectors/paymentStatement';

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
