import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { SETTLEMENT_LISTS } from '../../../src/contract/lists/settlements';
import { MAX_ID } from '../../../src/contract/fields';
import {
  PAYOUT_KINDS,
  SETTLEMENT_KINDS,
  type PayoutKind,
  type SettlementKind,
} from '../../../src/contract/settlements';
import {
  SEARCH_LIMIT_PER_KIND as LIMIT,
  type BatchHit,
  type CompanyHit,
  type LinkHit,
  type OrderHit,
  type PreOrderHit,
  type RefundHit,
  type SettlementHit,
} from '../../../src/contract/search';
import type { Executor } from '../../db/client';
import {
  companies,
  companyNameKeys,
  orders,
  payLinks,
  preOrders,
  refunds,
  settlementBatchItems,
  settlementBatches,
  settlements,
} from '../../db/schema';
import { escapeLike, iso } from '../../platform/lists';
import { companiesIn, ordersIn, type Scope } from '../../platform/scope';
import { batchesIn, settlementPartyName, settlementsIn } from '../settlements';

/**
 * One look-up per kind of record, all time, within the caller's scope, each at most LIMIT rows.
 * Every condition is one index's (docs/api.md, "Global search"; EXPLAIN in bench/RESULTS.md):
 * numbers exactly — a gateway number (K…, RF…, SM…) as typed or in upper case, a merchant's or
 * a brand's as typed — and company names by their beginning (text_pattern_ops indexes).
 */

export interface Keyword {
  /** As typed (trimmed). */
  text: string;
  /** The gateway's own numbers: as typed and in upper case. */
  gatewayNumbers: string[];
  /** A whole number (an id: a batch's #12, a company's id), or null. */
  id: number | null;
}

export function keywordOf(text: string): Keyword {
  const upper = text.toUpperCase();
  const digits = /^#?(\d{1,10})$/.exec(text);
  const id = digits ? Number(digits[1]) : null;
  return {
    text,
    gatewayNumbers: upper === text ? [text] : [text, upper],
    id: id !== null && id >= 1 && id <= MAX_ID ? id : null,
  };
}

/** A brand's number (never ''), said outright so the partial index of set numbers serves it. */
const brandNumber = (column: typeof orders.brandOrderNo | typeof refunds.brandRefundNo, text: string) =>
  and(ne(column, ''), eq(column, text));

/**
 * Orders matching `numbers`, newest first; `links`: only URL payments (orders with an invoice
 * link). A URL payment is an order too, so the order list finds it as well.
 */
