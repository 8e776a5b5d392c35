/**
 * Alipay (Antom) settlement file `MID_settle_YYYYMMDD_BatchID.csv`: a header and one row per
 * PAYMENT, REFUND or CANCEL, UTF-8, RFC 4180 quoting where a value needs it, CRLF.
 *
 * Our reading of Antom's description, where it is silent:
 * - Amount is never negative (the type says which way the money went); Fee is signed (a refund
 *   may give the fee back); Settlement = Amount − Fee for a PAYMENT, −Amount − Fee for a REFUND
 *   or CANCEL, and a row where it does not is refused 'amount'.
 * - Amounts have the currency's own digits (JPY 1200, USD 12.00).
 * - Payment_time and Settlement_time are MM/DD/YYYY HH:MM:SS in UTC+8, Alipay's clearing zone;
 *   the day cut is 00:00 UTC+8.
 * - Partner_transaction_id is our order number on a PAYMENT or CANCEL and our refund number on
 *   a REFUND, whose original_partner_transaction_ID is then our order number. Transaction_id is
 *   Alipay's id of the payment (PAYMENT) or of the refund or cancel (REFUND, CANCEL). A CANCEL
 *   returns the money of its payment: its kind is refund, its kindRaw CANCEL.
 */
import { isCurrency, minorDigits } from '../../src/contract/money';
import { ALIPAY_COLUMNS } from './columns';
import { csvLine, type CsvRecord } from './csv';
import { encodeStrict } from './encoding';
import { type LayoutReader, columnsOf, mustBeEmpty, parserOf, required } from './frame';
import { RowRefused, type StatementRow, type StatementStatus } from './types';
import { formatClock, formatFixed, parseClock, parseFixed } from './values';

export const ALIPAY_OFFSET_MINUTES = 8 * 60;

export const ALIPAY_TYPES = ['PAYMENT', 'REFUND', 'CANCEL'] as const;
export const ALIPAY_STATUSES: Record<string, StatementStatus> = {
  SETTLED: 'success',
  SUCCESS: 'success',
  FAIL: 'failed',
  FAILED: 'failed',
  PENDING: 'other',
};

type Column = (typeof ALIPAY_COLUMNS)[number];
const COMMON_EXTRA = ['Settlement_time', 'Issue', 'Product', 'Remarks'] as const satisfies readonly Column[];
export const ALIPAY_EXTRA = {
  PAYMENT: COMMON_EXTRA,
  REFUND: COMMON_EXTRA,
  CANCEL: [...COMMON_EXTRA, 'original_partner_transaction_ID'],
} as const satisfies Record<(typeof ALIPAY_TYPES)[number], readonly Column[]>;

export type AlipayWritableRow = Omit<StatementRow, 'line' | 'layout' | 'brand'> & Partial<StatementRow>;

/** MID_settle_YYYYMMDD_BatchID.csv (day as YYYY-MM-DD or YYYYMMDD). */
export function alipaySettlementFileName(mid: string, day: string, batchId: string): string {
  return `${mid}_settle_${day.replace(/-/g, '')}_${batchId}.csv`;
}

export function parseAlipaySettlementFileName(
  name: string,
): { mid: string; day: string; batchId: string } | null {
  const m = /^(.+)_settle_(\d{4})(\d{2})(\d{2})_([^_/\\]+)\.csv$/.exec(name);
  return m ? { mid: m[1], day: `${m[2]}-${m[3]}-${m[4]}`, batchId: m[5] } : null;
}

const typeOf = (row: AlipayWritableRow) => row.kindRaw ?? (row.kind === 'payment' ? 'PAYMENT' : 'REFUND');

