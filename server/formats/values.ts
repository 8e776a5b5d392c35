/**
 * Amounts and times as the layouts write them. Amounts are exact decimal strings ↔ integer
 * minor units (never a float); times are local wall-clock times of a fixed offset (China and
 * Japan keep no summer time) ↔ ISO 8601 with that offset.
 */
import { MAX_MINOR } from '../../src/contract/money';

const FIXED = new Map<number, RegExp>();
const fixedPattern = (digits: number): RegExp => {
  let re = FIXED.get(digits);
  if (!re) {
    re = digits === 0 ? /^(-?)(0|[1-9]\d*)$/ : new RegExp(`^(-?)(0|[1-9]\\d*)\\.(\\d{${digits}})$`);
    FIXED.set(digits, re);
  }
  return re;
};

/**
 * "1234.50" with exactly `digits` decimals → 123450; null when it is not (a sign only when
 * `signed`, no thousands separators, no exponent, within MAX_MINOR).
 */
export function parseFixed(text: string, digits: number, signed = false): number | null {
  const m = fixedPattern(digits).exec(text);
  if (!m || (m[1] && !signed)) return null;
  const whole = Number(m[2]);
  const scale = 10 ** digits;
  if (whole > Math.floor(MAX_MINOR / scale)) return null;
  const v = whole * scale + (digits ? Number(m[3]) : 0);
  if (!Number.isSafeInteger(v)) return null;
  return m[1] && v !== 0 ? -v : v;
}

/** 123450 with 2 digits → "1234.50"; -6 with 5 → "-0.00006". */
export function formatFixed(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const abs = Math.abs(minor).toString();
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** A fee of 1/100000 units rounded half away from zero to `digits` (2 → 1/100). */
export function roundFine(fine: number, fineDigits: number, digits: number): number {
  const div = 10 ** (fineDigits - digits);
  const r = Math.floor((Math.abs(fine) + div / 2) / div);
  return fine < 0 && r !== 0 ? -r : r;
}

export interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

const pad = (n: number, w = 2) => n.toString().padStart(w, '0');

function validClock(c: WallClock): boolean {
  if (c.mo < 1 || c.mo > 12 || c.d < 1 || c.h > 23 || c.mi > 59 || c.s > 59) return false;
  const leap = c.y % 4 === 0 && (c.y % 100 !== 0 || c.y % 400 === 0);
  const days =
    c.mo === 2 ? (leap ? 29 : 28) : c.mo === 4 || c.mo === 6 || c.mo === 9 || c.mo === 11 ? 30 : 31;
  return c.d <= days && c.y >= 1970 && c.y <= 9999;
}

/** "+08:00" for 480 minutes. */
export const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

const isoOf = (c: WallClock, offsetMinutes: number) =>
  `${pad(c.y, 4)}-${pad(c.mo)}-${pad(c.d)}T${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}${offsetText(offsetMinutes)}`;

const YMD_HMS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const YMD_SLASH = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const MDY_SLASH = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

export type ClockFormat = 'ymd-dash' | 'ymd-slash' | 'mdy-slash';

/** A local time of the layout ("2025-04-01 10:00:00") in a fixed offset → ISO with that offset, or null. */
export function parseClock(text: string, format: ClockFormat, offsetMinutes: number): string | null {
  const m = (format === 'ymd-dash' ? YMD_HMS : format === 'ymd-slash' ? YMD_SLASH : MDY_SLASH).exec(text);
  if (!m) return null;
  const n = m.slice(1).map(Number);
  const c: WallClock =
    format === 'mdy-slash'
      ? { y: n[2], mo: n[0], d: n[1], h: n[3], mi: n[4], s: n[5] }
      : { y: n[0], mo: n[1], d: n[2], h: n[3], mi: n[4], s: n[5] };
  return validClock(c) ? isoOf(c, offsetMinutes) : null;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 time with an offset (seconds, no fraction) → its instant (ms) and offset, or null. */
export function parseIso(text: string): { ms: number; offset: number; clock: WallClock } | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const n = m.slice(1, 7).map(Number);
  const clock: WallClock = { y: n[0], mo: n[1], d: n[2], h: n[3], mi: n[4], s: n[5] };
  if (!validClock(clock)) return null;
  let offset = 0;
  if (m[7] !== 'Z') {
    const [oh, om] = m[7].slice(1).split(':').map(Number);
    if (oh > 14 || om > 59) return null;
    offset = (m[7][0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const ms = Date.UTC(clock.y, clock.mo - 1, clock.d, clock.h, clock.mi, clock.s) - offset * 60000;
  return { ms, offset, clock };
}

/** An ISO time (any offset) as the wall clock of a fixed offset. Throws on a malformed time (a writer's input). */
export function clockAt(iso: string, offsetMinutes: number): WallClock {
  const t = parseIso(iso);
  if (!t) throw new RangeError(`not an ISO 8601 time with offset: ${iso}`);
  const d = new Date(t.ms + offsetMinutes * 60000);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  };
}

/** The layout's text of an ISO time in its fixed offset. */
export function formatClock(iso: string, format: ClockFormat, offsetMinutes: number): string {
  const c = clockAt(iso, offsetMinutes);
  const time = `${pad(c.h)}:${pad(c.mi)}:${pad(c.s)}`;
  if (format === 'ymd-dash') return `${pad(c.y, 4)}-${pad(c.mo)}-${pad(c.d)} ${time}`;
  if (format === 'ymd-slash') return `${pad(c.y, 4)}/${pad(c.mo)}/${pad(c.d)} ${time}`;
  return `${pad(c.mo)}/${pad(c.d)}/${pad(c.y, 4)} ${time}`;
}

/** The same instant as ISO in a fixed offset (the card layout writes its acquirer's). */
export function isoAt(iso: string, offsetMinutes: number): string {
  return isoOf(clockAt(iso, offsetMinutes), offsetMinutes);
}

/** The business day (YYYY-MM-DD) of an instant under a day cut at 00:00 of a fixed offset. */
export function businessDay(iso: string, offsetMinutes: number): string {
  const c = clockAt(iso, offsetMinutes);
  return `${pad(c.y, 4)}-${pad(c.mo)}-${pad(c.d)}`;
}
