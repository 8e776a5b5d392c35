/**
 * The order and refund summaries (docs/reports.md; tables: server/db/schema/summaries.ts; their
 * triggers: migration 0025): folding the deltas, the business time zone, and the check against
 * the raw tables.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client';

/** The cell of a summary row. */
export const SUMMARY_KEY = [
  'day',
  'company_id',
  'branch_unit_id',
  'brand',
  'currency',
  'payment_type',
  'proof',
] as const;
/** What a summary row counts. */
export const SUMMARY_MEASURES = [
  'orders',
  'paid_count',
  'paid_amount',
  'commission',
  'rebate',
  'refund_count',
  'refund_amount',
  'refund_commission',
  'refund_rebate',
] as const;

const key = sql.raw(SUMMARY_KEY.join(', '));
const measures = sql.raw(SUMMARY_MEASURES.join(', '));
const sums = sql.raw(SUMMARY_MEASURES.map((m) => `sum(${m})::bigint as ${m}`).join(', '));
const added = sql.raw(SUMMARY_MEASURES.map((m) => `${m} = order_day_totals.${m} + excluded.${m}`).join(', '));
const allZero = sql.raw(SUMMARY_MEASURES.map((m) => `${m} = 0`).join(' and '));

/** The key of order_day_company_totals: a summary cell's without branch and payment type. */
export const COMPANY_KEY = ['day', 'company_id', 'brand', 'currency', 'proof'] as const;
const companyKey = sql.raw(COMPANY_KEY.join(', '));
const companyAdded = sql.raw(
  SUMMARY_MEASURES.map((m) => `${m} = order_day_company_totals.${m} + excluded.${m}`).join(', '),
);

/** Deltas moved per transaction by the fold. */
const FOLD_BATCH = 20_000;

/**
 * Moves committed deltas into order_day_totals, a batch per transaction, until none is left;
 * the number moved. A delta of a transaction still in flight is not visible and waits for the next
 * fold, so no watermark is needed; two folds at once take disjoint rows (SKIP LOCKED). A cell that
 * nets to zero everywhere is removed.
 */
export async function foldSummaryDeltas(db: Db, batch = FOLD_BATCH): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const folded = rowsOf<{ n: number; empty: boolean } & Record<string, unknown>>(
        await tx.execute(sql`
          with moved as (
            delete from order_day_deltas where id in (
              select id from order_day_deltas order by id limit ${batch} for update skip locked
            ) returning *
          ), cells as (
            select ${key}, ${sums}, count(*)::int as n from moved group by ${key}
          ), upserted as (
            insert into order_day_totals (${key}, ${measures})
            select ${key}, ${measures} from cells
            on conflict (${key}) do update set ${added}
            returning ${key}, (${allZero}) as empty
          ), company_upserted as (
            insert into order_day_company_totals (${companyKey}, ${measures})
            select ${companyKey}, ${sums} from moved group by ${companyKey}
            on conflict (${companyKey}) do update set ${companyAdded}
          )
          select u.day::text as day, u.company_id, u.branch_unit_id, u.brand, u.currency, u.payment_type,
            u.proof, u.empty, c.n
          from upserted u join cells c using (${key})`),
      );
      const empty = folded.filter((r) => r.empty);
      if (empty.length)
        await tx.execute(sql`delete from order_day_totals t
          using jsonb_to_recordset(${JSON.stringify(empty)}::jsonb) as e(day date, company_id int,
            branch_unit_id int, brand text, currency text, payment_type text, proof smallint)
          where (t.day, t.company_id, t.branch_unit_id, t.brand, t.currency, t.payment_type, t.proof)
            = (e.day, e.company_id, e.branch_unit_id, e.brand, e.currency, e.payment_type, e.proof)
            and ${sql.raw(SUMMARY_MEASURES.map((m) => `t.${m} = 0`).join(' and '))}`);
      // The company cells this batch touched that now net to zero everywhere (their upsert ran in
      // the statement above: a data-modifying CTE always runs to completion).
      if (folded.length)
        await tx.execute(sql`delete from order_day_company_totals t
          using (select distinct day, company_id, brand, currency, proof
            from jsonb_to_recordset(${JSON.stringify(folded)}::jsonb) as e(day date, company_id int,
              brand text, currency text, proof smallint)) e
          where (t.day, t.company_id, t.brand, t.currency, t.proof) = (e.day, e.company_id, e.brand, e.currency, e.proof)
            and ${sql.raw(SUMMARY_MEASURES.map((m) => `t.${m} = 0`).join(' and '))}`);
      return folded.reduce((s, r) => s + Number(r.n), 0);
    });
    moved += n;
    if (n < batch) return moved;
  }
}

