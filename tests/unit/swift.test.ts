import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { PayeeBank } from '../../src/contract/settlements';
import { checkIban, electronic, isBic } from '../../src/contract/bankIds';
import {
  buildSwiftList,
  checkPayeeForSwift,
  swiftFileName,
  type SwiftBatch,
  type SwiftTransfer,
} from '../../server/modules/settlements/files/swift';

/** The SWIFT list of a payout batch as the treasury's bank portal reads it. */

const transfer = (over: Partial<SwiftTransfer> = {}): SwiftTransfer => ({
  currency: 'USD',
  amount: 123456,
  payeeName: 'Westminster Trading Ltd',
  iban: 'GB82 WEST 1234 5698 7654 32',
  swift: 'WESTGB2L',
  accountNumber: '',
  bankName: 'Westminster Bank',
  addressCountry: 'GB',
  charges: 'SHA',
  reference: 'SA2026110001',
  ...over,
});

const batch = (transfers: SwiftTransfer[]): SwiftBatch => ({ valueDate: '2026-11-04', transfers });

/** The file's bytes as text, checked for the BOM and CRLF line ends, and its rows parsed. */
function rowsOf(b: SwiftBatch): string[][] {
  const result = buildSwiftList(b);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  const text = result.bytes.toString('utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);
  expect(text.slice(0, text.indexOf('\r\n'))).toBe(
    '\ufeffValue date,Currency,Amount,Beneficiary name,IBAN,SWIFT/BIC,Account number,Bank name,Country,Charges (71A),Reference',
  );
  return parse(text.slice(1), { record_delimiter: '\r\n' });
}

describe('IBAN and BIC', () => {
  it('accepts the standard example IBAN, typed with spaces and in lower case', () => {
    expect(electronic('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(checkIban('GB82WEST12345698765432')).toBe('ok');
    expect(checkIban('DE89370400440532013000')).toBe('ok');
    expect(checkIban('NO9386011117947')).toBe('ok');
  });

  it('refuses a wrong check digit, a changed digit, a wrong length and a wrong shape', () => {
    expect(checkIban('GB83WEST12345698765432')).toBe('checksum');
    expect(checkIban('GB82WEST12345698765423')).toBe('checksum'); // two digits swapped
    expect(checkIban('GB82WEST123456987654321')).toBe('length');
    expect(checkIban('DE8937040044053201300')).toBe('length');
    expect(checkIban('GBXXWEST12345698765432')).toBe('invalid');
    expect(checkIban('GB82')).toBe('invalid');
    expect(checkIban('GB82WEST1234569876543!')).toBe('invalid');
  });

  it('takes the 8- and 11-character BIC shapes only', () => {
    expect(isBic('DEUTDEFF')).toBe(true);
    expect(isBic('DEUTDEFF500')).toBe(true);
    expect(isBic('HVBKKRSEXXX')).toBe(true);
    expect(isBic('DEUTDEFF50')).toBe(false);
    expect(isBic('DEUTDEF')).toBe(false);
    expect(isBic('DEU1DEFF')).toBe(false); // the bank code is letters
    expect(isBic('DEUT1EFF')).toBe(false); // the country is letters
    expect(isBic('deutdeff')).toBe(false); // the electronic form is upper case
  });
});

describe('SWIFT list', () => {
  it('writes a header and a row per transfer with amounts in major units: USD 2 decimals, KRW none', () => {
    const rows = rowsOf(
      batch([
        transfer(),
        transfer({ amount: 5, reference: 'SA2026110002' }),
        transfer({
          currency: 'KRW',
          amount: 5_000_000,
          payeeName: 'Hanbit Travel Co., Ltd.',
          iban: '',
          swift: 'hvbkkrse',
          accountNumber: '1002-345-678901',
          bankName: 'Woori Bank, Seoul',
          addressCountry: 'KR',
          charges: 'OUR',
          reference: 'SA2026110003',
        }),
      ]),
    );
    expect(rows.slice(1)).toEqual([
      [
        '2026-11-04',
        'USD',
        '1234.56',
        'Westminster Trading Ltd',
        'GB82WEST12345698765432',
        'WESTGB2L',
        '',
        'Westminster Bank',
        'GB',
        'SHA',
        'SA2026110001',
      ],
      ['2026-11-04', 'USD', '0.05', ...rows[1].slice(3, 10), 'SA2026110002'],
      [
        '2026-11-04',
        'KRW',
        '5000000',
        'Hanbit Travel Co., Ltd.',
        '',
        'HVBKKRSE',
        '1002-345-678901',
        'Woori Bank, Seoul',
        'KR',
        'OUR',
        'SA2026110003',
      ],
    ]);
  });

  it('gives the row count and the total per currency', () => {
    const result = buildSwiftList(
      batch([transfer(), transfer({ amount: 1 }), transfer({ currency: 'EUR', amount: 99 })]),
    );
    expect(result.ok && { rows: result.rowCount, totals: result.totals }).toEqual({
      rows: 3,
      totals: [
        { currency: 'USD', amount: 123457 },
        { currency: 'EUR', amount: 99 },
      ],
    });
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const rows = rowsOf(
      batch([
        transfer({ payeeName: '+Plus Trading', bankName: '=HYPERLINK("http://x","y")' }),
        transfer({ payeeName: '-Dash Ltd', bankName: '@SUM(A1:A9)' }),
      ]),
    );
    expect(rows[1][3]).toBe("'+Plus Trading");
    expect(rows[1][7]).toBe('\'=HYPERLINK("http://x","y")');
    expect(rows[2][3]).toBe("'-Dash Ltd");
    expect(rows[2][7]).toBe("'@SUM(A1:A9)");
  });

  it('refuses the whole batch and lists every problem', () => {
    const result = buildSwiftList({
      valueDate: '2026-13-01',
      transfers: [
        transfer({ iban: 'GB82WEST12345698765433', reference: 'SA1' }),
        transfer({ swift: 'WESTGB2', reference: 'SA2' }),
        transfer({ payeeName: 'ハンビット Müller', reference: 'SA3' }),
        transfer({ currency: 'JPY', amount: 0, reference: 'SA4' }),
        transfer({ iban: '', accountNumber: '', addressCountry: 'Korea', reference: 'SA5' }),
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { reference: '', field: 'valueDate', reason: 'invalid' },
        { reference: 'SA1', field: 'iban', reason: 'checksum' },
        { reference: 'SA2', field: 'swift', reason: 'invalid' },
        {
          reference: 'SA3',
          field: 'payeeName',
          reason: 'unwritable',
          chars: ['ハ', 'ン', 'ビ', 'ッ', 'ト', 'ü'],
        },
        { reference: 'SA4', field: 'currency', reason: 'invalid' },
        { reference: 'SA4', field: 'amount', reason: 'invalid' },
        { reference: 'SA5', field: 'accountNumber', reason: 'missing' },
        { reference: 'SA5', field: 'addressCountry', reason: 'invalid' },
      ],
    });
  });

  it('refuses an empty batch', () => {
    const result = buildSwiftList(batch([]));
    expect(result.ok ? [] : result.problems).toEqual([
      { reference: '', field: 'transfers', reason: 'missing' },
    ]);
  });

  it('names the file by its value date and batch number', () => {
    expect(swiftFileName('2026-11-04', 42)).toBe('swift-20261104-42.csv');
  });
});

describe('checkPayeeForSwift (the checkout says why a settlement cannot be paid)', () => {
  const payee: PayeeBank = {
    name: 'Westminster Trading',
    nameEn: 'Westminster Trading',
    bankName: 'Westminster Bank',
    bankCode: '',
    branchName: '',
    branchCode: '',
    depositType: 1,
    accountNumber: '',
    holder: 'Westminster Trading Ltd',
    addressCountry: 'GB',
    iban: 'GB82WEST12345698765432',
    swift: 'WESTGB2LXXX',
  };

  it('finds nothing wrong with a payable payee', () => {
    expect(checkPayeeForSwift(payee, 'SA1')).toEqual([]);
  });

  it('names every field that keeps the transfer from being sent', () => {
    const bad = { ...payee, holder: '', iban: 'GB82WEST1234569876543', swift: '', addressCountry: '' };
    expect(checkPayeeForSwift(bad, 'SA1')).toEqual([
      { reference: 'SA1', field: 'payeeName', reason: 'missing' },
      { reference: 'SA1', field: 'iban', reason: 'length' },
      { reference: 'SA1', field: 'swift', reason: 'missing' },
      { reference: 'SA1', field: 'addressCountry', reason: 'missing' },
    ]);
  });
});
