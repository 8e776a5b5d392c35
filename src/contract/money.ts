/**
 * Money of spec point 9: amounts travel and are stored as integer minor units; JPY and
 * KRW have no minor unit, every other currency is divided by 100. Formatting and parsing
 * work on decimal strings and bigint, never on floating point. The currency list is the
 * gateway's (contract/currencies.ts).
 */
import { CURRENCIES, type Currency } from './currencies';

export type { Currency } from './currencies';

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  JPY: '円',
  CNY: '元',
  USD: '$',
  EUR: '€',
  GBP: '£',
  HKD: '$',
  KRW: '₩',
  PHP: '₱',
  IDR: '₨',
  MYR: 'RM',
  THB: '฿',
  SGD: '$',
};

/** Symbols written after the number (円, 元); the others go before it. */
const SUFFIX_SYMBOLS: readonly Currency[] = ['JPY', 'CNY'];

export const isCurrency = (c: unknown): c is Currency =>
  typeof c === 'string' && (CURRENCIES as readonly string[]).includes(c);

/** Digits after the decimal point: 0 for JPY and KRW, 2 otherwise. */
export const minorDigits = (currency: string): 0 | 2 => (currency === 'JPY' || currency === 'KRW' ? 0 : 2);

/** Largest amount in minor units anywhere (fits a JavaScript number exactly and a bigint column). */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;

export { MAX_LIMIT_MINOR, MAX_PAYMENT_MINOR, maxPaymentMinor } from './paymentMax';

const toBig = (minor: bigint | number | string): bigint => {
  if (typeof minor === 'bigint') return minor;
  if (typeof minor === 'number') {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
    return BigInt(minor);
  }
  if (!/^-?\d+$/.test(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  return BigInt(minor);
};

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 123456 JPY → "123,456"; 123456 USD → "1,234.56" (no symbol). */
export function formatAmount(minor: bigint | number | string, currency: string): string {
  const v = toBig(minor);
  const negative = v < 0n;
  const abs = (negative ? -v : v).toString();
  const digits = minorDigits(currency);
  let out: string;
  if (digits === 0) out = group(abs);
  else {
    const padded = abs.padStart(digits + 1, '0');
    out = `${group(padded.slice(0, -digits))}.${padded.slice(-digits)}`;
  }
  return negative ? `-${out}` : out;
}

/** The languages money is written in: the catalogues' names (the working languages' too). */
export type MoneyLanguage = 'ja' | 'zh-cn' | 'en' | 'jp' | 'zh_cn';

const INTL_LOCALE = { en: 'en-US', zh: 'zh-CN' } as const;
const formats = new Map<string, Intl.NumberFormat>();
function intlFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let f = formats.get(key);
  if (!f) {
    const digits = minorDigits(currency);
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // English: the symbol where it is unambiguous, CN¥ / HK$ / a code otherwise (¥3,980, $12.00);
      // Chinese: the currency's name after the number (3,980日元, 12.00美元), since ¥ is the yuan's.
      currencyDisplay: locale === INTL_LOCALE.zh ? 'name' : 'symbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * An amount inside a message's values (a validation message, a server refusal): the
 * translator that renders the message writes it in its own language (i18n createTranslator),
 * so one message reads "1,000,000円" in Japanese and "¥1,000,000" in English.
 */
export interface MoneyValue {
  kind: 'money';
  minor: number | string;
  currency: string;
}
export const moneyValue = (minor: bigint | number | string, currency: string): MoneyValue => ({
  kind: 'money',
  minor: typeof minor === 'bigint' ? minor.toString() : minor,
  currency,
});
export const isMoneyValue = (v: unknown): v is MoneyValue =>
  typeof v === 'object' &&
  v !== null &&
  (v as MoneyValue).kind === 'money' &&
  (typeof (v as MoneyValue).minor === 'number' || typeof (v as MoneyValue).minor === 'string') &&
  typeof (v as MoneyValue).currency === 'string';

/**
 * An amount with its currency as the reader's language writes it. Japanese keeps spec point
 * 9's symbols ("1,200円", "$12.00", "₩5,000"); English writes "¥1,200", "CN¥10.00", "$12.00";
 * Chinese "1,200日元", "10.00人民币", "12.00美元". The digits are the contract's (integer minor
 * units, 0 or 2 decimals), handed to Intl as an exact decimal string, never a float.
 */
export function formatMoney(
  minor: bigint | number | string,
  currency: string,
  lang: MoneyLanguage = 'ja',
): string {
  const amount = formatAmount(minor, currency);
  if (lang === 'en' || lang === 'zh-cn' || lang === 'zh_cn') {
    if (/^[A-Z]{3}$/.test(currency)) {
      const locale = lang === 'en' ? INTL_LOCALE.en : INTL_LOCALE.zh;
      return intlFormat(locale, currency).format(amount.replace(/,/g, '') as `${number}`);
    }
    return `${currency} ${amount}`;
  }
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : currency;
  if (isCurrency(currency) && SUFFIX_SYMBOLS.includes(currency)) return `${amount}${symbol}`;
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`;
}

/**
 * The currency as an amount input's unit: Japanese the spec's symbol (円), English the ISO
 * code (JPY, as the Stripe Dashboard does), Chinese its name (日元).
 */
export function currencyUnit(currency: string, lang: MoneyLanguage = 'ja'): string {
  if (lang === 'en') return currency;
  if ((lang === 'zh-cn' || lang === 'zh_cn') && /^[A-Z]{3}$/.test(currency)) {
    const part = intlFormat(INTL_LOCALE.zh, currency)
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  }
  return isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : currency;
}

/**
 * A typed amount ("1,234.5", "1200") → minor units as a decimal string, or null when it is
 * not an amount of the currency (too many decimals, letters, negative, above MAX_MINOR).
 */
export function parseAmount(text: string, currency: string): string | null {
  const s = text.trim().replace(/,/g, '');
  const digits = minorDigits(currency);
  const re = digits === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
  if (!re.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt((frac + '00').slice(0, digits) || '0');
  if (minor > BigInt(MAX_MINOR)) return null;
  return minor.toString();
}

/** Commission on an amount: rate in hundredths of a percent, rounded half up, in minor units. */
export function commissionOf(minor: number, rateHundredths: number): number {
  const v = (BigInt(minor) * BigInt(rateHundredths) + 5000n) / 10000n;
  return Number(v);
}
