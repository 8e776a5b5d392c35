import { COUNTRIES, HOME_COUNTRY } from '../../contract/countries';
import type { CompanySaveInput } from '../../contract/orgCompany';
import type { bankFields } from '../../contract/orgBank';
import type { WorkingLanguage } from '../../contract/locale';
import type { Option } from '../../components/FilterBar';
import type { Translate } from '../../i18n/translator';

/** The bank details of a payee as a form holds them (companies, agencies, comprehensive agents). */
export type BankForm = Pick<CompanySaveInput, keyof typeof bankFields>;

export const EMPTY_BANK: BankForm = {
  bankName: '',
  bankCode: '',
  bankBranchName: '',
  bankBranchCode: '',
  bankAccountType: 1,
  bankDepositType: 1,
  bankAccountNumber: '',
  bankAccountHolder: '',
  bankAddressCountry: HOME_COUNTRY,
  bankIban: '',
  bankSwift: '',
};

/** The bank fields' names (a tabbed form's tab of each field). */
export const BANK_FIELD_NAMES = Object.keys(EMPTY_BANK) as (keyof BankForm)[];

const INTL_LANGUAGE: Record<WorkingLanguage, string> = { jp: 'ja', zh_cn: 'zh-CN', en: 'en' };

/**
 * The countries of ISO 3166-1 named in the reader's language by the browser (short names in
 * Japanese and Chinese, "香港" rather than "中華人民共和国香港特別行政区"; full ones in English,
 * where the short ones are abbreviations): Japan first, then by name.
 */
export function countryOptions(t: Translate, language: WorkingLanguage): Option[] {
  const locale = INTL_LANGUAGE[language];
  const names = new Intl.DisplayNames([locale], {
    type: 'region',
    style: language === 'en' ? 'long' : 'short',
  });
  const byName = new Intl.Collator(locale);
  const options = COUNTRIES.map((code) => ({
    value: code,
    label: t('org.countryOption', { name: names.of(code) ?? code, code }),
  }));
  const home = options.filter((o) => o.value === HOME_COUNTRY);
  const rest = options
    .filter((o) => o.value !== HOME_COUNTRY)
    .sort((a, b) => byName.compare(a.label, b.label));
  return [...home, ...rest];
}
