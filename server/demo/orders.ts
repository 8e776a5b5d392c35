import { eq, isNotNull, sql } from 'drizzle-orm';
import { DateTime, IANAZone, Zone } from 'luxon';
import {
  brandTakes,
  commissionBrand,
  channelOf,
  SUB_BRANDS,
  type PayBrand,
  type PaymentType,
} from '../../src/contract/brands';
import { chargesOn, refundReturns, type ChargeRates, type Charges } from '../../src/contract/charges';
import type { OrderEvent, OrderStatus } from '../../src/contract/orders';
import { rowsOf, type Db } from '../db/client';
import { copyObjects } from '../db/copy';
import {
  agentRebateRates,
  brandAgentBrands,
  branchUnits,
  commissionRates,
  companies,
  operators,
  orderAudits,
  orderEvents,
  orders,
  refunds,
  sandboxPayments,
  sandboxRefunds,
} from '../db/schema';
import { merchantOf, type DemoMerchant } from './merchants';
import { BRAND_DAY_OFFSET_MINUTES } from '../modules/reconciliation';

/** How far a payment can settle after its order was made (below: seconds to two minutes). */
const SETTLE_MS = 120_000;

/** Whether the brand's day cut and the business zone's put an instant in different months. */
function splitByCut(t: number, brand: PayBrand, zone: Zone | string): boolean {
  const ours = DateTime.fromMillis(t, { zone }).toFormat('yyyy-MM');
  const theirs = DateTime.fromMillis(t + BRAND_DAY_OFFSET_MINUTES[brand] * 60_000, { zone: 'utc' }).toFormat(
    'yyyy-MM',
  );
  return ours !== theirs;
}

/**
 * The demo keeps its payments and refunds out of the hour where a brand cutting its days
 * elsewhere than the business zone (the Chinese wallets at 00:00 GMT+8, Tokyo at 00:00 JST)
 * books them in another month than we do: the brand's payment statement then pays them in
 * the period before or after our brand settlement's (a timing difference the payout check
 * rightly shows as "differs"; docs/reconciliation.md). The demo's payouts are meant to agree,
 * so such an instant (with what follows it) moves an hour at a time, first back for an order
 * (`before`), first on for a refund (`after`), staying within `bounds`; else it stays.
 */
export function clearOfCut(
  t: number,
  brand: PayBrand,
  zone: Zone | string,
  way: 'before' | 'after',
  bounds: { after: number; before: number } = { after: -Infinity, before: Infinity },
): number {
  // What follows the instant: an order's settling, a refund's two seconds to done.
  const tail = way === 'before' ? SETTLE_MS : 2_000;
  const split = (x: number) => splitByCut(x, brand, zone) || splitByCut(x + tail, brand, zone);
  if (!split(t)) return t;
  for (const step of way === 'before' ? [-1, 1] : [1, -1])
    for (let k = 1; k <= 3; k++) {
      const moved = t + step * k * 3_600_000;
      if (moved > bounds.after && moved < bounds.before && !split(moved)) return moved;
    }
  return t;
}

/**
 * Demo orders: `count` orders over the `days` before now across every company and branch,
 * brand, payment type and status, with the refunds of the refunded ones. Each company's
 * orders fall in its business hours (business time zone), carry its own order numbers and
 * products at its prices; every time lies in the past. Deterministic for a seed, a clock and
 * where the table already is; inserted in multi-row batches.
 */
