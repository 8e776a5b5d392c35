/**
 * A brand's payment statement (issue #16): what the brand pays the platform for a settlement
 * period, per currency. The brands publish no common layout for it, so this is our own, written
 * by the sandbox and read by the import:
 *
 *   brand,periodBegin,periodEnd,currency,paymentCount,refundCount,gross,fee,net
 *   paypay,2026-03-01,2026-03-31,JPY,12,1,48200,955,47245
 *
 * UTF-8 without BOM, CRLF, that header exactly, one line per currency (sorted), no quoting (no
 * value may hold a comma or a quote). Days are the brand's business days, both included. Amounts
 * are integers in minor units of the line's currency: gross = successful payments − successful
 * refunds, fee = the brand's fees on them (refunds give theirs back), net = gross − fee, what is
 * paid out. A file with no line: nothing to pay.
 */
import { isCurrency } from '../../src/contract/money';
import { isPayBrand, type PayBrand } from '../../src/contract/brands';

export const PAYMENT_STATEMENT_COLUMNS = [
  'brand',
  'periodBegin',
  'periodEnd',
  'currency',
  'paymentCount',
  'refundCount',
  'gross',
  'fee',
  'net',
] as const;

export interface PaymentStatementLine {
  brand: PayBrand;
  periodBegin: string;
  periodEnd: string;
  currency: string;
  paymentCount: number;
  refundCount: number;
  gross: number;
  fee: number;
  net: number;
}

export type PaymentStatementParse =
  | { ok: true; lines: PaymentStatementLine[] }
  | { ok: false; line: number; reason: 'encoding' | 'layout' | 'columns' | 'value' | 'net'; detail: string };

/** What a statement row contributes (the daily statements' rows, fee always known). */
export interface PayoutRow {
  kind: 'payment' | 'refund';
  status: 'success' | 'failed' | 'other';
  amount: number;
  fee: number | null;
  currency: string;
}

/** The payment statement's lines of the period's rows: successful ones only, per currency. */
export function paymentStatementLines(
  brand: PayBrand,
  period: { begin: string; end: string },
  rows: readonly PayoutRow[],
): PaymentStatementLine[] {
  const by = new Map<string, PaymentStatementLine>();
  for (const r of rows) {
    if (r.status !== 'success') continue;
    let line = by.get(r.currency);
    if (!line) {
      line = {
        brand,
        periodBegin: period.begin,
        periodEnd: period.end,
        currency: r.currency,
        paymentCount: 0,
        refundCount: 0,
        gross: 0,
        fee: 0,
        net: 0,
      };
      by.set(r.currency, line);
    }
    if (r.kind === 'payment') line.paymentCount += 1;
    else line.refundCount += 1;
    line.gross += r.kind === 'payment' ? r.amount : -r.amount;
    line.fee += r.fee ?? 0;
    line.net = line.gross - line.fee;
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export function writePaymentStatement(lines: readonly PaymentStatementLine[]): Buffer {
  const text = [PAYMENT_STATEMENT_COLUMNS.join(',')]
    .concat(
      lines.map((l) => {
        const values = PAYMENT_STATEMENT_COLUMNS.map((c) => String(l[c]));
        if (values.some((v) => /[,"\r\n]/.test(v)))
          throw new RangeError('a payment statement value holds , or "');
        return values.join(',');
      }),
    )
    .map((l) => `${l}\r\n`)
    .join('');
  return Buffer.from(text, 'utf8');
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^(0|-?[1-9]\d{0,15})$/;
const COUNT = /^(0|[1-9]\d{0,9})$/;

/** Parses a payment statement: its lines, or the first line that does not fit and why. */
export function parsePaymentStatement(bytes: Uint8Array): PaymentStatementParse {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD') || text.charCodeAt(0) === 0xfeff || text.includes('\0'))
    return { ok: false, line: 1, reason: 'encoding', detail: 'not UTF-8 text without a BOM' };
  const records = text.split('\r\n');
  if (records.at(-1) === '') records.pop();
  if (records[0] !== PAYMENT_STATEMENT_COLUMNS.join(','))
    return { ok: false, line: 1, reason: 'layout', detail: 'the header is not the payment statement’s' };
  const lines: PaymentStatementLine[] = [];
  for (let i = 1; i < records.length; i++) {
    const line = i + 1;
    const fields = records[i].split(',');
    if (fields.length !== PAYMENT_STATEMENT_COLUMNS.length)
      return { ok: false, line, reason: 'columns', detail: `${fields.length} values, not 9` };
    const [brand, periodBegin, periodEnd, currency, ...numbers] = fields;
    const bad = (detail: string): PaymentStatementParse => ({ ok: false, line, reason: 'value', detail });
    if (!isPayBrand(brand)) return bad(`unknown brand ${brand}`);
    if (!DAY.test(periodBegin) || !DAY.test(periodEnd) || periodEnd < periodBegin)
      return bad(`the period ${periodBegin}..${periodEnd} is not two days in order`);
    if (!isCurrency(currency)) return bad(`unknown currency ${currency}`);
    const [paymentCount, refundCount, gross, fee, net] = numbers;
    if (!COUNT.test(paymentCount) || !COUNT.test(refundCount)) return bad('a count is not a whole number');
    for (const [name, v] of [
      ['gross', gross],
      ['fee', fee],
      ['net', net],
    ])
      if (!INTEGER.test(v) || !Number.isSafeInteger(Number(v)))
        return bad(`${name} is not minor units: ${v}`);
    if (Number(net) !== Number(gross) - Number(fee))
      return { ok: false, line, reason: 'net', detail: `net ${net} is not gross ${gross} less fee ${fee}` };
    lines.push({
      brand,
      periodBegin,
      periodEnd,
      currency,
      paymentCount: Number(paymentCount),
      refundCount: Number(refundCount),
      gross: Number(gross),
      fee: Number(fee),
      net: Number(net),
    });
  }
  return { ok: true, lines };
}
