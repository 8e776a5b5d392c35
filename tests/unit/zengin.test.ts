import iconv from 'iconv-lite';
import banks from 'zengin-code';
import { describe, expect, it } from 'vitest';
import type { PayeeBank } from '../../src/contract/settlements';
import {
  buildZenginFile,
  checkPayeeForZengin,
  zenginFileName,
  type ZenginBatch,
  type ZenginTransfer,
} from '../../server/modules/settlements/files/zengin';
import { bankKana, branchKana } from '../../server/modules/settlements/files/zenginBanks';
import { toZenginKana } from '../../src/contract/zenginKana';
import { padC, padN, sjisLength } from '../../server/modules/settlements/files/zenginText';

/**
 * The Zengin 総合振込 file as a bank reads it: the expected records are written here by hand,
 * field by field from the layout of the domain notes (1-based byte positions), and compared
 * byte for byte with what the generator writes.
 */

const sp = (n: number) => ' '.repeat(n);

const transfer = (over: Partial<ZenginTransfer> = {}): ZenginTransfer => ({
  bankCode: '0005',
  branchCode: '001',
  depositType: 1,
  accountNumber: '12345',
  payeeName: 'カブシキガイシャ ダイガク',
  amount: 11438,
  reference: 'SM2026110001',
  ...over,
});

const batch = (over: Partial<ZenginBatch> = {}): ZenginBatch => ({
  requesterCode: '1234567890',
  requesterName: 'カブシキガイシャ ケッサイ',
  transferDate: '2026-11-04',
  from: { bankCode: '0001', branchCode: '001', depositType: 1, accountNumber: '1234567' },
  transfers: [
    transfer(),
    transfer({
      bankCode: '0009',
      branchCode: '015',
      depositType: 2,
      accountNumber: '7654321',
      payeeName: 'やっきょく　あおば',
      amount: 250000,
      newCode: 1,
      customerCode1: '42',
      reference: 'SM2026110002',
    }),
    transfer({
      bankCode: '9900',
      branchCode: '018',
      accountNumber: '1234568',
      payeeName: 'さくら合同会社',
      amount: 1234567890,
      customerCode2: '9876543210',
      reference: 'SA2026110003',
    }),
  ],
  ...over,
});

// prettier-ignore
const HEADER =
  '1' +              // 1       データ区分: header
  '21' +             // 2–3     種別コード: 総合振込
  '0' +              // 4       コード区分: JIS
  '1234567890' +     // 5–14    依頼人コード
  'ｶ)ｹﾂｻｲ' + sp(34) + // 15–54 依頼人名 (6 bytes + 34)
  '1104' +           // 55–58   振込指定日 MMDD
  '0001' +           // 59–62   仕向銀行番号
  'ﾐｽﾞﾎ' + sp(11) +  // 63–77   仕向銀行名 (4 bytes: ﾞ is one)
  '001' +            // 78–80   仕向支店番号
  'ﾄｳｷﾖｳ' + sp(10) + // 81–95   仕向支店名
  '1' +              // 96      預金種目: 普通
  '1234567' +        // 97–103  口座番号
  sp(17); // 104–120 ダミー

// prettier-ignore
const DATA_1 =
  '2' +                       // 1       データ区分: data
  '0005' +                    // 2–5     被仕向銀行番号
  'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ' + sp(2) +   // 6–20    被仕向銀行名 (13 bytes)
  '001' +                     // 21–23   被仕向支店番号
  'ﾎﾝﾃﾝ' + sp(11) +           // 24–38   被仕向支店名
  '0000' +                    // 39–42   手形交換所番号
  '1' +                       // 43      預金種目: 普通
  '0012345' +                 // 44–50   口座番号, zero-filled to 7
  'ｶ)ﾀﾞｲｶﾞｸ' + sp(22) +       // 51–80   受取人名 (8 bytes)
  '0000011438' +              // 81–90   振込金額
  '0' +                       // 91      新規コード: other
  '0000000000' +              // 92–101  顧客コード1
  '0000000000' +              // 102–111 顧客コード2
  '7' +                       // 112     振込指定区分: 電信
  ' ' +                       // 113     識別表示: no EDI
  sp(7); // 114–120 ダミー

