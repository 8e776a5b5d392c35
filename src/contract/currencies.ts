/**
 * The currencies the gateway settles in (an agency's, a company's, a payment's). A module of its
 * own without imports, under money.ts, paymentMax.ts and the organisation schemas alike.
 */
export const CURRENCIES = [
  'JPY',
  'CNY',
  'USD',
  'EUR',
  'GBP',
  'HKD',
  'KRW',
  'PHP',
  'IDR',
  'MYR',
  'THB',
  'SGD',
] as const;

export type Currency = (typeof CURRENCIES)[number];
