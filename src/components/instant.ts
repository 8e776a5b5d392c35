import { BUSINESS_ZONE_NAME } from '../services/zone';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_ZONE_NAME,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An ISO instant as business-zone `yyyy-MM-dd HH:mm:ss`, the same text as format.ts's
 * formatDateTime (tests/unit/instant.test.ts holds them together) without luxon, for the
 * login page, which loads before the rest of the console (bench/login.ts).
 */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
