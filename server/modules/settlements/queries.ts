import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Page } from '../../../src/contract/envelope';
import type { OrgOption } from '../../../src/contract/org';
import { SETTLEMENT_LISTS } from '../../../src/contract/lists/settlements';
import {
  PAYOUT_STATES,
  STATUS_FILTER_CODES,
  type PayoutState,
  type SettlementKind,
  type SettlementLine,
  type SettlementLinesQuery,
  type SettlementRow,
  type SettlementStatus,
  type SettlementTotals,
  type SettlementTrailEntry,
} from '../../../src/contract/settlements';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import {
  agents,
  auditLog,
  brandAgents,
  companies,
  operators,
  orders,
  refunds,
  settlementOrders,
  settlementRefunds,
  settlements,
} from '../../db/schema';
import { notFound } from '../../platform/envelope';
import {
  fieldError,
  iso,
  limitOffset,
  listPage,
  pageOf,
  sortColumns,
  type PageInput,
} from '../../platform/lists';
import { agentsIn, companiesIn, type Scope } from '../../platform/scope';

/**
 * Reading settlements. Only the platform's roles and a service provider's see settlements
 * (the routes' roles, spec point 2); a provider only those of its companies and agencies, and
 * no brand settlement. Another tenant's settlement is not found.
 */
export function settlementsIn(scope: Scope, kind: SettlementKind): SQL | undefined {
  if (scope.level === 'system') return eq(settlements.kind, kind);
  if (scope.level === 'serviceProvider' && kind !== 'brand')
    return and(eq(settlements.kind, kind), eq(settlements.serviceProviderId, scope.serviceProviderId));
  return sql`false`;
}

/** The party's name: the company, agency or comprehensive agent (by the settlement's kind). */
export const partyName = sql<string>`case ${settlements.kind}
  when 'merchant' then (select name from companies where id = ${settlements.partyId})
  when 'agent' then (select name from agents where id = ${settlements.partyId})
  else (select name from brand_agents where id = ${settlements.partyId}) end`;

/**
 * Where a settlement's payout stands: remitted (status 2), in a payout batch awaiting remittance
 * (status 1 with its batch: checked out), or not remitted and in no batch. A reversed batch takes
 * its settlements back to the last. The row's `payoutState`, the status filter and the totals all
 * read these conditions.
 */
const PAYOUT_STATE_IS: Record<PayoutState, SQL> = {
  notRemitted: and(eq(settlements.status, 1), isNull(settlements.batchId))!,
  inBatch: and(eq(settlements.status, 1), isNotNull(settlements.batchId))!,
  remitted: eq(settlements.status, 2),
};

/** The payout state's status-filter code ('1', 'inBatch', '2'): the list's status and its export's. */
export const payoutStateCode = sql<string>`case when ${PAYOUT_STATE_IS.remitted} then ${STATUS_FILTER_CODES.remitted}
  when ${PAYOUT_STATE_IS.inBatch} then ${STATUS_FILTER_CODES.inBatch}
  else ${STATUS_FILTER_CODES.notRemitted} end`;

const STATE_OF_CODE = new Map<string, PayoutState>(PAYOUT_STATES.map((p) => [STATUS_FILTER_CODES[p], p]));

/** The status filter: one payout state by its code; '' (or no known code) is every settlement. */
function payoutStateIs(code: string): SQL | undefined {
  const state = STATE_OF_CODE.get(code);
  return state ? PAYOUT_STATE_IS[state] : undefined;
}

const rowColumns = {
  id: settlements.id,
  settlementNo: settlements.settlementNo,
  kind: settlements.kind,
  partyId: settlements.partyId,
  partyName,
  brand: settlements.brand,
  currency: settlements.currency,
  periodBegin: settlements.periodBegin,
  periodEnd: settlements.periodEnd,
  dueDate: settlements.dueDate,
  orderCount: settlements.orderCount,
  orderTotal: settlements.orderTotal,
  refundCount: settlements.refundCount,
  refundTotal: settlements.refundTotal,
  commissionTotal: settlements.commissionTotal,
  rebateTotal: settlements.rebateTotal,
  commissionCost: settlements.commissionCost,
  carriedIn: settlements.carriedIn,
  carriedOut: settlements.carriedOut,
  transferCommission: settlements.transferCommission,
  transferAmount: settlements.transferAmount,
  feeBearer: settlements.feeBearer,
  transferType: settlements.transferType,
  status: settlements.status,
  batchId: settlements.batchId,
  payoutCode: payoutStateCode,
  payTime: settlements.payTime,
  createdAt: settlements.createdAt,
};

type RowSelect = SelectResultFields<typeof rowColumns>;

const toRow = ({ payoutCode, ...r }: RowSelect): SettlementRow => ({
  ...r,
  payoutState: STATE_OF_CODE.get(payoutCode) ?? 'notRemitted',
  partyName: r.partyName ?? '',
  status: r.status as SettlementStatus,
  payTime: r.payTime ? iso(r.payTime) : null,
  createdAt: iso(r.createdAt),
});

