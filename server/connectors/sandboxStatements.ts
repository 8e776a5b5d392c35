/**
 * The sandbox brands' statement files (issue #16), as pure functions of the sandbox's own ledger
 * (sandbox_payments, sandbox_refunds; never our orders table), so a test can compute the ground
 * truth of any file, discrepancies included.
 *
 * What a statement lists: the brand's final outcomes of the business day — payments COMPLETED
 * (success) or FAILED (the payer's attempt failed), refunds SUCCESS or FAILED; payments never paid
 * (CREATED, CANCELED, EXPIRED) and refunds still PROCESSING are not in it. A payment's time is
 * when the brand created it (the ledger keeps no paid time, and its updatedAt moves with each
 * refund); a refund's is when it became final (its updatedAt). Times are written to the second.
 *
 * Fees: the brand's rate (hundredths of a percent) on each payment, rounded as the gateway rounds
 * its own charges (contract/money commissionOf); a refund gives back the fee on what it refunds
 * (contract/charges refundReturns), written negative; failed rows carry no fee. PayPay's daily
 * CSV has no fee column: its fee is only on the payment statement.
 *
 * Currencies: WeChat writes one bill per settlement currency — CNY in the domestic trade bill
 * ('wechat'), any other (JPY: a Japanese merchant) in the cross-border bill ('wechatGlobal'),
 * its fee in 1/100000 of that currency's major unit; the bill is the asked currency's, else the
 * day's one currency (CNY on a day without rows; a day of several currencies without one asked:
 * StatementUnsupported). PayPay's CSV is JPY only (a day with another currency in the ledger:
 * StatementUnsupported); Alipay+ writes every currency in one file; the card acquirer one batch
 * file per currency (JPY unless asked).
 *
 * Files: wechat_tradebill_ALL_YYYYMMDD.csv (UTF-8 with BOM; the cross-border bill
 * wechat_tradebill_ALL_<currency>_YYYYMMDD.csv, our naming), Antom's
 * 2188000000000001_settle_YYYYMMDD_0001.csv, paypay_transactions_YYYYMMDD.csv (Shift_JIS),
 * card_settlement_<currency>_YYYYMMDD.csv; ready times in BRAND_STATEMENTS.
 */
import type { PayBrand } from '../../src/contract/brands';
import { refundReturns } from '../../src/contract/charges';
import { commissionOf, minorDigits } from '../../src/contract/money';
import {
  ALIPAY_OFFSET_MINUTES,
  CARD_OFFSET_MINUTES,
  PAYPAY_OFFSET_MINUTES,
  WECHAT_OFFSET_MINUTES,
  alipaySettlementFileName,
  businessDay,
  writeAlipay,
  writeCard,
  writePaypay,
  writeWechat,
  writeWechatGlobal,
  type StatementLayout,
  type StatementRow,
} from '../formats';
import {
  StatementUnsupported,
  type Injection,
  type RowSelector,
  type StatementFile,
  type StatementPeriod,
} from './types';

/** One payment in the sandbox's ledger. */
export interface LedgerPayment {
  brandOrderNo: string;
  merchantOrderNo: string;
  amount: number;
  currency: string;
  /** CREATED, USERPAYING, COMPLETED, FAILED, CANCELED, EXPIRED. */
  state: string;
  createdAt: Date;
}

