/**
 * The summary list (`/report/reportList/list` and its exports, docs/reports.md "The summary
 * list"): the order and refund summaries (folded totals and the deltas not yet folded, read in
 * one statement) per day or month × organisation × brand × currency within the caller's scope,
 * the totals per currency of every row the filter selects, and the same rows as a file.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { ExportFormat } from '../../../src/contract/exports';
import {
  REPORT_LIST,
  type ReportExportQuery,
  type ReportListQuery,
  type ReportSeriesQuery,
} from '../../../src/contract/lists/reports';
import type {
  ReportFigures,
  ReportPage,
  ReportPoint,
  ReportRow,
  ReportSeriesReply,
  ReportTotals,
} from '../../../src/contract/reports';
import type { PayBrand } from '../../../src/contract/brands';
import { textOr, type Translate } from '../../../src/i18n';
import { rowsOf, type Executor } from '../../db/client';
import { cursorBatches, poolOf } from '../../db/cursor';
import {
  branchUnits,
  companies,
  orderDayCompanyTotals,
  orderDayDeltas,
  orderDayTotals,
} from '../../db/schema';
import type { CallContext } from '../../platform/api';
import { exportHeaders, exportWidths } from '../../platform/exportColumns';
import { csvFile, csvLine, primed, xlsxFile, type Cell, type FileDownload } from '../../platform/exports';
import { auditExport, periodFileNames } from '../../platform/listExport';
import { fieldError } from '../../platform/lists';
import { branchesIn, companiesIn, ordersIn, scopeOf, type Scope } from '../../platform/scope';

/** The list's filters (the exports' input: no paging). */
type Filter = ReportExportQuery;

/** A grouped row as the statement gives it (bigint sums as text). */
interface GroupRow {
  period: string;
  company_id: number;
  branch_unit_id: number | null;
  brand: PayBrand | '';
  currency: string;
  company_name: string;
  branch_name: string | null;
  orders: string;
  paid_count: string;
  paid_amount: string;
  refund_count: string;
  refund_amount: string;
  commission: string;
  rebate: string;
  net: string;
  provisional: string;
  matched: string;
  settled: string;
  paid_out: string;
}

/** The columns of a grouped row, in the order the statement selects them (the export's portal decodes by it). */
const GROUP_COLUMNS = [
  'period',
  'company_id',
  'branch_unit_id',
  'brand',
  'currency',
  'company_name',
  'branch_name',
  'orders',
  'paid_count',
  'paid_amount',
  'refund_count',
  'refund_amount',
  'commission',
  'rebate',
  'net',
  'provisional',
  'matched',
  'settled',
  'paid_out',
] as const satisfies readonly (keyof GroupRow)[];

/** The figures every grouped row and every currency's totals select. */
const FIGURES = sql.raw(`sum(orders)::bigint as orders, sum(paid_count)::bigint as paid_count,
  sum(paid_amount)::bigint as paid_amount, sum(refund_count)::bigint as refund_count,
  sum(refund_amount)::bigint as refund_amount,
  sum(commission - refund_commission)::bigint as commission,
  sum(rebate - refund_rebate)::bigint as rebate,
  sum(paid_amount - refund_amount)::bigint as net,
  coalesce(sum(paid_amount) filter (where proof = 1), 0)::bigint as provisional,
  coalesce(sum(paid_amount) filter (where proof = 2), 0)::bigint as matched,
  coalesce(sum(paid_amount) filter (where proof = 3), 0)::bigint as settled,
  coalesce(sum(paid_amount) filter (where proof = 4), 0)::bigint as paid_out`);

const SORTS = {
  period: 'g.period',
  paidCount: 'g.paid_count',
  paidAmount: 'g.paid_amount',
  refundAmount: 'g.refund_amount',
  net: 'g.net',
} satisfies Record<(typeof REPORT_LIST.sortFields)[number], string>;

/** Whether the rows are per branch: a company's own roles, or a company picked in the filter. */
const perBranch = (scope: Scope, q: Filter) => scope.level === 'company' || Boolean(q.companyId);