async function ordersMatching(db: Executor, scope: Scope, numbers: SQL | undefined, links: boolean) {
  const query = db
    .select({
      gatewayOrderNo: orders.gatewayOrderNo,
      clientOrderNo: orders.clientOrderNo,
      amount: orders.amount,
      currency: orders.currency,
      status: orders.status,
      companyName: companies.name,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .$dynamic();
  const rows = await (links ? query.innerJoin(payLinks, eq(payLinks.orderId, orders.id)) : query)
    .where(and(numbers, ordersIn(db, scope)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIMIT);
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

export async function orderHits(db: Executor, scope: Scope, k: Keyword): Promise<OrderHit[]> {
  const numbers = or(
    inArray(orders.gatewayOrderNo, k.gatewayNumbers),
    eq(orders.clientOrderNo, k.text),
    brandNumber(orders.brandOrderNo, k.text),
  );
  return (await ordersMatching(db, scope, numbers, false)).map((r) => ({ kind: 'order', ...r }));
}

export async function linkHits(db: Executor, scope: Scope, k: Keyword): Promise<LinkHit[]> {
  const numbers = or(inArray(orders.gatewayOrderNo, k.gatewayNumbers), eq(orders.clientOrderNo, k.text));
  return (await ordersMatching(db, scope, numbers, true)).map((r) => ({ kind: 'link', ...r }));
}

export async function refundHits(db: Executor, scope: Scope, k: Keyword): Promise<RefundHit[]> {
  const rows = await db
    .select({
      gatewayRefundNo: refunds.gatewayRefundNo,
      clientRefundNo: refunds.clientRefundNo,
      gatewayOrderNo: orders.gatewayOrderNo,
      amount: refunds.amount,
      currency: refunds.currency,
      status: refunds.status,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        or(
          inArray(refunds.gatewayRefundNo, k.gatewayNumbers),
          eq(refunds.clientRefundNo, k.text),
          brandNumber(refunds.brandRefundNo, k.text),
        ),
        ordersIn(db, scope, refunds.companyId, refunds.branchUnitId),
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(LIMIT);
  return rows.map((r) => ({ kind: 'refund', ...r, createdAt: iso(r.createdAt) }));
}

export async function preOrderHits(db: Executor, scope: Scope, k: Keyword): Promise<PreOrderHit[]> {
  const rows = await db
    .select({
      gatewayPayNo: preOrders.gatewayPayNo,
      clientPayNo: preOrders.clientPayNo,
      amount: preOrders.orderAmount,
      currency: preOrders.currency,
      createdAt: preOrders.createdAt,
    })
    .from(preOrders)
    .where(
      and(
        or(inArray(preOrders.gatewayPayNo, k.gatewayNumbers), eq(preOrders.clientPayNo, k.text)),
        ordersIn(db, scope, preOrders.companyId, preOrders.branchUnitId),
      ),
    )
    .orderBy(desc(preOrders.createdAt), desc(preOrders.id))
    .limit(LIMIT);
  return rows.map((r) => ({ kind: 'preOrder', ...r, createdAt: iso(r.createdAt) }));
}

/** The settlement kinds whose list the role holds (each kind is its own screen). */
export const settlementKindsOf = (routes: ReadonlySet<string>): SettlementKind[] =>
  SETTLEMENT_KINDS.filter((kind) => routes.has(SETTLEMENT_LISTS[kind].route));

const anyOf = (conditions: (SQL | undefined)[]) => (conditions.length ? or(...conditions) : sql`false`);

export async function settlementHits(
  db: Executor,
  scope: Scope,
  kinds: readonly SettlementKind[],
  k: Keyword,
): Promise<SettlementHit[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .select({
      id: settlements.id,
      settlementNo: settlements.settlementNo,
      settlementKind: settlements.kind,
      partyName: settlementPartyName,
      periodEnd: settlements.periodEnd,
      amount: settlements.transferAmount,
      currency: settlements.currency,
    })
    .from(settlements)
    .where(
      and(
        inArray(settlements.settlementNo, k.gatewayNumbers),
        anyOf(kinds.map((kind) => settlementsIn(scope, kind))),
      ),
    )
    .orderBy(desc(settlements.periodEnd), desc(settlements.id))
    .limit(LIMIT);
  return rows.map((r) => ({ kind: 'settlement', ...r, partyName: r.partyName ?? '' }));
}

const isPayoutKind = (kind: SettlementKind): kind is PayoutKind =>
  (PAYOUT_KINDS as readonly SettlementKind[]).includes(kind);

export async function batchHits(
  db: Executor,
  scope: Scope,
  kinds: readonly SettlementKind[],
  k: Keyword,
): Promise<BatchHit[]> {
  const payout = PAYOUT_KINDS.filter((kind) => kinds.includes(kind));
  if (k.id === null || payout.length === 0) return [];
  const rows = await db
    .select({
      id: settlementBatches.id,
      batchKind: settlementBatches.kind,
      status: settlementBatches.status,
      transferDate: settlementBatches.transferDate,
      settlementCount: settlementBatches.settlementCount,
      // The statement that names the batch: its first settlement's (a batch has one at least).
      firstSettlementId: sql<number | null>`(select min(${settlementBatchItems.settlementId})
        from ${settlementBatchItems} where ${settlementBatchItems.batchId} = ${settlementBatches.id})`.mapWith(
        (v: string | number | null) => (v === null ? null : Number(v)),
      ),
    })
    .from(settlementBatches)
    .where(and(eq(settlementBatches.id, k.id), anyOf(payout.map((kind) => batchesIn(scope, kind)))))
    .limit(LIMIT);
  return rows.flatMap(({ firstSettlementId, batchKind, ...r }): BatchHit[] =>
    firstSettlementId === null || !isPayoutKind(batchKind)
      ? []
      : [{ kind: 'batch', ...r, batchKind, firstSettlementId }],
  );
}

export async function companyHits(db: Executor, scope: Scope, k: Keyword): Promise<CompanyHit[]> {
  const prefix = `${escapeLike(k.text.toLowerCase())}%`;
  const name = companyNameKeys(companies.name);
  const rows = await db
    .select({ id: companies.id, name: companies.name, mid: companies.mid })
    .from(companies)
    .where(
      and(
        or(
          k.id !== null ? eq(companies.id, k.id) : undefined,
          and(ne(companies.mid, ''), eq(companies.mid, k.text)),
          sql`${name.whole} like ${prefix}`,
          sql`${name.short} like ${prefix}`,
          sql`lower(${companies.nameEn}) like ${prefix}`,
        ),
        companiesIn(scope),
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(LIMIT);
  return rows.map((r) => ({ kind: 'company', ...r }));
}