export interface SettlementPageQuery {
  pageNum: number;
  pageSize: number;
  sortField: string;
  sortOrder: string;
  beginTime: string;
  endTime: string;
  partyId: number | null;
  currency: string;
  status: string;
  brand?: string;
}

/**
 * The filter of a settlement list (its page, totals and exports): the caller's scope, period end
 * within the range, party, currency, payout state, brand.
 */
export function listFilter(
  scope: Scope,
  kind: SettlementKind,
  q: Omit<SettlementPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>,
) {
  return and(
    settlementsIn(scope, kind),
    gte(settlements.periodEnd, q.beginTime),
    lte(settlements.periodEnd, q.endTime),
    q.partyId ? eq(settlements.partyId, q.partyId) : undefined,
    q.currency ? eq(settlements.currency, q.currency) : undefined,
    payoutStateIs(q.status),
    q.brand ? eq(settlements.brand, q.brand) : undefined,
  );
}

const SORTABLE = sortColumns(SETTLEMENT_LISTS.merchant, {
  periodEnd: settlements.periodEnd,
  dueDate: settlements.dueDate,
  payTime: settlements.payTime,
  status: settlements.status,
  orderTotal: settlements.orderTotal,
  refundTotal: settlements.refundTotal,
  commissionTotal: settlements.commissionTotal,
  rebateTotal: settlements.rebateTotal,
  commissionCost: settlements.commissionCost,
  transferAmount: settlements.transferAmount,
  carriedIn: settlements.carriedIn,
  carriedOut: settlements.carriedOut,
});

export async function settlementPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  kind: SettlementKind,
  q: SettlementPageQuery,
): Promise<Page<SettlementRow>> {
  // Newest first when the user picks no order: the platform's lists default to `createdAt`
  // descending, which for settlements is the period's end.
  const columns = { ...SORTABLE, createdAt: settlements.periodEnd };
  return listPage(
    t,
    q,
    { columns, tieBreaker: settlements.id },
    {
      rows: db.select(rowColumns).from(settlements).$dynamic(),
      count: db.select({ total: count() }).from(settlements).$dynamic(),
      where: listFilter(scope, kind, q),
    },
    toRow,
  );
}

/** The totals of a list's filter, per currency: what the screen shows above the list. */
export async function settlementTotals(
  db: Executor,
  scope: Scope,
  kind: SettlementKind,
  q: Omit<SettlementPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>,
): Promise<SettlementTotals[]> {
  const countOf = (state: PayoutState) =>
    sql<number>`count(*) filter (where ${PAYOUT_STATE_IS[state]})`.mapWith(Number);
  const amountOf = (state: PayoutState) =>
    sql<number>`coalesce(sum(${settlements.transferAmount}) filter (where ${PAYOUT_STATE_IS[state]}), 0)::bigint`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      currency: settlements.currency,
      count: count(),
      transferAmount: sql<number>`sum(${settlements.transferAmount})::bigint`.mapWith(Number),
      carriedOut: sql<number>`sum(${settlements.carriedOut})::bigint`.mapWith(Number),
      notRemittedCount: countOf('notRemitted'),
      notRemittedAmount: amountOf('notRemitted'),
      inBatchCount: countOf('inBatch'),
      inBatchAmount: amountOf('inBatch'),
      remittedCount: countOf('remitted'),
      remittedAmount: amountOf('remitted'),
    })
    .from(settlements)
    .where(listFilter(scope, kind, q))
    .groupBy(settlements.currency)
    .orderBy(asc(settlements.currency));
  return rows.map((r) => ({
    currency: r.currency,
    count: r.count,
    transferAmount: r.transferAmount,
    carriedOut: r.carriedOut,
    payouts: {
      notRemitted: { count: r.notRemittedCount, amount: r.notRemittedAmount },
      inBatch: { count: r.inBatchCount, amount: r.inBatchAmount },
      remitted: { count: r.remittedCount, amount: r.remittedAmount },
    },
  }));
}

/** One settlement in the caller's scope, row-locked when asked (checkout), or NOT_FOUND. */
export async function findSettlement(db: Executor, scope: Scope, kind: SettlementKind, id: number) {
  const [row] = await db
    .select({ ...rowColumns, payee: settlements.payee, description: settlements.description })
    .from(settlements)
    .where(and(eq(settlements.id, id), settlementsIn(scope, kind)));
  if (!row) throw notFound();
  return { ...toRow(row), payee: row.payee, description: row.description };
}

