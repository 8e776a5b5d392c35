import { describe, expect, it } from 'vitest';
import { yup } from '../../src/contract/validation';
import { dateRange, RANGE_DAYS_DEFAULT, RANGE_DAYS_LONG } from '../../src/contract/paging';
import { periodPresets, PERIOD_PRESETS } from '../../src/lists/periodPresets';

const TOKYO = 'Asia/Tokyo';
const at = (iso: string) => new Date(iso);
const ranges = (now: string, maxDays = RANGE_DAYS_DEFAULT, zone = TOKYO) =>
  Object.fromEntries(periodPresets(maxDays, zone, at(now)).map((r) => [r.preset, [r.beginTime, r.endTime]]));

describe('the quick ranges of the date-range filters', () => {
  it('are today, yesterday, the last 7 and 30 days, this month and last month on the business day', () => {
    expect(ranges('2026-11-18T03:00:00Z')).toEqual({
      today: ['2026-11-18', '2026-11-18'],
      yesterday: ['2026-11-17', '2026-11-17'],
      last7: ['2026-11-12', '2026-11-18'],
      last30: ['2026-10-20', '2026-11-18'],
      thisMonth: ['2026-11-01', '2026-11-18'],
      lastMonth: ['2026-10-01', '2026-10-31'],
    });
  });

  it('take the day in Tokyo, not in UTC: 16:00 UTC is already the next day there', () => {
    // 2026-11-30 16:00 UTC is 2026-12-01 01:00 in Tokyo: December has begun.
    expect(ranges('2026-11-30T16:00:00Z')).toMatchObject({
      today: ['2026-12-01', '2026-12-01'],
      yesterday: ['2026-11-30', '2026-11-30'],
      thisMonth: ['2026-12-01', '2026-12-01'],
      lastMonth: ['2026-11-01', '2026-11-30'],
    });
    // The same instant in UTC's business zone is still November.
    expect(ranges('2026-11-30T16:00:00Z', RANGE_DAYS_DEFAULT, 'UTC')).toMatchObject({
      today: ['2026-11-30', '2026-11-30'],
      thisMonth: ['2026-11-01', '2026-11-30'],
    });
  });

  it('end last month on its own last day: February (leap year too), 30 and 31-day months, across a year', () => {
    expect(ranges('2026-03-31T01:00:00Z').lastMonth).toEqual(['2026-02-01', '2026-02-28']);
    expect(ranges('2028-03-05T01:00:00Z').lastMonth).toEqual(['2028-02-01', '2028-02-29']);
    expect(ranges('2026-05-31T01:00:00Z').lastMonth).toEqual(['2026-04-01', '2026-04-30']);
    expect(ranges('2026-08-01T01:00:00Z').lastMonth).toEqual(['2026-07-01', '2026-07-31']);
    expect(ranges('2027-01-15T01:00:00Z')).toMatchObject({
      lastMonth: ['2026-12-01', '2026-12-31'],
      last30: ['2026-12-17', '2027-01-15'],
    });
    // On the 1st, yesterday is last month's last day and this month is one day.
    expect(ranges('2026-03-01T01:00:00Z')).toMatchObject({
      yesterday: ['2026-02-28', '2026-02-28'],
      thisMonth: ['2026-03-01', '2026-03-01'],
    });
  });

  it('pass the contract’s date-range rule of the 31-day and 75-day lists', () => {
    for (const days of [RANGE_DAYS_DEFAULT, RANGE_DAYS_LONG]) {
      const schema = yup.object(dateRange(days));
      for (const now of ['2026-01-31T10:00:00Z', '2026-03-31T10:00:00Z', '2026-12-31T14:59:00Z']) {
        const offered = periodPresets(days, TOKYO, at(now));
        expect(offered.map((r) => r.preset)).toEqual([...PERIOD_PRESETS]);
        for (const r of offered) expect(schema.isValidSync(r), `${r.preset} ${now}`).toBe(true);
      }
    }
  });

  it('offer only the ranges within a shorter limit', () => {
    expect(periodPresets(7, TOKYO, at('2026-11-18T03:00:00Z')).map((r) => r.preset)).toEqual([
      'today',
      'yesterday',
      'last7',
    ]);
    // Late in a month, this month is longer than a 7-day list allows; early in it, it fits.
    expect(periodPresets(7, TOKYO, at('2026-11-05T03:00:00Z')).map((r) => r.preset)).toContain('thisMonth');
    expect(periodPresets(1, TOKYO, at('2026-11-18T03:00:00Z')).map((r) => r.preset)).toEqual([
      'today',
      'yesterday',
    ]);
  });
});
