/**
 * WeChat Pay cross-border (Japan) trade bill: the domestic bill's frame (a header, data rows with
 * every value prefixed by a backtick, then a summary header and its row, which must add up) with
 * currencies and exchange rates (columns.ts WECHAT_GLOBAL_COLUMNS; its exact order is our
 * reading of the notes). UTF-8 with a BOM as written; UTF-8 without one and GBK (the bill saved
 * again by a spreadsheet in China, as the domestic bill may be) parse too. Times in
 * GMT+8, the day cut at 00:00 GMT+8, as the domestic bill.
 *
 * One settlement currency per bill (a merchant settles in one, JPY for a Japanese merchant; the
 * summary says which): a payment's 结算币种 and a refund's 退款结算币种 are it, and so is 标价币种
 * wherever written (the merchant prices in what it settles). The user's currency (用户支付币种,
 * 用户退款币种) may be another (CNY): its amounts are kept raw and not summed.
 *
 * Amounts in the currency's own minor digits (JPY 0 decimals, CNY 2: contract/money
 * `minorDigits`): the bill's in the settlement currency's, the user's in the user currency's
 * (empty with an empty currency). The row's amount — what our amount is compared with — is a
 * payment's 应结订单金额 and a refund's 退款应结订单金额, in the settlement currency. The fee
 * (手续费) keeps the domestic 5 decimals of the major unit (`feeFine`, our reading), `fee` is it
 * rounded half away from zero to the currency's digits. Rates (支付汇率, 退款汇率) have up to 8
 * decimals and stay raw in `extra`, like the other columns the model does not carry.
 *
 * A row is a refund when 交易状态 is REFUND: its status is 退款状态 and it carries both refund
 * numbers; a payment's status is 交易状态 and it has no refund number.
 */
import { isCurrency, minorDigits } from '../../src/contract/money';
import { WECHAT_GLOBAL_COLUMNS, WECHAT_GLOBAL_SUMMARY_COLUMNS } from './columns';
import { csvLine, type CsvRecord } from './csv';
import { encodeStrict } from './encoding';
import { type LayoutReader, columnsOf, parserOf } from './frame';
import { RowRefused, type StatementRow } from './types';
import { formatFixed, parseFixed, roundFine } from './values';
import {
  addToSums,
  checkTotals,
  FEE_DIGITS,
  tick,
  tradeBillBody,
  tradeRow,
  untick,
  wechatTrade,
  writeTradeCells,
} from './wechat';

/** An exchange rate: up to 8 decimals. */
const FX_RATE = /^(0|[1-9]\d*)(\.\d{1,8})?$/;

type Column = (typeof WECHAT_GLOBAL_COLUMNS)[number];
type SummaryColumn = (typeof WECHAT_GLOBAL_SUMMARY_COLUMNS)[number];

/** Columns kept in `extra` on every row. */
const COMMON_EXTRA = [
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '用户标识',
  '交易类型',
  '付款银行',
  '标价币种',
  '订单金额(标价币种)',
  '用户支付币种',
  '用户支付金额',
  '支付汇率',
  '退款汇率',
  '申请退款金额',
  '用户退款币种',
  '用户退款金额',
  '代金券金额',
  '充值券退款金额',
  '退款类型',
  '商品名称',
  '商户数据包',
  '费率',
  '费率备注',
] as const satisfies readonly Column[];
/** …and those the other kind's model takes. */
export const WECHAT_GLOBAL_EXTRA = {
  payment: [...COMMON_EXTRA, '退款结算币种', '退款应结订单金额', '退款状态'],
  refund: [...COMMON_EXTRA, '结算币种', '应结订单金额'],
} as const satisfies Record<string, readonly Column[]>;

/** Amounts in the bill's settlement currency (the summary totals those it names). */
const BILL_MONEY = [
  '订单金额(标价币种)',
  '应结订单金额',
  '申请退款金额',
  '退款应结订单金额',
  '代金券金额',
  '充值券退款金额',
] as const satisfies readonly Column[];
/** Columns that are empty or the bill's settlement currency. */
const BILL_CURRENCY = ['标价币种', '结算币种', '退款结算币种'] as const satisfies readonly Column[];
/** The user's amounts, each in its own currency column's digits. */
const USER_MONEY = [
  ['用户支付金额', '用户支付币种'],
  ['用户退款金额', '用户退款币种'],
] as const satisfies readonly (readonly [Column, Column])[];

