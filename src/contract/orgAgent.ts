import { yup, LIMITS, message, number } from './validation';
import { email, id, money, optionalId, phone, requiredText, text, url, type Status } from './fields';
import { bankFields } from './orgBank';
import { isCalendarDay, latestToday } from './paging';
import { CURRENCIES } from './currencies';

export const SETTLEMENT_PERIODS = ['T+7', 'T+15', 'T+30'] as const;
export const REMITTANCE_COST_TYPES = ['SHA', 'OUR'] as const;
/** The agencies' currencies, the gateway's list (contract/currencies.ts). */
export { CURRENCIES };

/** Agencies (spec point 3 "Agency"). */
export const AgentSaveInput = yup
  .object({
    id: optionalId(),
    serviceProviderId: id().required(),
    agentNo: requiredText(20).matches(/^[A-Za-z0-9-]*$/),
    name: requiredText(LIMITS.orgName),
    nameEn: text(LIMITS.orgName).matches(/^[\x20-\x7E]*$/, { message: message('validation.ascii') }),
    address: text(255),
    phone: phone(),
    mobile: phone(),
    homepage: url(),
    businessHours: text(LIMITS.name),
    comment: text(LIMITS.remark),
    /** 0 individual, 1 enterprise. */
    businessType: number().integer().oneOf([0, 1]).default(1),
    repName: text(LIMITS.name),
    repNameKana: text(LIMITS.name),
    /** 0 female, 1 male. */
    repSex: number()
      .integer()
      .oneOf([0, 1])
      .nullable()
      .default(null)
      .transform((v, orig) => (orig === '' ? null : v)),
    // A day that has been (the console's calendar stops at today; the server holds the same rule).
    repBirthday: text(10).test(
      'date',
      message('validation.date'),
      (v) => !v || (isCalendarDay(v, { from: 1900 }) && v <= latestToday()),
    ),
    repAddress: text(255),
    repPhone: phone(),
    repMobile: phone(),
    repEmail: email(),
    contactName: text(LIMITS.name),
    contactPhone: phone(),
    contactEmail: email(),
    ...bankFields,
    currency: yup.string().oneOf(CURRENCIES).default('JPY'),
    settlementPeriod: yup.string().oneOf(SETTLEMENT_PERIODS).default('T+30'),
    minimumAmount: money().default(0),
    remittanceCostType: yup.string().oneOf(REMITTANCE_COST_TYPES).default('SHA'),
  })
  .noUnknown();
export type AgentSaveInput = yup.InferType<typeof AgentSaveInput>;

export type AgentDetail = Omit<AgentSaveInput, 'id'> & {
  id: number;
  serviceProviderName: string;
  status: Status;
  companyCount: number;
  createdAt: string;
  updatedAt: string;
};

export { AgentPageQuery } from './lists/org';

export interface AgentRow {
  id: number;
  agentNo: string;
  name: string;
  nameEn: string;
  serviceProviderId: number;
  serviceProviderName: string;
  phone: string;
  contactName: string;
  settlementPeriod: string;
  status: Status;
  companyCount: number;
  createdAt: string;
}
