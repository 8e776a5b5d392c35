/**
 * WeChat Pay domestic trade bill (ALL): a header, data rows with every value prefixed by a
 * backtick, then the summary header and its row (the totals of the data rows, which must add
 * up). Amounts in 元 with 2 decimals, the fee (手续费) with 5, the rate like `0.60%`; times in
 * GMT+8, the day cut at 00:00 GMT+8 (ready from 10:00 the next day). UTF-8 with a BOM as
 * written by default, GBK on request; both parse, and UTF-8 without a BOM too.
 *
 * A row is a refund when 交易状态 is REFUND: its amount is 退款金额, its status 退款状态 and
 * it carries both refund numbers; a payment's amount is 应结订单金额 and its status 交易状态.
 * Values are RFC 4180-quoted (backtick inside) only when they hold a comma, quote or line break.
 */
import { WECHAT_COLUMNS, WECHAT_SUMMARY_COLUMNS } from './columns';
import { csvLine, type CsvRecord } from './csv';
import { encodeStrict } from './encoding';
import { type LayoutBody, type LayoutReader, columnsOf, mustBeEmpty, parserOf, required } from './frame';
import { RowRefused, type StatementRow, type StatementStatus } from './types';
import { formatClock, formatFixed, parseClock, parseFixed, roundFine } from './values';

export const WECHAT_OFFSET_MINUTES = 8 * 60;
export const FEE_DIGITS = 5;

export const WECHAT_PAYMENT_STATUSES: Record<string, StatementStatus> = {
  SUCCESS: 'success',
  PAYERROR: 'failed',
  CLOSED: 'failed',
  REVOKED: 'failed',
  NOTPAY: 'other',
  USERPAYING: 'other',
};
export const WECHAT_REFUND_STATUSES: Record<string, StatementStatus> = {
  SUCCESS: 'success',
  FAIL: 'failed',
  REFUNDCLOSE: 'failed',
  CHANGE: 'failed',
  ABNORMAL: 'failed',
  PROCESSING: 'other',
};
const REFUND_MARK = 'REFUND';

type Column = (typeof WECHAT_COLUMNS)[number];