export interface DemoOrderOptions {
  count: number;
  days?: number;
  seed?: number;
  /** Also write each order's timeline (create → final status); the bulk generator leaves it out. */
  events?: boolean;
  batchSize?: number;
  now?: Date;
  /** The business time zone (KESSAI_TIME_ZONE): days, hours and gateway numbers are cut there. */
  zone?: string;
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

/** Final statuses of settled orders; the open ones only occur in the last minutes. */
const SETTLED: Weighted<OrderStatus> = [
  ['success', 74],
  ['partlyRefunded', 4],
  ['refunded', 4],
  ['failed', 7],
  ['timeout', 6],
  ['closed', 4],
  ['refunding', 1],
];
const OPEN: Weighted<OrderStatus> = [
  ['pendingPayment', 2],
  ['paying', 3],
  ['customerPaying', 2],
  ['inPayment', 1],
  ['pendingClose', 1],
];
const PAID: readonly OrderStatus[] = ['success', 'partlyRefunded', 'refunded', 'refunding'];
const OPEN_STATUSES: readonly OrderStatus[] = OPEN.map(([s]) => s);

/** Why the demo merchants' staff refunded (typed by them, in their language, like a product name). */
const REFUND_REMARKS: Weighted<string> = [
  ['お客様都合によるキャンセル', 30],
  ['商品不良のため返品', 15],
  ['二重決済の取消', 10],
  ['金額の入力誤りのため', 10],
  ['予約キャンセル（規定内）', 10],
  ['', 25],
];

/** A company without a profile in merchants.ts (one a test created) sells like a small shop. */
const GENERIC: DemoMerchant = {
  company: '',
  hours: [10, 20],
  step: 10,
  items: [{ name: '商品代金', min: 300, max: 9_800, weight: 1 }],
  orderNo: (d, n) => `ORD-${d.yyyy}${d.mm}${d.dd}-${String(n).padStart(5, '0')}`,
  brands: [
    ['paypay', 40],
    ['wechat', 20],
    ['alipayplus', 15],
    ['card', 25],
  ],
  usd: 0,
};

const digits = (r: () => number, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
};
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const alnum = (r: () => number, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += ALNUM[Math.floor(r() * ALNUM.length)];
  return s;
};

/**
 * The 10 digits after a gateway number's date: a bijection of the sequence number (an odd
 * multiplier not divisible by 5 is invertible modulo 10^10), so they are unique yet look random.
 */
const serial = (seq: number) => String((BigInt(seq) * 2654435761n) % 10_000_000_000n).padStart(10, '0');
/** Refund numbers count in a range of their own, so a refund's digits do not repeat its order's. */
const REFUND_SEQ = 5_000_000;
/** Gateway numbers as the gateway makes them (server/platform/numbers.ts): prefix + business date and time. */
export const demoGatewayNo = (prefix: string, at: Date, zone: Zone | string, seq: number) =>
  `${prefix}${DateTime.fromJSDate(at, { zone }).toFormat('yyyyMMddHHmmss')}${serial(seq)}`;

function brandOrderNo(r: () => number, brand: PayBrand, day: string): string {
  if (brand === 'card') return `ch_${alnum(r, 24)}`;
  if (brand === 'wechat') return `4200002${day}${digits(r, 13)}`;
  if (brand === 'alipayplus') return `${day}19${digits(r, 16)}`;
  return `0${digits(r, 18)}`;
}

/**
 * A company's selling time over the last `days` business days: its till hours of each day in
 * the business time zone, cut at the minute before now. `at(x)` maps x ∈ [0, 1) onto it in
 * order, so orders placed at increasing x have increasing times (and merchant numbers).
 */
function sellingTime(m: DemoMerchant, zone: Zone | string, now: Date, days: number) {
  const end = now.getTime() - RECENT_MS;
  const from = now.getTime() - days * 86_400_000;
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const spans: { start: number; length: number; before: number }[] = [];
  let total = 0;
  for (let d = days; d >= 0; d--) {
    const day = today.minus({ days: d });
    const start = Math.max(from, day.plus({ hours: m.hours[0] }).toMillis());
    const stop = Math.min(end, day.plus({ hours: m.hours[1] }).toMillis());
    if (stop <= start) continue;
    spans.push({ start, length: stop - start, before: total });
    total += stop - start;
  }
  return (x: number): Date => {
    const target = x * total;
    let lo = 0;
    let hi = spans.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (spans[mid].before <= target) lo = mid;
      else hi = mid - 1;
    }
    const s = spans[lo];
    return new Date(s.start + Math.min(s.length - 1, Math.floor(target - s.before)));
  };
}

/** The last orders of a run are being paid right now: within these last minutes, mostly still open. */
const RECENT_MS = 12 * 60_000;
const recentCount = (count: number) => Math.min(count, Math.max(OPEN.length, Math.round(count * 0.004)));

