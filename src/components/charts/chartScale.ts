import type { MessageKey } from '../../i18n/translator';
import { formatMoney, type MoneyLanguage } from '../../contract/money';

/** One point of a series: a category (a day, a brand) or a number on x, a value on y. */
export interface ChartPoint {
  x: string | number;
  /** Money in integer minor units when the chart has a currency; a count otherwise. */
  y: number;
}

/** One series: its name is an i18n key, so the legend speaks the reader's language. */
export interface ChartSeries {
  key: string;
  labelKey: MessageKey;
  points: readonly ChartPoint[];
}

/**
 * Integer ticks from 0 (or below it, for a value under 0: a net with more refunded than paid)
 * to the largest value, evenly spread (minor units are never fractions).
 */
export function valueTicks(series: readonly ChartSeries[], count = 5): number[] {
  const values = series.flatMap((s) => s.points.map((p) => p.y));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  if (max === 0 && min === 0) return [0];
  const step = Math.max(1, Math.ceil((max - min) / count));
  const first = Math.floor(min / step) * step;
  return Array.from({ length: Math.ceil((max - first) / step) + 1 }, (_, i) => first + i * step);
}

/** How the value axis reads: money as the reader's language writes it (contract/money), or plain counts. */
export function valueFormat(
  currency: string | undefined,
  lang: MoneyLanguage = 'ja',
): (value: number) => string {
  return currency
    ? (value) => formatMoney(Math.round(value), currency, lang)
    : (value) => Math.round(value).toLocaleString('en-US');
}
