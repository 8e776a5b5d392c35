import { sql, type SQL } from 'drizzle-orm';
import { addDays, dayNumber, isoWeekday } from '../../platform/bankDays';

/**
 * Settlement periods (docs/settlement.md, "Periods"): each party's rule says where a period ends;
 * every date belongs to the period ending at the first end on or after it. The same rule is
 * written twice, once here for dates and once as SQL over a date column, and the tests hold
 * the two together.
 */
export type PeriodRule =
  | { kind: 'daily' }
  /** Seven days ending on the weekday (1 Monday … 7 Sunday), inclusive. */
  | { kind: 'weekly'; weekday: number }
  /** The 1st–15th and the 16th–last day of each month. */
  | { kind: 'semimonthly' }
  | { kind: 'monthly' };

const lastOfMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The last day of the period that holds `date`. */
export function periodEnd(rule: PeriodRule, date: string): string {
  switch (rule.kind) {
    case 'daily':
      return date;
    case 'weekly':
      return addDays(date, (rule.weekday - isoWeekday(date) + 7) % 7);
    case 'semimonthly':
      return Number(date.slice(8)) <= 15 ? `${date.slice(0, 8)}15` : lastOfMonth(date);
    case 'monthly':
      return lastOfMonth(date);
  }
}

/** The first day of the period that ends on `end` (under the rule). */
export function periodStart(rule: PeriodRule, end: string): string {
  switch (rule.kind) {
    case 'daily':
      return end;
    case 'weekly':
      return addDays(end, -6);
    case 'semimonthly':
      return Number(end.slice(8)) === 15 ? `${end.slice(0, 8)}01` : `${end.slice(0, 8)}16`;
    case 'monthly':
      return `${end.slice(0, 8)}01`;
  }
}

/**
 * The last day whose period has wholly ended by `through` (inclusive): `through` itself when a
 * period ends on it, else the day before the period that holds it begins.
 */
export function closedThrough(rule: PeriodRule, through: string): string {
  const end = periodEnd(rule, through);
  return end === through ? through : addDays(periodStart(rule, end), -1);
}

/** The same rule in SQL over a date expression: the period's last day, a date. */
export function periodEndSql(rule: PeriodRule, day: SQL): SQL {
  const monthEnd = sql`(date_trunc('month', (${day})::timestamp) + interval '1 month' - interval '1 day')::date`;
  switch (rule.kind) {
    case 'daily':
      return sql`(${day})::date`;
    case 'weekly':
      return sql`((${day})::date + ((${rule.weekday}::int - extract(isodow from (${day})::date)::int + 7) % 7))`;
    case 'semimonthly':
      return sql`(case when extract(day from (${day})::date) <= 15 then (date_trunc('month', (${day})::timestamp) + interval '14 days')::date else ${monthEnd} end)`;
    case 'monthly':
      return monthEnd;
  }
}

/** A company's check-out settings, an agency's T+N or an agent's statement period as a rule. */
export function ruleOf(period: string, weekday: number | null): PeriodRule {
  switch (period) {
    case 'daily':
      return { kind: 'daily' };
    case 'weekly':
      return { kind: 'weekly', weekday: weekday && weekday >= 1 && weekday <= 7 ? weekday : 7 };
    case 'T+7':
      return { kind: 'weekly', weekday: 7 };
    case 'T+15':
      return { kind: 'semimonthly' };
    default:
      // monthly, T+30 (and anything unknown: the calendar month)
      return { kind: 'monthly' };
  }
}

export const isDate = (d: string) => !Number.isNaN(dayNumber(d));