/** A product of the merchant and its price: cards pay more of the dear things, PayPay more of the cheap ones. */
function sale(r: () => number, m: DemoMerchant, brand: PayBrand) {
  const weighted = m.items.map((it) => {
    const factor =
      brand === 'card' ? (it.max >= 5_000 ? 2 : 1) : brand === 'paypay' && it.min < 2_000 ? 1.5 : 1;
    return [it, it.weight * factor] as const;
  });
  const item = pick(r, weighted);
  const yen = item.min + (item.max - item.min) * Math.pow(r(), 1.6);
  return { subject: item.name, yen: Math.max(item.min, Math.round(yen / m.step) * m.step) };
}

interface TimelineStep {
  from: OrderStatus | null;
  to: OrderStatus;
  event: 'create' | OrderEvent;
  source: string;
  at: Date;
}

/**
 * A time zone whose offsets are remembered per quarter hour (no zone changes its offset inside
 * one): luxon asks Intl for the offset of every instant it converts, which was the bulk
 * generator's largest cost (~0.04 ms a call, several calls an order).
 */
class CachedZone extends Zone {
  private readonly inner: IANAZone;
  private readonly offsets = new Map<number, number>();
  constructor(name: string) {
    super();
    this.inner = IANAZone.create(name);
    if (!this.inner.isValid) throw new Error(`unknown time zone ${name}`);
  }
  get type() {
    return 'iana';
  }
  get name() {
    return this.inner.name;
  }
  get isUniversal() {
    return false;
  }
  get isValid() {
    return true;
  }
  offsetName(ts: number, opts: Parameters<Zone['offsetName']>[1]) {
    return this.inner.offsetName(ts, opts);
  }
  formatOffset(ts: number, format: Parameters<Zone['formatOffset']>[1]) {
    return this.inner.formatOffset(ts, format);
  }
  offset(ts: number) {
    const quarter = Math.floor(ts / 900_000);
    let o = this.offsets.get(quarter);
    if (o === undefined) {
      if (this.offsets.size > 100_000) this.offsets.clear();
      o = this.inner.offset(ts);
      this.offsets.set(quarter, o);
    }
    return o;
  }
  equals(other: Zone) {
    return other instanceof CachedZone ? other.name === this.name : this.inner.equals(other);
  }
}

