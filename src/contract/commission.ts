import { distinctBy, yup, message } from './validation';
import { id, text } from './fields';
import { PAY_BRANDS, SUB_BRANDS, type PayBrand } from './brands';

export const BRANDS = ['wechat', 'alipay', 'alipayplus', 'paypay', 'unionpay', 'card'] as const;
export type Brand = (typeof BRANDS)[number];
export const RATE_CHANNELS = ['online', 'offline'] as const;
export type RateChannel = (typeof RATE_CHANNELS)[number];

/**
 * The kinds of rate with a history (rate_changes; docs/settlement.md, "Money"): a company's
 * commission per brand and channel, its agency's rebate per brand, a comprehensive agent's fee
 * per brand.
 */
export const RATE_KINDS = ['commission', 'rebate', 'brandFee'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** One entry of a rate's history: who set which rate, from when. */
export interface RateChange {
  kind: RateKind;
  brand: Brand;
  /** A commission's channel; '' for rebates and fees. */
  channel: RateChannel | '';
  /** "3.25"; null: the rate was removed. */
  rate: string | null;
  validFrom: string;
  /** The operator who set it (login id), null: the system (demo data, a migration). */
  operator: string | null;
}

/** A percentage with at most two decimals, 0 to 100 ("3.25"). */
export const RATE_PATTERN = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

/** "3.25" → 325 hundredths of a percent, exactly (no floating point). */
export function percentToHundredths(percent: string): number {
  const [whole, frac = ''] = percent.trim().split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/** 325 → "3.25". */
export const hundredthsToPercent = (h: number) =>
  `${Math.trunc(h / 100)}.${String(h % 100).padStart(2, '0')}`;

const rate = () =>
  yup
    .string()
    .trim()
    .required()
    .matches(RATE_PATTERN, { message: message('validation.rate') });

export const CommissionRateEntry = yup
  .object({
    brand: yup.string().required().oneOf(BRANDS),
    channel: yup.string().required().oneOf(RATE_CHANNELS),
    rate: rate(),
    remark: text(255),
  })
  .noUnknown();

export const RebateRateEntry = yup
  .object({ brand: yup.string().required().oneOf(BRANDS), rate: rate() })
  .noUnknown();

export const CommissionQuery = yup.object({ companyId: id().required() }).noUnknown();
export type CommissionQuery = yup.InferType<typeof CommissionQuery>;

/**
 * Replaces a company's rates: one entry per brand and channel at most, and the rebate its
 * agency earns per brand (only for a company brought in by an agency; not above the
 * company's lowest rate of that brand).
 */
export const CommissionSaveInput = yup
  .object({
    companyId: id().required(),
    rates: yup
      .array(CommissionRateEntry)
      .required()
      .max(BRANDS.length * RATE_CHANNELS.length)
      .test(
        'unique',
        message('validation.duplicateEntry'),
        distinctBy((r) => `${r.brand}/${r.channel}`),
      ),
    rebates: yup
      .array(RebateRateEntry)
      .default([])
      .max(BRANDS.length)
      .test(
        'unique',
        message('validation.duplicateEntry'),
        distinctBy((r) => r.brand),
      ),
  })
  .noUnknown();
export type CommissionSaveInput = yup.InferType<typeof CommissionSaveInput>;

export interface CommissionConfig {
  companyId: number;
  companyName: string;
  agentId: number | null;
  agentName: string | null;
  /** rate as "3.25" and in hundredths of a percent. */
  rates: {
    brand: Brand;
    channel: RateChannel;
    rate: string;
    rateHundredths: number;
    remark: string;
  }[];
  rebates: { brand: Brand; rate: string; rateHundredths: number }[];
  /** The company's commission and rebate changes, newest first. */
  history: RateChange[];
}

/**
 * Which rates a payment needs (issue #29: no payment without its commission). A payment through
 * `brand` in `channel` is charged at the company's rate for its commission brand
 * (`commissionBrand` in ./brands): the Chinese wallet the payer used, or the brand as a whole.
 * Until the payer has scanned, the wallet is not known, so a Chinese-wallet payment needs a
 * rate for each wallet it may be paid with.
 */
export function commissionBrandsOf(brand: PayBrand, subBrand = ''): Brand[] {
  if (brand !== 'wechat') return [brand];
  const wallets = SUB_BRANDS.wechat as readonly Brand[];
  return wallets.includes(subBrand as Brand) ? [subBrand as Brand] : [...wallets];
}

/** A rate a company has: its commission brand and channel. */
export interface RateKey {
  brand: string;
  channel: string;
}

/** The commission brands a payment through `brand` (and `subBrand`) in `channel` lacks a rate for. */
export const missingRates = (
  rates: readonly RateKey[],
  brand: PayBrand,
  subBrand: string,
  channel: RateChannel,
): Brand[] =>
  commissionBrandsOf(brand, subBrand).filter(
    (b) => !rates.some((r) => r.brand === b && r.channel === channel),
  );

/**
 * Whether a company can take payments through each brand (the company page's "Brand
 * connectors"): per channel, the commission brands it has no rate for; a brand is ready in a
 * channel when that list is empty.
 */
export interface BrandReadiness {
  brand: PayBrand;
  missing: Record<RateChannel, Brand[]>;
}

export const readinessOf = (rates: readonly RateKey[]): BrandReadiness[] =>
  PAY_BRANDS.map((brand) => ({
    brand,
    missing: {
      online: missingRates(rates, brand, '', 'online'),
      offline: missingRates(rates, brand, '', 'offline'),
    },
  }));