export type WechatGlobalWritableRow = Omit<StatementRow, 'line' | 'layout' | 'brand'> & Partial<StatementRow>;

export interface WechatGlobalWriteMeta {
  /** The bill's settlement currency when it has no rows (its summary's); default JPY. */
  currency?: string;
}

/** The column values of one row, in column order (without backticks). */
function valuesOf(row: WechatGlobalWritableRow, digits: number): Record<Column, string> {
  const refund = row.kind === 'refund';
  const zero = formatFixed(0, digits);
  const fallback = (c: Column) =>
    (BILL_MONEY as readonly string[]).includes(c) ? zero : c === '标价币种' ? row.currency : '';
  const v = {} as Record<Column, string>;
  for (const c of WECHAT_GLOBAL_COLUMNS) v[c] = row.extra[c] ?? fallback(c);
  writeTradeCells(v, row);
  v[refund ? '退款结算币种' : '结算币种'] = row.currency;
  v[refund ? '退款应结订单金额' : '应结订单金额'] = formatFixed(row.amount, digits);
  const fine = row.feeFine ?? (row.fee ?? 0) * 10 ** (FEE_DIGITS - digits);
  v['手续费'] = formatFixed(fine, FEE_DIGITS);
  return v;
}

/** The cross-border trade bill of rows (one settlement currency), UTF-8 with a BOM. */
export function writeWechatGlobal(
  rows: readonly WechatGlobalWritableRow[],
  meta: WechatGlobalWriteMeta = {},
): Buffer {
  const currency = rows[0]?.currency ?? meta.currency ?? 'JPY';
  if (rows.some((r) => r.currency !== currency))
    throw new RangeError('a WeChat cross-border bill has one settlement currency');
  const digits = minorDigits(currency);
  const sums = noSums();
  const lines = [csvLine(WECHAT_GLOBAL_COLUMNS)];
  for (const row of rows) {
    const v = valuesOf(row, digits);
    lines.push(csvLine(WECHAT_GLOBAL_COLUMNS.map((c) => tick(v[c]))));
    sums.count += 1;
    for (const c of BILL_MONEY) sums[c] += parseFixed(v[c], digits) ?? 0;
    sums.feeFine += parseFixed(v['手续费'], FEE_DIGITS, true) ?? 0;
  }
  lines.push(csvLine(WECHAT_GLOBAL_SUMMARY_COLUMNS));
  const total = summaryOf(sums);
  lines.push(
    csvLine(
      WECHAT_GLOBAL_SUMMARY_COLUMNS.map((c) => {
        if (c === '总交易单数') return tick(String(total[c]));
        if (c === '结算币种') return tick(currency);
        return tick(formatFixed(total[c], c === '手续费总金额' ? FEE_DIGITS : digits));
      }),
    ),
  );
  return encodeStrict(lines.join(''), 'utf-8-bom');
}

/** The running sums of the columns the summary totals (of every row, of the failed rows), and the bill's currency once known. */
type Totals = Record<(typeof BILL_MONEY)[number], number> & { count: number; feeFine: number };
type Sums = Totals & { failed: Totals; currency: string | null };
const noTotals = (): Totals => ({
  count: 0,
  feeFine: 0,
  '订单金额(标价币种)': 0,
  应结订单金额: 0,
  申请退款金额: 0,
  退款应结订单金额: 0,
  代金券金额: 0,
  充值券退款金额: 0,
});
const noSums = (): Sums => ({ ...noTotals(), failed: noTotals(), currency: null });

/** The summary's totals, by its column. */
const summaryOf = (s: Totals): Record<Exclude<SummaryColumn, '结算币种'>, number> => ({
  总交易单数: s.count,
  应结订单总金额: s['应结订单金额'],
  退款应结订单总金额: s['退款应结订单金额'],
  充值券退款总金额: s['充值券退款金额'],
  手续费总金额: s.feeFine,
  订单总金额: s['订单金额(标价币种)'],
  申请退款总金额: s['申请退款金额'],
});