// prettier-ignore
const DATA_2 =
  '2' +                       // 1       データ区分
  '0009' +                    // 2–5     被仕向銀行番号
  'ﾐﾂｲｽﾐﾄﾓ' + sp(8) +         // 6–20    被仕向銀行名
  '015' +                     // 21–23   被仕向支店番号
  'ﾄｳｷﾖｳﾁﾕｳｵｳ' + sp(5) +      // 24–38   被仕向支店名 (small ュ written large)
  '0000' +                    // 39–42
  '2' +                       // 43      預金種目: 当座
  '7654321' +                 // 44–50   口座番号
  'ﾔﾂｷﾖｸ ｱｵﾊﾞ' + sp(20) +     // 51–80   受取人名 (hiragana, small kana large, 10 bytes)
  '0000250000' +              // 81–90   振込金額
  '1' +                       // 91      新規コード: first transfer
  '0000000042' +              // 92–101  顧客コード1
  '0000000000' +              // 102–111 顧客コード2
  '7' + ' ' + sp(7); // 112 振込指定区分 · 113 識別表示 · 114–120 ダミー

// prettier-ignore
const DATA_3 =
  '2' +                       // 1       データ区分
  '9900' +                    // 2–5     被仕向銀行番号
  'ﾕｳﾁﾖ' + sp(11) +           // 6–20    被仕向銀行名
  '018' +                     // 21–23   被仕向支店番号
  'ｾﾞﾛｲﾁﾊﾁ' + sp(8) +         // 24–38   被仕向支店名 (7 bytes)
  '0000' +                    // 39–42
  '1' +                       // 43      預金種目
  '1234568' +                 // 44–50   口座番号
  'ｻｸﾗ(ﾄﾞ' + sp(24) +         // 51–80   受取人名: 合同会社 trailing → (ﾄﾞ
  '1234567890' +              // 81–90   振込金額
  '0' +                       // 91      新規コード
  '0000000000' +              // 92–101  顧客コード1
  '9876543210' +              // 102–111 顧客コード2
  '7' + ' ' + sp(7); // 112–120

// prettier-ignore
const TRAILER =
  '8' +                       // 1       データ区分: trailer
  '000003' +                  // 2–7     合計件数
  '001234829328' +            // 8–19    合計金額: 11,438 + 250,000 + 1,234,567,890
  sp(101); // 20–120  ダミー

const END = '9' + sp(119); // 1 データ区分: end · 2–120 ダミー

const RECORD = 122; // 120 bytes + CRLF

/** Field at 1-based inclusive byte positions of record `n` (0-based), decoded. */
const field = (bytes: Buffer, n: number, from: number, to: number) =>
  iconv.decode(bytes.subarray(n * RECORD + from - 1, n * RECORD + to), 'Shift_JIS');

const built = (b: ZenginBatch) => {
  const result = buildZenginFile(b);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result;
};

