import { randomInt } from 'node:crypto';
import { DateTime } from 'luxon';

/** Gateway numbers: K + business date + 10 random digits (refunds RF + …). */
export function gatewayNo(prefix: string, zone: string, now = new Date()): string {
  const day = DateTime.fromJSDate(now, { zone }).toFormat('yyyyMMddHHmmss');
  return `${prefix}${day}${String(randomInt(1e9)).padStart(9, '0')}${randomInt(10)}`;
}