/** One refund in the sandbox's ledger. */
export interface LedgerRefund {
  brandRefundNo: string;
  merchantRefundNo: string;
  brandOrderNo: string;
  amount: number;
  currency: string;
  /** SUCCESS, PROCESSING or FAILED. */
  state: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface Ledger {
  payments: readonly LedgerPayment[];
  /** The day's refunds and every earlier refund of their payments (for the fee they give back). */
  refunds: readonly LedgerRefund[];
}

/** A row the sandbox writes: the formats module's row without what the file gives (layout, brand, line). */
export type SandboxRow = Omit<StatementRow, 'line' | 'layout' | 'brand'>;

interface BrandStatement {
  layout: StatementLayout;
  /** The day cut: 00:00 of this offset from UTC (the formats module's). */
  offsetMinutes: number;
  /** The file is out at this hour (brand's offset) of the day after the business day. */
  readyHour: number;
  /**
   * The one currency the file carries, or 'batch' (one per file, chosen), or 'any'; with
   * `foreign`, the currency of `layout` (WeChat's CNY), any other written in `foreign`.
   */
  currency: string;
  /** The layout of a file in another currency than `currency` (WeChat's cross-border bill). */
  foreign?: StatementLayout;
  words: { payment: [string, string]; refund: [string, string] };
  /**
   * The fee rate when the gateway stores none for the brand (brand_agent_brands.fee_rate,
   * hundredths of a percent): the sandbox's own contract rate.
   */
  defaultFeeRate: number;
}

/**
 * Per brand: layout, day cut, ready time, status words (success, failed) and default fee rate.
 * Ready times: WeChat 10:00 GMT+8 the next day (its documented time); Alipay+ 09:00 GMT+8, PayPay
 * and card 09:00 JST the next day (our choice: the files of the night's batch, out by morning).
 */
export const BRAND_STATEMENTS: Record<PayBrand, BrandStatement> = {
  wechat: {
    layout: 'wechat',
    offsetMinutes: WECHAT_OFFSET_MINUTES,
    readyHour: 10,
    currency: 'CNY',
    foreign: 'wechatGlobal',
    words: { payment: ['SUCCESS', 'PAYERROR'], refund: ['SUCCESS', 'FAIL'] },
    defaultFeeRate: 60,
  },
  alipayplus: {
    layout: 'alipay',
    offsetMinutes: ALIPAY_OFFSET_MINUTES,
    readyHour: 9,
    currency: 'any',
    words: { payment: ['SUCCESS', 'FAIL'], refund: ['SUCCESS', 'FAIL'] },
    defaultFeeRate: 180,
  },
  paypay: {
    layout: 'paypay',
    offsetMinutes: PAYPAY_OFFSET_MINUTES,
    readyHour: 9,
    currency: 'JPY',
    words: { payment: ['完了', '失敗'], refund: ['返金完了', '返金失敗'] },
    defaultFeeRate: 198,
  },
  card: {
    layout: 'card',
    offsetMinutes: CARD_OFFSET_MINUTES,
    readyHour: 9,
    currency: 'batch',
    words: { payment: ['SUCCESS', 'FAILED'], refund: ['SUCCESS', 'FAILED'] },
    defaultFeeRate: 250,
  },
};

/** The status word the parser refuses (an unparseable row). */
export const UNREADABLE_STATUS = 'UNREADABLE';
/** Bytes that are UTF-8, GBK and Shift_JIS in none of them (a corrupt file). */
export const CORRUPT_BYTES = Buffer.from([0xff, 0xff, 0xff]);
/** Antom's merchant id of the sandbox platform (the settlement file's name carries it). */
export const SANDBOX_ALIPAY_MID = '2188000000000001';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_DAY = 86_400_000;

/** The instants a business day of an offset covers: [start, end). */
export function dayWindow(day: string, offsetMinutes: number): { start: Date; end: Date } {
  const m = DAY.exec(day);
  if (!m || businessDay(`${day}T00:00:00Z`, 0) !== day) throw new RangeError(`not a day: ${day}`);
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - offsetMinutes * 60_000;
  return { start: new Date(start), end: new Date(start + MS_DAY) };
}

/** When the brand's statement of the day is out (before any late injection). */
export function statementReadyAt(brand: PayBrand, day: string): Date {
  const b = BRAND_STATEMENTS[brand];
  return new Date(dayWindow(day, b.offsetMinutes).end.getTime() + b.readyHour * 3_600_000);
}

/** An instant as ISO 8601 to the second (the formats module's time shape). */
export const isoSecond = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const compact = (day: string) => day.replace(/-/g, '');

/** The brand's file name for the day (and the card batch's currency). */
export function statementFileName(brand: PayBrand, day: string, currency: string): string {
  if (brand === 'wechat')
    return currency === BRAND_STATEMENTS.wechat.currency
      ? `wechat_tradebill_ALL_${compact(day)}.csv`
      : `wechat_tradebill_ALL_${currency}_${compact(day)}.csv`;
  if (brand === 'alipayplus') return alipaySettlementFileName(SANDBOX_ALIPAY_MID, day, '0001');
  if (brand === 'paypay') return `paypay_transactions_${compact(day)}.csv`;
  return `card_settlement_${currency}_${compact(day)}.csv`;
}

const rowKey = (r: SandboxRow) => (r.kind === 'refund' ? r.gatewayRefundNo : r.gatewayOrderNo) ?? '';

/**
 * Every final row of the ledger in the day (all currencies), in file order (time, then our
 * number), with the brand's fee; `fee` is always a number here (PayPay's too: the payment
 * statement's). What the layout keeps of it is `layoutRows`'s business.
 */
export function ledgerRows(brand: PayBrand, day: string, ledger: Ledger, feeRate: number): SandboxRow[] {
  const b = BRAND_STATEMENTS[brand];
  const inDay = (d: Date) => businessDay(isoSecond(d), b.offsetMinutes) === day;
  const rates = { commission: null, rebate: null, fee: feeRate };
  const rows: SandboxRow[] = [];
  const payments = new Map(ledger.payments.map((p) => [p.brandOrderNo, p]));
  for (const p of ledger.payments) {
    if ((p.state !== 'COMPLETED' && p.state !== 'FAILED') || !inDay(p.createdAt)) continue;
    const ok = p.state === 'COMPLETED';
    rows.push(
      row(b, 'payment', ok, {
        brandOrderNo: p.brandOrderNo,
        gatewayOrderNo: p.merchantOrderNo,
        amount: p.amount,
        fee: ok ? commissionOf(p.amount, feeRate) : 0,
        currency: p.currency,
        time: isoSecond(p.createdAt),
      }),
    );
  }
  // A refund gives back the fee on its part of what was not refunded before it (refunds in the
  // order they became final), so a payment's fees net to the fee on what it kept.
  const finalOrder = (x: LedgerRefund, y: LedgerRefund) =>
    x.updatedAt.getTime() - y.updatedAt.getTime() || x.merchantRefundNo.localeCompare(y.merchantRefundNo);
  const refunds = [...ledger.refunds].sort(finalOrder);
  const refundedBefore = new Map<string, number>();
  for (const r of refunds) {
    const before = refundedBefore.get(r.brandOrderNo) ?? 0;
    if (r.state === 'SUCCESS') refundedBefore.set(r.brandOrderNo, before + r.amount);
    if ((r.state !== 'SUCCESS' && r.state !== 'FAILED') || !inDay(r.updatedAt)) continue;
    const payment = payments.get(r.brandOrderNo);
    const ok = r.state === 'SUCCESS';
    const given = payment && ok ? refundReturns(payment.amount - before, r.amount, rates).fee : 0;
    rows.push(
      row(b, 'refund', ok, {
        brandOrderNo: r.brandOrderNo,
        gatewayOrderNo: payment?.merchantOrderNo ?? null,
        brandRefundNo: r.brandRefundNo,
        gatewayRefundNo: r.merchantRefundNo,
        amount: r.amount,
        fee: given === 0 ? 0 : -given,
        currency: r.currency,
        time: isoSecond(r.updatedAt),
      }),
    );
  }
  return rows.sort((x, y) => x.time.localeCompare(y.time) || rowKey(x).localeCompare(rowKey(y)));
}

function row(
  b: BrandStatement,
  kind: 'payment' | 'refund',
  ok: boolean,
  v: Pick<SandboxRow, 'brandOrderNo' | 'gatewayOrderNo' | 'amount' | 'fee' | 'currency' | 'time'> &
    Partial<SandboxRow>,
): SandboxRow {
  return {
    kind,
    kindRaw:
      b.layout === 'alipay' || b.layout === 'card' ? (kind === 'payment' ? 'PAYMENT' : 'REFUND') : null,
    brandRefundNo: null,
    gatewayRefundNo: null,
    statusRaw: b.words[kind][ok ? 0 : 1],
    status: ok ? 'success' : 'failed',
    feeFine: null,
    extra: {},
    ...v,
  };
}

/**
 * The file's currency: the layout's one, the card batch's (default JPY), WeChat's bill's (asked,
 * else the rows' one currency, else CNY), or null (any).
 */
function fileCurrency(
  brand: PayBrand,
  currency: string | undefined,
  rows: readonly SandboxRow[],
): string | null {
  const b = BRAND_STATEMENTS[brand];
  if (b.currency === 'any') return null;
  if (b.currency === 'batch') return currency ?? 'JPY';
  if (!b.foreign) return b.currency;
  if (currency) return currency;
  const found = [...new Set(rows.map((r) => r.currency))];
  if (found.length > 1)
    throw new StatementUnsupported(
      brand,
      `one bill per settlement currency: the day has ${found.join(', ')}; ask for one currency`,
    );
  return found[0] ?? b.currency;
}

/** The layout of the brand's file in a currency (WeChat's cross-border bill for other than CNY). */
export function statementLayout(brand: PayBrand, currency: string | null): StatementLayout {
  const b = BRAND_STATEMENTS[brand];
  return b.foreign && currency !== null && currency !== b.currency ? b.foreign : b.layout;
}

/**
 * The rows the brand's file carries, as the layout keeps them: only the file's currency (a
 * PayPay CSV of another currency cannot be written: StatementUnsupported); WeChat with its fee
 * in 1/100000 of the currency's major unit and its rate; PayPay without a fee.
 */
export function layoutRows(
  brand: PayBrand,
  rows: readonly SandboxRow[],
  feeRate: number,
  currency?: string,
): SandboxRow[] {
  const only = fileCurrency(brand, currency, rows);
  const b = BRAND_STATEMENTS[brand];
  if (only !== null && b.currency !== 'batch' && !b.foreign) {
    const other = rows.find((r) => r.currency !== only);
    if (other)
      throw new StatementUnsupported(
        brand,
        `its statement layout carries ${only} only, the ledger has ${other.currency} (${rowKey(other)})`,
      );
  }
  const rate = `${Math.trunc(feeRate / 100)}.${String(feeRate % 100).padStart(2, '0')}%`;
  return rows
    .filter((r) => only === null || r.currency === only)
    .map((r) => {
      if (brand === 'wechat')
        return { ...r, feeFine: fineOf(r.fee ?? 0, r.currency), extra: { ...r.extra, 费率: rate } };
      if (brand === 'paypay') return { ...r, fee: null };
      if (brand === 'card') {
        // The acquirer's batch of the business day settles the next day.
        const settles = businessDay(
          isoSecond(new Date(Date.parse(`${businessDay(r.time, CARD_OFFSET_MINUTES)}T00:00:00Z`) + MS_DAY)),
          0,
        );
        return {
          ...r,
          extra: {
            ...r.extra,
            settlementBatchId: `${compact(settles)}-${r.currency}`,
            acquirer: 'SANDBOX',
            settlementDate: settles,
          },
        };
      }
      return r;
    });
}

/** WeChat's fee: 1/100000 of the currency's major unit. */
const fineOf = (fee: number, currency: string) => fee * 10 ** (5 - minorDigits(currency));

/**
 * Our numbers of the payment rows the day's file lists before any injection (file order): what a
 * company's injection can pick from (sandbox.ts, the company's brand settings).
 */
export function statementPaymentKeys(
  brand: PayBrand,
  day: string,
  ledger: Ledger,
  opts: { feeRate: number; currency?: string },
): string[] {
  const all = ledgerRows(brand, day, ledger, opts.feeRate);
  const currency = fileCurrency(brand, opts.currency, all) ?? all[0]?.currency ?? 'JPY';
  return layoutRows(brand, all, opts.feeRate, opts.currency ?? currency)
    .filter((r) => r.kind === 'payment')
    .map(rowKey);
}

/** The base row an injection picks (by index in file order or by our number); throws when none. */
function pick(rows: readonly SandboxRow[], selector: RowSelector): SandboxRow {
  const found = typeof selector === 'number' ? rows[selector] : rows.find((r) => rowKey(r) === selector);
  if (!found) throw new RangeError(`no statement row ${selector}`);
  return found;
}

export interface BuiltStatement {
  file: StatementFile;
  /** What the file says, row by row, after the injections (the ground truth of its parse). */
  rows: SandboxRow[];
  /** The row written unreadable, or the corrupt bytes' line: the parse refuses there. */
  refusedLine: number | null;
}

/**
 * The brand's statement file of `day` from its ledger, with the injections applied: row
 * selectors refer to the rows before any injection (file order); an extra row goes last.
 */
export function buildStatement(
  brand: PayBrand,
  day: string,
  ledger: Ledger,
  opts: { feeRate: number; inject?: readonly Injection[]; currency?: string },
): BuiltStatement {
  const b = BRAND_STATEMENTS[brand];
  const all = ledgerRows(brand, day, ledger, opts.feeRate);
  const currency = fileCurrency(brand, opts.currency, all) ?? all[0]?.currency ?? 'JPY';
  const base = layoutRows(brand, all, opts.feeRate, opts.currency ?? currency);
  const changed = new Map<SandboxRow, SandboxRow | null>(base.map((r) => [r, r]));
  const extras: SandboxRow[] = [];
  let readyAt = statementReadyAt(brand, day);
  let corruptAt = null as SandboxRow | 'end' | null;
  const edit = (selector: RowSelector, f: (r: SandboxRow) => SandboxRow | null) => {
    const target = pick(base, selector);
    const now = changed.get(target);
    changed.set(target, now ? f(now) : null);
  };
  for (const [i, inj] of (opts.inject ?? []).entries()) {
    switch (inj.kind) {
      case 'missingRow':
        edit(inj.row, () => null);
        break;
      case 'extraRow': {
        const amount = inj.amount ?? 1000;
        const noon = new Date(dayWindow(day, b.offsetMinutes).start.getTime() + 12 * 3_600_000 + i * 1000);
        const extra = row(b, 'payment', true, {
          brandOrderNo: `SBXEXTRA${compact(day)}${String(i).padStart(4, '0')}`,
          gatewayOrderNo: inj.gatewayOrderNo ?? `UNKNOWN${compact(day)}${String(i).padStart(4, '0')}`,
          amount,
          fee: commissionOf(amount, opts.feeRate),
          currency,
          time: isoSecond(noon),
        });
        extras.push(layoutRows(brand, [extra], opts.feeRate, currency)[0]);
        break;
      }
      case 'status':
        edit(inj.row, (r) => {
          const ok = r.status !== 'success';
          return { ...r, status: ok ? 'success' : 'failed', statusRaw: b.words[r.kind][ok ? 0 : 1] };
        });
        break;
      case 'amount':
        edit(inj.row, (r) => ({ ...r, amount: r.amount + (inj.delta ?? 1) }));
        break;
      case 'fee':
        if (brand === 'paypay') throw new StatementUnsupported(brand, 'its statement has no fee column');
        edit(inj.row, (r) => {
          const fee = (r.fee ?? 0) + (inj.delta ?? 1);
          return { ...r, fee, feeFine: r.feeFine === null ? null : fineOf(fee, r.currency) };
        });
        break;
      case 'unparseableRow':
        edit(inj.row, (r) => ({ ...r, statusRaw: UNREADABLE_STATUS }));
        break;
      case 'corruptFile':
        corruptAt = inj.row === undefined ? (base[0] ?? 'end') : pick(base, inj.row);
        break;
      case 'late':
        readyAt = new Date(readyAt.getTime() + inj.minutes * 60_000);
        break;
    }
  }
  const rows = [...base.map((r) => changed.get(r)).filter((r): r is SandboxRow => !!r), ...extras];
  let bytes = write(brand, rows, currency);
  const unreadable = rows.findIndex((r) => r.statusRaw === UNREADABLE_STATUS);
  let refusedLine = unreadable === -1 ? null : unreadable + 2;
  if (corruptAt !== null) {
    // Into the row's line (or, the row left out, the file's end): header is line 1, rows follow.
    const target = corruptAt === 'end' ? null : (changed.get(corruptAt) ?? null);
    const at = target ? rows.indexOf(target) : -1;
    const line = at === -1 ? lineCount(bytes) : at + 2;
    bytes = Buffer.concat([
      bytes.subarray(0, lineStart(bytes, line)),
      CORRUPT_BYTES,
      bytes.subarray(lineStart(bytes, line)),
    ]);
    // The file is decoded before any row is read, so the bytes are what it is refused for; a
    // Shift_JIS file (PayPay) is decoded whole: refused at line 1.
    refusedLine = brand === 'paypay' ? 1 : line;
  }
  return { file: { fileName: statementFileName(brand, day, currency), bytes, readyAt }, rows, refusedLine };
}

function write(brand: PayBrand, rows: SandboxRow[], currency: string): Buffer {
  if (brand === 'wechat')
    return statementLayout(brand, currency) === 'wechatGlobal'
      ? writeWechatGlobal(rows, { currency })
      : writeWechat(rows);
  if (brand === 'alipayplus') return writeAlipay(rows);
  if (brand === 'paypay') return writePaypay(rows);
  return writeCard(rows, { currency });
}

/** The byte offset where a 1-based line starts (the file's length past its last line). */
function lineStart(bytes: Buffer, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const lf = bytes.indexOf(10, offset);
    if (lf === -1) return bytes.length;
    offset = lf + 1;
  }
  return offset;
}

/** The number of the line after the file's last line break (where appended bytes land). */
const lineCount = (bytes: Buffer) => bytes.reduce((n, b) => (b === 10 ? n + 1 : n), 1);

/** Every business day of a period, in order. */
export function periodDays(period: StatementPeriod): string[] {
  const begin = dayWindow(period.begin, 0).start.getTime();
  const end = dayWindow(period.end, 0).start.getTime();
  if (end < begin) throw new RangeError(`the period ends before it begins: ${period.begin}..${period.end}`);
  const days: string[] = [];
  for (let t = begin; t <= end; t += MS_DAY) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
