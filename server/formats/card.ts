/**
 * The card acquirer settlement detail: our own layout (columns.ts, CARD_COLUMNS, says every
 * column), modelled on Antom's card settlement details. UTF-8, RFC 4180 quoting where needed,
 * CRLF, one currency per settlement batch, and a trailer that must equal the rows. Times are
 * ISO 8601 with their offset as the acquirer writes them (we write JST, +09:00, the modelled
 * acquirer's day cut being 00:00 JST).
 */
import { isCurrency, minorDigits } from '../../src/contract/money';
import { CARD_COLUMNS, CARD_TRAILER } from './columns';
import { csvLine, type CsvRecord } from './csv';
import { encodeStrict } from './encoding';
import { type LayoutReader, columnsOf, mustBeEmpty, parserOf, required } from './frame';
import { RowRefused, type StatementRow, type StatementStatus } from './types';
import { formatFixed, isoAt, offsetText, parseFixed, parseIso } from './values';

export const CARD_OFFSET_MINUTES = 9 * 60;
export const CARD_TYPES = ['PAYMENT', 'REFUND'] as const;
export const CARD_STATUSES: Record<string, StatementStatus> = {
  SUCCESS: 'success',
  FAILED: 'failed',
  PENDING: 'other',
};

type Column = (typeof CARD_COLUMNS)[number];
export const CARD_EXTRA = [
  'settlementBatchId',
  'acquirer',
  'acquirerReferenceNo',
  'merchantId',
  'cardBrand',
  'cardNoMasked',
  'authCode',
  'settlementDate',
] as const satisfies readonly Column[];
export const CARD_TRAILER_COLUMNS = ['END', 'rows', 'netAmount', 'fee', 'settlementAmount'] as const;

export type CardWritableRow = Omit<StatementRow, 'line' | 'layout' | 'brand'> & Partial<StatementRow>;

export interface CardWriteMeta {
  /** The batch's currency when it has no rows (its trailer's digits); default JPY. */
  currency?: string;
}

const signedAmount = (kind: string, amount: number) => (kind === 'payment' ? amount : -amount);

/** The settlement detail of rows (one currency). */
export function writeCard(rows: readonly CardWritableRow[], meta: CardWriteMeta = {}): Buffer {
  const currency = rows[0]?.currency ?? meta.currency ?? 'JPY';
  if (rows.some((r) => r.currency !== currency))
    throw new RangeError('a card settlement batch has one currency');
  const digits = minorDigits(currency);
  const lines = [csvLine(CARD_COLUMNS)];
  const total = { net: 0, fee: 0, settlement: 0 };
  for (const row of rows) {
    const refund = row.kind === 'refund';
    const fee = row.fee ?? 0;
    const settlement = signedAmount(row.kind, row.amount) - fee;
    const v = {} as Record<Column, string>;
    for (const c of CARD_COLUMNS) v[c] = row.extra[c] ?? '';
    v.transactionId = (refund ? row.brandRefundNo : row.brandOrderNo) ?? '';
    v.originalTransactionId = refund ? (row.brandOrderNo ?? '') : '';
    v.transactionRequestId = (refund ? row.gatewayRefundNo : row.gatewayOrderNo) ?? '';
    v.originalTransactionRequestId = refund ? (row.gatewayOrderNo ?? '') : '';
    v.transactionType = row.kindRaw ?? (refund ? 'REFUND' : 'PAYMENT');
    v.transactionStatus = row.statusRaw;
    v.transactionTime = isoAt(row.time, CARD_OFFSET_MINUTES);
    v.currency = row.currency;
    v.transactionAmount = formatFixed(row.amount, digits);
    v.fee = formatFixed(fee, digits);
    v.settlementAmount = formatFixed(settlement, digits);
    total.net += signedAmount(row.kind, row.amount);
    total.fee += fee;
    total.settlement += settlement;
    lines.push(csvLine(CARD_COLUMNS.map((c) => v[c])));
  }
  lines.push(
    csvLine([
      CARD_TRAILER,
      String(rows.length),
      formatFixed(total.net, digits),
      formatFixed(total.fee, digits),
      formatFixed(total.settlement, digits),
    ]),
  );
  return encodeStrict(lines.join(''), 'utf-8');
}

