import { PAY_BRANDS, type PayBrand } from './brands';
import { RATE_PATTERN, type RateChange } from './commission';
import { email, optionalId, phone, requiredText, text, type Status } from './fields';
import { bankFields } from './orgBank';
import { CHECKOUT_PERIODS, weekdayOf, type CheckoutPeriod } from './orgCompany';
import { distinctBy, LIMITS, message, yup } from './validation';

/**
 * Comprehensive agents (総合代理店, /setup/brandAgent; the system admin's): the parties through
 * which the platform holds a brand's contract. Each brand is served by one agent at most, at its
 * fee rate (what the agent charges the platform on the brand's orders; hundredths of a percent
 * stored, a percentage with two decimals on the wire, like commission rates). The agent settles
 * with the platform per statement period (docs/settlement.md, "Periods").
 */

/** One brand the agent serves and its fee rate ("0.60"). */
export const BrandFeeEntry = yup
  .object({
    brand: yup.string().required().oneOf(PAY_BRANDS),
    feeRate: yup
      .string()
      .trim()
      .required()
      .matches(RATE_PATTERN, { message: message('validation.rate') }),
  })
  .noUnknown();
export type BrandFeeEntry = yup.InferType<typeof BrandFeeEntry>;

export const BrandAgentSaveInput = yup
  .object({
    id: optionalId(),
    name: requiredText(LIMITS.orgName),
    nameEn: text(LIMITS.orgName).matches(/^[\x20-\x7E]*$/, { message: message('validation.ascii') }),
    contactName: text(LIMITS.name),
    contactEmail: email(),
    phone: phone(),
    address: text(255),
    ...bankFields,
    statementPeriod: yup.string().oneOf(CHECKOUT_PERIODS).default('monthly'),
    /** 1 Monday … 7 Sunday: the closing day of a weekly statement. */
    statementWeekday: weekdayOf('statementPeriod'),
    brands: yup
      .array(BrandFeeEntry)
      .default([])
      .max(PAY_BRANDS.length)
      .test(
        'unique',
        message('validation.duplicateEntry'),
        distinctBy((b) => b.brand),
      ),
  })
  .noUnknown();
export type BrandAgentSaveInput = yup.InferType<typeof BrandAgentSaveInput>;

/** A brand the agent serves, its fee rate as "0.60" and in hundredths of a percent. */
export interface BrandFee {
  brand: PayBrand;
  feeRate: string;
  feeRateHundredths: number;
}

/** /org/brandAgent/get and save: every field, the brands it serves and their fee history. */
export type BrandAgentDetail = Omit<BrandAgentSaveInput, 'id' | 'brands' | 'statementPeriod'> & {
  id: number;
  statementPeriod: CheckoutPeriod;
  brands: BrandFee[];
  /** Every change of its fee rates, newest first. */
  feeHistory: RateChange[];
  status: Status;
  createdAt: string;
  updatedAt: string;
};

export { BrandAgentPageQuery } from './lists/org';

export interface BrandAgentRow {
  id: number;
  name: string;
  nameEn: string;
  contactName: string;
  phone: string;
  statementPeriod: CheckoutPeriod;
  statementWeekday: number | null;
  brands: BrandFee[];
  status: Status;
  createdAt: string;
}

/** /org/brandAgent/list: a picker's entry, with the brands the agent serves. */
export interface BrandAgentOption {
  id: number;
  name: string;
  status: Status;
  brands: PayBrand[];
}
