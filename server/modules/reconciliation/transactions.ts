import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  BrandTransactionExportQuery,
  BrandTransactionQuery,
  BrandTransactionRow,
} from '../../../src/contract/brandTransactions';
import { reconciliationCalls } from '../../../src/contract/calls/reconciliation';
import type { Page } from '../../../src/contract/envelope';
import { BRAND_TRANSACTION_LISTS } from '../../../src/contract/lists/brandTransactions';
import { RECON_GROUP_BRANDS, RECON_GROUPS, type ReconGroup } from '../../../src/contract/reconciliation';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { companies, orders, reconciliationResults, reconciliationRuns, statementRows } from '../../db/schema';
import type { Api, CallContext } from '../../platform/api';
import type { ExportFormat } from '../../../src/contract/exports';
import type { FileDownload } from '../../platform/exports';
import { between, periodExport, type Key, type ListRows, type Select } from '../../platform/listExport';
import type { ExportSources } from '../../platform/exportColumns';
import { iso, listPage, sortColumns } from '../../platform/lists';
import { ordersIn, scopeOf, type Scope } from '../../platform/scope';

/**
 * The brands' transactions as their statements list them (/history/walletTrade,
 * /history/paypayTrade; docs/reconciliation.md, "Pages"): the rows of each brand and day's
 * current run, with the result they were given and the order they were matched to. The platform's
 * roles see every row; the others only rows matched to an order within their scope (a row that
 * is none of ours belongs to no tenant).
 */

/** The list's filter: the group's brands, the current runs of the period, and the caller's scope. */
function filterOf(
  db: Executor,
  scope: Scope,
  group: ReconGroup,
  q: BrandTransactionExportQuery,
): SQL | undefined {
  const no = q.orderNo.trim();
  return and(
    isNull(reconciliationRuns.replacedByRunId),
    // A refused day keeps the rows of its files that parsed, for a corrected file to join; they
    // were not matched, and the day's page shows the refusal.
    eq(reconciliationRuns.status, 'matched'),
    q.brand
      ? eq(reconciliationRuns.brand, q.brand)
      : inArray(reconciliationRuns.brand, [...RECON_GROUP_BRANDS[group]]),
    sql`${reconciliationRuns.businessDay} between ${q.beginTime} and ${q.endTime}`,
    q.kind ? eq(statementRows.kind, q.kind) : undefined,
    q.code ? eq(reconciliationResults.code, Number(q.code) as 1) : undefined,
    no
      ? or(
          eq(statementRows.brandOrderNo, no),
          eq(statementRows.gatewayOrderNo, no),
          eq(statementRows.brandRefundNo, no),
          eq(statementRows.gatewayRefundNo, no),
          eq(orders.gatewayOrderNo, no),
        )
      : undefined,
    scope.level === 'system'
      ? undefined
      : and(sql`${statementRows.orderId} is not null`, ordersIn(db, scope)),
  );
}

/** What the list and its exports both show of a statement row as it is stored. */
const rowFacts = {
  brand: reconciliationRuns.brand,
  kind: statementRows.kind,
  time: statementRows.time,
  brandOrderNo: statementRows.brandOrderNo,
  gatewayOrderNo: statementRows.gatewayOrderNo,
  brandRefundNo: statementRows.brandRefundNo,
  gatewayRefundNo: statementRows.gatewayRefundNo,
  statusRaw: statementRows.statusRaw,
  amount: statementRows.amount,
  currency: statementRows.currency,
};

const rowColumns = {
  ...rowFacts,
  id: statementRows.id,
  businessDay: reconciliationRuns.businessDay,
  line: statementRows.line,
  fee: statementRows.fee,
  code: reconciliationResults.code,
  resolution: reconciliationResults.resolution,
  orderId: orders.id,
  orderNo: orders.gatewayOrderNo,
  companyName: companies.name,
};

/**
 * statement_rows with its run, its result and the order it names (the list's FROM). One select
 * per use (rows, count, export): drizzle types a join chain only on concrete fields.
 */