/** The settlement file of rows. */
export function writeAlipay(rows: readonly AlipayWritableRow[]): Buffer {
  const lines = [csvLine(ALIPAY_COLUMNS)];
  for (const row of rows) {
    const type = typeOf(row);
    const digits = minorDigits(row.currency);
    const fee = row.fee ?? 0;
    const v = {} as Record<Column, string>;
    for (const c of ALIPAY_COLUMNS) v[c] = row.extra[c] ?? '';
    v.Partner_transaction_id = (type === 'REFUND' ? row.gatewayRefundNo : row.gatewayOrderNo) ?? '';
    v.Transaction_id = (type === 'PAYMENT' ? row.brandOrderNo : row.brandRefundNo) ?? '';
    if (type === 'REFUND') v.original_partner_transaction_ID = row.gatewayOrderNo ?? '';
    if (type === 'PAYMENT') v.original_partner_transaction_ID = '';
    v.Amount = formatFixed(row.amount, digits);
    v.Fee = formatFixed(fee, digits);
    v.Settlement = formatFixed((type === 'PAYMENT' ? row.amount : -row.amount) - fee, digits);
    v.Currency = row.currency;
    v.Payment_time = formatClock(row.time, 'mdy-slash', ALIPAY_OFFSET_MINUTES);
    v.Type = type;
    v.Status = row.statusRaw;
    lines.push(csvLine(ALIPAY_COLUMNS.map((c) => v[c])));
  }
  return encodeStrict(lines.join(''), 'utf-8');
}

function rowOf(record: CsvRecord): StatementRow {
  const line = record.line;
  const v = columnsOf(ALIPAY_COLUMNS, record);
  const type = v.Type;
  if (!(ALIPAY_TYPES as readonly string[]).includes(type))
    throw new RowRefused(line, 'kind', `Type ${type} is not PAYMENT, REFUND or CANCEL`);
  const kind = type === 'PAYMENT' ? 'payment' : 'refund';
  if (!isCurrency(v.Currency)) throw new RowRefused(line, 'currency', `unknown Currency ${v.Currency}`);
  const digits = minorDigits(v.Currency);
  const amount = parseFixed(v.Amount, digits);
  if (amount === null)
    throw new RowRefused(line, 'amount', `Amount is not an amount of ${v.Currency}: ${v.Amount}`);
  const fee = parseFixed(v.Fee, digits, true);
  if (fee === null) throw new RowRefused(line, 'fee', `Fee is not an amount of ${v.Currency}: ${v.Fee}`);
  const settlement = parseFixed(v.Settlement, digits, true);
  if (settlement === null || settlement !== (kind === 'payment' ? amount : -amount) - fee)
    throw new RowRefused(line, 'amount', `Settlement ${v.Settlement} is not Amount less Fee`);
  const time = parseClock(v.Payment_time, 'mdy-slash', ALIPAY_OFFSET_MINUTES);
  if (!time) throw new RowRefused(line, 'time', `Payment_time is not MM/DD/YYYY HH:MM:SS: ${v.Payment_time}`);
  if (v.Settlement_time !== '' && !parseClock(v.Settlement_time, 'mdy-slash', ALIPAY_OFFSET_MINUTES))
    throw new RowRefused(line, 'time', `Settlement_time is not MM/DD/YYYY HH:MM:SS: ${v.Settlement_time}`);
  const status = ALIPAY_STATUSES[v.Status];
  if (!status) throw new RowRefused(line, 'status', `unknown Status ${v.Status}`);
  if (type === 'PAYMENT')
    mustBeEmpty(v.original_partner_transaction_ID, line, 'original_partner_transaction_ID', 'PAYMENT');
  const partner = required(v.Partner_transaction_id, line, 'Partner_transaction_id');
  const alipayId = required(v.Transaction_id, line, 'Transaction_id');
  const extra: Record<string, string> = {};
  for (const c of ALIPAY_EXTRA[type as (typeof ALIPAY_TYPES)[number]]) extra[c] = v[c];
  return {
    layout: 'alipay',
    brand: 'alipayplus',
    kind,
    kindRaw: type,
    brandOrderNo: type === 'PAYMENT' ? alipayId : null,
    gatewayOrderNo:
      type === 'REFUND'
        ? required(v.original_partner_transaction_ID, line, 'original_partner_transaction_ID')
        : partner,
    brandRefundNo: type === 'PAYMENT' ? null : alipayId,
    gatewayRefundNo: type === 'REFUND' ? partner : null,
    statusRaw: v.Status,
    status,
    amount,
    fee,
    feeFine: null,
    currency: v.Currency,
    time,
    line,
    extra,
  };
}

export const ALIPAY_READER: LayoutReader = {
  layout: 'alipay',
  encodings: ['utf-8', 'utf-8-bom'],
  *body(records) {
    for (let r = records.next(); !r.done; r = records.next()) yield rowOf(r.value);
    return null;
  },
};

/** Parses a settlement file: its rows, or the first line that does not fit. */
export const parseAlipay = parserOf(ALIPAY_READER);
