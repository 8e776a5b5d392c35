import { DateTime } from 'luxon';
import { periodApplies, type ListFilter } from '../../src/contract/lists/define';
import type { Translate } from '../../src/i18n';
import { fieldError } from './lists';

/**
 * The instants where a business day starts and ends (null: not a date), remembered: luxon
 * works a zone's offset out through Intl on every call, which cost 0.4 ms of each list call,
 * and lists ask for the same few days over and over.
 */
const knownDays = new Map<string, { start: number; end: number } | null>();
function businessDay(zone: string, day: string) {
  const key = `${zone}|${day}`;
  let known = knownDays.get(key);
  if (known === undefined) {
    const d = DateTime.fromISO(day, { zone });
    known = d.isValid
      ? { start: d.startOf('day').toMillis(), end: d.startOf('day').plus({ days: 1 }).toMillis() }
      : null;
    if (knownDays.size >= 4096) knownDays.clear();
    knownDays.set(key, known);
  }
  return known;
}

/** beginTime 00:00 to endTime 24:00 in the business time zone. */
export function dayRange(t: Translate, zone: string, begin: string, end: string) {
  const from = businessDay(zone, begin);
  const to = businessDay(zone, end);
  if (!from) throw fieldError(t, 'beginTime', 'validation.date');
  if (!to) throw fieldError(t, 'endTime', 'validation.date');
  return { from: new Date(from.start), to: new Date(to.end) };
}

/**
 * The instants a declared list's query covers: its period (beginTime 00:00 to endTime 24:00),
 * or null when a complete number is asked (`periodApplies`: it searches all time within the
 * caller's scope). The dates are checked either way.
 */
export function listPeriod(
  t: Translate,
  zone: string,
  list: { filters: Record<string, ListFilter> },
  q: { beginTime: string; endTime: string } & Readonly<Record<string, unknown>>,
): { from: Date; to: Date } | null {
  const range = dayRange(t, zone, q.beginTime, q.endTime);
  return periodApplies(list, q) ? range : null;
}