/**
 * Sets the time zone the summaries cut business days in; when it differs from the one they were
 * made in, rebuilds them from the raw tables in one transaction (writers that would add deltas
 * wait for it). True when it rebuilt.
 */
export async function setBusinessZone(db: Db, timeZone: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ time_zone: string }>(
      await tx.execute(sql`select time_zone from business_zone where id = 1 for update`),
    );
    if (row?.time_zone === timeZone) return false;
    await tx.execute(sql`lock table order_day_deltas in exclusive mode`);
    await tx.execute(sql`insert into business_zone (id, time_zone) values (1, ${timeZone})
      on conflict (id) do update set time_zone = excluded.time_zone`);
    await tx.execute(sql`delete from order_day_deltas`);
    await tx.execute(sql`delete from order_day_totals`);
    await tx.execute(sql`insert into order_day_totals (${key}, ${measures})
      select ${key}, ${measures} from order_day_expected`);
    await tx.execute(sql`delete from order_day_company_totals`);
    await tx.execute(sql`insert into order_day_company_totals (${companyKey}, ${measures})
      select ${companyKey}, ${sums} from order_day_totals group by ${companyKey}`);
    return true;
  });
}

/**
 * Every company cell where order_day_company_totals differs from order_day_totals summed by its
 * key (both are folded in one transaction, so they always agree): the cells, empty when none.
 */
export async function companyRollupDifferences(db: Executor): Promise<Record<string, string | number>[]> {
  const diff = sql.raw(
    SUMMARY_MEASURES.map((m) => `coalesce(r.${m}, 0) <> coalesce(g.${m}, 0)`).join(' or '),
  );
  return rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      with g as (select ${companyKey}, ${sums} from order_day_totals group by ${companyKey})
      select ${sql.raw(COMPANY_KEY.map((k) => `coalesce(r.${k}, g.${k})${k === 'day' ? '::text' : ''} as ${k}`).join(', '))},
        ${sql.raw(SUMMARY_MEASURES.map((m) => `coalesce(r.${m}, 0)::bigint as held_${m}, coalesce(g.${m}, 0)::bigint as expected_${m}`).join(', '))}
      from order_day_company_totals r full join g using (${companyKey})
      where ${diff}
      order by 1, 2, 3, 4, 5`),
  );
}

/** A cell where the summaries and the raw tables disagree. */
export interface SummaryDifference {
  cell: Record<(typeof SUMMARY_KEY)[number], string | number>;
  held: Record<(typeof SUMMARY_MEASURES)[number], number>;
  expected: Record<(typeof SUMMARY_MEASURES)[number], number>;
}

/**
 * Every cell where what the summaries hold (folded totals plus the deltas not yet folded, read in
 * one statement) differs from what the raw tables give (order_day_expected).
 */
export async function summaryDifferences(db: Executor): Promise<SummaryDifference[]> {
  const held = (p: string) =>
    sql.raw(SUMMARY_MEASURES.map((m) => `coalesce(${p}.${m}, 0)::bigint as ${p}_${m}`).join(', '));
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      with h as (
        select ${key}, ${sums} from (
          select ${key}, ${measures} from order_day_totals
          union all
          select ${key}, ${measures} from order_day_deltas
        ) x group by ${key}
      )
      select ${sql.raw(SUMMARY_KEY.map((k) => `coalesce(h.${k}, e.${k})${k === 'day' ? '::text' : ''} as ${k}`).join(', '))}, ${held('h')}, ${held('e')}
      from h full join order_day_expected e using (${key})
      where (${sql.raw(SUMMARY_MEASURES.map((m) => `coalesce(h.${m}, 0)`).join(', '))})
        <> (${sql.raw(SUMMARY_MEASURES.map((m) => `coalesce(e.${m}, 0)`).join(', '))})
      order by 1, 2, 3, 4, 5, 6, 7`),
  );
  return rows.map((r) => ({
    cell: Object.fromEntries(SUMMARY_KEY.map((k) => [k, r[k]])) as SummaryDifference['cell'],
    held: Object.fromEntries(
      SUMMARY_MEASURES.map((m) => [m, Number(r[`h_${m}`])]),
    ) as SummaryDifference['held'],
    expected: Object.fromEntries(
      SUMMARY_MEASURES.map((m) => [m, Number(r[`e_${m}`])]),
    ) as SummaryDifference['expected'],
  }));
}