/**
 * A company or branch picked in the filter must be one the caller may see (and the branch one of
 * the company picked): another tenant's id is refused, never answered with an empty list.
 */
export async function checkOrganisations(
  db: Executor,
  t: Translate,
  scope: Scope,
  q: { companyId?: number | null; branchUnitId?: number | null },
) {
  if (q.companyId) {
    const [found] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, q.companyId), companiesIn(scope)));
    if (!found) throw fieldError(t, 'companyId', 'validation.outOfScope');
  }
  if (q.branchUnitId) {
    const [found] = await db
      .select({ id: branchUnits.id })
      .from(branchUnits)
      .where(
        and(
          eq(branchUnits.id, q.branchUnitId),
          q.companyId ? eq(branchUnits.companyId, q.companyId) : undefined,
          branchesIn(db, scope),
        ),
      );
    if (!found) throw fieldError(t, 'branchUnitId', 'validation.outOfScope');
  }
}

/**
 * The summary cells the filter selects within the scope (days `from`–`to`, the filter's unless
 * given), grouped into the list's rows, or per period and currency for the chart (a CTE `g`).
 */
function grouped(
  db: Executor,
  scope: Scope,
  q: Filter,
  by: 'rows' | 'periods' = 'rows',
  days: { from: string; to: string } = { from: q.beginTime, to: q.endTime },
): SQL {
  // Rows per company and no branch asked for: the roll-up per company (a ninth of the cells).
  const rollup = !perBranch(scope, q) && !q.branchUnitId;
  const part = (t: typeof orderDayTotals | typeof orderDayDeltas | typeof orderDayCompanyTotals) =>
    sql`select day, company_id, ${'branchUnitId' in t ? t.branchUnitId : sql.raw('0')} as branch_unit_id, brand,
        currency, proof, orders, paid_count, paid_amount, commission, rebate, refund_count,
        refund_amount, refund_commission, refund_rebate
      from ${t} where ${and(
        gte(t.day, days.from),
        lte(t.day, days.to),
        q.companyId ? eq(t.companyId, q.companyId) : undefined,
        q.branchUnitId && 'branchUnitId' in t ? eq(t.branchUnitId, q.branchUnitId) : undefined,
        q.brand ? eq(t.brand, q.brand) : undefined,
        q.currency ? eq(t.currency, q.currency) : undefined,
        ordersIn(db, scope, t.companyId, 'branchUnitId' in t ? t.branchUnitId : undefined),
      )}`;
  const period = q.grouping === 'month' ? sql.raw(`to_char(day, 'YYYY-MM')`) : sql.raw('day::text');
  const branch = perBranch(scope, q) ? sql.raw('branch_unit_id') : sql.raw('null::int');
  const dimensions =
    by === 'rows'
      ? sql`${period} as period, company_id, ${branch} as branch_unit_id, brand, currency`
      : sql`${period} as period, currency`;
  return sql`g as (
    select ${dimensions}, ${FIGURES}
    from (${part(rollup ? orderDayCompanyTotals : orderDayTotals)} union all ${part(orderDayDeltas)}) c
    group by ${sql.raw(by === 'rows' ? '1, 2, 3, 4, 5' : '1, 2')}
    having sum(orders) <> 0 or sum(refund_count) <> 0
  )`;
}

/** The order of the list's rows (ties by period, organisation, brand and currency: pages never overlap). */
function orderingOf(order: { field: string; desc: boolean }): SQL {
  const column = Object.hasOwn(SORTS, order.field) ? SORTS[order.field as keyof typeof SORTS] : null;
  if (!column) throw new Error(`unknown sort ${order.field}`);
  const dir = order.desc ? 'desc' : 'asc';
  return sql.raw(
    `${column} ${dir}, g.period ${dir}, c.name, g.company_id, b.name nulls first, g.branch_unit_id nulls first, g.brand, g.currency`,
  );
}

