import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import type { ReconPageQuery } from '../../../src/contract/lists/reconciliation';
import { RECON_LISTS } from '../../../src/contract/lists/reconciliation';
import { PAID_STATUSES } from '../../../src/contract/orders';
import {
  AUDIT_CODE,
  AUDIT_CODES,
  RECON_GROUP_BRANDS,
  emptyCounts,
  isDayState,
  type AuditCode,
  type DayState,
  type OrderReconciliation,
  type ReconDayCounts,
  type ReconDayRow,
  type ReconGroup,
  type ReconResult,
  type ReconResultsQuery,
  type ReconRun,
  type ReconRunsQuery,
  type ReconTotals,
} from '../../../src/contract/reconciliation';
import type { PayBrand } from '../../../src/contract/brands';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import {
  companies,
  orders,
  reconciliationResults as results,
  reconciliationRuns as runs,
  refunds,
  statementRows,
} from '../../db/schema';
import { iso, limitOffset, listPage, pageOf, sortColumns } from '../../platform/lists';
import { ordersIn, type Scope } from '../../platform/scope';

/**
 * Reading reconciliation results (docs/reconciliation.md, "The pages"). System roles see every
 * result; other roles only the results of orders in their scope (never a 200 row: it has no
 * order), and every count is made of those rows alone.
 */

/** The results the caller may see. */
export function resultsIn(db: Executor, scope: Scope): SQL | undefined {
  if (scope.level === 'system') return undefined;
  return inArray(results.orderId, db.select({ id: orders.id }).from(orders).where(ordersIn(db, scope)));
}

/** How many of the run's results (in scope) meet `cond`: a subquery of a select from runs. */
const resultCount = (db: Executor, scope: Scope, cond?: SQL) =>
  sql<number>`(select count(*) from ${results} where ${and(
    eq(results.runId, runs.id),
    cond,
    resultsIn(db, scope),
  )})`.mapWith(Number);

const openCond = sql`${results.code} <> ${AUDIT_CODE.matched} and ${results.resolution} is null`;

/** Whether the run has a result in the caller's scope meeting `cond`: a subquery of a select from runs. */
const anyResult = (db: Executor, scope: Scope, cond: SQL) =>
  sql`exists (select 1 from ${results} where ${and(eq(results.runId, runs.id), cond, resultsIn(db, scope))})`;

/**
 * The state of each run (its day's, for the current run) from its results in the caller's scope,
 * the first that holds (docs/reconciliation.md, "The day's state"): refused, differences (an open
 * exception), waiting (a held result), resolved (exceptions, all resolved), matched.
 */
export const stateField = (db: Executor, scope: Scope) =>
  sql<DayState>`(case
    when ${runs.status} = 'refused' then 'refused'
    when ${anyResult(db, scope, openCond)} then 'differences'
    when ${anyResult(db, scope, isNull(results.code))} then 'waiting'
    when ${anyResult(db, scope, sql`${results.code} <> ${AUDIT_CODE.matched}`)} then 'resolved'
    else 'matched' end)`.mapWith(dayState);

function dayState(v: unknown): DayState {
  if (!isDayState(v)) throw new TypeError(`not a day state: ${String(v)}`);
  return v;
}

/** The counts per code, held and open of each run, as subqueries (the caller's rows only). */
export function countFields(db: Executor, scope: Scope) {
  const byCode = (code: AuditCode) => resultCount(db, scope, eq(results.code, code));
  return {
    code1: byCode(1),
    code100: byCode(100),
    code200: byCode(200),
    code300: byCode(300),
    code400: byCode(400),
    code500: byCode(500),
    code600: byCode(600),
    held: resultCount(db, scope, isNull(results.code)),
    openExceptions: resultCount(db, scope, openCond),
  };
}

type CountSelect = { [K in keyof ReturnType<typeof countFields>]: number } & { state: DayState };

const countsOf = (r: CountSelect): ReconDayCounts => ({
  state: r.state,
  counts: {
    ...emptyCounts(),
    '1': r.code1,
    '100': r.code100,
    '200': r.code200,
    '300': r.code300,
    '400': r.code400,
    '500': r.code500,
    '600': r.code600,
    held: r.held,
  },
  open: r.openExceptions,
});

