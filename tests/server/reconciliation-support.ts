import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PayBrand } from '../../src/contract/brands';
import { SandboxConnector } from '../../server/connectors/sandbox';
import type { Db, Executor } from '../../server/db/client';
import {
  orderAudits,
  orders,
  reconciliationResults,
  reconciliationRuns,
  refunds,
} from '../../server/db/schema';
import { reconcileDay } from '../../server/modules/reconciliation';
import { brandDayRange } from '../../server/modules/reconciliation/match';
import { type StatementLayout, type StatementRow } from '../../server/formats';

/**
 * Orders and refunds of one brand with the brand's numbers and fee, written straight into the
 * tables at chosen times, and the statement rows a brand would write for them.
 */
let seq = 0;
export const unique = (p: string) => `${p}${Date.now().toString(36)}${(++seq).toString(36)}`.toUpperCase();

const LAYOUT: Record<PayBrand, StatementLayout> = {
  wechat: 'wechat',
  alipayplus: 'alipay',
  paypay: 'paypay',
  card: 'card',
};
/** The sandbox brand over the test's database (its statements from the sandbox's books), delivering nothing. */
export const sandboxOf = (db: Db, brand: PayBrand) =>
  new SandboxConnector(
    brand,
    db,
    'test',
    () => '',
    () => Promise.resolve(200),
  );

/** The layouts with a fee column (PayPay's has none). */
export const hasFee = (brand: PayBrand) => brand !== 'paypay';
/** The layouts with refund numbers (a PayPay refund row has only the payment's number). */
export const hasRefundNumbers = (brand: PayBrand) => brand !== 'paypay';

export interface OrderSpec {
  companyId: number;
  brand: PayBrand;
  amount: number;
  fee: number;
  at: Date;
  currency?: string;
  status?: 'success' | 'failed';
}

export type TestOrder = typeof orders.$inferSelect;
export type TestRefund = typeof refunds.$inferSelect;

export async function brandOrder(db: Executor, spec: OrderSpec): Promise<TestOrder> {
  const [row] = await db
    .insert(orders)
    .values({
      companyId: spec.companyId,
      clientOrderNo: unique('T'),
      gatewayOrderNo: unique('G'),
      brandOrderNo: unique('B'),
      amount: spec.amount,
      currency: spec.currency ?? 'JPY',
      status: spec.status ?? 'success',
      paymentType: 'dynamicQr',
      brand: spec.brand,
      subBrand: spec.brand,
      feeAmount: spec.fee,
      createdAt: spec.at,
      finishedAt: spec.at,
    })
    .returning();
  return row;
}

/** A refund that succeeded at `at`, returning `fee` of the brand's fee. */
export async function brandRefund(
  db: Db,
  order: TestOrder,
  amount: number,
  fee: number,
  at: Date,
): Promise<TestRefund> {
  const [refund] = await db
    .insert(refunds)
    .values({
      orderId: order.id,
      companyId: order.companyId,
      clientRefundNo: unique('R'),
      gatewayRefundNo: unique('GR'),
      brandRefundNo: unique('BR'),
      amount,
      currency: order.currency,
      status: 'success',
      feeAmount: fee,
      createdAt: at,
      finishedAt: at,
    })
    .returning();
  await db
    .update(orders)
    .set({ refundedAmount: sql`${orders.refundedAmount} + ${amount}`, status: 'partlyRefunded' })
    .where(eq(orders.id, order.id));
  return refund;
}

let line = 1;
const isoAt = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** The brand's row of a payment of ours, as its layout carries it (`change` makes it differ). */
export function paymentRow(brand: PayBrand, o: TestOrder, change: Partial<StatementRow> = {}): StatementRow {
  return {
    layout: LAYOUT[brand],
    brand,
    kind: 'payment',
    kindRaw: null,
    brandOrderNo: o.brandOrderNo,
    gatewayOrderNo: o.gatewayOrderNo,
    brandRefundNo: null,
    gatewayRefundNo: null,
    statusRaw: 'SUCCESS',
    status: 'success',
    amount: o.amount,
    fee: hasFee(brand) ? (o.feeAmount ?? 0) : null,
    feeFine: null,
    currency: o.currency,
    time: isoAt(o.finishedAt!),
    line: ++line,
    extra: {},
    ...change,
  };
}