/** Columns kept in `extra` on every row. */
const COMMON_EXTRA = [
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '用户标识',
  '交易类型',
  '付款银行',
  '代金券金额',
  '充值券退款金额',
  '退款类型',
  '商品名称',
  '商户数据包',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const satisfies readonly Column[];
/** …and those the other kind's model takes. */
export const WECHAT_EXTRA = {
  payment: [...COMMON_EXTRA, '退款金额', '退款状态'],
  refund: [...COMMON_EXTRA, '应结订单金额'],
} as const satisfies Record<string, readonly Column[]>;

const MONEY_COLUMNS = [
  '应结订单金额',
  '代金券金额',
  '退款金额',
  '充值券退款金额',
  '订单金额',
  '申请退款金额',
] as const;
const RATE = /^\d+(\.\d+)?%$/;

export type WechatWritableRow = Omit<StatementRow, 'line' | 'layout' | 'brand'> & Partial<StatementRow>;

export interface WechatWriteMeta {
  /** 'utf-8-bom' (default) or 'gbk'. */
  encoding?: 'utf-8-bom' | 'gbk';
}

/** A value as both trade bills write it: after a backtick. */
export const tick = (v: string) => '`' + v;

type TradeCell =
  '交易时间' | '微信订单号' | '商户订单号' | '交易状态' | '微信退款单号' | '商户退款单号' | '退款状态';

/**
 * What both trade bills write alike of a row: its time (GMT+8), numbers and status (a refund's
 * in 退款状态, its 交易状态 the REFUND mark); a refund's numbers only on a refund row.
 */
export function writeTradeCells(v: Record<TradeCell, string>, row: WechatWritableRow) {
  const refund = row.kind === 'refund';
  v['交易时间'] = formatClock(row.time, 'ymd-dash', WECHAT_OFFSET_MINUTES);
  v['微信订单号'] = row.brandOrderNo ?? '';
  v['商户订单号'] = row.gatewayOrderNo ?? '';
  v['交易状态'] = refund ? REFUND_MARK : row.statusRaw;
  v['微信退款单号'] = refund ? (row.brandRefundNo ?? '') : '';
  v['商户退款单号'] = refund ? (row.gatewayRefundNo ?? '') : '';
  if (refund) v['退款状态'] = row.statusRaw;
}

/** The column values of one row, in column order (without backticks). */
function valuesOf(row: WechatWritableRow): Record<Column, string> {
  const refund = row.kind === 'refund';
  const extra = (c: Column) =>
    row.extra[c] ?? ((MONEY_COLUMNS as readonly string[]).includes(c) ? '0.00' : '');
  const fine = row.feeFine ?? (row.fee ?? 0) * 1000;
  const v = {} as Record<Column, string>;
  for (const c of WECHAT_COLUMNS) v[c] = extra(c);
  writeTradeCells(v, row);
  v['货币种类'] = row.currency;
  v[refund ? '退款金额' : '应结订单金额'] = formatFixed(row.amount, 2);
  v['手续费'] = formatFixed(fine, FEE_DIGITS);
  return v;
}

/** The trade bill of rows, as WeChat writes it. */
export function writeWechat(rows: readonly WechatWritableRow[], meta: WechatWriteMeta = {}): Buffer {
  const sums = { count: 0, settle: 0, refund: 0, coupon: 0, fee: 0, order: 0, asked: 0 };
  const lines = [csvLine(WECHAT_COLUMNS)];
  for (const row of rows) {
    const v = valuesOf(row);
    lines.push(csvLine(WECHAT_COLUMNS.map((c) => tick(v[c]))));
    sums.count += 1;
    sums.settle += parseFixed(v['应结订单金额'], 2) ?? 0;
    sums.refund += parseFixed(v['退款金额'], 2) ?? 0;
    sums.coupon += parseFixed(v['充值券退款金额'], 2) ?? 0;
    sums.fee += parseFixed(v['手续费'], FEE_DIGITS, true) ?? 0;
    sums.order += parseFixed(v['订单金额'], 2) ?? 0;
    sums.asked += parseFixed(v['申请退款金额'], 2) ?? 0;
  }
  lines.push(csvLine(WECHAT_SUMMARY_COLUMNS));
  const money = (n: number) => formatFixed(n, 2);
  lines.push(
    csvLine(
      [
        String(sums.count),
        money(sums.settle),
        money(sums.refund),
        money(sums.coupon),
        formatFixed(sums.fee, FEE_DIGITS),
        money(sums.order),
        money(sums.asked),
      ].map(tick),
    ),
  );
  return encodeStrict(lines.join(''), meta.encoding ?? 'utf-8-bom');
}

/** A record's values without their backticks (a value without one is refused). */
export function untick(record: CsvRecord): CsvRecord {
  return {
    line: record.line,
    fields: record.fields.map((f, i) => {
      if (f.charCodeAt(0) !== 96)
        throw new RowRefused(record.line, 'value', `column ${i + 1} lacks its backtick prefix`);
      return f.slice(1);
    }),
  };
}

function money(v: string, line: number, column: string): number {
  const n = parseFixed(v, 2);
  if (n === null)
    throw new RowRefused(line, 'amount', `${column} is not an amount in 元 with 2 decimals: ${v}`);
  return n;
}

/** The running sums of the columns the summary totals: of every row, and of the failed rows alone. */
type Totals = Record<(typeof MONEY_COLUMNS)[number], number> & { count: number; feeFine: number };
type Sums = Totals & { failed: Totals };
const noTotals = (): Totals => ({
  count: 0,
  feeFine: 0,
  应结订单金额: 0,
  代金券金额: 0,
  退款金额: 0,
  充值券退款金额: 0,
  订单金额: 0,
  申请退款金额: 0,
});
const noSums = (): Sums => ({ ...noTotals(), failed: noTotals() });

/**
 * Adds a row's values to the sums of every row and, when its status is a failure (a payment
 * revoked after it succeeded, a refund that failed), to those of the failed rows: the summary may
 * count it either way (`checkTotals`).
 */
export function addToSums<C extends string>(
  sums: Record<C | 'count' | 'feeFine', number> & { failed: Record<C | 'count' | 'feeFine', number> },
  values: Record<C, number>,
  feeFine: number,
  failed: boolean,
) {
  for (const target of failed ? [sums, sums.failed] : [sums]) {
    for (const c of Object.keys(values) as C[]) target[c] += values[c];
    target.count += 1;
    target.feeFine += feeFine;
  }
}

/** Whether a data row of either trade bill is a refund (交易状态 the REFUND mark), and its time (GMT+8). */
export function tradeRow(v: Record<'交易状态' | '交易时间', string>, line: number) {
  const refund = v['交易状态'] === REFUND_MARK;
  const kind = refund ? ('refund' as const) : ('payment' as const);
  const time = parseClock(v['交易时间'], 'ymd-dash', WECHAT_OFFSET_MINUTES);
  if (!time) throw new RowRefused(line, 'time', `交易时间 is not yyyy-MM-dd HH:mm:ss: ${v['交易时间']}`);
  return { refund, kind, time };
}

function rowOf(record: CsvRecord, sums: Sums): StatementRow {
  const line = record.line;
  const v = columnsOf(WECHAT_COLUMNS, untick(record));
  const { refund, kind, time } = tradeRow(v, line);
  if (v['货币种类'] !== 'CNY')
    throw new RowRefused(line, 'currency', `货币种类 ${v['货币种类']} in a CNY bill`);
  const values = {} as Record<(typeof MONEY_COLUMNS)[number], number>;
  for (const c of MONEY_COLUMNS) values[c] = money(v[c], line, c);
  const trade = wechatTrade(v, line, refund);
  const { feeFine } = trade;
  const extra: Record<string, string> = {};
  for (const c of WECHAT_EXTRA[kind]) extra[c] = v[c];
  addToSums(sums, values, feeFine, trade.facts.status === 'failed');
  return {
    layout: 'wechat',
    brand: 'wechat',
    kind,
    kindRaw: null,
    ...trade.facts,
    amount: money(refund ? v['退款金额'] : v['应结订单金额'], line, refund ? '退款金额' : '应结订单金额'),
    fee: roundFine(feeFine, FEE_DIGITS, 2),
    feeFine,
    currency: 'CNY',
    time,
    line,
    extra,
  };
}

type TradeColumn =
  '手续费' | '费率' | '交易状态' | '退款状态' | '微信订单号' | '商户订单号' | '微信退款单号' | '商户退款单号';

/**
 * What both WeChat Pay trade bills (mainland and global) say alike of a row: its fee (5
 * decimals), rate, status and numbers; a refund's numbers only on a refund row.
 */
export function wechatTrade(v: Record<TradeColumn, string>, line: number, refund: boolean) {
  const kind = refund ? 'refund' : 'payment';
  const feeFine = parseFixed(v['手续费'], FEE_DIGITS, true);
  if (feeFine === null)
    throw new RowRefused(line, 'fee', `手续费 is not a fee with 5 decimals: ${v['手续费']}`);
  if (v['费率'] !== '' && !RATE.test(v['费率']))
    throw new RowRefused(line, 'fee', `费率 is not a rate: ${v['费率']}`);
  const statusRaw = refund ? v['退款状态'] : v['交易状态'];
  const status = (refund ? WECHAT_REFUND_STATUSES : WECHAT_PAYMENT_STATUSES)[statusRaw];
  if (!status)
    throw new RowRefused(line, 'status', `unknown ${refund ? '退款状态' : '交易状态'} ${statusRaw}`);
  if (!refund) {
    mustBeEmpty(v['微信退款单号'], line, '微信退款单号', kind);
    mustBeEmpty(v['商户退款单号'], line, '商户退款单号', kind);
  }
  return {
    feeFine,
    facts: {
      brandOrderNo: required(v['微信订单号'], line, '微信订单号'),
      gatewayOrderNo: required(v['商户订单号'], line, '商户订单号'),
      brandRefundNo: refund ? required(v['微信退款单号'], line, '微信退款单号') : null,
      gatewayRefundNo: refund ? required(v['商户退款单号'], line, '商户退款单号') : null,
      statusRaw,
      status,
    },
  };
}

/** Checks the summary row against the data rows' column sums. */
function checkSummary(record: CsvRecord, sums: Sums): Record<string, string> {
  const v = columnsOf(WECHAT_SUMMARY_COLUMNS, untick(record));
  const money2 = (c: (typeof WECHAT_SUMMARY_COLUMNS)[number]) => parseFixed(v[c], 2);
  const total = (t: Totals) => ({
    总交易单数: t.count,
    应结订单总金额: t['应结订单金额'],
    退款总金额: t['退款金额'],
    充值券退款总金额: t['充值券退款金额'],
    手续费总金额: t.feeFine,
    订单总金额: t['订单金额'],
    申请退款总金额: t['申请退款金额'],
  });
  checkTotals(record.line, v, total(sums), total(sums.failed), {
    总交易单数: /^\d+$/.test(v['总交易单数']) ? Number(v['总交易单数']) : null,
    应结订单总金额: money2('应结订单总金额'),
    退款总金额: money2('退款总金额'),
    充值券退款总金额: money2('充值券退款总金额'),
    手续费总金额: parseFixed(v['手续费总金额'], FEE_DIGITS, true),
    订单总金额: money2('订单总金额'),
    申请退款总金额: money2('申请退款总金额'),
  });
  return v;
}

/**
 * Refuses a summary row whose total is not a number, or neither what every data row adds up to
 * nor what the rows that did not fail add up to: WeChat Pay's documentation does not say whether
 * its totals count a payment revoked after it succeeded (docs/reconciliation.md, "WeChat Pay's
 * summary row"), so either reading is taken, column by column.
 */
export function checkTotals<C extends string>(
  line: number,
  v: Record<C, string>,
  all: Record<C, number>,
  failed: Record<C, number>,
  declared: Record<C, number | null>,
) {
  for (const name of Object.keys(declared) as C[]) {
    const given = declared[name];
    if (given === null) throw new RowRefused(line, 'summary', `${name} is not a number: ${v[name]}`);
    const moved = all[name] - failed[name];
    if (given !== all[name] && given !== moved)
      throw new RowRefused(
        line,
        'summary',
        moved === all[name]
          ? `${name} ${v[name]} does not equal the rows' ${all[name]}`
          : `${name} ${v[name]} equals neither the rows' ${all[name]} nor ${moved} without the failed ones`,
      );
  }
}

/**
 * The body of a WeChat bill (domestic or cross-border): data rows until the summary header,
 * then the summary row, checked against the rows' sums; nothing but blank lines after it.
 */
export function tradeBillBody<S>(bill: {
  summaryColumns: readonly string[];
  /** Whose summary header it is, for the refusal. */
  name: string;
  sums: () => S;
  row: (record: CsvRecord, sums: S) => StatementRow;
  summary: (record: CsvRecord, sums: S) => Record<string, string>;
}): LayoutBody {
  return function* body(records) {
    const sums = bill.sums();
    let last = 1;
    for (let r = records.next(); !r.done; r = records.next()) {
      const record = r.value;
      last = record.line;
      if (record.fields[0] === bill.summaryColumns[0]) {
        if (record.fields.join(',') !== bill.summaryColumns.join(','))
          throw new RowRefused(record.line, 'columns', `the summary header is not ${bill.name}`);
        const summary = records.next();
        if (summary.done) throw new RowRefused(record.line + 1, 'truncated', 'the summary row is missing');
        const declared = bill.summary(summary.value, sums);
        for (let rest = records.next(); !rest.done; rest = records.next())
          if (rest.value.fields.length > 1 || rest.value.fields[0] !== '')
            throw new RowRefused(rest.value.line, 'summary', 'rows after the summary');
        return declared;
      }
      yield bill.row(record, sums);
    }
    throw new RowRefused(last + 1, 'truncated', 'the file ends before its summary');
  };
}

export const WECHAT_READER: LayoutReader = {
  layout: 'wechat',
  encodings: ['utf-8-bom', 'utf-8', 'gbk'],
  body: tradeBillBody({
    summaryColumns: WECHAT_SUMMARY_COLUMNS,
    name: 'WeChat’s',
    sums: noSums,
    row: rowOf,
    summary: checkSummary,
  }),
};

/** Parses a trade bill: its rows and summary, or the first line that does not fit. */
export const parseWechat = parserOf(WECHAT_READER);
