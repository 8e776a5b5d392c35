import { CURRENCY_SYMBOLS, formatAmount, isCurrency, parseAmount } from '../contract/money';

/**
 * Inputs of amounts over the contract's money rules (spec point 9; contract/money.ts formats
 * and parses): people type major units, the form holds integer minor units.
 */
export const currencySymbol = (currency: string): string =>
  isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : currency;

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
