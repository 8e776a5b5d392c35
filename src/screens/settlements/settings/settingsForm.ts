import { CURRENCIES } from '../../../contract/orgAgent';
import { isCurrency, type Currency } from '../../../contract/money';
import type { SettlementSettings, SettlementSettingsSave } from '../../../contract/settlements';

/** The settings screen's form: the save's own shape (the contract's schema is the resolver). */
export type SettingsForm = SettlementSettingsSave;
export type PayingAccountForm = SettingsForm['payingAccounts'][number];
export type IssuerForm = NonNullable<SettingsForm['issuer']>;

export const EMPTY_ISSUER: IssuerForm = { name: '', registrationNo: '', address: '', phone: '' };

/** Rows whose currency the gateway knows (every stored one: the schema let only those in). */
const known = <T extends { currency: string }>(rows: readonly T[]) =>
  rows.flatMap((r) => (isCurrency(r.currency) ? [{ ...r, currency: r.currency }] : []));

/** The form of the stored settings; no issuer is an issuer left blank (saved back as none). */
export const formOf = (s: SettlementSettings): SettingsForm => ({
  transferFees: known(s.transferFees),
  payingAccounts: known(s.payingAccounts),
  issuer: s.issuer ?? { ...EMPTY_ISSUER },
});

/** The first currency no row of the list has yet (yen first), or none when every one has. */
export const unusedCurrency = (rows: readonly { currency: string }[]): Currency | undefined =>
  CURRENCIES.find((c) => !rows.some((r) => r.currency === c));

export const newAccount = (currency: Currency): PayingAccountForm => ({
  currency,
  bankName: '',
  bankCode: '',
  branchName: '',
  branchCode: '',
  depositType: 1,
  accountNumber: '',
  holder: '',
  requesterCode: '',
});
