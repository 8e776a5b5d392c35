import holidayJp from '@holiday-jp/holiday_jp';

/**
 * Japanese bank business days (docs/settlement.md, "Periods"): not Saturdays, not Sundays, not
 * national holidays (substitute and citizens' holidays included, as `@holiday-jp/holiday_jp`
 * lists them, tested against the Cabinet Office's list through 2050), not 12/31–1/3 (銀行法第15条,
 * 施行令第5条). Dates are business dates, `yyyy-MM-dd`; the arithmetic is on the calendar only
 * (UTC midnight), so no time zone can move a day.
 */

/** The last year the holiday data covers: past it the package silently says "no holiday". */
export const HOLIDAY_DATA_THROUGH = 2050;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a yyyy-MM-dd date (NaN when it is not one). */
export function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) return NaN;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(t).toISOString().slice(0, 10);
  return back === date ? t / DAY_MS : NaN;
}

export const dateOfDay = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOfDay(dayNumber(date) + days);

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return d === 0 ? 7 : d;
}

export const isNationalHoliday = (date: string): boolean =>
  Object.prototype.hasOwnProperty.call(holidayJp.holidays, date);

/** The holiday's name (ja, en), or the bank closing days' name for 12/31–1/3. */
export function holidayName(date: string): { ja: string; en: string } | null {
  const h = (holidayJp.holidays as Record<string, { name: string; name_en: string }>)[date];
  if (h) return { ja: h.name, en: h.name_en };
  const md = date.slice(5);
  if (md === '12-31' || md === '01-02' || md === '01-03') return { ja: '銀行休業日', en: 'Bank holiday' };
  return null;
}

export function isBankBusinessDay(date: string): boolean {
  if (Number.isNaN(dayNumber(date))) return false;
  const wd = isoWeekday(date);
  if (wd === 6 || wd === 7) return false;
  const md = date.slice(5);
  if (md === '12-31' || md === '01-01' || md === '01-02' || md === '01-03') return false;
  return !isNationalHoliday(date);
}

/** The first bank business day after `date` (never `date` itself). */
export function nextBusinessDay(date: string): string {
  let d = addDays(date, 1);
  while (!isBankBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The last bank business day before `date` (never `date` itself). */
export function previousBusinessDay(date: string): string {
  let d = addDays(date, -1);
  while (!isBankBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** The n-th bank business day after `date` (n ≥ 1): non-business days are not counted. */
export function businessDaysAfter(date: string, n: number): string {
  let d = date;
  for (let i = 0; i < n; i++) d = nextBusinessDay(d);
  return d;
}

/** The bank business days from `from` (inclusive when it is one) up to `to` (inclusive). */
export function businessDaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const d = dateOfDay(n);
    if (isBankBusinessDay(d)) out.push(d);
  }
  return out;
}