/** A settlement's trail: its audit rows (closed, checked out, remitted, reversed), oldest first. */
export async function trailOf(db: Executor, id: number): Promise<SettlementTrailEntry[]> {
  const rows = await db
    .select({
      action: auditLog.action,
      operator: operators.userName,
      loginId: auditLog.loginId,
      at: auditLog.createdAt,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(and(eq(auditLog.objectType, 'settlement'), eq(auditLog.objectId, String(id))))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => ({
    action: r.action,
    operator: r.operator ?? (r.loginId === 'system' ? null : r.loginId),
    at: iso(r.at),
    detail: typeof r.after === 'object' && r.after && 'detail' in r.after ? String(r.after.detail) : '',
  }));
}

const lineCommon = {
  companyName: companies.name,
  brand: orders.brand,
  currency: orders.currency,
  gatewayOrderNo: orders.gatewayOrderNo,
};

/** What a line's page reads of an order or a refund: its time and charges may be null. */
type LineSelect = Omit<
  SettlementLine,
  'type' | 'gatewayRefundNo' | 'time' | 'commission' | 'rebate' | 'fee'
> & {
  time: Date | null;
  commission: number | null;
  rebate: number | null;
  fee: number | null;
};

/** A page of lines (read first, then their total): the time as ISO ('' for none), no charge null. */
async function linePage<R extends LineSelect>(
  rows: PromiseLike<R[]>,
  total: PromiseLike<{ total: number }[]>,
  page: PageInput,
  toLine: (r: R) => R & Pick<SettlementLine, 'type' | 'gatewayRefundNo'>,
): Promise<Page<SettlementLine>> {
  const records = await rows;
  const [counted] = await total;
  return pageOf(
    records.map((r) => ({
      ...toLine(r),
      time: r.time ? iso(r.time) : '',
      commission: r.commission ?? 0,
      rebate: r.rebate ?? 0,
      fee: r.fee ?? 0,
    })),
    Number(counted.total),
    page,
  );
}

/** A settlement's orders or refunds, a page at a time, in time order. */
export async function settlementLines(
  db: Executor,
  t: Translate,
  settlementId: number,
  q: SettlementLinesQuery,
): Promise<Page<SettlementLine>> {
  const page = { ...q, sortField: '', sortOrder: '' };
  const { limit, offset } = limitOffset(page);
  if (q.type === 'order') {
    const where = eq(settlementOrders.settlementId, settlementId);
    const rows = db
      .select({
        ...lineCommon,
        id: orders.id,
        clientNo: orders.clientOrderNo,
        time: orders.finishedAt,
        amount: orders.amount,
        commission: orders.commissionAmount,
        rebate: orders.rebateAmount,
        fee: orders.feeAmount,
      })
      .from(settlementOrders)
      .innerJoin(orders, eq(orders.id, settlementOrders.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(where)
      .orderBy(asc(orders.finishedAt), asc(orders.id))
      .limit(limit)
      .offset(offset);
    const total = db.select({ total: count() }).from(settlementOrders).where(where);
    return linePage(rows, total, page, (r) => ({ ...r, type: 'order', gatewayRefundNo: '' }));
  }
  if (q.type !== 'refund') throw fieldError(t, 'type', 'validation.oneOf');
  const where = eq(settlementRefunds.settlementId, settlementId);
  const rows = db
    .select({
      ...lineCommon,
      id: refunds.id,
      gatewayRefundNo: refunds.gatewayRefundNo,
      clientNo: refunds.clientRefundNo,
      time: refunds.finishedAt,
      amount: refunds.amount,
      commission: refunds.commissionAmount,
      rebate: refunds.rebateAmount,
      fee: refunds.feeAmount,
    })
    .from(settlementRefunds)
    .innerJoin(refunds, eq(refunds.id, settlementRefunds.refundId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(companies, eq(companies.id, refunds.companyId))
    .where(where)
    .orderBy(asc(refunds.finishedAt), asc(refunds.id))
    .limit(limit)
    .offset(offset);
  const total = db.select({ total: count() }).from(settlementRefunds).where(where);
  return linePage(rows, total, page, (r) => ({ ...r, type: 'refund' }));
}

/** The parties of a kind the caller may see: the list's filter options. */
export async function partiesOf(db: Executor, scope: Scope, kind: SettlementKind): Promise<OrgOption[]> {
  switch (kind) {
    case 'merchant':
      return db
        .select({ id: companies.id, name: companies.name, status: companies.status })
        .from(companies)
        .where(
          scope.level === 'system' || scope.level === 'serviceProvider' ? companiesIn(scope) : sql`false`,
        )
        .orderBy(asc(companies.name));
    case 'agent':
      return db
        .select({ id: agents.id, name: agents.name, status: agents.status })
        .from(agents)
        .where(scope.level === 'system' || scope.level === 'serviceProvider' ? agentsIn(scope) : sql`false`)
        .orderBy(asc(agents.name));
    case 'brand':
      return db
        .select({ id: brandAgents.id, name: brandAgents.name, status: brandAgents.status })
        .from(brandAgents)
        .where(scope.level === 'system' ? undefined : sql`false`)
        .orderBy(asc(brandAgents.name));
  }
}

/** Settlements of a batch (newest period first), for its summary and the remit/reverse moves. */
export const settlementIdsOfBatch = (db: Executor, batchId: number) =>
  db
    .select({ id: settlements.id })
    .from(settlements)
    .where(eq(settlements.batchId, batchId))
    .orderBy(desc(settlements.periodEnd));