const JOINS = {
  run: eq(reconciliationRuns.id, statementRows.runId),
  result: eq(reconciliationResults.statementRowId, statementRows.id),
  order: eq(orders.id, statementRows.orderId),
  company: eq(companies.id, orders.companyId),
};
const rowsQuery = (db: Executor) =>
  db
    .select(rowColumns)
    .from(statementRows)
    .innerJoin(reconciliationRuns, JOINS.run)
    .leftJoin(reconciliationResults, JOINS.result)
    .leftJoin(orders, JOINS.order)
    .leftJoin(companies, JOINS.company)
    .$dynamic();
const countQuery = (db: Executor) =>
  db
    .select({ total: count() })
    .from(statementRows)
    .innerJoin(reconciliationRuns, JOINS.run)
    .leftJoin(reconciliationResults, JOINS.result)
    .leftJoin(orders, JOINS.order)
    .$dynamic();

type Joined = Awaited<ReturnType<typeof rowsQuery>>[number];

const toRow = (r: Joined): BrandTransactionRow => ({
  id: r.id,
  brand: r.brand,
  businessDay: r.businessDay,
  line: r.line,
  kind: r.kind === 'refund' ? 'refund' : 'payment',
  time: iso(r.time),
  brandOrderNo: r.brandOrderNo,
  gatewayOrderNo: r.gatewayOrderNo,
  brandRefundNo: r.brandRefundNo,
  gatewayRefundNo: r.gatewayRefundNo,
  statusRaw: r.statusRaw,
  amount: r.amount,
  fee: r.fee,
  currency: r.currency,
  code: r.code,
  resolution: r.resolution,
  order:
    r.orderId === null
      ? null
      : { id: r.orderId, gatewayOrderNo: r.orderNo ?? '', companyName: r.companyName ?? '' },
});

export async function brandTransactionPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  group: ReconGroup,
  q: BrandTransactionQuery,
): Promise<Page<BrandTransactionRow>> {
  const columns = sortColumns(BRAND_TRANSACTION_LISTS[group], {
    time: statementRows.time,
    amount: statementRows.amount,
  });
  return listPage(
    t,
    q,
    { columns: { ...columns, createdAt: statementRows.time }, tieBreaker: statementRows.id },
    {
      rows: rowsQuery(db),
      count: countQuery(db),
      where: filterOf(db, scope, group, q),
    },
    toRow,
  );
}

/* ---- Exports ---- */

const KEY: Key = { createdAt: statementRows.time, id: statementRows.id };

const sources = {
  ...rowFacts,
  businessDay: sql<string>`(${reconciliationRuns.businessDay})::text`,
  line: sql<string>`(${statementRows.line})::text`,
  brandFee: statementRows.fee,
  auditResult: sql<string>`(${reconciliationResults.code})::text`,
  companyName: companies.name,
} satisfies ExportSources<string>;

const exportRows = (group: ReconGroup): ListRows<BrandTransactionExportQuery> => ({
  list: BRAND_TRANSACTION_LISTS[group].exports,
  what: `${group}Transactions`,
  key: KEY,
  sources,
  select:
    (db, scope, _t, _zone, q): Select =>
    (fields, from, to) =>
      db
        .select(fields)
        .from(statementRows)
        .innerJoin(reconciliationRuns, JOINS.run)
        .leftJoin(reconciliationResults, JOINS.result)
        .leftJoin(orders, JOINS.order)
        .leftJoin(companies, JOINS.company)
        .where(and(filterOf(db, scope, group, q), between(KEY, from, to ?? null)))
        .orderBy(desc(statementRows.time), desc(statementRows.id)),
});

const exportOf = (
  c: CallContext<BrandTransactionExportQuery, string>,
  group: ReconGroup,
  format: ExportFormat,
): Promise<FileDownload> => periodExport(c, format, exportRows(group));

/** The brand transactions' calls of both groups. */
export function brandTransactionRoutes(api: Api) {
  for (const group of RECON_GROUPS) {
    const calls = reconciliationCalls.brandTransactions[group];
    api.call(calls.page, async (c) => ({
      result: await brandTransactionPage(c.deps.db, scopeOf(c.principal), c.t, group, c.input),
    }));
    api.call(calls.exportExcel, async (c) => ({ file: await exportOf(c, group, 'xlsx') }));
    api.call(calls.exportCsv, async (c) => ({ file: await exportOf(c, group, 'csv') }));
  }
}
