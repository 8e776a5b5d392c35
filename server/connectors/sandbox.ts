import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PayBrand, SandboxBehaviour, StatementInjection } from '../../src/contract/brands';
import { SUB_BRANDS } from '../../src/contract/brands';
import { rowsOf, type Db } from '../db/client';
import { brandAgentBrands, brandSettings, orders, sandboxPayments, sandboxRefunds } from '../db/schema';
import { paymentStatementLines, writePaymentStatement } from './paymentStatement';
import {
  BRAND_STATEMENTS,
  buildStatement,
  dayWindow,
  ledgerRows,
  periodDays,
  statementPaymentKeys,
  statementReadyAt,
  type Ledger,
} from './sandboxStatements';
import {
  BrandDecline,
  type BrandConnector,
  type BrandPayment,
  type BrandPaymentState,
  type CreatePayment,
  type CreatedPayment,
  type RefundRequest,
  type RefundResult,
  StatementNotReady,
  type StatementFile,
  type StatementOptions,
  type StatementPeriod,
  type Injection,
} from './types';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
const NOTIFY_WINDOW_S = 300;

/** Delivers a signed notification to the gateway's /api/notify/:brand (HTTP; inject in tests). */
export type Deliver = (brand: PayBrand, body: string, headers: Record<string, string>) => Promise<number>;

