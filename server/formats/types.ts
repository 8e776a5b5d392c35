/**
 * The statement row shared by every brand layout (issue #16): what a brand says it processed,
 * one row per payment or refund, in integer minor units of the row's currency (JPY 0 digits,
 * CNY and USD 2, contract/money `minorDigits`). Each layout's columns that the model does not
 * carry stay in `extra`, raw, under the column's own name, so a row written back gives the
 * same bytes.
 */
import type { PayBrand } from '../../src/contract/brands';

export const STATEMENT_LAYOUTS = ['wechat', 'wechatGlobal', 'alipay', 'paypay', 'card'] as const;
export type StatementLayout = (typeof STATEMENT_LAYOUTS)[number];

export type StatementKind = 'payment' | 'refund';

/** The brand's status word, normalised: money moved, money did not move, not final (or neither). */
export type StatementStatus = 'success' | 'failed' | 'other';

export interface StatementRow {
  layout: StatementLayout;
  brand: PayBrand;
  kind: StatementKind;
  /** The layout's own type word where it has one (Alipay Type, the card layout's transactionType). */
  kindRaw: string | null;
  /** The brand's id of the payment (of the refunded payment, on a refund row, where the layout says it). */
  brandOrderNo: string | null;
  /** Our gateway order number, where the layout carries the merchant's order number. */
  gatewayOrderNo: string | null;
  brandRefundNo: string | null;
  gatewayRefundNo: string | null;
  /** The brand's own status word, as written. */
  statusRaw: string;
  status: StatementStatus;
  /** Minor units, never negative: a refund row's amount is what was refunded. */
  amount: number;
  /** Minor units, signed (a refund may give the fee back: negative); null where the layout has no fee. */
  fee: number | null;
  /** WeChat's fee with 5 decimals, in 1/100000 of the major unit (fee is it rounded half up to the minor unit). */
  feeFine: number | null;
  currency: string;
  /** ISO 8601 with the brand's offset: 2025-04-01T10:00:00+08:00. */
  time: string;
  /** 1-based line of the file where the row starts (0 on rows not read from a file). */
  line: number;
  /** The layout's other columns, raw. */
  extra: Record<string, string>;
}

export type RefusalReason =
  /** The file is larger than MAX_STATEMENT_BYTES. */
  | 'size'
  /** A NUL byte: not a text file. */
  | 'binary'
  /** Not valid UTF-8, GBK or Shift_JIS (or a UTF-8 BOM before bytes that are not UTF-8). */
  | 'encoding'
  /** Valid GBK and valid Shift_JIS, and no header decides which. */
  | 'encodingAmbiguous'
  /** Valid in an encoding, but not one the layout takes (detail: which, and those it takes). */
  | 'encodingNotAccepted'
  /** The header is not this layout's (detail: the layout it is, when it is another brand's). */
  | 'layout'
  /** A row with more or fewer columns than the header. */
  | 'columns'
  /** A quote where RFC 4180 allows none. */
  | 'quoting'
  /** The file ends inside a quoted value or before its summary / trailer. */
  | 'truncated'
  | 'amount'
  | 'fee'
  | 'time'
  | 'status'
  /** The row's type, or columns that contradict it (a payment with a refund number). */
  | 'kind'
  | 'currency'
  /** Another value that does not fit its column (a missing id, a WeChat value without its backtick). */
  | 'value'
  /** The file's summary or trailer does not equal its rows. */
  | 'summary';

export interface StatementRefusal {
  ok: false;
  /** 1-based line; 0 for the file as a whole (its size). */
  line: number;
  reason: RefusalReason;
  detail: string;
}

export type StatementEncoding = 'utf-8' | 'utf-8-bom' | 'gbk' | 'shift_jis';

export interface CurrencyTotals {
  paymentCount: number;
  refundCount: number;
  /** Sum of the payment rows' amounts. */
  paymentAmount: number;
  /** Sum of the refund rows' amounts (positive). */
  refundAmount: number;
  /** Sum of the fees, null when the layout has none. */
  fee: number | null;
}

export interface StatementSummary {
  rowCount: number;
  /** Per currency. */
  totals: Record<string, CurrencyTotals>;
  /** The file's own summary or trailer as written (WeChat's summary row, the card trailer), else null. */
  declared: Record<string, string> | null;
}

export interface ParsedStatement {
  ok: true;
  layout: StatementLayout;
  encoding: StatementEncoding;
  /** sha256 of the file's bytes, hex: the same file imported twice is the same import. */
  contentHash: string;
  rows: StatementRow[];
  summary: StatementSummary;
}

export type StatementParse = ParsedStatement | StatementRefusal;

export class RowRefused extends Error {
  constructor(
    readonly line: number,
    readonly reason: RefusalReason,
    readonly detail: string,
  ) {
    super(`line ${line}: ${reason}: ${detail}`);
  }
}

export const refusal = (line: number, reason: RefusalReason, detail: string): StatementRefusal => ({
  ok: false,
  line,
  reason,
  detail,
});
