import { eq, sql } from 'drizzle-orm';
import {
  commissionBrand,
  channelOf,
  SUB_BRANDS,
  type PayBrand,
  type PaymentType,
} from '../../../src/contract/brands';
import { commissionOf } from '../../../src/contract/money';
import type { OrderStatus } from '../../../src/contract/orders';
import type { Db } from '../client';
import {
  agentRebateRates,
  branchUnits,
  commissionRates,
  companies,
  orderEvents,
  orders,
  refunds,
} from '../schema';

/**
 * Demo orders: `count` orders over the `days` before now across every company and branch,
 * brand, payment type and status, with the refunds of the refunded ones. Deterministic for a
 * seed (and for where the table already is), inserted in multi-row batches.
 */
export interface DemoOrderOptions {
  count: number;
  days?: number;
  seed?: number;
  /** Also write each order's timeline (create → final status); the bulk generator leaves it out. */
  events?: boolean;
  batchSize?: number;
  now?: Date;
  onProgress?: (done: number) => void;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = readonly (readonly [T, number])[];
const pick = <T>(r: () => number, items: Weighted<T>): T => {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[items.length - 1][0];
};

const BRAND_WEIGHTS: Weighted<PayBrand> = [
  ['paypay', 40],
  ['wechat', 25],
  ['alipayplus', 15],
  ['card', 20],
];
/** Final statuses of old orders; the open ones only occur in the last hours. */
const SETTLED: Weighted<OrderStatus> = [
  ['success', 72],
  ['partlyRefunded', 4],
  ['refunded', 4],
  ['failed', 8],
  ['timeout', 6],
  ['closed', 5],
  ['refunding', 1],
];
const OPEN: Weighted<OrderStatus> = [
  ['pendingPayment', 2],
  ['paying', 3],
  ['customerPaying', 2],
  ['inPayment', 1],
  ['pendingClose', 1],
];
const CURRENCY: Weighted<string> = [
  ['JPY', 90],
  ['USD', 4],
  ['CNY', 4],
  ['KRW', 2],
];

const digits = (r: () => number, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
};

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

export async function generateDemoOrders(db: Db, opts: DemoOrderOptions): Promise<number> {
  const days = opts.days ?? 90;
  const now = opts.now ?? new Date();
  const batch = opts.batchSize ?? 1000;
  const companyRows = await db.select({ id: companies.id }).from(companies).orderBy(companies.id);
  if (companyRows.length === 0 || opts.count <= 0) return 0;
  const branchRows = await db
    .select({ id: branchUnits.id, companyId: branchUnits.companyId })
    .from(branchUnits);
  const rateRows = await db.select().from(commissionRates);
  const rebateRows = await db.select().from(agentRebateRates);
  const rates = new Map(rateRows.map((r) => [`${r.companyId}/${r.brand}/${r.channel}`, r.rate]));
  const rebates = new Map(rebateRows.map((r) => [`${r.companyId}/${r.brand}`, r.rate]));
  const branchesOf = new Map<number, number[]>();
  for (const b of branchRows) branchesOf.set(b.companyId, [...(branchesOf.get(b.companyId) ?? []), b.id]);
  const [{ start }] = await db
    .select({ start: sql<number>`coalesce(max(${orders.id}), 0)::bigint` })
    .from(orders);
  const offset = Number(start);
  const r = prng((opts.seed ?? 20260401) + offset);
  const span = days * 86_400_000;
  let done = 0;
  while (done < opts.count) {
    const n = Math.min(batch, opts.count - done);
    const rows: (typeof orders.$inferInsert)[] = [];
    for (let i = 0; i < n; i++) {
      const seq = offset + done + i + 1;
      const company = companyRows[Math.floor(r() * companyRows.length)].id;
      const branches = branchesOf.get(company) ?? [];
      const branch = branches.length > 0 && r() > 0.1 ? branches[Math.floor(r() * branches.length)] : null;
      const brand = pick(r, BRAND_WEIGHTS);
      const subs = SUB_BRANDS[brand];
      const subBrand = subs[Math.floor(Math.pow(r(), 2) * subs.length)];
      const paymentType: PaymentType =
        brand === 'card'
          ? r() < 0.7
            ? 'card'
            : 'link'
          : pick(r, [
              ['dynamicQr', 40],
              ['staticQr', 25],
              ['cpm', 25],
              ['link', 10],
            ] as const);
      const recent = r() < 0.02;
      const createdAt = recent
        ? new Date(now.getTime() - Math.floor(r() * 3 * 3_600_000))
        : new Date(now.getTime() - Math.floor(r() * span));
      const status = recent ? pick(r, OPEN) : pick(r, SETTLED);
      const currency = brand === 'paypay' ? 'JPY' : pick(r, CURRENCY);
      const minor = currency === 'JPY' || currency === 'KRW' ? 1 : 100;
      const major = Math.max(1, Math.round(Math.exp(4 + r() * 6.5) / (minor === 100 ? 100 : 1)));
      const amount = currency === 'KRW' ? major * 10 : major * minor;
      const paid = ['success', 'partlyRefunded', 'refunded', 'refunding'].includes(status);
      const finished = !['pendingPayment', 'paying', 'customerPaying', 'inPayment', 'pendingClose'].includes(
        status,
      );
      const cb = commissionBrand(brand, subBrand);
      const rate = rates.get(`${company}/${cb}/${channelOf(paymentType)}`);
      const rebate = rebates.get(`${company}/${cb}`);
      const refunded =
        status === 'refunded'
          ? amount
          : status === 'partlyRefunded'
            ? Math.max(1, Math.floor(amount / 3))
            : 0;
      const brandOrderNo =
        status === 'pendingPayment' ? '' : `${brand === 'card' ? 'ch_' : ''}${digits(r, 20)}`;
      rows.push({
        companyId: company,
        branchUnitId: branch,
        clientOrderNo: `demo-${seq}`,
        gatewayOrderNo: `D${ymd(createdAt)}${String(seq).padStart(10, '0')}`,
        brandOrderNo,
        amount,
        currency,
        status,
        receiptNo: paid ? `R${brandOrderNo.slice(-12)}` : '',
        subject: `Demo order ${seq}`,
        paymentType,
        brand,
        subBrand,
        commissionRate: paid && rate !== undefined ? rate : null,
        commissionAmount: paid && rate !== undefined ? commissionOf(amount, rate) : null,
        rebateRate: paid && rebate !== undefined ? rebate : null,
        rebateAmount: paid && rebate !== undefined ? commissionOf(amount, rebate) : null,
        refundedAmount: refunded,
        auditStatus: paid && createdAt.getTime() < now.getTime() - 2 * 86_400_000 ? 1 : 0,
        auditResult:
          paid && createdAt.getTime() < now.getTime() - 2 * 86_400_000 ? (r() < 0.98 ? 1 : 100) : null,
        errorCode: status === 'failed' ? 'INSUFFICIENT_BALANCE' : status === 'timeout' ? 'EXPIRED' : '',
        errorMessage: status === 'failed' ? 'the payer’s balance is not enough' : '',
        expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
        createdAt,
        updatedAt: createdAt,
        finishedAt: finished ? new Date(createdAt.getTime() + 5_000 + Math.floor(r() * 120_000)) : null,
      });
    }
    const inserted = await db.insert(orders).values(rows).returning({
      id: orders.id,
      status: orders.status,
      amount: orders.amount,
      refundedAmount: orders.refundedAmount,
      companyId: orders.companyId,
      branchUnitId: orders.branchUnitId,
      currency: orders.currency,
      createdAt: orders.createdAt,
      finishedAt: orders.finishedAt,
    });
    const refundRows: (typeof refunds.$inferInsert)[] = [];
    for (const o of inserted) {
      const at = new Date((o.finishedAt ?? o.createdAt).getTime() + 3_600_000);
      const base = {
        orderId: o.id,
        companyId: o.companyId,
        branchUnitId: o.branchUnitId,
        currency: o.currency,
        source: 'console',
        remark: 'demo',
        createdAt: at,
        updatedAt: at,
      };
      if (o.refundedAmount > 0) {
        refundRows.push({
          ...base,
          clientRefundNo: `demo-r-${o.id}`,
          gatewayRefundNo: `DR${o.id}`,
          brandRefundNo: `${o.id}${digits(r, 12)}`,
          amount: o.refundedAmount,
          status: 'success',
          fullRefund: o.refundedAmount === o.amount,
          receiptNo: `RR${o.id}`,
          finishedAt: new Date(at.getTime() + 2_000),
        });
      }
      if (o.status === 'refunding') {
        refundRows.push({
          ...base,
          clientRefundNo: `demo-rp-${o.id}`,
          gatewayRefundNo: `DRP${o.id}`,
          amount: Math.max(1, Math.floor(o.amount / 2)),
          status: 'refunding',
        });
      }
      if (o.status === 'success' && r() < 0.02) {
        refundRows.push({
          ...base,
          clientRefundNo: `demo-rf-${o.id}`,
          gatewayRefundNo: `DRF${o.id}`,
          amount: o.amount,
          status: 'failed',
          fullRefund: true,
          errorCode: 'REFUND_REFUSED',
          errorMessage: 'the brand refused the refund',
          finishedAt: new Date(at.getTime() + 2_000),
        });
      }
    }
    if (refundRows.length > 0) await db.insert(refunds).values(refundRows);
    if (opts.events) {
      const eventRows = inserted.flatMap((o): (typeof orderEvents.$inferInsert)[] => [
        {
          orderId: o.id,
          fromStatus: null,
          toStatus: 'pendingPayment',
          event: 'create',
          source: 'demo',
          createdAt: o.createdAt,
        },
        ...(o.status === 'pendingPayment'
          ? []
          : [
              {
                orderId: o.id,
                fromStatus: 'pendingPayment' as const,
                toStatus: o.status,
                event: 'demo',
                source: 'demo',
                createdAt: o.finishedAt ?? o.createdAt,
              },
            ]),
      ]);
      await db.insert(orderEvents).values(eventRows);
    }
    done += n;
    opts.onProgress?.(done);
  }
  return done;
}

/** Orders on the database already (the start-up demo runs only on an empty one). */
export async function orderCount(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(sql`1`, 1));
  return Number(n);
}