export async function generateDemoOrders(db: Db, opts: DemoOrderOptions): Promise<number> {
  const days = opts.days ?? 90;
  const now = opts.now ?? new Date();
  const zone = new CachedZone(opts.zone ?? 'Asia/Tokyo');
  const batch = opts.batchSize ?? 1000;
  const companyRows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .orderBy(companies.id);
  if (companyRows.length === 0 || opts.count <= 0) return 0;
  const branchRows = await db
    .select({ id: branchUnits.id, companyId: branchUnits.companyId })
    .from(branchUnits)
    .orderBy(branchUnits.id);
  const rateRows = await db.select().from(commissionRates);
  const agencyOf = new Map(
    (await db.select({ id: companies.id, agentId: companies.agentId }).from(companies)).map((c) => [
      c.id,
      c.agentId,
    ]),
  );
  const feeOf = new Map(
    (await db.select().from(brandAgentBrands)).map((b) => [
      b.brand,
      { agentId: b.brandAgentId, rate: b.feeRate },
    ]),
  );
  const rebateRows = await db.select().from(agentRebateRates);
  const staffRows = await db
    .select({ id: operators.id, companyId: operators.companyId })
    .from(operators)
    .where(isNotNull(operators.companyId))
    .orderBy(operators.id);
  const rates = new Map(rateRows.map((r) => [`${r.companyId}/${r.brand}/${r.channel}`, r.rate]));
  const rebates = new Map(rebateRows.map((r) => [`${r.companyId}/${r.brand}`, r.rate]));
  const branchesOf = new Map<number, number[]>();
  for (const b of branchRows) branchesOf.set(b.companyId, [...(branchesOf.get(b.companyId) ?? []), b.id]);
  const staffOf = new Map<number, number>();
  for (const s of staffRows)
    if (s.companyId !== null && !staffOf.has(s.companyId)) staffOf.set(s.companyId, s.id);
  const [{ start }] = await db
    .select({ start: sql<number>`coalesce(max(${orders.id}), 0)::bigint` })
    .from(orders);
  const offset = Number(start);
  const r = prng((opts.seed ?? 20260401) + offset);
  const profiles = new Map(
    companyRows.map((c) => {
      const m = merchantOf(c.name) ?? GENERIC;
      return [c.id, { m, at: sellingTime(m, zone, now, days) }] as const;
    }),
  );
  // A merchant's numbers count up per number prefix (day, month, branch); a later run of the
  // bulk generator starts above every number an earlier run can have used (offset ≥ its orders).
  const counters = new Map<string, number>();
  let done = 0;
  while (done < opts.count) {
    const n = Math.min(batch, opts.count - done);
    const rows: (typeof orders.$inferInsert)[] = [];
    const extra: {
      remark: string;
      refundAt: number;
      refundFails: boolean;
      rates: ChargeRates;
      audit: { status: 1; result: 1 | 100 } | null;
    }[] = [];
    for (let i = 0; i < n; i++) {
      const index = done + i;
      const seq = offset + index + 1;
      const company = companyRows[Math.floor(r() * companyRows.length)].id;
      const { m, at } = profiles.get(company)!;
      const branches = branchesOf.get(company) ?? [];
      const branchIndex = branches.length > 0 && r() > 0.1 ? Math.floor(r() * branches.length) : -1;
      const branch = branchIndex >= 0 ? branches[branchIndex] : null;
      const brand = pick(r, m.brands);
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
      const recent = index - (opts.count - recentCount(opts.count));
      const drawn =
        recent >= 0
          ? new Date(
              now.getTime() -
                RECENT_MS +
                Math.floor(((recent + r()) / recentCount(opts.count)) * (RECENT_MS - 30_000)),
            )
          : at((index + r()) / (opts.count - recentCount(opts.count)));
      // The last minutes' orders stay where they are (being paid now, mostly open).
      const createdAt =
        recent >= 0
          ? drawn
          : new Date(
              clearOfCut(drawn.getTime(), brand, zone, 'before', {
                after: -Infinity,
                before: now.getTime() - SETTLE_MS,
              }),
            );
      const age = now.getTime() - createdAt.getTime();
      // Every open status is on screen: the first recent orders take one each.
      const status =
        recent >= 0 && recent < OPEN.length
          ? OPEN[recent][0]
          : recent >= 0 && r() < 0.5
            ? pick(r, OPEN)
            : pick(r, SETTLED);
      const { subject, yen } = sale(r, m, brand);
      // Dollars where the brand takes them (PayPay: yen only). The draw is made either way, so
      // every other order of the demo stays as it was.
      const usd = (brand === 'card' || paymentType === 'link') && r() < m.usd && brandTakes(brand, 'USD');
      const currency = usd ? 'USD' : 'JPY';
      // Whole dollars at about 150 yen, in cents.
      const amount = usd ? Math.max(1, Math.round(yen / 150)) * 100 : yen;
      const paid = PAID.includes(status);
      const finished = !OPEN_STATUSES.includes(status);
      const cb = commissionBrand(brand, subBrand);
      const rate = rates.get(`${company}/${cb}/${channelOf(paymentType)}`);
      const agency = agencyOf.get(company) ?? null;
      const rebate = agency != null ? rebates.get(`${company}/${cb}`) : undefined;
      const fee = feeOf.get(brand);
      // The charges fixed when the order was paid (docs/settlement.md, "Money").
      const fixed: ChargeRates = {
        commission: paid && rate !== undefined ? rate : null,
        rebate: paid && rebate !== undefined ? rebate : null,
        fee: paid && fee ? fee.rate : null,
      };
      const charges = chargesOn(amount, fixed);
      const refunded =
        status === 'refunded'
          ? amount
          : status === 'partlyRefunded'
            ? Math.max(1, Math.floor(amount / 3 / (usd ? 100 : m.step)) * (usd ? 100 : m.step))
            : 0;
      const local = DateTime.fromJSDate(createdAt, { zone });
      const brandNo = status === 'pendingPayment' ? '' : brandOrderNo(r, brand, local.toFormat('yyyyMMdd'));
      const parts = {
        yyyy: local.toFormat('yyyy'),
        yy: local.toFormat('yy'),
        mm: local.toFormat('MM'),
        dd: local.toFormat('dd'),
      };
      const prefix = `${company}/${m.orderNo(parts, 0, Math.max(0, branchIndex))}`;
      const number = Math.max(counters.get(prefix) ?? offset, offset) + 1;
      counters.set(prefix, number);
      // A payment settles within seconds to two minutes, never after now.
      const finishedAt = finished
        ? new Date(Math.min(now.getTime() - 1_000, createdAt.getTime() + 5_000 + Math.floor(r() * 115_000)))
        : null;
      // Refunds come ten minutes to three days after the payment, never after now.
      const settled = (finishedAt ?? createdAt).getTime();
      const wanted = settled + 600_000 + Math.floor(r() * 3 * 86_400_000);
      const refundAt = clearOfCut(
        wanted < now.getTime() - 10_000 ? wanted : settled + Math.floor((now.getTime() - settled) / 2),
        brand,
        zone,
        'after',
        { after: settled, before: now.getTime() - 10_000 },
      );
      const remark = pick(r, REFUND_REMARKS);
      const refundFails = status === 'success' && r() < 0.02;
      // Audited when it is older than two days (the demo statements, when on, judge them again).
      const audit =
        paid && age > 2 * 86_400_000
          ? { status: 1 as const, result: r() < 0.98 ? (1 as const) : (100 as const) }
          : null;
      extra.push({ remark, refundAt, refundFails, rates: fixed, audit });
      rows.push({
        companyId: company,
        branchUnitId: branch,
        clientOrderNo: m.orderNo(parts, number, Math.max(0, branchIndex)),
        gatewayOrderNo: demoGatewayNo('K', createdAt, zone, seq),
        brandOrderNo: brandNo,
        demo: true,
        amount,
        currency,
        status,
        receiptNo: paid ? `${local.toFormat('yyMMdd')}-${brandNo.slice(-6)}` : '',
        subject,
        paymentType,
        brand,
        subBrand,
        commissionRate: fixed.commission,
        commissionAmount: fixed.commission == null ? null : charges.commission,
        rebateRate: fixed.rebate,
        rebateAmount: fixed.rebate == null ? null : charges.rebate,
        // The company's agency of the paid moment, whatever its rebate (as payments/engine chargesFor).
        agentId: paid ? agency : null,
        brandAgentId: fixed.fee == null ? null : (fee?.agentId ?? null),
        feeRate: fixed.fee,
        feeAmount: fixed.fee == null ? null : charges.fee,
        refundedAmount: refunded,
        // The codes the sandbox brands answer with; the console shows them in the reader's language.
        errorCode: status === 'failed' ? 'INSUFFICIENT_BALANCE' : status === 'timeout' ? 'EXPIRED' : '',
        errorMessage: status === 'failed' ? 'the payer’s balance is not enough' : '',
        expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
        createdAt,
        updatedAt: finishedAt ?? createdAt,
        finishedAt,
      });
    }
    // The batch's ids, reserved from the identity's sequence, so its rows go in by COPY with the
    // refunds, audits and books that name them (an INSERT … RETURNING of 2,000 rows cost more in
    // building the statement than the database spent on it).
    const ids = rowsOf<{ id: string }>(
      await db.execute(
        sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id from generate_series(1, ${n})`,
      ),
    ).map((x) => Number(x.id));
    const inserted = rows.map((o, k) => ({
      ...o,
      id: ids[k],
      status: o.status!,
      refundedAmount: o.refundedAmount!,
      branchUnitId: o.branchUnitId ?? null,
      currency: o.currency!,
      receiptNo: o.receiptNo!,
      createdAt: o.createdAt!,
      finishedAt: o.finishedAt ?? null,
    }));
    const audits = inserted.flatMap((o, k) => {
      const a = extra[k].audit;
      return a
        ? [
            {
              orderId: o.id,
              auditStatus: a.status,
              auditResult: a.result,
              updatedAt: o.finishedAt ?? o.createdAt,
            },
          ]
        : [];
    });
    const refundRows: (typeof refunds.$inferInsert)[] = [];
    const timelines: TimelineStep[][] = [];
    for (const [k, o] of inserted.entries()) {
      const { remark, refundAt, refundFails, rates } = extra[k];
      const at = new Date(refundAt);
      const refundDone = new Date(Math.min(refundAt + 2_000, now.getTime() - 1_000));
      const base = {
        orderId: o.id,
        companyId: o.companyId,
        branchUnitId: o.branchUnitId,
        currency: o.currency,
        source: 'console',
        operatorId: staffOf.get(o.companyId) ?? null,
        remark,
        createdAt: at,
        updatedAt: at,
      };
      const brandRefundNo = () => `${DateTime.fromJSDate(at, { zone }).toFormat('yyyyMMdd')}${digits(r, 14)}`;
      if (o.refundedAmount > 0) {
        refundRows.push({
          ...base,
          clientRefundNo: `${o.clientOrderNo}-R1`,
          gatewayRefundNo: demoGatewayNo('RF', at, zone, REFUND_SEQ + o.id),
          brandRefundNo: brandRefundNo(),
          amount: o.refundedAmount,
          status: 'success',
          fullRefund: o.refundedAmount === o.amount,
          // The order's one refund: it returns the charges on the refunded part.
          ...returnedBy(refundReturns(o.amount, o.refundedAmount, rates)),
          receiptNo: `${o.receiptNo}-R`,
          finishedAt: refundDone,
          updatedAt: refundDone,
        });
      }
      if (o.status === 'refunding') {
        refundRows.push({
          ...base,
          clientRefundNo: `${o.clientOrderNo}-R1`,
          gatewayRefundNo: demoGatewayNo('RF', at, zone, REFUND_SEQ + o.id),
          amount: o.amount,
          status: 'refunding',
          fullRefund: true,
        });
      }
      if (refundFails) {
        refundRows.push({
          ...base,
          clientRefundNo: `${o.clientOrderNo}-R1`,
          gatewayRefundNo: demoGatewayNo('RF', at, zone, REFUND_SEQ + o.id),
          amount: o.amount,
          status: 'failed',
          fullRefund: true,
          errorCode: 'REFUND_REFUSED',
          errorMessage: 'the brand refused the refund',
          finishedAt: refundDone,
          updatedAt: refundDone,
        });
      }
      timelines.push(timeline(o, at, refundDone, refundFails));
    }
    // The work the demo leaves in flight is in its brand's books, so the recovery job finishes it
    // as it finishes a real payment's or refund's (docs/api.md, "Work in flight").
    const books = brandBooks(
      inserted.map((o, k) => ({ ...rows[k], id: o.id })),
      refundRows,
      zone,
    );
    const eventRows = !opts.events
      ? []
      : inserted.flatMap((o, k): (typeof orderEvents.$inferInsert)[] =>
          timelines[k].map((s) => ({
            orderId: o.id,
            fromStatus: s.from,
            toStatus: s.to,
            event: s.event,
            source: s.source,
            createdAt: s.at,
          })),
        );
    // One transaction per batch: the orders with everything that names them, or none of it.
    await db.transaction(async (tx) => {
      await copyObjects(tx, orders, inserted);
      await copyObjects(tx, orderAudits, audits);
      await copyObjects(tx, refunds, refundRows);
      await copyObjects(tx, sandboxPayments, books.payments);
      await copyObjects(tx, sandboxRefunds, books.refunds);
      await copyObjects(tx, orderEvents, eventRows);
    });
    done += n;
    opts.onProgress?.(done);
  }
  return done;
}

/** What the sandbox brand holds of an open payment in each of our in-flight statuses. */
const BRAND_STATE: Partial<Record<OrderStatus, string>> = {
  // A create cut before the brand answered: the brand made the payment (the recovery issues it).
  pendingPayment: 'CREATED',
  paying: 'CREATED',
  customerPaying: 'USERPAYING',
  // The payer confirmed; the brand's notification has not come.
  inPayment: 'COMPLETED',
  // Our close is written, not yet sent.
  pendingClose: 'CREATED',
};

/**
 * The sandbox brands' books of the demo's work in flight: each open payment that names its brand,
 * and each refund still processing (issue #29: the seed leaves nothing in flight that its brand
 * does not know, so nothing waits for a brand that never heard of it).
 */
function brandBooks(
  made: (typeof orders.$inferInsert & { id: number })[],
  madeRefunds: (typeof refunds.$inferInsert)[],
  zone: Zone | string,
) {
  const payments: (typeof sandboxPayments.$inferInsert)[] = [];
  const numbers = new Map<number, { brand: PayBrand; brandOrderNo: string }>();
  for (const o of made) {
    const state = BRAND_STATE[o.status as OrderStatus];
    const brand = o.brand as PayBrand | '';
    if (!brand) continue;
    const day = DateTime.fromJSDate(o.createdAt!, { zone }).toFormat('yyyyMMdd');
    const brandNo = o.brandOrderNo || brandOrderNo(prng(o.id), brand, day);
    numbers.set(o.id, { brand, brandOrderNo: brandNo });
    if (!state) continue;
    payments.push({
      brandOrderNo: brandNo,
      brand,
      merchantOrderNo: o.gatewayOrderNo,
      amount: o.amount,
      currency: o.currency,
      state,
      behaviour: 'normal',
      subBrand: o.subBrand ?? '',
      expiresAt: o.expiresAt!,
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    });
  }
  const processing = madeRefunds.flatMap((f) => {
    const of = numbers.get(f.orderId);
    return f.status === 'refunding' && of
      ? [
          {
            brand: of.brand,
            merchantRefundNo: f.gatewayRefundNo,
            brandRefundNo: `${of.brandOrderNo}R`,
            brandOrderNo: of.brandOrderNo,
            amount: f.amount,
            currency: f.currency,
            state: 'PROCESSING',
            createdAt: f.createdAt,
            updatedAt: f.createdAt,
          },
        ]
      : [];
  });
  return { payments, refunds: processing };
}

/** A refund's returned charges as its row keeps them. */
const returnedBy = (c: Charges) => ({
  commissionAmount: c.commission,
  rebateAmount: c.rebate,
  feeAmount: c.fee,
});

/** The moves of the order's transition table that brought it to its status, when they happened. */
function timeline(
  o: { status: OrderStatus; createdAt: Date; finishedAt: Date | null },
  refundAt: Date,
  refundDone: Date,
  refundFailed: boolean,
): TimelineStep[] {
  const created = o.createdAt;
  const end = o.finishedAt ?? created;
  const issued = new Date(Math.min(created.getTime() + 1_000, end.getTime()));
  const steps: TimelineStep[] = [
    { from: null, to: 'pendingPayment', event: 'create', source: 'merchant', at: created },
  ];
  const issue = () =>
    steps.push({ from: 'pendingPayment', to: 'paying', event: 'issue', source: 'merchant', at: issued });
  switch (o.status) {
    case 'pendingPayment':
      break;
    case 'paying':
      issue();
      break;
    case 'customerPaying':
      issue();
      steps.push({ from: 'paying', to: 'customerPaying', event: 'scan', source: 'notify', at: end });
      break;
    case 'inPayment':
      issue();
      steps.push({ from: 'paying', to: 'inPayment', event: 'confirm', source: 'notify', at: end });
      break;
    case 'pendingClose':
      steps.push({
        from: 'pendingPayment',
        to: 'pendingClose',
        event: 'requestClose',
        source: 'merchant',
        at: end,
      });
      break;
    case 'closed':
      steps.push({
        from: 'pendingPayment',
        to: 'closed',
        event: 'closeConfirmed',
        source: 'merchant',
        at: end,
      });
      break;
    case 'timeout':
      issue();
      steps.push({ from: 'paying', to: 'timeout', event: 'expire', source: 'system', at: end });
      break;
    case 'failed':
      issue();
      steps.push({ from: 'paying', to: 'failed', event: 'decline', source: 'notify', at: end });
      break;
    default: {
      issue();
      steps.push({ from: 'paying', to: 'success', event: 'paid', source: 'notify', at: end });
      const start = (): TimelineStep => ({
        from: 'success',
        to: 'refunding',
        event: 'refundStart',
        source: 'console',
        at: refundAt,
      });
      if (o.status === 'refunding') steps.push(start());
      if (o.status === 'partlyRefunded' || o.status === 'refunded')
        steps.push(start(), {
          from: 'refunding',
          to: o.status,
          event: o.status === 'refunded' ? 'refundSettledAll' : 'refundSettledPart',
          source: 'notify',
          at: refundDone,
        });
      if (o.status === 'success' && refundFailed)
        steps.push(start(), {
          from: 'refunding',
          to: 'success',
          event: 'refundSettledNone',
          source: 'notify',
          at: refundDone,
        });
    }
  }
  return steps;
}

/** Orders on the database already (the start-up demo runs only on an empty one). */
export async function orderCount(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(sql`1`, 1));
  return Number(n);
}