function rowOf(record: CsvRecord, batchCurrency: string | null): StatementRow {
  const line = record.line;
  const v = columnsOf(CARD_COLUMNS, record);
  const type = v.transactionType;
  if (!(CARD_TYPES as readonly string[]).includes(type))
    throw new RowRefused(line, 'kind', `transactionType ${type} is not PAYMENT or REFUND`);
  const kind = type === 'PAYMENT' ? 'payment' : 'refund';
  if (!isCurrency(v.currency)) throw new RowRefused(line, 'currency', `unknown currency ${v.currency}`);
  if (batchCurrency !== null && v.currency !== batchCurrency)
    throw new RowRefused(line, 'currency', `${v.currency} in a ${batchCurrency} settlement batch`);
  const digits = minorDigits(v.currency);
  const amount = parseFixed(v.transactionAmount, digits);
  if (amount === null)
    throw new RowRefused(
      line,
      'amount',
      `transactionAmount is not an amount of ${v.currency}: ${v.transactionAmount}`,
    );
  const fee = parseFixed(v.fee, digits, true);
  if (fee === null) throw new RowRefused(line, 'fee', `fee is not an amount of ${v.currency}: ${v.fee}`);
  const settlement = parseFixed(v.settlementAmount, digits, true);
  if (settlement === null || settlement !== signedAmount(kind, amount) - fee)
    throw new RowRefused(
      line,
      'amount',
      `settlementAmount ${v.settlementAmount} is not the amount less the fee`,
    );
  const t = parseIso(v.transactionTime);
  if (!t)
    throw new RowRefused(line, 'time', `transactionTime is not ISO 8601 with offset: ${v.transactionTime}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.settlementDate) || !parseIso(`${v.settlementDate}T00:00:00Z`))
    throw new RowRefused(line, 'time', `settlementDate is not YYYY-MM-DD: ${v.settlementDate}`);
  const status = CARD_STATUSES[v.transactionStatus];
  if (!status) throw new RowRefused(line, 'status', `unknown transactionStatus ${v.transactionStatus}`);
  if (kind === 'payment') {
    mustBeEmpty(v.originalTransactionId, line, 'originalTransactionId', 'PAYMENT');
    mustBeEmpty(v.originalTransactionRequestId, line, 'originalTransactionRequestId', 'PAYMENT');
  }
  const id = required(v.transactionId, line, 'transactionId');
  const requestId = required(v.transactionRequestId, line, 'transactionRequestId');
  const extra: Record<string, string> = {};
  for (const c of CARD_EXTRA) extra[c] = v[c];
  return {
    layout: 'card',
    brand: 'card',
    kind,
    kindRaw: type,
    brandOrderNo: kind === 'payment' ? id : required(v.originalTransactionId, line, 'originalTransactionId'),
    gatewayOrderNo:
      kind === 'payment'
        ? requestId
        : required(v.originalTransactionRequestId, line, 'originalTransactionRequestId'),
    brandRefundNo: kind === 'refund' ? id : null,
    gatewayRefundNo: kind === 'refund' ? requestId : null,
    statusRaw: v.transactionStatus,
    status,
    amount,
    fee,
    feeFine: null,
    currency: v.currency,
    // Z is written +00:00, so every row's time has the same shape.
    time: v.transactionTime.endsWith('Z')
      ? v.transactionTime.slice(0, -1) + offsetText(0)
      : v.transactionTime,
    line,
    extra,
  };
}

interface TrailerSums {
  rows: number;
  netAmount: number;
  fee: number;
  settlementAmount: number;
  currency: string | null;
}

function checkTrailer(record: CsvRecord, computed: TrailerSums): Record<string, string> {
  const v = columnsOf(CARD_TRAILER_COLUMNS, record);
  const line = record.line;
  const digits = computed.currency === null ? null : minorDigits(computed.currency);
  const num = (s: string) =>
    digits === null ? (parseFixed(s, 0, true) ?? parseFixed(s, 2, true)) : parseFixed(s, digits, true);
  const declared = {
    rows: /^\d+$/.test(v.rows) ? Number(v.rows) : null,
    netAmount: num(v.netAmount),
    fee: num(v.fee),
    settlementAmount: num(v.settlementAmount),
  };
  for (const k of ['rows', 'netAmount', 'fee', 'settlementAmount'] as const) {
    if (declared[k] === null)
      throw new RowRefused(line, 'summary', `the trailer's ${k} is not a number: ${v[k]}`);
    if (declared[k] !== computed[k])
      throw new RowRefused(
        line,
        'summary',
        `the trailer's ${k} ${v[k]} does not equal the rows' ${computed[k]}`,
      );
  }
  return v;
}

export const CARD_READER: LayoutReader = {
  layout: 'card',
  encodings: ['utf-8', 'utf-8-bom'],
  *body(records) {
    const sums: TrailerSums = { rows: 0, netAmount: 0, fee: 0, settlementAmount: 0, currency: null };
    let last = 1;
    for (let r = records.next(); !r.done; r = records.next()) {
      last = r.value.line;
      if (r.value.fields[0] === CARD_TRAILER) {
        const declared = checkTrailer(r.value, sums);
        const rest = records.next();
        if (!rest.done) throw new RowRefused(rest.value.line, 'summary', 'rows after the trailer');
        return declared;
      }
      const row = rowOf(r.value, sums.currency);
      const net = signedAmount(row.kind, row.amount);
      sums.rows += 1;
      sums.netAmount += net;
      sums.fee += row.fee ?? 0;
      sums.settlementAmount += net - (row.fee ?? 0);
      sums.currency = row.currency;
      yield row;
    }
    throw new RowRefused(last + 1, 'truncated', 'the file ends before its trailer');
  },
};

/** Parses a card settlement detail: its rows and trailer, or the first line that does not fit. */
export const parseCard = parserOf(CARD_READER);