/** The select of the grouped rows with their organisations' names (after `with g as …`). */
const ROWS_SELECT = sql.raw(`select g.period, g.company_id, g.branch_unit_id, g.brand, g.currency,
      c.name as company_name, b.name as branch_name, g.orders, g.paid_count, g.paid_amount,
      g.refund_count, g.refund_amount, g.commission, g.rebate, g.net, g.provisional, g.matched,
      g.settled, g.paid_out
    from g join companies c on c.id = g.company_id
      left join branch_units b on b.id = g.branch_unit_id`);

/** Every grouped row with its organisations' names, in the list's order (the exports). */
function rowsStatement(db: Executor, scope: Scope, q: Filter, order: { field: string; desc: boolean }): SQL {
  return sql`with ${grouped(db, scope, q)} ${ROWS_SELECT} order by ${orderingOf(order)}`;
}

const figuresOf = (
  r: Omit<
    GroupRow,
    'period' | 'company_id' | 'branch_unit_id' | 'brand' | 'currency' | 'company_name' | 'branch_name'
  >,
): ReportFigures => ({
  orders: Number(r.orders),
  paidCount: Number(r.paid_count),
  paidAmount: Number(r.paid_amount),
  refundCount: Number(r.refund_count),
  refundAmount: Number(r.refund_amount),
  commission: Number(r.commission),
  rebate: Number(r.rebate),
  net: Number(r.net),
  paidProof: {
    provisional: Number(r.provisional),
    matched: Number(r.matched),
    settled: Number(r.settled),
    paidOut: Number(r.paid_out),
  },
});

/** The business days of a row's period that lie within the filter's. */
function daysOf(period: string, q: Filter): { from: string; to: string } {
  if (period.length === 10) return { from: period, to: period };
  const month = DateTime.fromISO(`${period}-01`);
  const first = month.toISODate()!;
  const last = month.endOf('month').toISODate()!;
  return { from: first > q.beginTime ? first : q.beginTime, to: last < q.endTime ? last : q.endTime };
}

const toRow = (r: GroupRow, q: Filter, byBranch: boolean): ReportRow => ({
  period: r.period,
  ...daysOf(r.period, q),
  companyId: r.company_id,
  companyName: r.company_name,
  branchUnitId: byBranch ? (r.branch_unit_id ?? 0) : null,
  branchUnitName: byBranch ? r.branch_name : null,
  brand: r.brand,
  currency: r.currency,
  ...figuresOf(r),
});

/** A currency's sums of every row, with how many rows it has. */
type TotalsRow = Omit<
  GroupRow,
  'period' | 'company_id' | 'branch_unit_id' | 'brand' | 'company_name' | 'branch_name'
> & {
  rows: number;
};

/** Every row's figures summed per currency (never across currencies), with how many rows each has. */
const TOTALS_SELECT = sql.raw(`select currency, count(*)::int as rows, sum(orders) as orders,
    sum(paid_count) as paid_count, sum(paid_amount) as paid_amount, sum(refund_count) as refund_count,
    sum(refund_amount) as refund_amount, sum(commission) as commission, sum(rebate) as rebate,
    sum(net) as net, sum(provisional) as provisional, sum(matched) as matched,
    sum(settled) as settled, sum(paid_out) as paid_out
  from g group by currency`);

const totalsOf = (rows: TotalsRow[]) =>
  rows.map((r): ReportTotals => ({ currency: r.currency, ...figuresOf(r) }));

/** The totals per currency alone (the exports' last rows), biggest first. */
async function totalsFor(db: Executor, scope: Scope, q: Filter): Promise<ReportTotals[]> {
  return totalsOf(
    rowsOf<TotalsRow>(
      await db.execute(
        sql`with ${grouped(db, scope, q)} select * from (${TOTALS_SELECT}) t order by t.paid_amount desc, t.currency`,
      ),
    ),
  );
}

/**
 * One page of the list and the totals per currency of every row the filter selects (never
 * across currencies), in one statement: the grouped cells (`g`, read twice, so computed once)
 * give both.
 */
