import { describe, expect, it } from 'vitest';
import { corporateCheckDigit, isRegistrationNo } from '../../src/contract/invoice';
import { SettlementSettingsSave } from '../../src/contract/settlements';

/**
 * The settlement settings' schema as the console's form runs it (the server runs the same one,
 * tests/server/settlementSettings.test.ts): the registration number's check digit, the yen
 * account's Zengin rules, the foreign account's SWIFT/BIC.
 */

const errorsOf = async (value: unknown): Promise<Record<string, string>> => {
  try {
    await SettlementSettingsSave.validate(value, { abortEarly: false });
    return {};
  } catch (e) {
    const inner = (e as { inner: { path: string; errors: { key: string }[] }[] }).inner;
    return Object.fromEntries(inner.map((i) => [i.path, i.errors[0].key]));
  }
};

const yen = {
  currency: 'JPY',
  bankName: '三井住友銀行',
  bankCode: '0009',
  branchName: '東京営業部',
  branchCode: '211',
  depositType: 1,
  accountNumber: '8123456',
  holder: 'ｶ)ｹﾂｻｲ',
  requesterCode: '1002003001',
};

describe('the registration number (T + corporate number)', () => {
  it('computes the corporate number check digit: 9 − (Σ digits weighted 1, 2, … from the right mod 9)', () => {
    expect(corporateCheckDigit('010401123456')).toBe(9);
    // 国税庁 7000012050002, トヨタ自動車 1180301018771 (the registry's published numbers).
    expect(corporateCheckDigit('000012050002')).toBe(7);
    expect(corporateCheckDigit('180301018771')).toBe(1);
  });

  it('takes "T" and 13 digits with the right check digit only', () => {
    expect(isRegistrationNo('T9010401123456')).toBe(true);
    expect(isRegistrationNo('T7000012050002')).toBe(true);
    expect(isRegistrationNo('T1010401123456')).toBe(false);
    expect(isRegistrationNo('9010401123456')).toBe(false);
    expect(isRegistrationNo('T901040112345')).toBe(false);
  });
});

describe('SettlementSettingsSave', () => {
  it('converts a yen holder as the Zengin file writes it and a BIC to its electronic form', async () => {
    const v = await SettlementSettingsSave.validate({
      transferFees: [{ currency: 'JPY', amount: '250' }],
      payingAccounts: [
        { ...yen, holder: 'カブシキガイシャ　ケッサイ' },
        { ...yen, currency: 'USD', bankCode: 'smbc jp jt', branchCode: '', requesterCode: '' },
      ],
      issuer: { name: 'ケッサイ', registrationNo: ' t9010401123456 ', address: '', phone: '' },
    });
    expect(v.payingAccounts[0].holder).toBe('ｶ)ｹﾂｻｲ');
    expect(v.payingAccounts[1].bankCode).toBe('SMBCJPJT');
    expect(v.issuer?.registrationNo).toBe('T9010401123456');
    expect(v.transferFees[0].amount).toBe(250);
  });

  it('refuses each bad value at its own field', async () => {
    expect(
      await errorsOf({
        transferFees: [
          { currency: 'JPY', amount: 1.5 },
          { currency: 'JPY', amount: 0 },
        ],
        payingAccounts: [
          {
            ...yen,
            bankCode: '9',
            branchCode: '21',
            accountNumber: '12345678',
            requesterCode: '123',
            depositType: 4,
          },
          { ...yen, currency: 'EUR', bankCode: 'NOTABIC!' },
          { ...yen, holder: 'ケッサイ株式会社東京本店' },
        ],
        issuer: { name: 'x', registrationNo: 'T9010401123457', address: '', phone: '' },
      }),
    ).toEqual({
      'transferFees[0].amount': 'validation.integer',
      'transferFees[1].currency': 'validation.duplicate',
      'payingAccounts[0].bankCode': 'settlements.settings.errors.digits',
      'payingAccounts[0].branchCode': 'settlements.settings.errors.digits',
      'payingAccounts[0].accountNumber': 'settlements.settings.errors.digitsUpTo',
      'payingAccounts[0].requesterCode': 'settlements.settings.errors.digits',
      'payingAccounts[0].depositType': 'validation.oneOf',
      'payingAccounts[1].bankCode': 'settlements.settings.errors.bic',
      'payingAccounts[2].currency': 'validation.duplicate',
      'payingAccounts[2].holder': 'settlements.settings.errors.zenginName',
      'issuer.registrationNo': 'settlements.settings.errors.registrationCheck',
    });
  });

  it('takes an issuer left all blank as none', async () => {
    const v = await SettlementSettingsSave.validate({
      transferFees: [],
      payingAccounts: [],
      issuer: { name: ' ', registrationNo: '', address: '', phone: '' },
    });
    expect(v.issuer).toBeNull();
  });
});
