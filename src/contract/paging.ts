import { yup, message, number } from './validation';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Date-range limits of spec point 5. */
export const RANGE_DAYS_DEFAULT = 31;
export const RANGE_DAYS_LONG = 75;

export const pageFields = {
  pageNum: number().integer().min(1).max(1_000_000).default(1),
  pageSize: number().integer().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortField: yup.string().max(40).default(''),
  sortOrder: yup.string().oneOf(['asc', 'desc', '']).default(''),
};

/**
 * A day as yyyy-MM-dd that exists on the calendar (2026-02-30 does not), by default in the
 * years the gateway's records can hold (2000–2099: earlier years would fall outside timestamps
 * once shifted into the business time zone); a birthday passes `{ from: 1900 }`.
 */
export const isCalendarDay = (v: string, years: { from?: number; to?: number } = {}) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < (years.from ?? 2000) || year > (years.to ?? 2099)) return false;
  const d = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** Today as yyyy-MM-dd where the day is furthest ahead (UTC+14): no day after it has begun anywhere. */
export const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

const day = () =>
  yup
    .string()
    .required()
    .test('date', message('validation.date'), (v) => !v || isCalendarDay(v));

/** beginTime/endTime as yyyy-MM-dd (business time zone), both required, at most `days` apart. */
export const dateRange = (days: number) => ({
  beginTime: day(),
  endTime: day()
    .test('order', message('validation.dateOrder'), function (end) {
      const begin = this.parent.beginTime as string | undefined;
      if (!begin || !end || !isCalendarDay(begin) || !isCalendarDay(end)) return true;
      return Date.parse(end) >= Date.parse(begin);
    })
    .test('range', message('validation.dateRange', { days }), function (end) {
      const begin = this.parent.beginTime as string | undefined;
      if (!begin || !end || !isCalendarDay(begin) || !isCalendarDay(end)) return true;
      const diff = (Date.parse(end) - Date.parse(begin)) / 86_400_000;
      return diff < 0 || diff < days;
    }),
});