export async function reportPage(
  db: Executor,
  scope: Scope,
  t: Translate,
  q: ReportListQuery,
  now = new Date(),
): Promise<ReportPage> {
  if (q.sortField && !Object.hasOwn(SORTS, q.sortField)) throw fieldError(t, 'sortField', 'validation.oneOf');
  await checkOrganisations(db, t, scope, q);
  const byBranch = perBranch(scope, q);
  const ordering = orderingOf({ field: q.sortField || 'period', desc: q.sortOrder === 'desc' });
  const [found] = rowsOf<{ totals: TotalsRow[]; records: GroupRow[] }>(
    await db.execute(sql`with ${grouped(db, scope, q)},
      t as (${TOTALS_SELECT}),
      p as (select r.*, row_number() over () as n
        from (${ROWS_SELECT} order by ${ordering} limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}) r)
      select (select coalesce(json_agg(t order by t.paid_amount desc, t.currency), '[]') from t) as totals,
        (select coalesce(json_agg(p order by p.n), '[]') from p) as records`),
  );
  const totals = totalsOf(found.totals);
  return {
    records: found.records.map((r) => toRow(r, q, byBranch)),
    total: found.totals.reduce((n, r) => n + Number(r.rows), 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    rowsPer: byBranch ? 'branches' : 'companies',
    totals,
    asOf: now.toISOString(),
  };
}

function periodsOf(grouping: string, from: string, to: string): string[] {
  const out: string[] = [];
  const end = DateTime.fromISO(to);
  for (let d = DateTime.fromISO(from); d <= end; d = d.plus({ days: 1 })) {
    const p = grouping === 'month' ? d.toFormat('yyyy-MM') : d.toISODate()!;
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

/**
 * The chart's figures: per currency, every period of the filter's days (zero where nothing
 * happened), and with `compare` the same number of days just before, grouped alike.
 */
export async function reportSeries(
  db: Executor,
  scope: Scope,
  t: Translate,
  q: ReportSeriesQuery,
  now = new Date(),
): Promise<ReportSeriesReply> {
  await checkOrganisations(db, t, scope, q);
  const length = DateTime.fromISO(q.endTime).diff(DateTime.fromISO(q.beginTime), 'days').days + 1;
  const previous = q.compare
    ? {
        from: DateTime.fromISO(q.beginTime).minus({ days: length }).toISODate()!,
        to: DateTime.fromISO(q.beginTime).minus({ days: 1 }).toISODate()!,
      }
    : null;
  const read = async (days: { from: string; to: string }) => {
    const rows = rowsOf<GroupRow>(
      await db.execute(sql`with ${grouped(db, scope, q, 'periods', days)}
        select * from g order by period, currency`),
    );
    const periods = periodsOf(q.grouping, days.from, days.to);
    const byCurrency = new Map<string, Map<string, GroupRow>>();
    for (const r of rows) {
      let m = byCurrency.get(r.currency);
      if (!m) byCurrency.set(r.currency, (m = new Map()));
      m.set(r.period, r);
    }
    const pointsOf = (currency: string): ReportPoint[] =>
      periods.map((period) => {
        const r = byCurrency.get(currency)?.get(period);
        const { paidProof: _proof, ...figures } = r ? figuresOf(r) : figuresOf(ZERO);
        return { period, ...figures };
      });
    return { currencies: [...byCurrency.keys()], pointsOf };
  };
  const current = await read({ from: q.beginTime, to: q.endTime });
  const before = previous ? await read(previous) : null;
  const currencies = [...new Set([...current.currencies, ...(before?.currencies ?? [])])];
  const series = currencies.map((currency) => {
    const points = current.pointsOf(currency);
    return {
      currency,
      points,
      previous: before ? before.pointsOf(currency) : null,
      gross: points.reduce((a, p) => a + p.paidAmount, 0),
    };
  });
  series.sort((a, b) => b.gross - a.gross || a.currency.localeCompare(b.currency));
  return {
    grouping: q.grouping === 'month' ? 'month' : 'day',
    from: q.beginTime,
    to: q.endTime,
    previousFrom: previous?.from ?? null,
    previousTo: previous?.to ?? null,
    currencies: series.map(({ gross: _gross, ...s }) => s),
    asOf: now.toISOString(),
  };
}

const ZERO = {
  orders: '0',
  paid_count: '0',
  paid_amount: '0',
  refund_count: '0',
  refund_amount: '0',
  commission: '0',
  rebate: '0',
  net: '0',
  provisional: '0',
  matched: '0',
  settled: '0',
  paid_out: '0',
};

/** Rows per batch of the export (PostgreSQL's portal; PGlite reads the grouped rows at once). */
const EXPORT_BATCH = 2000;

/** The grouped rows in the list's default order, batch by batch. */
async function* exportBatches(db: Executor, scope: Scope, q: Filter): AsyncGenerator<GroupRow[]> {
  const statement = rowsStatement(db, scope, q, { field: 'period', desc: false });
  const pool = poolOf(db);
  if (pool) {
    // The columns by name, in the statement's order: the portal gives each row as values.
    const fields = Object.fromEntries(GROUP_COLUMNS.map((c) => [c, sql.raw(c)]));
    yield* cursorBatches<GroupRow>(pool, new PgDialect().sqlToQuery(statement), fields, EXPORT_BATCH);
    return;
  }
  // PGlite: at most 75 days' grouped rows (the list's limit), far fewer than the orders behind them.
  const rows = rowsOf<GroupRow>(await db.execute(statement));
  for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
}

/** A row's cells in the export's columns (REPORT_LIST.exports.columns). */
function cellsOf(
  t: Translate,
  r: {
    period: string;
    companyName: string;
    branchUnitName: string | null;
    /** null: the totals row (no brand). */
    brand: string | null;
    currency: string;
  } & ReportFigures,
): Cell[] {
  const amount = (minor: number) => ({ minor, currency: r.currency });
  return [
    r.period,
    r.companyName,
    r.branchUnitName,
    r.brand === null
      ? null
      : r.brand
        ? textOr(t, `orders.brands.${r.brand}`, r.brand)
        : t('orders.brandNotChosen'),
    r.currency,
    r.orders,
    r.paidCount,
    amount(r.paidAmount),
    r.refundCount,
    amount(r.refundAmount),
    amount(r.commission),
    amount(r.rebate),
    amount(r.net),
    amount(r.paidProof.provisional),
    amount(r.paidProof.matched),
    amount(r.paidProof.settled),
    amount(r.paidProof.paidOut),
  ];
}

/**
 * The summary list as a file: every row of the filter in the list's default order (period,
 * organisation, brand, currency), then a totals row per currency; written as it is read. The
 * organisations are checked first (another tenant's: refused).
 */
export async function reportFile(
  db: Executor,
  scope: Scope,
  t: Translate,
  q: ReportExportQuery,
  format: ExportFormat,
): Promise<FileDownload> {
  await checkOrganisations(db, t, scope, q);
  const byBranch = perBranch(scope, q);
  const totals = await totalsFor(db, scope, q);
  const list = REPORT_LIST.exports;
  async function* batches(): AsyncGenerator<Cell[][]> {
    for await (const rows of exportBatches(db, scope, q))
      yield rows.map((r) => cellsOf(t, toRow(r, q, byBranch)));
    yield totals.map((total) =>
      cellsOf(t, {
        ...total,
        period: t('reports.totalRow'),
        companyName: '',
        branchUnitName: null,
        brand: null,
      }),
    );
  }
  const source = await primed(batches());
  const names = periodFileNames(t, list.file, format, q);
  const headers = exportHeaders(list.columns, t);
  if (format === 'csv') {
    async function* lines() {
      for await (const batch of source) yield batch.map(csvLine).join('');
    }
    return csvFile(names, headers, lines());
  }
  return xlsxFile(
    names,
    { sheetName: t(list.sheetKey), headers, widths: exportWidths(list.columns) },
    source,
  );
}

/** The export call: the file, and who exported what (audited before the first byte leaves). */
export async function reportExport(
  c: CallContext<ReportExportQuery, string>,
  format: ExportFormat,
): Promise<FileDownload> {
  const file = await reportFile(c.deps.db, scopeOf(c.principal), c.t, c.input, format);
  await auditExport(c, 'report', format);
  return file;
}