function amountIn(v: string, digits: number, line: number, column: string, currency: string): number {
  const n = parseFixed(v, digits);
  if (n === null)
    throw new RowRefused(
      line,
      'amount',
      `${column} is not an amount in ${currency} (${digits} decimals): ${v}`,
    );
  return n;
}

function rowOf(record: CsvRecord, sums: Sums): StatementRow {
  const line = record.line;
  const v = columnsOf(WECHAT_GLOBAL_COLUMNS, untick(record));
  const { refund, kind, time } = tradeRow(v, line);

  const own = refund ? '退款结算币种' : '结算币种';
  const currency = v[own];
  if (!isCurrency(currency)) throw new RowRefused(line, 'currency', `${own} is no currency: ${currency}`);
  sums.currency ??= currency;
  for (const c of BILL_CURRENCY)
    if (v[c] !== '' && v[c] !== sums.currency)
      throw new RowRefused(line, 'currency', `${c} ${v[c]} in a ${sums.currency} bill`);
  const digits = minorDigits(currency);
  const values = {} as Record<(typeof BILL_MONEY)[number], number>;
  for (const c of BILL_MONEY) values[c] = amountIn(v[c], digits, line, c, currency);
  for (const [amount, cur] of USER_MONEY) {
    if (v[cur] === '') {
      if (v[amount] !== '') throw new RowRefused(line, 'currency', `${amount} without ${cur}`);
      continue;
    }
    if (!isCurrency(v[cur])) throw new RowRefused(line, 'currency', `${cur} is no currency: ${v[cur]}`);
    amountIn(v[amount], minorDigits(v[cur]), line, amount, v[cur]);
  }
  for (const c of ['支付汇率', '退款汇率'] as const)
    if (v[c] !== '' && !FX_RATE.test(v[c]))
      throw new RowRefused(line, 'value', `${c} is not a rate with up to 8 decimals: ${v[c]}`);

  const trade = wechatTrade(v, line, refund);
  const { feeFine } = trade;
  const extra: Record<string, string> = {};
  for (const c of WECHAT_GLOBAL_EXTRA[kind]) extra[c] = v[c];
  addToSums(sums, values, feeFine, trade.facts.status === 'failed');
  const amountColumn = refund ? '退款应结订单金额' : '应结订单金额';
  return {
    layout: 'wechatGlobal',
    brand: 'wechat',
    kind,
    kindRaw: null,
    ...trade.facts,
    amount: amountIn(v[amountColumn], digits, line, amountColumn, currency),
    fee: roundFine(feeFine, FEE_DIGITS, digits),
    feeFine,
    currency,
    time,
    line,
    extra,
  };
}

/** Checks the summary row against the data rows' column sums and currency. */
function checkSummary(record: CsvRecord, sums: Sums): Record<string, string> {
  const v = columnsOf(WECHAT_GLOBAL_SUMMARY_COLUMNS, untick(record));
  const currency = v['结算币种'];
  if (!isCurrency(currency) || (sums.currency !== null && currency !== sums.currency))
    throw new RowRefused(
      record.line,
      'summary',
      `结算币种 ${currency} is not the rows' ${sums.currency ?? 'currency'}`,
    );
  const digits = minorDigits(currency);
  const all = summaryOf(sums);
  const declared = {} as Record<keyof typeof all, number | null>;
  for (const c of Object.keys(all) as (keyof typeof all)[])
    declared[c] =
      c === '总交易单数'
        ? /^(0|[1-9]\d*)$/.test(v[c])
          ? Number(v[c])
          : null
        : parseFixed(v[c], c === '手续费总金额' ? FEE_DIGITS : digits, c === '手续费总金额');
  checkTotals(record.line, v, all, summaryOf(sums.failed), declared);
  return v;
}

export const WECHAT_GLOBAL_READER: LayoutReader = {
  layout: 'wechatGlobal',
  encodings: ['utf-8-bom', 'utf-8', 'gbk'],
  body: tradeBillBody({
    summaryColumns: WECHAT_GLOBAL_SUMMARY_COLUMNS,
    name: 'the cross-border bill’s',
    sums: noSums,
    row: rowOf,
    summary: checkSummary,
  }),
};

/** Parses a cross-border trade bill: its rows and summary, or the first line that does not fit. */
export const parseWechatGlobal = parserOf(WECHAT_GLOBAL_READER);
