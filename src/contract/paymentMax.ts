/**
 * The maximum of one payment per currency (docs/api.md "Payment limits"). A module of its own
 * over the currency list alone: the company schema (orgCompany) needs it, and money.ts
 * re-exports it.
 */
import type { Currency } from './currencies';

/**
 * The absolute sanity maximum of one payment, per currency, in minor units, whatever the
 * company's limits (docs/api.md "Payment limits"): about USD 7–10 million in each currency.
 * The largest (IDR) is 10^13, three orders of magnitude below 2^53, so a day's sum of such
 * payments is still exact.
 */
export const MAX_PAYMENT_MINOR: Record<Currency, number> = {
  JPY: 1_000_000_000, // ¥1,000,000,000
  CNY: 5_000_000_000, // 50,000,000.00元
  USD: 1_000_000_000, // $10,000,000.00
  EUR: 1_000_000_000, // €10,000,000.00
  GBP: 1_000_000_000, // £10,000,000.00
  HKD: 10_000_000_000, // $100,000,000.00
  KRW: 10_000_000_000, // ₩10,000,000,000
  PHP: 50_000_000_000, // ₱500,000,000.00
  IDR: 10_000_000_000_000, // ₨100,000,000,000.00
  MYR: 5_000_000_000, // RM50,000,000.00
  THB: 30_000_000_000, // ฿300,000,000.00
  SGD: 1_000_000_000, // $10,000,000.00
};

/** The sanity maximum of one payment in `currency` (an unknown currency gets the smallest). */
export const maxPaymentMinor = (currency: string): number =>
  Object.hasOwn(MAX_PAYMENT_MINOR, currency)
    ? MAX_PAYMENT_MINOR[currency as Currency]
    : Math.min(...Object.values(MAX_PAYMENT_MINOR));

/** The largest value a company's payment limit may hold (the largest per-payment maximum). */
export const MAX_LIMIT_MINOR = Math.max(...Object.values(MAX_PAYMENT_MINOR));
