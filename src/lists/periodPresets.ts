import { DateTime } from 'luxon';

/** The quick ranges of every date-range filter, in the order the menu offers them. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface PresetRange {
  preset: PeriodPreset;
  /** yyyy-MM-dd, business days (the list's beginTime/endTime). */
  beginTime: string;
  endTime: string;
}

const DAY = 'yyyy-MM-dd';

/**
 * The quick ranges on the business day of `now` in `zone` (the console's business time zone):
 * today, yesterday, the last 7 and 30 days (today included), this month up to today and the
 * whole of last month. Only those of at most `maxDays` days (the list's limit, counted as the
 * contract's dateRange counts them) are offered.
 */
export function periodPresets(maxDays: number, zone: string, now: Date = new Date()): PresetRange[] {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const lastMonth = today.minus({ months: 1 });
  const ranges: Record<PeriodPreset, [DateTime, DateTime]> = {
    today: [today, today],
    yesterday: [today.minus({ days: 1 }), today.minus({ days: 1 })],
    last7: [today.minus({ days: 6 }), today],
    last30: [today.minus({ days: 29 }), today],
    thisMonth: [today.startOf('month'), today],
    lastMonth: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')],
  };
  return PERIOD_PRESETS.flatMap((preset) => {
    const [begin, end] = ranges[preset];
    const days = Math.round(end.diff(begin, 'days').days) + 1;
    return days <= maxDays ? [{ preset, beginTime: begin.toFormat(DAY), endTime: end.toFormat(DAY) }] : [];
  });
}