describe('Zengin 総合振込 file', () => {
  it('writes the header, a data record per transfer, the trailer and the end record byte for byte', () => {
    for (const record of [HEADER, DATA_1, DATA_2, DATA_3, TRAILER, END]) {
      expect(Buffer.byteLength(iconv.encode(record, 'Shift_JIS'))).toBe(120);
    }
    const expected = iconv.encode(
      [HEADER, DATA_1, DATA_2, DATA_3, TRAILER, END].map((r) => `${r}\r\n`).join(''),
      'Shift_JIS',
    );
    const result = built(batch());
    expect(result.bytes.equals(expected)).toBe(true);
    expect(result.recordCount).toBe(3);
    expect(result.total).toBe(1_234_829_328);
    expect(result.warnings).toEqual([]);
  });

  it('ends every record at 120 bytes with CRLF, and the file with the end record', () => {
    const { bytes } = built(batch());
    expect(bytes.length).toBe(6 * RECORD);
    for (let n = 0; n < 6; n++) {
      expect(bytes.subarray(n * RECORD + 120, n * RECORD + 122).toString('latin1')).toBe('\r\n');
      expect(bytes.subarray(n * RECORD, n * RECORD + 120).includes(0x0d)).toBe(false);
    }
    expect(bytes.subarray(5 * RECORD, 6 * RECORD).toString('latin1')).toBe(`9${sp(119)}\r\n`);
  });

  it('reads back: the decoded file has every field at its byte position', () => {
    const { bytes } = built(batch());
    const lines = iconv.decode(bytes, 'Shift_JIS').split('\r\n');
    expect(lines.map((l) => l[0])).toEqual(['1', '2', '2', '2', '8', '9', undefined]);
    expect(lines[6]).toBe('');
    // [record, first byte, last byte, value without its padding]
    const fields: [number, number, number, string][] = [
      [0, 2, 3, '21'], // 種別コード
      [0, 5, 14, '1234567890'], // 依頼人コード
      [0, 15, 54, 'ｶ)ｹﾂｻｲ'], // 依頼人名
      [0, 55, 58, '1104'], // 振込指定日
      [0, 59, 62, '0001'], // 仕向銀行番号
      [0, 63, 77, 'ﾐｽﾞﾎ'], // 仕向銀行名
      [0, 96, 96, '1'], // 預金種目
      [0, 97, 103, '1234567'], // 口座番号
      [2, 2, 5, '0009'], // 被仕向銀行番号
      [2, 21, 23, '015'], // 被仕向支店番号
      [2, 24, 38, 'ﾄｳｷﾖｳﾁﾕｳｵｳ'], // 被仕向支店名
      [2, 43, 43, '2'], // 預金種目
      [2, 44, 50, '7654321'], // 口座番号
      [2, 51, 80, 'ﾔﾂｷﾖｸ ｱｵﾊﾞ'], // 受取人名
      [2, 81, 90, '0000250000'], // 振込金額
      [2, 91, 91, '1'], // 新規コード
      [2, 92, 101, '0000000042'], // 顧客コード1
      [2, 112, 112, '7'], // 振込指定区分
    ];
    for (const [n, from, to, value] of fields) {
      expect(field(bytes, n, from, to).trimEnd(), `record ${n}, bytes ${from}–${to}`).toBe(value);
    }
    // Trailer: count and sum of the data records as read back
    const amounts = [1, 2, 3].map((n) => Number(field(bytes, n, 81, 90)));
    expect(Number(field(bytes, 4, 2, 7))).toBe(3);
    expect(Number(field(bytes, 4, 8, 19))).toBe(amounts.reduce((a, b) => a + b, 0));
  });

  it('cuts a name longer than its field between characters, keeps a voiced mark with its kana, and warns', () => {
    const name = 'ヤマダ ショウテン ホッカイドウ ハコダテ デジギョウショ';
    const result = built(batch({ transfers: [transfer({ payeeName: name })] }));
    // ﾔﾏﾀﾞ ｼﾖｳﾃﾝ ﾎﾂｶｲﾄﾞｳ ﾊｺﾀﾞﾃ ﾃﾞｼﾞ is 29 bytes; ｷﾞ would take bytes 30–31.
    expect(field(result.bytes, 1, 51, 80)).toBe('ﾔﾏﾀﾞ ｼﾖｳﾃﾝ ﾎﾂｶｲﾄﾞｳ ﾊｺﾀﾞﾃ ﾃﾞｼﾞ ');
    expect(result.warnings).toEqual([{ reference: 'SM2026110001', field: 'payeeName', reason: 'truncated' }]);
  });

  it('refuses the whole batch and lists every problem', () => {
    const result = buildZenginFile(
      batch({
        requesterCode: '123456789',
        transfers: [
          transfer({ payeeName: '山田 タロウ', reference: 'SM1' }),
          transfer({ bankCode: '0002', reference: 'SM2' }),
          transfer({ accountNumber: '12345678', reference: 'SM3' }),
          transfer({ amount: 0, reference: 'SM4' }),
          transfer({ branchCode: '999', amount: 10_000_000_000, reference: 'SM5' }),
        ],
      }),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { reference: '', field: 'requesterCode', reason: 'digits' },
        { reference: 'SM1', field: 'payeeName', reason: 'unwritable', chars: ['山', '田'] },
        { reference: 'SM2', field: 'bankCode', reason: 'unknownBank' },
        { reference: 'SM3', field: 'accountNumber', reason: 'digits' },
        { reference: 'SM4', field: 'amount', reason: 'invalid' },
        { reference: 'SM5', field: 'branchCode', reason: 'unknownBranch' },
        { reference: 'SM5', field: 'amount', reason: 'tooLarge' },
      ],
    });
  });

  it('refuses a batch without transfers, an impossible date, a savings account as the paying one', () => {
    const result = buildZenginFile(
      batch({
        transferDate: '2026-02-30',
        from: { bankCode: '0001', branchCode: '001', depositType: 4, accountNumber: '1234567' },
        transfers: [],
      }),
    );
    expect(result.ok ? [] : result.problems).toEqual([
      { reference: '', field: 'transferDate', reason: 'invalid' },
      { reference: '', field: 'depositType', reason: 'invalid' },
      { reference: '', field: 'transfers', reason: 'missing' },
    ]);
  });

  it('refuses a total the trailer cannot hold (N12)', () => {
    const big = transfer({ amount: 9_999_999_999 });
    const result = buildZenginFile(batch({ transfers: Array.from({ length: 101 }, () => big) }));
    expect(result.ok ? [] : result.problems).toEqual([
      { reference: '', field: 'amount', reason: 'tooLarge' },
    ]);
  });

  it('names the file by its transfer date and batch number', () => {
    expect(zenginFileName('2026-11-04', 'B/42')).toBe('zengin-20261104-B_42.txt');
  });
});

