import { useCallback } from 'react';
import { useLocale } from '../app/i18n';
import { catalogueOf } from '../contract/locale';
import { currencyUnit, formatAmount, formatMoney, parseAmount } from '../contract/money';
import { languageOfTranslator, type Translate } from '../i18n/translator';

/** An amount in minor units with its currency, as the reader's language writes it. */
export type MoneyText = (minor: bigint | number | string, currency: string) => string;

/**
 * The one way the console shows an amount (screens, tables, cards, charts, dialogs): the
 * language of the console (Japanese 3,980円, English ¥3,980, Chinese 3,980日元).
 */
export function useMoney(): MoneyText {
  const lang = catalogueOf(useLocale());
  return useCallback((minor, currency) => formatMoney(minor, currency, lang), [lang]);
}

/** The same for code that has the translator rather than the hook (a list's cells, a message). */
export const moneyIn =
  (t: Translate): MoneyText =>
  (minor, currency) =>
    formatMoney(minor, currency, languageOfTranslator(t));

/**
 * Inputs of amounts over the contract's money rules (spec point 9; contract/money.ts formats
 * and parses): people type major units, the form holds integer minor units.
 */
export function useCurrencyUnit(currency: string): string {
  return currencyUnit(currency, catalogueOf(useLocale()));
}

/** Minor units as the text an input shows: 123456 USD → '1,234.56'; null → ''. */
export function minorToInput(minor: number | null | undefined, currency: string): string {
  if (minor == null || !Number.isSafeInteger(minor)) return '';
  return formatAmount(minor, currency);
}

/**
 * What a person typed as minor units: '' → null (no amount); NaN when it is not an amount
 * of the currency, so the contract's number schema rejects it with its message.
 */
export function parseMoney(text: string, currency: string): number | null {
  if (text.trim() === '') return null;
  const minor = parseAmount(text.replace(/\s/g, ''), currency);
  return minor === null ? Number.NaN : Number(minor);
}
