/**
 * The platform's bank deposits as the bank's statement lists them (docs/reconciliation.md,
 * "Bank deposits"): a CSV in UTF-8 (a BOM allowed) or Shift_JIS, whose header names its columns
 * in Japanese as the banks' internet banking writes them, or in English:
 *
 *   日付 / 取引日 / 入金日 / date             the value date (2026-11-05, 2026/11/05, 20261105)
 *   入金額 / お預り金額 / amount / credit      the amount credited (1,234,567; ¥ allowed); empty or
 *                                             0 on a withdrawal line, which is skipped
 *   通貨 / currency                           optional: JPY when absent
 *   振込依頼人名 / 依頼人名 / 摘要 / payer      optional: who sent it
 *   照会番号 / 取引番号 / reference            optional: the bank's reference
 *
 * Other columns (出金額, 残高, …) are read past. The whole file is refused at the first line that
 * does not fit, with the reason. Pure functions.
 */
import iconv from 'iconv-lite';
import { isCurrency, parseAmount } from '../../../src/contract/money';
import { RowRefused, csvLine, csvRecords, decodeStrict, invalidUtf8At } from '../../formats';

export interface BankDeposit {
  line: number;
  valueDate: string;
  /** Minor units. */
  amount: number;
  currency: string;
  payerName: string;
  reference: string;
}

export type BankCsvReason = 'date' | 'amount' | 'currency' | 'tooLong' | 'columns' | 'quoting';

export type BankCsvParse =
  | { ok: true; deposits: BankDeposit[]; skipped: number }
  | { ok: false; refusal: 'encoding' | 'empty' | 'noDeposits' | 'tooMany' }
  | { ok: false; refusal: 'header'; column: 'date' | 'amount' }
  | { ok: false; refusal: 'line'; line: number; reason: BankCsvReason };

export const BANK_CSV_MAX_LINES = 100_000;
const MAX_TEXT = 140;

const ALIASES = {
  date: ['date', 'valuedate', '日付', '取引日', '入金日', '勘定日', '年月日'],
  amount: ['amount', 'credit', 'deposit', '入金額', 'お預り金額', 'お預かり金額', '預入金額', '入金金額'],
  currency: ['currency', '通貨'],
  payer: ['payer', 'payername', '振込依頼人名', '依頼人名', '振込依頼人', '摘要', '取引先名'],
  reference: ['reference', 'ref', '照会番号', '取引番号', '参照番号', '受付番号'],
} as const;
type Column = keyof typeof ALIASES;

const normal = (h: string) => h.trim().replace(/^"|"$/g, '').replace(/[\s_]/g, '').toLowerCase();

/** Text of the bytes: UTF-8 (with or without BOM) when it is valid UTF-8, else Shift_JIS (cp932). */
function decode(bytes: Uint8Array): string | null {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (invalidUtf8At(bytes, bom ? 3 : 0) === -1) return decodeStrict(bytes, bom ? 'utf-8-bom' : 'utf-8');
  return decodeStrict(bytes, 'shift_jis');
}

/** yyyy-MM-dd of a bank's date, or null. */
export function bankDate(text: string): string | null {
  const s = text.trim();
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

export function parseBankCsv(bytes: Uint8Array): BankCsvParse {
  const text = decode(bytes);
  if (text === null) return { ok: false, refusal: 'encoding' };
  const records = csvRecords(text);
  let header: { fields: string[]; line: number } | undefined;
  const deposits: BankDeposit[] = [];
  let skipped = 0;
  let at: Partial<Record<Column, number>> = {};
  try {
    for (const record of records) {
      if (record.fields.every((f) => f.trim() === '')) continue;
      if (!header) {
        header = record;
        const names = record.fields.map(normal);
        at = {};
        for (const column of Object.keys(ALIASES) as Column[]) {
          // The first alias the header has wins (振込依頼人名 over 摘要).
          for (const alias of ALIASES[column]) {
            const i = names.indexOf(alias);
            if (i !== -1) {
              at[column] = i;
              break;
            }
          }
        }
        if (at.date === undefined) return { ok: false, refusal: 'header', column: 'date' };
        if (at.amount === undefined) return { ok: false, refusal: 'header', column: 'amount' };
        continue;
      }
      const line = record.line;
      if (line > BANK_CSV_MAX_LINES + 1) return { ok: false, refusal: 'tooMany' };
      const f = record.fields;
      if (f.length !== header.fields.length) return { ok: false, refusal: 'line', line, reason: 'columns' };
      const get = (c: Column) => (at[c] === undefined ? '' : f[at[c]!].trim());
      const currency = get('currency') || 'JPY';
      if (!isCurrency(currency)) return { ok: false, refusal: 'line', line, reason: 'currency' };
      const rawAmount = get('amount').replace(/^[¥￥$]/, '');
      if (rawAmount === '' || /^0+(\.0+)?$/.test(rawAmount)) {
        skipped += 1;
        continue;
      }
      const minor = parseAmount(rawAmount, currency);
      if (minor === null) return { ok: false, refusal: 'line', line, reason: 'amount' };
      const valueDate = bankDate(get('date'));
      if (!valueDate) return { ok: false, refusal: 'line', line, reason: 'date' };
      const payerName = get('payer');
      const reference = get('reference');
      if (payerName.length > MAX_TEXT || reference.length > MAX_TEXT)
        return { ok: false, refusal: 'line', line, reason: 'tooLong' };
      deposits.push({ line, valueDate, amount: Number(minor), currency, payerName, reference });
    }
  } catch (err) {
    // csvRecords refuses an unclosed quote (at the line its record starts on).
    if (err instanceof RowRefused) return { ok: false, refusal: 'line', line: err.line, reason: 'quoting' };
    throw err;
  }
  if (!header) return { ok: false, refusal: 'empty' };
  if (deposits.length === 0) return { ok: false, refusal: 'noDeposits' };
  return { ok: true, deposits, skipped };
}

/**
 * A bank's deposit statement as Japanese internet banking writes it (Shift_JIS, CRLF): the demo's
 * and the tests' files. Amounts in major units of their currency.
 */
export function writeBankCsv(
  rows: readonly {
    valueDate: string;
    amount: number;
    currency: string;
    payerName: string;
    reference: string;
  }[],
): Buffer {
  const major = (minor: number, currency: string) =>
    currency === 'JPY' || currency === 'KRW' ? String(minor) : (minor / 100).toFixed(2);
  const lines = [csvLine(['日付', '摘要', '振込依頼人名', 'お支払金額', 'お預り金額', '通貨', '照会番号'])];
  for (const r of rows)
    lines.push(
      csvLine([
        r.valueDate.replace(/-/g, '/'),
        '振込',
        r.payerName,
        '',
        major(r.amount, r.currency),
        r.currency,
        r.reference,
      ]),
    );
  return iconv.encode(lines.join(''), 'cp932');
}