describe('checkPayeeForZengin (the checkout says why a settlement cannot be paid)', () => {
  const payee: PayeeBank = {
    name: '薬局あおば',
    nameEn: 'Yakkyoku Aoba',
    bankName: 'みずほ',
    bankCode: '0001',
    branchName: '東京営業部',
    branchCode: '001',
    depositType: 1,
    accountNumber: '1234567',
    holder: 'ヤッキョク アオバ',
    addressCountry: 'JP',
    iban: '',
    swift: '',
  };

  it('finds nothing wrong with a payable payee', () => {
    expect(checkPayeeForZengin(payee, 'SM1')).toEqual([]);
  });

  it('names the unwritable holder, the unknown branch and the account number that is not digits', () => {
    expect(
      checkPayeeForZengin(
        { ...payee, holder: '薬局 アオバ', branchCode: '002', accountNumber: '12-34' },
        'SM1',
      ),
    ).toEqual([
      { reference: 'SM1', field: 'branchCode', reason: 'unknownBranch' },
      { reference: 'SM1', field: 'accountNumber', reason: 'digits' },
      { reference: 'SM1', field: 'payeeName', reason: 'unwritable', chars: ['薬', '局'] },
    ]);
  });

  it('names every missing field', () => {
    const empty = { ...payee, bankCode: '', branchCode: '', accountNumber: '', holder: ' ' };
    expect(checkPayeeForZengin(empty).map((p) => `${p.field}:${p.reason}`)).toEqual([
      'bankCode:missing',
      'branchCode:missing',
      'accountNumber:missing',
      'payeeName:missing',
    ]);
  });
});

