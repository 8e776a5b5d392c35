import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { bankDate, parseBankCsv, writeBankCsv } from '../../server/modules/payouts';

/** The platform's bank deposit statements (docs/reconciliation.md, "Bank deposits"), read byte by byte. */
describe('bank deposit CSV', () => {
  it('reads a Japanese internet-banking file in Shift_JIS: credits kept, withdrawals skipped, payer over 摘要', () => {
    const bytes = iconv.encode(
      '日付,摘要,振込依頼人名,お支払金額,お預り金額,差引残高,照会番号\r\n' +
        '2026/10/05,振込,ｷﾔﾂｼﾕﾚｽﾊﾟ-ﾄﾅ-ｽﾞ(ｶ,,"1,364,210","9,000,000",000000000013\r\n' +
        '2026/10/06,手数料,,440,,"8,999,560",\r\n' +
        '2026/10/07,振込,ｳｵﾚﾂﾄ,,￥2064,"9,001,624",000000000014\r\n',
      'cp932',
    );
    expect(parseBankCsv(bytes)).toEqual({
      ok: true,
      skipped: 1,
      deposits: [
        {
          line: 2,
          valueDate: '2026-10-05',
          amount: 1_364_210,
          currency: 'JPY',
          payerName: 'ｷﾔﾂｼﾕﾚｽﾊﾟ-ﾄﾅ-ｽﾞ(ｶ',
          reference: '000000000013',
        },
        {
          line: 4,
          valueDate: '2026-10-07',
          amount: 2_064,
          currency: 'JPY',
          payerName: 'ｳｵﾚﾂﾄ',
          reference: '000000000014',
        },
      ],
    });
  });

  it('reads English headers in UTF-8 with a BOM, cents in minor units, compact dates', () => {
    const bytes = Buffer.from(
      '\uFEFFDate,Amount,Currency,Payer,Reference\r\n20261005,1234.56,USD,JCA,R-1\r\n',
      'utf8',
    );
    expect(parseBankCsv(bytes)).toMatchObject({
      ok: true,
      deposits: [
        { valueDate: '2026-10-05', amount: 123_456, currency: 'USD', payerName: 'JCA', reference: 'R-1' },
      ],
    });
  });

  it('writes what it reads (the demo’s and the tests’ files)', () => {
    const rows = [
      {
        valueDate: '2026-11-05',
        amount: 714_412,
        currency: 'JPY',
        payerName: 'ｳｵﾚﾂﾄﾘﾝｸｼﾞﾔﾊﾟﾝ(ｶ',
        reference: '123',
      },
      { valueDate: '2026-11-05', amount: 105_590, currency: 'USD', payerName: 'ﾆﾎﾝｶ-ﾄﾞ', reference: '124' },
    ];
    const parsed = parseBankCsv(writeBankCsv(rows));
    expect(parsed).toMatchObject({ ok: true, skipped: 0 });
    expect(parsed.ok && parsed.deposits.map(({ line: _line, ...d }) => d)).toEqual(rows);
  });

  it('refuses the file at the first line that does not fit, with the reason', () => {
    const refuse = (text: string) => parseBankCsv(Buffer.from(text, 'utf8'));
    expect(refuse('')).toEqual({ ok: false, refusal: 'empty' });
    expect(refuse('日付,摘要\r\n2026/10/05,x\r\n')).toEqual({
      ok: false,
      refusal: 'header',
      column: 'amount',
    });
    expect(refuse('amount\r\n100\r\n')).toEqual({ ok: false, refusal: 'header', column: 'date' });
    expect(refuse('date,amount\r\n2026-02-30,100\r\n')).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'date',
    });
    expect(refuse('date,amount\r\n2026-02-03,-100\r\n')).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'amount',
    });
    expect(refuse('date,amount\r\n2026-02-03,1.5\r\n')).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'amount',
    });
    expect(refuse('date,amount,currency\r\n2026-02-03,1,XYZ\r\n')).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'currency',
    });
    expect(refuse('date,amount\r\n2026-02-03,1,extra\r\n')).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'columns',
    });
    expect(refuse(`date,amount,payer\r\n2026-02-03,1,${'x'.repeat(141)}\r\n`)).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'tooLong',
    });
    expect(refuse('date,amount,payer\r\n2026-02-03,1,"open\r\n')).toEqual({
      ok: false,
      refusal: 'line',
      line: 2,
      reason: 'quoting',
    });
    expect(refuse('date,amount\r\n2026-02-03,0\r\n')).toEqual({ ok: false, refusal: 'noDeposits' });
    expect(parseBankCsv(Buffer.from([0x82, 0xa0, 0xff, 0xff]))).toEqual({ ok: false, refusal: 'encoding' });
  });

  it('reads the dates banks write and no others', () => {
    expect(['2026/1/5', '2026-01-05', '2026.01.05', '20260105'].map(bankDate)).toEqual(
      Array(4).fill('2026-01-05'),
    );
    expect(['2026/13/01', '26/01/05', '2026-01-5x', ''].map(bankDate)).toEqual([null, null, null, null]);
  });
});