/** The brand's row of a refund of ours: the fee it gives back negative. */
export function refundRow(
  brand: PayBrand,
  o: TestOrder,
  r: TestRefund,
  change: Partial<StatementRow> = {},
): StatementRow {
  const numbers = hasRefundNumbers(brand);
  return {
    ...paymentRow(brand, o),
    kind: 'refund',
    gatewayOrderNo: brand === 'paypay' ? null : o.gatewayOrderNo,
    brandRefundNo: numbers ? r.brandRefundNo : null,
    gatewayRefundNo: numbers ? r.gatewayRefundNo : null,
    statusRaw: 'REFUND',
    amount: r.amount,
    fee: hasFee(brand) ? -(r.feeAmount ?? 0) : null,
    time: isoAt(r.finishedAt!),
    ...change,
  };
}

/** A row of the brand that is none of ours. */
export function unknownRow(brand: PayBrand, at: Date, amount = 1000): StatementRow {
  return {
    layout: LAYOUT[brand],
    brand,
    kind: 'payment',
    kindRaw: null,
    brandOrderNo: unique('X'),
    gatewayOrderNo: unique('XG'),
    brandRefundNo: null,
    gatewayRefundNo: null,
    statusRaw: 'SUCCESS',
    status: 'success',
    amount,
    fee: hasFee(brand) ? 10 : null,
    feeFine: null,
    currency: 'JPY',
    time: isoAt(at),
    line: ++line,
    extra: {},
  };
}

export async function resultsOf(db: Db, runId: number) {
  return db.select().from(reconciliationResults).where(eq(reconciliationResults.runId, runId));
}

export async function runOf(db: Db, runId: number) {
  const [run] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
  return run;
}

/** An order's audit status and result (order_audits; no row: 0 not audited, no result). */
export async function orderAudit(db: Db, orderId: number) {
  const [o] = await db
    .select({
      status: sql<number>`coalesce(${orderAudits.auditStatus}, 0)`.mapWith(Number),
      result: orderAudits.auditResult,
    })
    .from(orders)
    .leftJoin(orderAudits, eq(orderAudits.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return o;
}

/**
 * A reconciled brand-day with exceptions (the check pages' tests and the browser tests' seed):
 * for each company a matched order, one whose amount differs (600) and one missing from the
 * statement (300); and one statement row that is none of ours (200). Reconciled after the
 * holding pool, as `source` with `fileName`.
 */
export async function exceptionDay(
  db: Db,
  spec: {
    brand: PayBrand;
    day: string;
    companyIds: readonly number[];
    fileName?: string;
    contentHash?: string;
    /** Statement rows changed or added (a corrected file). */
    rows?: (made: ExceptionDayOrders[]) => StatementRow[];
    /** Where the orders are written (a test's own audited set-up transaction). */
    setUp?: <T>(work: (db: Executor) => Promise<T>) => Promise<T>;
  },
) {
  const setUp = spec.setUp ?? ((work) => work(db));
  const { start } = brandDayRange(spec.brand, spec.day);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const made: ExceptionDayOrders[] = [];
  let minute = 60;
  for (const companyId of spec.companyIds) {
    const o = (amount: number) =>
      setUp((x) => brandOrder(x, { companyId, brand: spec.brand, amount, fee: 0, at: at((minute += 7)) }));
    made.push({ companyId, matched: await o(1000), amount: await o(2000), missing: await o(3000) });
  }
  const unknown = unknownRow(spec.brand, at(30));
  const rows = spec.rows?.(made) ?? [
    ...made.flatMap((m) => [
      paymentRow(spec.brand, m.matched),
      paymentRow(spec.brand, m.amount, { amount: 1900 }),
    ]),
    unknown,
  ];
  const out = await reconcileDay(db, {
    brand: spec.brand,
    day: spec.day,
    rows,
    source: 'uploaded',
    fileName: spec.fileName ?? `${spec.brand}-${spec.day}.csv`,
    contentHash: spec.contentHash ?? createHash('sha256').update(JSON.stringify(rows)).digest('hex'),
    now: new Date(start.getTime() + 30 * 86_400_000),
  });
  return { ...out, orders: made, rows, unknown };
}

export interface ExceptionDayOrders {
  companyId: number;
  matched: TestOrder;
  amount: TestOrder;
  missing: TestOrder;
}
