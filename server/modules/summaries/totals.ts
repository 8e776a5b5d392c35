/**
 * A list's total from the order and refund summaries (docs/reports.md): the whole business days of
 * its period summed from the folded totals and the deltas not yet folded, instead of counting the
 * period's rows: it reads the period's cells (a few hundred a day), whatever its orders.
 */
import { and, eq, gte, lte, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businessZone, orderDayDeltas, orderDayTotals } from '../../db/schema';
import { ordersIn, type Scope } from '../../platform/scope';

/** What a total can count: orders created (any status), orders paid, refunds succeeded. */
export type SummaryCount = 'orders' | 'paidCount' | 'refundCount';

/** A value, or a placeholder standing for it in a statement built once per shape. */
type Bound<T> = T | Placeholder;

/**
 * The period: its first and last business day (yyyy-MM-dd), the server's business time zone, and
 * the instants where the list's period starts and ends there (beginTime 00:00, endTime 24:00).
 */
export interface SummaryPeriod {
  fromDay: Bound<string>;
  toDay: Bound<string>;
  zone: Bound<string>;
  from: Bound<Date>;
  to: Bound<Date>;
}

/** The cells' key values a total is for; one left out means all of them. */
export interface SummaryCells {
  companyId?: Bound<number>;
  /** A branch (an order of no branch is the summaries' branch 0: no filter asks for it). */
  branchUnitId?: Bound<number>;
  brand?: Bound<string>;
  paymentType?: Bound<string>;
  /** A proof rung (1–4: docs/reports.md). */
  proof?: number;
}

/**
 * The count `measure` over the period's business days within the scope and `cells`, from the
 * summaries in one expression (one snapshot: a fold in between is seen whole or not at all). Null
 * when the summaries do not cut business days where the list does: they were cut in another zone
 * than the server's (business_zone, set at start from its configuration), or the database's rules
 * of that zone put the period's first midnight or the one after its last day elsewhere than `from`
 * and `to` (luxon's, which the list counts between: two copies of the time-zone rules could
 * differ). The caller counts its rows then.
 */
export function summaryCount(
  db: Executor,
  scope: Scope,
  measure: SummaryCount,
  period: SummaryPeriod,
  cells: SummaryCells,
): SQL {
  const part = (t: typeof orderDayTotals | typeof orderDayDeltas) =>
    sql`select ${t[measure]} as n from ${t} where ${and(
      gte(t.day, period.fromDay),
      lte(t.day, period.toDay),
      cells.companyId === undefined ? undefined : eq(t.companyId, cells.companyId),
      cells.branchUnitId === undefined ? undefined : eq(t.branchUnitId, cells.branchUnitId),
      cells.brand === undefined ? undefined : eq(t.brand, cells.brand),
      cells.paymentType === undefined ? undefined : eq(t.paymentType, cells.paymentType),
      cells.proof === undefined ? undefined : eq(t.proof, cells.proof),
      ordersIn(db, scope, t.companyId, t.branchUnitId),
    )}`;
  const zone = businessZone.timeZone;
  return sql`(select case when ${zone} = ${period.zone}
      and (${period.fromDay}::date::timestamp at time zone ${zone}) = ${period.from}
      and ((${period.toDay}::date + 1)::timestamp at time zone ${zone}) = ${period.to}
    then (select coalesce(sum(n), 0)::bigint from (${part(orderDayTotals)} union all ${part(orderDayDeltas)}) x)
    end from ${businessZone} where ${businessZone.id} = 1)`;
}

/**
 * A list's total: from the summaries (summaryCount) when they hold it exactly, else `live`, a
 * count of the list's rows, which the database then runs (a scalar subquery is run when first
 * needed, so not at all when the summaries answer).
 */
export function countFromSummaries(
  db: Executor,
  scope: Scope,
  measure: SummaryCount,
  period: SummaryPeriod,
  cells: SummaryCells,
  live: SQLWrapper,
) {
  return db
    .select({ total: sql<number>`coalesce(s.n, (${live}))`.mapWith(Number) })
    .from(sql`(select ${summaryCount(db, scope, measure, period, cells)} as n) s`);
}