describe('Zengin characters', () => {
  it.each([
    ['ガ', 'ｶﾞ'],
    ['パン', 'ﾊﾟﾝ'],
    ['カ\u3099ク', 'ｶﾞｸ'], // a combining voiced mark
    ['カブシキガイシャ ダイガク', 'ｶ)ﾀﾞｲｶﾞｸ'],
    ['株式会社　ヤマダ', 'ｶ)ﾔﾏﾀﾞ'],
    ['（株）ヤマダ', 'ｶ)ﾔﾏﾀﾞ'],
    ['ヤマダ カブシキガイシャ', 'ﾔﾏﾀﾞ(ｶ'],
    ['ABC株式会社トウキョウシテン', 'ABC(ｶ)ﾄｳｷﾖｳｼﾃﾝ'],
    ['㈲サトウ', 'ﾕ)ｻﾄｳ'],
    ['ゆうげんがいしゃ さとう', 'ﾕ)ｻﾄｳ'],
    ['アオバ合同会社', 'ｱｵﾊﾞ(ﾄﾞ'],
    ['ｋｅｓｓａｉ　Ｊａｐａｎ', 'KESSAI JAPAN'],
    ['Ｎｏ．１ ｓｈｏｐ', 'NO.1 SHOP'],
    ['キャッシュ', 'ｷﾔﾂｼﾕ'],
    ['ｷｬｯｼｭ', 'ｷﾔﾂｼﾕ'],
    ['スーパー', 'ｽ-ﾊﾟ-'],
    ['ジョン・スミス', 'ｼﾞﾖﾝ.ｽﾐｽ'],
    ['ヴィラ', 'ｳﾞｲﾗ'],
    ['  ヤマダ   タロウ  ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
  ])('%s → %s', (name, text) => {
    expect(toZenginKana(name)).toEqual({ ok: true, text });
  });

  it.each([
    ['山田 タロウ', ['山', '田']],
    ['ヲタク', ['ｦ']],
    ['ヤマダ😀👍🏽', ['😀', '👍🏽']],
    ['A&B ショウカイ', ['&']],
    ['ヤマダ～', ['~']],
  ])('%s cannot be written: %j', (name, bad) => {
    expect(toZenginKana(name)).toEqual({ ok: false, bad });
  });

  it('pads C fields by Shift_JIS bytes and never cuts inside a character', () => {
    expect(sjisLength('ｶﾞ')).toBe(2);
    expect(sjisLength('山田')).toBe(4);
    expect(padC('ｶﾞ', 4)).toEqual({ text: 'ｶﾞ  ', truncated: false });
    expect(padC('山田', 5)).toEqual({ text: '山田 ', truncated: false });
    expect(padC('山田太', 5)).toEqual({ text: '山田 ', truncated: true });
    expect(padC('ｱｶﾞ', 2)).toEqual({ text: 'ｱ ', truncated: true });
  });

  it('pads N fields with zeros and refuses a value that does not fit', () => {
    expect(padN(42, 10)).toBe('0000000042');
    expect(padN('0012', 7)).toBe('0000012');
    expect(() => padN(12345678, 7)).toThrow(RangeError);
    expect(() => padN(-1, 3)).toThrow(RangeError);
    expect(() => padN('12a', 7)).toThrow(RangeError);
  });

  it('writes the name of every bank and branch in zengin-code within its 15 bytes', () => {
    const unwritable: string[] = [];
    for (const [bankCode, bank] of Object.entries(banks)) {
      const names = [bankKana(bankCode), ...Object.keys(bank.branches).map((b) => branchKana(bankCode, b))];
      names.forEach((n, i) => {
        if (n === null || sjisLength(n) > 15) unwritable.push(`${bankCode}/${i}`);
      });
    }
    expect(unwritable).toEqual([]);
    expect(bankKana('0005')).toBe('ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ');
  });
});