export class BrandUnavailable extends Error {
  constructor(brand: string) {
    super(`${brand} sandbox is down`);
    this.name = 'BrandUnavailable';
  }
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Brand order numbers in each brand's shape. */
const BRAND_NO: Record<PayBrand, () => string> = {
  wechat: () => `4200${digits(24)}`,
  alipayplus: () => `2026${digits(28)}`,
  paypay: () => digits(19),
  card: () => `ch_${digits(8)}${Date.now().toString(36)}`,
};

export const sign = (key: string, timestamp: string, body: string) =>
  createHmac('sha256', key).update(`${timestamp}\n${body}`).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SandboxConnector implements BrandConnector {
  constructor(
    readonly brand: PayBrand,
    private readonly db: Db,
    private readonly key: string,
    private readonly payerUrl: (merchantOrderNo: string) => string,
    private readonly deliver: Deliver,
    private readonly latencyMs = 0,
  ) {}

  /** One leg of the brand's round trip: between half the latency and all of it. */
  private travel(): Promise<void> {
    if (this.latencyMs <= 0) return Promise.resolve();
    const ms = this.latencyMs / 2 + Math.random() * (this.latencyMs / 2);
    return new Promise((r) => setTimeout(r, ms));
  }

  async behaviour(companyId: number): Promise<SandboxBehaviour> {
    const [row] = await this.db
      .select({ b: brandSettings.sandboxBehaviour })
      .from(brandSettings)
      .where(and(eq(brandSettings.companyId, companyId), eq(brandSettings.brand, this.brand)));
    return (row?.b as SandboxBehaviour | undefined) ?? 'normal';
  }

  async create(req: CreatePayment): Promise<CreatedPayment> {
    await this.travel();
    const behaviour = await this.behaviour(req.companyId);
    if (behaviour === 'down') throw new BrandUnavailable(this.brand);
    if (behaviour === 'decline') throw new BrandDecline('DECLINED', 'the brand declined the payment');
    // Idempotent on our order number, as a brand is on its merchant order number: asked again
    // (a retry after a crash), it answers with the payment it already holds.
    const [made] = await this.db
      .insert(sandboxPayments)
      .values({
        brandOrderNo: BRAND_NO[this.brand](),
        brand: this.brand,
        merchantOrderNo: req.merchantOrderNo,
        amount: req.amount,
        currency: req.currency,
        state: 'CREATED',
        behaviour,
        subBrand: req.subBrand ?? '',
        expiresAt: behaviour === 'timeout' ? new Date() : req.expiresAt,
      })
      .onConflictDoNothing({ target: [sandboxPayments.brand, sandboxPayments.merchantOrderNo] })
      .returning({ brandOrderNo: sandboxPayments.brandOrderNo });
    const brandOrderNo = made?.brandOrderNo ?? (await this.byMerchantNo(req.merchantOrderNo))!.brandOrderNo;
    await this.travel();
    return { brandOrderNo, payUrl: this.payerUrl(req.merchantOrderNo) };
  }

  private async byMerchantNo(merchantOrderNo: string) {
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(
        and(eq(sandboxPayments.merchantOrderNo, merchantOrderNo), eq(sandboxPayments.brand, this.brand)),
      );
    return row;
  }

  /** The payment by the brand's number or, without one, by ours. */
  private find(merchantOrderNo: string, brandOrderNo: string) {
    return brandOrderNo ? this.row(brandOrderNo) : this.byMerchantNo(merchantOrderNo);
  }

  private async row(brandOrderNo: string) {
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.brandOrderNo, brandOrderNo), eq(sandboxPayments.brand, this.brand)));
    return row;
  }

  private view(row: typeof sandboxPayments.$inferSelect): BrandPayment {
    let state = row.state as BrandPaymentState;
    if ((state === 'CREATED' || state === 'USERPAYING') && row.expiresAt.getTime() <= Date.now())
      state = 'EXPIRED';
    return {
      brandOrderNo: row.brandOrderNo,
      merchantOrderNo: row.merchantOrderNo,
      state,
      subBrand: row.subBrand,
      receiptNo: state === 'COMPLETED' ? `R${row.brandOrderNo.slice(-12)}` : '',
      errorCode: state === 'FAILED' ? 'INSUFFICIENT_BALANCE' : '',
      errorMessage: state === 'FAILED' ? 'the payer’s balance is not enough' : '',
    };
  }

  async query(
    companyId: number,
    merchantOrderNo: string,
    brandOrderNo: string,
  ): Promise<BrandPayment | null> {
    if ((await this.behaviour(companyId)) === 'down') throw new BrandUnavailable(this.brand);
    const row = await this.find(merchantOrderNo, brandOrderNo);
    return row ? this.view(row) : null;
  }

  /** Idempotent: closing a closed payment closes nothing more; an unknown one has nothing to close. */
  async close(
    companyId: number,
    merchantOrderNo: string,
    brandOrderNo: string,
  ): Promise<'CANCELED' | 'PROCESSING'> {
    await this.travel();
    const behaviour = await this.behaviour(companyId);
    if (behaviour === 'down') throw new BrandUnavailable(this.brand);
    const row = await this.find(merchantOrderNo, brandOrderNo);
    if (row) {
      // One statement: a payment completed meanwhile is not cancelled.
      const [cancelled] = await this.db
        .update(sandboxPayments)
        .set({ state: 'CANCELED', updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPayments.brandOrderNo, row.brandOrderNo),
            inArray(sandboxPayments.state, ['CREATED', 'USERPAYING', 'CANCELED', 'EXPIRED']),
          ),
        )
        .returning({ state: sandboxPayments.state });
      if (!cancelled) {
        const now = await this.row(row.brandOrderNo);
        if (now?.state === 'COMPLETED')
          throw new BrandDecline('ORDER_PAID', 'the payment is already completed');
      }
    }
    await this.travel();
    return behaviour === 'slow' ? 'PROCESSING' : 'CANCELED';
  }

  /**
   * Idempotent on our refund number (the brands' out_refund_no): the refund and the payment's
   * refunded amount are written in one statement; asked again, the brand answers with the
   * refund it holds.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    await this.travel();
    const behaviour = await this.behaviour(req.companyId);
    if (behaviour === 'down') throw new BrandUnavailable(this.brand);
    const state = behaviour === 'refundFail' ? 'FAILED' : behaviour === 'slow' ? 'PROCESSING' : 'SUCCESS';
    const brandRefundNo = `${BRAND_NO[this.brand]()}R`;
    await this.db.execute(sql`
      with made as (
        insert into ${sandboxRefunds} (brand, merchant_refund_no, brand_refund_no, brand_order_no, amount, currency, state)
        values (${this.brand}, ${req.merchantRefundNo}, ${brandRefundNo}, ${req.brandOrderNo}, ${req.amount}, ${req.currency}, ${state})
        on conflict (brand, merchant_refund_no) do nothing
        returning amount, state
      )
      update ${sandboxPayments} set refunded_amount = refunded_amount + made.amount, updated_at = now()
      from made
      where made.state <> 'FAILED' and ${sandboxPayments.brandOrderNo} = ${req.brandOrderNo}`);
    await this.travel();
    return (await this.refundOf(req.merchantRefundNo))!;
  }

  private async refundOf(merchantRefundNo: string): Promise<RefundResult | null> {
    const [row] = await this.db
      .select()
      .from(sandboxRefunds)
      .where(
        and(eq(sandboxRefunds.brand, this.brand), eq(sandboxRefunds.merchantRefundNo, merchantRefundNo)),
      );
    if (!row) return null;
    return {
      brandRefundNo: row.brandRefundNo,
      state: row.state as RefundResult['state'],
      errorCode: row.state === 'FAILED' ? 'REFUND_REFUSED' : '',
      errorMessage: row.state === 'FAILED' ? 'the brand refused the refund' : '',
    };
  }

  /**
   * A refund asked about by our refund number (null: the brand never received it). A refund
   * still processing is completed when it is asked about, as the company's behaviour says
   * then: `refundFail` fails it (its amount leaves the payment's refunded total in the same
   * statement), anything else makes it a success.
   */
  async queryRefund(companyId: number, merchantRefundNo: string): Promise<RefundResult | null> {
    const behaviour = await this.behaviour(companyId);
    if (behaviour === 'down') throw new BrandUnavailable(this.brand);
    const final = behaviour === 'refundFail' ? 'FAILED' : 'SUCCESS';
    await this.db.execute(sql`
      with done as (
        update ${sandboxRefunds} set state = ${final}, updated_at = now()
        where brand = ${this.brand} and merchant_refund_no = ${merchantRefundNo} and state = 'PROCESSING'
        returning brand_order_no, amount, state
      )
      update ${sandboxPayments} set refunded_amount = refunded_amount - done.amount, updated_at = now()
      from done
      where done.state = 'FAILED' and ${sandboxPayments.brandOrderNo} = done.brand_order_no`);
    return this.refundOf(merchantRefundNo);
  }

  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): boolean {
    const ts = String(headers[TIMESTAMP_HEADER] ?? '');
    const sig = String(headers[SIGNATURE_HEADER] ?? '');
    if (!/^\d{1,12}$/.test(ts) || !/^[0-9a-f]{64}$/.test(sig)) return false;
    if (Math.abs(Date.now() / 1000 - Number(ts)) > NOTIFY_WINDOW_S) return false;
    return safeEqualHex(sign(this.key, ts, rawBody), sig);
  }

  parseNotification(rawBody: string): BrandPayment {
    const n = JSON.parse(rawBody) as Partial<BrandPayment>;
    const states: BrandPaymentState[] = [
      'CREATED',
      'USERPAYING',
      'COMPLETED',
      'FAILED',
      'CANCELED',
      'EXPIRED',
    ];
    if (
      typeof n.brandOrderNo !== 'string' ||
      typeof n.merchantOrderNo !== 'string' ||
      !states.includes(n.state!)
    )
      throw new Error('malformed notification');
    return {
      brandOrderNo: n.brandOrderNo,
      merchantOrderNo: n.merchantOrderNo,
      state: n.state!,
      subBrand: String(n.subBrand ?? ''),
      receiptNo: String(n.receiptNo ?? ''),
      errorCode: String(n.errorCode ?? ''),
      errorMessage: String(n.errorMessage ?? ''),
    };
  }

  /** A signed notification of the payment's current state, as the brand would post it. */
  async notify(brandOrderNo: string): Promise<number> {
    const row = await this.row(brandOrderNo);
    if (!row) return 404;
    const body = JSON.stringify(this.view(row));
    const ts = String(Math.floor(Date.now() / 1000));
    return this.deliver(this.brand, body, {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: ts,
      [SIGNATURE_HEADER]: sign(this.key, ts, body),
    });
  }

  /**
   * The payer's side (the /qrcode page): scanning puts the payment in USERPAYING; paying
   * completes it (or fails it, per behaviour); cancelling cancels it. Returns the new state.
   */
  async payer(
    brandOrderNo: string,
    action: 'scan' | 'pay' | 'cancel',
    subBrand: string,
  ): Promise<BrandPaymentState> {
    const row = await this.row(brandOrderNo);
    if (!row) throw new BrandDecline('ORDER_NOT_EXIST', 'no such payment');
    const current = this.view(row).state;
    if (current !== 'CREATED' && current !== 'USERPAYING') return current;
    const sub = SUB_BRANDS[this.brand].includes(subBrand) ? subBrand : SUB_BRANDS[this.brand][0];
    const state: BrandPaymentState =
      action === 'scan'
        ? 'USERPAYING'
        : action === 'cancel'
          ? 'CANCELED'
          : row.behaviour === 'fail'
            ? 'FAILED'
            : 'COMPLETED';
    await this.db
      .update(sandboxPayments)
      .set({ state, subBrand: sub, updatedAt: new Date() })
      .where(eq(sandboxPayments.brandOrderNo, brandOrderNo));
    await this.travel();
    return state;
  }

  /**
   * The brand's fee rate (hundredths of a percent): the one the gateway stores for the brand
   * (brand_agent_brands, what it expects to be charged), else the sandbox's own
   * (BRAND_STATEMENTS.defaultFeeRate).
   */
  async feeRate(): Promise<number> {
    const [row] = await this.db
      .select({ rate: brandAgentBrands.feeRate })
      .from(brandAgentBrands)
      .where(eq(brandAgentBrands.brand, this.brand));
    return row?.rate ?? BRAND_STATEMENTS[this.brand].defaultFeeRate;
  }

  /**
   * The ledger of [start, end): payments created and refunds made final in it, with the
   * payments of those refunds and their other refunds (the fee a refund gives back depends on
   * the refunds before it).
   */
  async ledger(start: Date, end: Date): Promise<Ledger> {
    const payments = await this.db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          eq(sandboxPayments.brand, this.brand),
          gte(sandboxPayments.createdAt, start),
          lt(sandboxPayments.createdAt, end),
        ),
      );
    const inWindow = await this.db
      .select({ brandOrderNo: sandboxRefunds.brandOrderNo })
      .from(sandboxRefunds)
      .where(
        and(
          eq(sandboxRefunds.brand, this.brand),
          gte(sandboxRefunds.updatedAt, start),
          lt(sandboxRefunds.updatedAt, end),
        ),
      );
    const refunded = [...new Set(inWindow.map((r) => r.brandOrderNo))];
    if (refunded.length === 0) return { payments, refunds: [] };
    const refunds = await this.db
      .select()
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.brand, this.brand), inArray(sandboxRefunds.brandOrderNo, refunded)));
    const known = new Set(payments.map((p) => p.brandOrderNo));
    const missing = refunded.filter((no) => !known.has(no));
    const more = missing.length
      ? await this.db
          .select()
          .from(sandboxPayments)
          .where(and(eq(sandboxPayments.brand, this.brand), inArray(sandboxPayments.brandOrderNo, missing)))
      : [];
    return { payments: [...payments, ...more], refunds };
  }

  /**
   * The brand's daily statement (sandboxStatements.ts says what it lists, its fees, layout,
   * file name and ready time), from the sandbox's ledger, with the discrepancies asked for.
   */
  async fetchStatement(day: string, options: StatementOptions = {}): Promise<StatementFile> {
    const now = options.now ?? new Date();
    // Asked before the day's file can exist, the brand answers without reading its books.
    const due = statementReadyAt(this.brand, day);
    if (now < due) throw new StatementNotReady(this.brand, day, due);
    const { start, end } = dayWindow(day, BRAND_STATEMENTS[this.brand].offsetMinutes);
    const ledger = await this.ledger(start, end);
    const feeRate = await this.feeRate();
    const companies = await this.companyInjections(
      day,
      ledger,
      { feeRate, currency: options.currency },
      start,
      end,
    );
    const built = buildStatement(this.brand, day, ledger, {
      feeRate,
      inject: [...(options.inject ?? []), ...companies],
      currency: options.currency,
    });
    if (now < built.file.readyAt) throw new StatementNotReady(this.brand, day, built.file.readyAt);
    return built.file;
  }

  /**
   * The currencies the brand writes one file each for on the day (card batches, WeChat bills),
   * from its books: the day's payments' and refunds' currencies (an empty day: the card's yen
   * batch, WeChat's CNY bill); [undefined] for a brand whose one file carries every currency.
   */
  async statementCurrencies(day: string): Promise<(string | undefined)[]> {
    const b = BRAND_STATEMENTS[this.brand];
    if (b.currency === 'any' || (b.currency !== 'batch' && !b.foreign)) return [undefined];
    const { start, end } = dayWindow(day, b.offsetMinutes);
    const result = await this.db.execute(sql`select distinct currency from (
        select currency from sandbox_payments where brand = ${this.brand} and created_at >= ${start} and created_at < ${end}
        union select currency from sandbox_refunds where brand = ${this.brand} and updated_at >= ${start} and updated_at < ${end}
      ) x order by currency`);
    const rows = rowsOf<{ currency: string }>(result);
    return rows.length === 0 ? [b.currency === 'batch' ? 'JPY' : undefined] : rows.map((r) => r.currency);
  }

  /** The day's files (statementCurrencies): the discrepancies asked for go into the first. */
  async fetchStatements(
    day: string,
    options: Omit<StatementOptions, 'currency'> = {},
  ): Promise<StatementFile[]> {
    const due = statementReadyAt(this.brand, day);
    if ((options.now ?? new Date()) < due) throw new StatementNotReady(this.brand, day, due);
    const files: StatementFile[] = [];
    for (const [i, currency] of (await this.statementCurrencies(day)).entries())
      files.push(
        await this.fetchStatement(day, { ...options, inject: i === 0 ? options.inject : [], currency }),
      );
    return files;
  }

  /**
   * The discrepancies companies' brand settings ask of this brand's statements (STATEMENT_INJECTIONS),
   * on a day the company has a payment in the file: its first payment row is the one changed.
   */
  private async companyInjections(
    day: string,
    ledger: Ledger,
    opts: { feeRate: number; currency?: string },
    start: Date,
    end: Date,
  ): Promise<Injection[]> {
    const asked = await this.db
      .select({ companyId: brandSettings.companyId, kind: brandSettings.statementInjection })
      .from(brandSettings)
      .where(and(eq(brandSettings.brand, this.brand), ne(brandSettings.statementInjection, 'none')));
    if (asked.length === 0 || ledger.payments.length === 0) return [];
    const keys = statementPaymentKeys(this.brand, day, ledger, opts);
    const out: Injection[] = [];
    for (const a of asked) {
      // The brand knows each payment's merchant: the company's orders of the day (a day either side).
      const theirs = await this.db
        .select({ no: orders.gatewayOrderNo })
        .from(orders)
        .where(
          and(
            eq(orders.companyId, a.companyId),
            eq(orders.brand, this.brand),
            gte(orders.createdAt, new Date(start.getTime() - 86_400_000)),
            lt(orders.createdAt, end),
          ),
        );
      const mine = new Set(theirs.map((o) => o.no));
      const row = keys.find((k) => mine.has(k));
      if (row === undefined) continue;
      const kind = a.kind as StatementInjection;
      if (kind === 'extraRow') out.push({ kind });
      else if (kind === 'late') out.push({ kind, minutes: 24 * 60 });
      else if (kind === 'corruptFile') out.push({ kind, row });
      else if (kind === 'fee' && this.brand === 'paypay') continue;
      else if (kind !== 'none') out.push({ kind, row });
    }
    return out;
  }

  /** What the brand pays for the period (paymentStatement.ts): ready when the last day's statement is. */
  async fetchPaymentStatement(
    period: StatementPeriod,
    options: Pick<StatementOptions, 'now'> = {},
  ): Promise<StatementFile> {
    const days = periodDays(period);
    const readyAt = statementReadyAt(this.brand, period.end);
    if ((options.now ?? new Date()) < readyAt)
      throw new StatementNotReady(this.brand, `${period.begin}..${period.end}`, readyAt);
    const offset = BRAND_STATEMENTS[this.brand].offsetMinutes;
    const ledger = await this.ledger(
      dayWindow(period.begin, offset).start,
      dayWindow(period.end, offset).end,
    );
    const rate = await this.feeRate();
    const rows = days.flatMap((day) => ledgerRows(this.brand, day, ledger, rate));
    return {
      fileName: `${this.brand}_payment_${period.begin.replace(/-/g, '')}_${period.end.replace(/-/g, '')}.csv`,
      bytes: writePaymentStatement(paymentStatementLines(this.brand, period, rows)),
      readyAt,
    };
  }
}