/** A run with at least one result in the caller's scope (all runs for system roles). */
const hasRows = (db: Executor, scope: Scope, cond?: SQL) =>
  scope.level === 'system' && !cond ? undefined : anyResult(db, scope, cond ?? sql`true`);

type DayFilter = Omit<ReconPageQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The days list's filter: current runs of the group's brands in the period, brand, exceptions, code. */
export function dayFilter(db: Executor, scope: Scope, group: ReconGroup, q: DayFilter): SQL | undefined {
  const brands: readonly PayBrand[] = RECON_GROUP_BRANDS[group];
  const code = q.code ? Number(q.code) : null;
  return and(
    isNull(runs.replacedByRunId),
    inArray(runs.brand, q.brand ? [q.brand] : [...brands]),
    gte(runs.businessDay, q.beginTime),
    lte(runs.businessDay, q.endTime),
    hasRows(db, scope),
    q.exceptions === 'any' ? hasRows(db, scope, sql`${results.code} <> ${AUDIT_CODE.matched}`) : undefined,
    q.exceptions === 'open' ? hasRows(db, scope, openCond) : undefined,
    code !== null && AUDIT_CODES.some((c) => c === code)
      ? hasRows(db, scope, eq(results.code, code as AuditCode))
      : undefined,
  );
}

const runFacts = {
  runId: runs.id,
  brand: runs.brand,
  businessDay: runs.businessDay,
  status: runs.status,
  source: runs.source,
  fileName: runs.fileName,
  refusalLine: runs.refusalLine,
  refusalReason: runs.refusalReason,
  refusalDetail: runs.refusalDetail,
  holdingUntil: runs.holdingUntil,
  finishedAt: runs.finishedAt,
};

const SORTABLE = sortColumns(RECON_LISTS.wallet, { businessDay: runs.businessDay });

const paidStatuses = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Net amounts per currency of runs (the caller's rows): ours (paid orders, minus succeeded
 * refunds) and the statement's (its success rows, refunds negative).
 */
export async function totalsOf(
  db: Executor,
  scope: Scope,
  runIds: readonly number[],
): Promise<Map<number, ReconTotals[]>> {
  const out = new Map<number, ReconTotals[]>();
  if (runIds.length === 0) return out;
  const currency = sql<string>`coalesce(${refunds.currency}, ${orders.currency}, ${statementRows.currency})`;
  const rows = await db
    .select({
      runId: results.runId,
      currency,
      ours: sql<number>`coalesce(sum(case
          when ${results.refundId} is not null then case when ${refunds.status} = 'success' then -${refunds.amount} else 0 end
          when ${orders.status} in (${paidStatuses}) then ${orders.amount} else 0 end), 0)::bigint`.mapWith(
        Number,
      ),
      statement: sql<number>`coalesce(sum(case when ${statementRows.status} = 'success' then
          case when ${statementRows.kind} = 'refund' then -${statementRows.amount} else ${statementRows.amount} end
          else 0 end), 0)::bigint`.mapWith(Number),
    })
    .from(results)
    .leftJoin(orders, eq(orders.id, results.orderId))
    .leftJoin(refunds, eq(refunds.id, results.refundId))
    .leftJoin(statementRows, eq(statementRows.id, results.statementRowId))
    .where(and(inArray(results.runId, [...runIds]), resultsIn(db, scope)))
    .groupBy(results.runId, currency)
    .orderBy(asc(currency));
  for (const r of rows) {
    const list = out.get(r.runId) ?? [];
    list.push({ currency: r.currency, ours: r.ours, statement: r.statement });
    out.set(r.runId, list);
  }
  return out;
}

/** The days list: one row per brand and business day with a current run, newest day first. */
export async function dayPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  group: ReconGroup,
  q: ReconPageQuery,
): Promise<Page<ReconDayRow>> {
  const page = await listPage(
    t,
    q,
    { columns: { ...SORTABLE, createdAt: runs.businessDay }, tieBreaker: runs.id },
    {
      rows: db
        .select({ ...runFacts, ...countFields(db, scope), state: stateField(db, scope) })
        .from(runs)
        .$dynamic(),
      count: db.select({ total: count() }).from(runs).$dynamic(),
      where: dayFilter(db, scope, group, q),
    },
    (r) => ({
      ...r,
      ...countsOf(r),
      holdingUntil: iso(r.holdingUntil),
      finishedAt: iso(r.finishedAt),
      totals: [] as ReconTotals[],
    }),
  );
  const totals = await totalsOf(
    db,
    scope,
    page.records.map((r) => r.runId),
  );
  return { ...page, records: page.records.map((r) => ({ ...r, totals: totals.get(r.runId) ?? [] })) };
}

