import type { MessageKey } from './messages';
import { checkIban, electronic, ibanLengthOf, isBic, type IbanCheck } from './bankIds';
import { COUNTRIES, HOME_COUNTRY } from './countries';
import { text } from './fields';
import { LIMITS, message, number, yup } from './validation';

/**
 * The bank details of a payee (companies, agencies, comprehensive agents): where settlements are
 * paid (docs/settlement.md, "Payout"). In Japan a Zengin transfer: bank code 4 digits, branch code
 * 3, deposit type, account number up to 7 digits, the holder in kana. Abroad a SWIFT transfer:
 * the payee's address country, IBAN (where the country has them) and the bank's BIC.
 */

/** 預金種目 of a Zengin transfer: 1 ordinary (普通), 2 current (当座), 4 savings (貯蓄), 9 other. */
export const DEPOSIT_TYPES = [1, 2, 4, 9] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/** Printable text without control characters; bank holders may be half-width katakana (ｶ)ｻｸﾗ). */
export const PRINTABLE = /^[^\p{Cc}]*$/u;
export const DIGITS = /^[0-9]*$/;

/** The Zengin shapes apply to a payee whose address is in Japan (the form's country; JP if none). */
const inJapan = (parent: unknown) => {
  const country = (parent as { bankAddressCountry?: unknown } | undefined)?.bankAddressCountry;
  return (country ?? HOME_COUNTRY) === HOME_COUNTRY;
};

/** Digits; in Japan exactly `length` of them (bank code 4, branch code 3). */
const zenginCode = (length: number) =>
  text(10)
    .matches(DIGITS, { message: message('validation.digits') })
    .test('zengin', message('validation.digitsExactly', { count: length }), function (v) {
      return !v || !inJapan(this.parent) || v.length === length;
    });

const IBAN_MESSAGES: Record<Exclude<IbanCheck, 'ok'>, MessageKey> = {
  invalid: 'validation.iban',
  length: 'validation.ibanLength',
  checksum: 'validation.ibanChecksum',
};

/** Typed as people write them ("gb82 west 1234 …"), kept in the electronic form ("GB82WEST1234…"). */
const electronicText = (max: number) =>
  text(max).transform((v: unknown) => (typeof v === 'string' ? electronic(v) : v));

export const bankFields = {
  bankName: text(LIMITS.name),
  bankCode: zenginCode(4),
  bankBranchName: text(LIMITS.name),
  bankBranchCode: zenginCode(3),
  /** 0 personal, 1 corporate (the holder; not the deposit type). */
  bankAccountType: number().integer().oneOf([0, 1]).default(1),
  /** 預金種目: 1 ordinary (普通), 2 current (当座), 4 savings (貯蓄), 9 other. */
  bankDepositType: number().integer().oneOf(DEPOSIT_TYPES).default(1),
  bankAccountNumber: text(20)
    .matches(DIGITS, { message: message('validation.digits') })
    .test('zengin', message('validation.digitsAtMost', { count: 7 }), function (v) {
      return !v || !inJapan(this.parent) || v.length <= 7;
    }),
  /** 口座名義: a Zengin transfer carries it in kana (the file converts full-width to half-width). */
  bankAccountHolder: text(LIMITS.name).matches(PRINTABLE),
  /** ISO 3166-1 alpha-2 of the payee's address. */
  bankAddressCountry: yup.string().oneOf(COUNTRIES).default(HOME_COUNTRY),
  bankIban: electronicText(34).test('iban', message('validation.iban'), function (v) {
    const check = v ? checkIban(v) : 'ok';
    if (check === 'ok') return true;
    return this.createError({
      message: message(IBAN_MESSAGES[check], { country: v!.slice(0, 2), length: ibanLengthOf(v!) }),
    });
  }),
  bankSwift: electronicText(11).test('bic', message('validation.bic'), (v) => !v || isBic(v)),
};
