/**
 * Payment brands and their sub-brands. A brand is the connector the gateway talks to; the
 * sub-brand is the wallet or card scheme the payer used through it.
 */
export const PAY_BRANDS = ['wechat', 'alipayplus', 'paypay', 'card'] as const;
export type PayBrand = (typeof PAY_BRANDS)[number];

export const SUB_BRANDS: Record<PayBrand, readonly string[]> = {
  /** Chinese wallets. */
  wechat: ['wechat', 'alipay', 'unionpay'],
  alipayplus: ['alipayhk', 'gcash', 'kakaopay', 'touchngo', 'truemoney', 'dana'],
  paypay: ['paypay'],
  card: ['visa', 'mastercard', 'jcb', 'amex'],
};
export const ALL_SUB_BRANDS: readonly string[] = Object.values(SUB_BRANDS).flat();

/**
 * The currencies a brand takes, for a brand that does not take every one: PayPay pays and settles
 * in yen only (its statement has no currency column; docs/reconciliation.md). The payer is not
 * offered such a brand for another currency, and the server refuses it.
 */
export const BRAND_CURRENCIES: Partial<Record<PayBrand, readonly string[]>> = { paypay: ['JPY'] };
export const brandTakes = (brand: PayBrand, currency: string): boolean =>
  BRAND_CURRENCIES[brand]?.includes(currency) ?? true;

export const isPayBrand = (b: unknown): b is PayBrand =>
  typeof b === 'string' && (PAY_BRANDS as readonly string[]).includes(b);

export const brandOfSubBrand = (sub: string): PayBrand | undefined =>
  PAY_BRANDS.find((b) => SUB_BRANDS[b].includes(sub));

/** How the payment was taken. */
export const PAYMENT_TYPES = ['dynamicQr', 'staticQr', 'link', 'cpm', 'card'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The payment types a merchant may create through the API (the others come from terminals). */
export const CREATABLE_PAYMENT_TYPES = ['dynamicQr', 'link'] as const satisfies readonly PaymentType[];

/** The commission channel of a payment type (commission rates are per brand and channel). */
export const channelOf = (type: PaymentType): 'online' | 'offline' =>
  type === 'link' || type === 'card' ? 'online' : 'offline';

/**
 * The commission brand (see contract/commission BRANDS) of a payment: the Chinese wallets
 * are charged per wallet, the other brands as a whole.
 */
export function commissionBrand(brand: PayBrand | '', subBrand: string): string {
  if (brand === 'wechat' && ['wechat', 'alipay', 'unionpay'].includes(subBrand)) return subBrand;
  return brand;
}

/**
 * How a company's sandbox brand behaves (see docs/merchant-api.md): normal, decline (creation
 * refused), fail (the payer pays, the brand fails it), timeout (the payment expires), slow
 * (close and refund processing until asked again), down (unreachable), refundFail.
 */
export const SANDBOX_BEHAVIOURS = [
  'normal',
  'decline',
  'fail',
  'timeout',
  'slow',
  'down',
  'refundFail',
] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];
/**
 * A discrepancy a company's sandbox brand writes into its daily statements (issue #16,
 * docs/reconciliation.md "Statements"), on every day the company has a payment in the file: its
 * first payment left out, listed with another status, amount (+1) or fee (+1), written
 * unreadable; a row no one knows added; the whole file's bytes corrupt at that row; the file a
 * day late. `none`: the statement is the brand's books. PayPay's layout has no fee column.
 */
export const STATEMENT_INJECTIONS = [
  'none',
  'missingRow',
  'extraRow',
  'status',
  'amount',
  'fee',
  'unparseableRow',
  'corruptFile',
  'late',
] as const;
export type StatementInjection = (typeof STATEMENT_INJECTIONS)[number];
/** The injections a brand's layout can carry (PayPay writes no fee). */
export const injectionsOf = (brand: PayBrand): readonly StatementInjection[] =>
  brand === 'paypay' ? STATEMENT_INJECTIONS.filter((i) => i !== 'fee') : STATEMENT_INJECTIONS;

/** Connectors a company's brand may use; only the sandbox exists so far. */
export const CONNECTOR_KINDS = ['sandbox'] as const;

export interface BrandSetting {
  brand: PayBrand;
  connector: (typeof CONNECTOR_KINDS)[number];
  sandboxBehaviour: SandboxBehaviour;
  statementInjection: StatementInjection;
}
