/**
 * PayPay for Business transaction CSV: a header and one row per payment or refund, every value
 * in double quotes, CRLF, Shift_JIS (CP932) as written by default; UTF-8 (with or without a
 * BOM) parses too. Amounts are whole yen; times yyyy/MM/dd HH:mm:ss in JST, the day cut at
 * 00:00 JST. The file has no fee column (PayPay's fee is on the monthly payout), so fee is null.
 *
 * Our reading where the column list is silent: the kind is in the status word (返金… is a
 * refund); a refund row carries its payment's 取引番号 and 加盟店決済ID and a negative amount.
 */
import { PAYPAY_COLUMNS } from './columns';
import { csvLine, type CsvRecord } from './csv';
import { encodeStrict } from './encoding';
import { type LayoutReader, columnsOf, orNull, parserOf, required } from './frame';
import { RowRefused, type StatementKind, type StatementRow, type StatementStatus } from './types';
import { formatClock, formatFixed, parseClock, parseFixed } from './values';

export const PAYPAY_OFFSET_MINUTES = 9 * 60;

export const PAYPAY_STATUSES: Record<string, { kind: StatementKind; status: StatementStatus }> = {
  完了: { kind: 'payment', status: 'success' },
  失敗: { kind: 'payment', status: 'failed' },
  取消済み: { kind: 'payment', status: 'failed' },
  期限切れ: { kind: 'payment', status: 'failed' },
  処理中: { kind: 'payment', status: 'other' },
  返金完了: { kind: 'refund', status: 'success' },
  返金失敗: { kind: 'refund', status: 'failed' },
  返金処理中: { kind: 'refund', status: 'other' },
};

type Column = (typeof PAYPAY_COLUMNS)[number];
export const PAYPAY_EXTRA = [
  '加盟店ID',
  '屋号',
  '店舗ID',
  '店舗名',
  '端末番号/PosID',
  'レシート番号',
  '支払い方法',
  '支払い詳細項目',
  '取引確定期限',
] as const satisfies readonly Column[];

export type PaypayWritableRow = Omit<StatementRow, 'line' | 'layout' | 'brand'> & Partial<StatementRow>;

export interface PaypayWriteMeta {
  /** 'shift_jis' (CP932, default), 'utf-8' or 'utf-8-bom'. */
  encoding?: 'shift_jis' | 'utf-8' | 'utf-8-bom';
}

/** The CSV of rows. Throws when a text has no Shift_JIS code (write UTF-8 then). */
export function writePaypay(rows: readonly PaypayWritableRow[], meta: PaypayWriteMeta = {}): Buffer {
  const lines = [csvLine(PAYPAY_COLUMNS, true)];
  for (const row of rows) {
    const v = {} as Record<Column, string>;
    for (const c of PAYPAY_COLUMNS) v[c] = row.extra[c] ?? '';
    v['取引番号'] = row.brandOrderNo ?? '';
    v['加盟店決済ID'] = row.gatewayOrderNo ?? '';
    v['取引ステータス'] = row.statusRaw;
    v['取引日時'] = formatClock(row.time, 'ymd-slash', PAYPAY_OFFSET_MINUTES);
    v['取引金額'] = formatFixed(row.kind === 'refund' ? -row.amount : row.amount, 0);
    lines.push(
      csvLine(
        PAYPAY_COLUMNS.map((c) => v[c]),
        true,
      ),
    );
  }
  return encodeStrict(lines.join(''), meta.encoding ?? 'shift_jis');
}

function rowOf(record: CsvRecord): StatementRow {
  const line = record.line;
  const v = columnsOf(PAYPAY_COLUMNS, record);
  const known = PAYPAY_STATUSES[v['取引ステータス']];
  if (!known) throw new RowRefused(line, 'status', `unknown 取引ステータス ${v['取引ステータス']}`);
  const signed = parseFixed(v['取引金額'], 0, true);
  if (signed === null) throw new RowRefused(line, 'amount', `取引金額 is not whole yen: ${v['取引金額']}`);
  if (known.kind === 'refund' ? signed >= 0 : signed < 0)
    throw new RowRefused(
      line,
      'amount',
      `取引金額 ${v['取引金額']} has the wrong sign for ${v['取引ステータス']}`,
    );
  const time = parseClock(v['取引日時'], 'ymd-slash', PAYPAY_OFFSET_MINUTES);
  if (!time) throw new RowRefused(line, 'time', `取引日時 is not yyyy/MM/dd HH:mm:ss: ${v['取引日時']}`);
  if (v['取引確定期限'] !== '' && !parseClock(v['取引確定期限'], 'ymd-slash', PAYPAY_OFFSET_MINUTES))
    throw new RowRefused(line, 'time', `取引確定期限 is not yyyy/MM/dd HH:mm:ss: ${v['取引確定期限']}`);
  const extra: Record<string, string> = {};
  for (const c of PAYPAY_EXTRA) extra[c] = v[c];
  return {
    layout: 'paypay',
    brand: 'paypay',
    kind: known.kind,
    kindRaw: null,
    brandOrderNo: required(v['取引番号'], line, '取引番号'),
    gatewayOrderNo: orNull(v['加盟店決済ID']),
    brandRefundNo: null,
    gatewayRefundNo: null,
    statusRaw: v['取引ステータス'],
    status: known.status,
    amount: Math.abs(signed),
    fee: null,
    feeFine: null,
    currency: 'JPY',
    time,
    line,
    extra,
  };
}

export const PAYPAY_READER: LayoutReader = {
  layout: 'paypay',
  encodings: ['shift_jis', 'utf-8', 'utf-8-bom'],
  *body(records) {
    for (let r = records.next(); !r.done; r = records.next()) yield rowOf(r.value);
    return null;
  },
};

/** Parses a PayPay CSV: its rows, or the first line that does not fit. */
export const parsePaypay = parserOf(PAYPAY_READER);