/** A brand-day's runs, newest first, each with the caller's counts (only runs with rows of theirs). */
export async function runsOf(db: Executor, scope: Scope, q: ReconRunsQuery): Promise<ReconRun[]> {
  const rows = await db
    .select({
      ...runFacts,
      replacedByRunId: runs.replacedByRunId,
      contentHash: runs.contentHash,
      files: runs.files,
      rowCount: runs.rowCount,
      startedAt: runs.startedAt,
      ...countFields(db, scope),
      state: stateField(db, scope),
    })
    .from(runs)
    .where(and(eq(runs.brand, q.brand), eq(runs.businessDay, q.day), hasRows(db, scope)))
    .orderBy(desc(runs.id));
  return rows.map((r) => ({
    id: r.runId,
    brand: r.brand,
    businessDay: r.businessDay,
    current: r.replacedByRunId === null,
    status: r.status,
    source: r.source,
    fileName: r.fileName,
    hashPrefix: r.contentHash.slice(0, 12),
    files: r.files.map((f) => ({
      fileName: f.fileName,
      currency: f.currency,
      hashPrefix: f.contentHash.slice(0, 12),
      refused: f.refusal !== null,
    })),
    rowCount: r.rowCount,
    refusalLine: r.refusalLine,
    refusalReason: r.refusalReason,
    refusalDetail: r.refusalDetail,
    holdingUntil: iso(r.holdingUntil),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    ...countsOf(r),
  }));
}

/** What a result shows: the code, our record, the statement row, the difference, the resolution. */
const resultColumns = {
  id: results.id,
  runId: results.runId,
  code: results.code,
  diff: results.diff,
  resolution: results.resolution,
  resolutionComment: results.resolutionComment,
  resolvedByName: results.resolvedByName,
  resolvedAt: results.resolvedAt,
  orderId: orders.id,
  gatewayOrderNo: orders.gatewayOrderNo,
  clientOrderNo: orders.clientOrderNo,
  brandOrderNo: orders.brandOrderNo,
  orderAmount: orders.amount,
  orderFee: orders.feeAmount,
  orderCurrency: orders.currency,
  orderStatus: orders.status,
  companyName: companies.name,
  refundId: refunds.id,
  gatewayRefundNo: refunds.gatewayRefundNo,
  refundAmount: refunds.amount,
  refundFee: refunds.feeAmount,
  refundCurrency: refunds.currency,
  refundStatus: refunds.status,
  rowId: statementRows.id,
  line: statementRows.line,
  rowKind: statementRows.kind,
  rowBrandOrderNo: statementRows.brandOrderNo,
  rowGatewayOrderNo: statementRows.gatewayOrderNo,
  rowBrandRefundNo: statementRows.brandRefundNo,
  rowGatewayRefundNo: statementRows.gatewayRefundNo,
  rowAmount: statementRows.amount,
  rowFee: statementRows.fee,
  rowCurrency: statementRows.currency,
  rowStatus: statementRows.status,
  rowStatusRaw: statementRows.statusRaw,
  rowTime: statementRows.time,
};

type ResultSelect = Awaited<ReturnType<typeof selectResults>>[number];

