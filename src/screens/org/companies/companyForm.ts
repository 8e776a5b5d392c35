import {
  LIMIT_FIELDS,
  type CompanyDetail,
  type CompanySaveInput,
  type UboEntry,
} from '../../../contract/org';
import { BANK_FIELD_NAMES, EMPTY_BANK } from '../../shared/bankForm';

/**
 * The company form: the contract's CompanySaveInput, grouped in tabs a person works through.
 * Limits and the check-out limit are minor units of the gateway's settlement currency.
 */
export type CompanyForm = CompanySaveInput;

/** The contract has no currency per company: amounts are the gateway's settlement currency. */
export const COMPANY_CURRENCY = 'JPY';

export const EMPTY_UBO: UboEntry = {
  attribute: 'corporate',
  firstName: '',
  lastName: '',
  companyName: '',
  passportNumber: '',
  registrationNumber: '',
  city: '',
  companyAttribute: '',
};

export const EMPTY_COMPANY: CompanyForm = {
  id: null,
  serviceProviderId: undefined as unknown as number,
  agentId: null,
  name: '',
  nameEn: '',
  phone: '',
  fax: '',
  address: '',
  homepage: '',
  contactName: '',
  contactEmail: '',
  ...EMPTY_BANK,
  checkoutPeriod: 'monthly',
  checkoutWeekday: null,
  checkoutLimit: 0,
  financeEmail: '',
  mid: '',
  sid: '',
  ubos: [EMPTY_UBO],
  wechatSubAppId: '',
  wechatSubMchId: '',
  wechatMcc: '',
  chinaPayCompanyNo: '',
  chinaPayBranchNo: '',
  chinaPayToken: '',
  chinaPaySecretKey: '',
  paypayMerchantId: '',
  paypayStoreId: '',
  paypayAuthToken: '',
  paypayKey: '',
  paytreeId: '',
  paytreeCompanyCode: '',
  paytreeBranchCode: '',
  paytreePublicKey: '',
  limitOffline: null,
  limitOnline: null,
  limitAutoDebit: null,
  limitStaticCode: null,
  limitDynamicCode: null,
  limitLink: null,
  limitAll: null,
  offlineAppMode: 'CPM',
  threeDSecure: false,
  resultContactEmail: '',
};

/** The form's values of a stored company (secrets stay masked: saving them back keeps them). */
export function formOf(detail: CompanyDetail): CompanyForm {
  const values = { ...EMPTY_COMPANY };
  for (const key of Object.keys(EMPTY_COMPANY) as (keyof CompanyForm)[]) {
    const v = detail[key as keyof CompanyDetail];
    if (v !== undefined) (values as Record<string, unknown>)[key] = v;
  }
  return { ...values, id: detail.id, ubos: detail.ubos.length ? detail.ubos : [EMPTY_UBO] };
}

export const TABS = ['basic', 'bank', 'ubo', 'channels', 'limits', 'credentials'] as const;
export type CompanyTab = (typeof TABS)[number];

/** Which tab holds a field, so a refused save opens the tab of its first error. */
export const TAB_OF: Record<string, CompanyTab> = {
  ...Object.fromEntries(
    [
      'serviceProviderId',
      'agentId',
      'name',
      'nameEn',
      'phone',
      'fax',
      'address',
      'homepage',
      'contactName',
      'contactEmail',
    ].map((f) => [f, 'basic']),
  ),
  ...Object.fromEntries(
    [...BANK_FIELD_NAMES, 'checkoutPeriod', 'checkoutWeekday', 'checkoutLimit', 'financeEmail'].map((f) => [
      f,
      'bank',
    ]),
  ),
  mid: 'ubo',
  sid: 'ubo',
  ubos: 'ubo',
  ...Object.fromEntries(
    [
      'wechatSubAppId',
      'wechatSubMchId',
      'wechatMcc',
      'chinaPayCompanyNo',
      'chinaPayBranchNo',
      'chinaPayToken',
      'chinaPaySecretKey',
      'paypayMerchantId',
      'paypayStoreId',
      'paypayAuthToken',
      'paypayKey',
      'paytreeId',
      'paytreeCompanyCode',
      'paytreeBranchCode',
      'paytreePublicKey',
    ].map((f) => [f, 'channels']),
  ),
  ...Object.fromEntries(
    [...LIMIT_FIELDS, 'offlineAppMode', 'threeDSecure', 'resultContactEmail'].map((f) => [f, 'limits']),
  ),
};
