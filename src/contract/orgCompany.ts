import { yup, LIMITS, message, number } from './validation';
import { MAX_LIMIT_MINOR } from './paymentMax';
import {
  email,
  id,
  money,
  optionalId,
  optionalMoney,
  phone,
  requiredText,
  text,
  url,
  type Status,
} from './fields';
import { bankFields, PRINTABLE } from './orgBank';

const CODE = /^[A-Za-z0-9-]*$/;
const ASCII = /^[\x20-\x7E]*$/;

export const UBO_ATTRIBUTES = ['individual', 'corporate'] as const;
export const UBO_MIN = 1;
export const UBO_MAX = 10;

/** One ultimate beneficial owner (spec point 5: all but the passport number required). */
export const UboEntry = yup
  .object({
    attribute: yup.string().required().oneOf(UBO_ATTRIBUTES),
    firstName: requiredText(LIMITS.name),
    lastName: requiredText(LIMITS.name),
    companyName: requiredText(LIMITS.orgName),
    passportNumber: text(20).matches(CODE),
    registrationNumber: requiredText(40),
    city: requiredText(LIMITS.name),
    companyAttribute: requiredText(LIMITS.name),
  })
  .noUnknown();
export type UboEntry = yup.InferType<typeof UboEntry>;

export const CHECKOUT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type CheckoutPeriod = (typeof CHECKOUT_PERIODS)[number];

/**
 * The weekday of a weekly period (a company's check-out, a comprehensive agent's statement):
 * 1 Monday … 7 Sunday, required when the period (`periodField`) is weekly.
 */
export const weekdayOf = (periodField: string) =>
  number()
    .integer()
    .min(1)
    .max(7)
    .nullable()
    .default(null)
    .transform((v, orig) => (orig === '' ? null : v))
    .test('weekday', message('validation.required'), function (v) {
      return this.parent[periodField] !== 'weekly' || v != null;
    });
export const OFFLINE_APP_MODES = ['CPM', 'MPM', 'multi'] as const;
/** Payment limits per channel, integer minor units; null means no limit. */
/** A company's payment limit: empty (no limit) or an integer from 0 to MAX_LIMIT_MINOR. */
const companyLimit = () =>
  optionalMoney().max(MAX_LIMIT_MINOR, ({ path }: { path: string }) => ({
    key: 'validation.max',
    values: { field: path, max: MAX_LIMIT_MINOR.toLocaleString('en-US') },
  }));
export const LIMIT_FIELDS = [
  'limitOffline',
  'limitOnline',
  'limitAutoDebit',
  'limitStaticCode',
  'limitDynamicCode',
  'limitLink',
  'limitAll',
] as const;
/**
 * Channel secrets: stored encrypted, replied masked (••••1234). On save a masked value
 * keeps the stored one, '' clears it, anything else replaces it.
 */
export const COMPANY_SECRET_FIELDS = [
  'chinaPayToken',
  'chinaPaySecretKey',
  'paypayAuthToken',
  'paypayKey',
] as const;
export type CompanySecretField = (typeof COMPANY_SECRET_FIELDS)[number];

const secret = () => text(500).matches(PRINTABLE);

export const CompanySaveInput = yup
  .object({
    id: optionalId(),
    serviceProviderId: id().required(),
    agentId: optionalId(),
    name: requiredText(LIMITS.orgName),
    nameEn: text(LIMITS.name).matches(ASCII, { message: message('validation.ascii') }),
    phone: phone(),
    fax: phone(),
    address: text(255),
    homepage: url(),
    contactName: text(LIMITS.name),
    contactEmail: email(),
    ...bankFields,
    checkoutPeriod: yup.string().oneOf(CHECKOUT_PERIODS).default('monthly'),
    /** 1 Monday … 7 Sunday; required for a weekly check-out. */
    checkoutWeekday: weekdayOf('checkoutPeriod'),
    checkoutLimit: money().default(0),
    financeEmail: email(),
    mid: text(40).matches(CODE),
    sid: text(40).matches(CODE),
    ubos: yup.array(UboEntry).required().min(UBO_MIN).max(UBO_MAX),
    wechatSubAppId: text(40).matches(CODE),
    wechatSubMchId: text(40).matches(CODE),
    wechatMcc: text(4).matches(/^([0-9]{4})?$/, { message: message('validation.digits') }),
    chinaPayCompanyNo: text(40).matches(CODE),
    chinaPayBranchNo: text(40).matches(CODE),
    chinaPayToken: secret(),
    chinaPaySecretKey: secret(),
    paypayMerchantId: text(40).matches(CODE),
    paypayStoreId: text(40).matches(CODE),
    paypayAuthToken: secret(),
    paypayKey: secret(),
    paytreeId: text(40).matches(CODE),
    paytreeCompanyCode: text(40).matches(CODE),
    paytreeBranchCode: text(40).matches(CODE),
    paytreePublicKey: text(4000).matches(PRINTABLE),
    limitOffline: companyLimit(),
    limitOnline: companyLimit(),
    limitAutoDebit: companyLimit(),
    limitStaticCode: companyLimit(),
    limitDynamicCode: companyLimit(),
    limitLink: companyLimit(),
    limitAll: companyLimit(),
    offlineAppMode: yup.string().oneOf(OFFLINE_APP_MODES).default('CPM'),
    threeDSecure: yup.boolean().default(false),
    resultContactEmail: email(),
  })
  .noUnknown();
export type CompanySaveInput = yup.InferType<typeof CompanySaveInput>;

/** /org/company/get: every field, secrets masked, with the names of its organisations. */
export type CompanyDetail = Omit<CompanySaveInput, 'id'> & {
  id: number;
  serviceProviderName: string;
  agentName: string | null;
  /** Masked (••••1234), or '' when none was issued. */
  accessToken: string;
  paySecret: string;
  status: Status;
  createdAt: string;
  updatedAt: string;
};

/** Shown once: on creation and on /org/company/regenerateSecret. */
export interface CompanyCredentials {
  accessToken: string;
  paySecret: string;
}

/** /org/company/save and regenerateSecret reply. */
export interface CompanySaved {
  company: CompanyDetail;
  credentials: CompanyCredentials | null;
}

export { CompanyPageQuery } from './lists/org';

export interface CompanyRow {
  id: number;
  name: string;
  nameEn: string;
  serviceProviderId: number;
  serviceProviderName: string;
  agentId: number | null;
  agentName: string | null;
  contactName: string;
  phone: string;
  mid: string;
  status: Status;
  branchCount: number;
  createdAt: string;
}