const selectResults = (db: Executor, where: SQL | undefined) =>
  db
    .select(resultColumns)
    .from(results)
    .leftJoin(orders, eq(orders.id, results.orderId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(refunds, eq(refunds.id, results.refundId))
    .leftJoin(statementRows, eq(statementRows.id, results.statementRowId))
    .where(where)
    .$dynamic();

export function toResult(r: ResultSelect): ReconResult {
  const refund = r.refundId !== null;
  return {
    id: r.id,
    runId: r.runId,
    code: r.code,
    ours:
      r.orderId === null
        ? null
        : {
            orderId: r.orderId,
            gatewayOrderNo: r.gatewayOrderNo ?? '',
            clientOrderNo: r.clientOrderNo ?? '',
            brandOrderNo: r.brandOrderNo ?? '',
            refundId: r.refundId,
            gatewayRefundNo: r.gatewayRefundNo,
            amount: (refund ? r.refundAmount : r.orderAmount) ?? 0,
            fee: (refund ? r.refundFee : r.orderFee) ?? 0,
            currency: (refund ? r.refundCurrency : r.orderCurrency) ?? '',
            status: (refund ? r.refundStatus : r.orderStatus) ?? '',
            companyName: r.companyName ?? '',
          },
    statement:
      r.rowId === null
        ? null
        : {
            line: r.line ?? 0,
            kind: r.rowKind === 'refund' ? 'refund' : 'payment',
            brandOrderNo: r.rowBrandOrderNo,
            gatewayOrderNo: r.rowGatewayOrderNo,
            brandRefundNo: r.rowBrandRefundNo,
            gatewayRefundNo: r.rowGatewayRefundNo,
            amount: r.rowAmount ?? 0,
            fee: r.rowFee,
            currency: r.rowCurrency ?? '',
            status: r.rowStatus ?? '',
            statusRaw: r.rowStatusRaw ?? '',
            time: r.rowTime ? iso(r.rowTime) : '',
          },
    diff: r.diff,
    resolution:
      r.resolution === null
        ? null
        : {
            decision: r.resolution,
            comment: r.resolutionComment ?? '',
            by: r.resolvedByName ?? '',
            at: r.resolvedAt ? iso(r.resolvedAt) : '',
          },
  };
}

/** The current run of a brand-day, if any. */
export async function currentRunOf(db: Executor, brand: PayBrand, day: string) {
  const [run] = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.brand, brand), eq(runs.businessDay, day), isNull(runs.replacedByRunId)));
  return run ?? null;
}

/** The filter of a day's results: a code (or every exception, or held) and open / resolved. */
function resultFilter(q: Pick<ReconResultsQuery, 'code' | 'state'>): SQL | undefined {
  const exception = sql`${results.code} <> ${AUDIT_CODE.matched}`;
  const code =
    q.code === 'review'
      ? or(exception, isNull(results.code))
      : q.code === 'exceptions'
        ? exception
        : q.code === 'held'
          ? isNull(results.code)
          : q.code
            ? eq(results.code, Number(q.code) as AuditCode)
            : undefined;
  const state =
    q.state === 'open'
      ? and(sql`${results.code} <> ${AUDIT_CODE.matched}`, isNull(results.resolution))
      : q.state === 'resolved'
        ? sql`${results.resolution} is not null`
        : undefined;
  return and(code, state);
}

/** A brand-day's current results in the caller's scope, exceptions first, a page at a time. */
export async function resultPage(
  db: Executor,
  scope: Scope,
  q: ReconResultsQuery,
): Promise<Page<ReconResult>> {
  const paging = { pageNum: q.pageNum, pageSize: q.pageSize, sortField: '', sortOrder: '' };
  const run = await currentRunOf(db, q.brand, q.day);
  if (!run) return pageOf([], 0, paging);
  const where = and(eq(results.runId, run.id), resultFilter(q), resultsIn(db, scope));
  const { limit, offset } = limitOffset(paging);
  const rows = await selectResults(db, where)
    .orderBy(
      sql`case when ${results.code} is null then 1 when ${results.code} = ${AUDIT_CODE.matched} then 2 else 0 end`,
      asc(results.id),
    )
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(results).where(where);
  return pageOf(rows.map(toResult), Number(total), paging);
}

/** One result by id (no scope: the resolving roles are the platform's). */
export async function resultById(db: Executor, id: number): Promise<ReconResult | null> {
  const [row] = await selectResults(db, eq(results.id, id));
  return row ? toResult(row) : null;
}

/**
 * The order detail's reconciliation: its payment's result in the current run of a day
 * (the latest day when a payment's row came in more than one day's statement), or null.
 */
export async function orderReconciliation(
  db: Executor,
  orderId: number,
): Promise<OrderReconciliation | null> {
  const [row] = await selectResults(
    db,
    and(
      eq(results.orderId, orderId),
      isNull(results.refundId),
      sql`${results.runId} in (select id from ${runs} where ${isNull(runs.replacedByRunId)})`,
    ),
  )
    .orderBy(desc(results.runId))
    .limit(1);
  if (!row) return null;
  const [run] = await db
    .select({ brand: runs.brand, businessDay: runs.businessDay })
    .from(runs)
    .where(eq(runs.id, row.runId));
  return { ...toResult(row), brand: run.brand, businessDay: run.businessDay };
}
