import iconv from 'iconv-lite';
import { isCalendarDay } from '../../../../src/contract/paging';
import { DEPOSIT_TYPES, type DepositType, type PayeeBank } from '../../../../src/contract/settlements';
import { BATCH_REFERENCE, batchFileName, type FileProblem } from './batchFile';
import { bankKana, branchKana } from './zenginBanks';
import { toZenginKana } from '../../../../src/contract/zenginKana';
import { padC, padN, ZENGIN_ENCODING } from './zenginText';

/**
 * The Zengin 総合振込 file (type code 21) of a JPY payout batch: a header, a data record per
 * transfer, a trailer and an end record, 120 bytes each plus CRLF, in Shift_JIS (layout and
 * character rules: docs/settlement.md, "Bank files"). The whole batch is checked first
 * and refused with every problem listed: a bank takes the file whole or not at all.
 */

export interface ZenginTransfer {
  bankCode: string;
  branchCode: string;
  depositType: DepositType;
  accountNumber: string;
  /** The account holder (受取人名), converted to half-width kana here. */
  payeeName: string;
  /** Yen. */
  amount: number;
  customerCode1?: string;
  customerCode2?: string;
  /** 新規コード: 1 first transfer to this account, 2 changed account, 0 other (the default). */
  newCode?: 0 | 1 | 2;
  /** Our settlement number: what the problems name; not written to the file. */
  reference: string;
}

export interface ZenginBatch {
  /** 依頼人コード: 10 digits given by the paying bank. */
  requesterCode: string;
  requesterName: string;
  /** yyyy-MM-dd; the file carries MMDD. */
  transferDate: string;
  from: { bankCode: string; branchCode: string; depositType: DepositType; accountNumber: string };
  transfers: ZenginTransfer[];
}

export type ZenginField =
  | 'payeeName'
  | 'bankCode'
  | 'branchCode'
  | 'accountNumber'
  | 'amount'
  | 'requesterName'
  | 'requesterCode'
  | 'depositType'
  | 'customerCode1'
  | 'customerCode2'
  | 'transferDate'
  | 'transfers';

/** `truncated` is a warning (the name was cut to its field, as banks do); the others refuse. */
export type ZenginReason =
  | 'missing'
  | 'unwritable'
  | 'unknownBank'
  | 'unknownBranch'
  | 'digits'
  | 'invalid'
  | 'tooLarge'
  | 'truncated';

export type ZenginProblem = FileProblem<ZenginField, ZenginReason>;

export type ZenginResult =
  /** recordCount: the data records (the trailer's 合計件数); total: their yen (合計金額). */
  | { ok: true; bytes: Buffer; recordCount: number; total: number; warnings: ZenginProblem[] }
  | { ok: false; problems: ZenginProblem[] };

const RECORD_BYTES = 120;
/** N10, N12 and N6: the largest transfer, total and count the records can hold. */
const MAX_AMOUNT = 9_999_999_999;
const MAX_TOTAL = 999_999_999_999n;
const MAX_COUNT = 999_999;
/** 預金種目 of the paying account: the header has no 4 (貯蓄). */
const HEADER_DEPOSIT_TYPES: readonly number[] = [1, 2, 9];

interface Account {
  bankCode: string;
  branchCode: string;
  depositType: number;
  accountNumber: string;
}

/** A batch's problems and warnings, each naming the settlement being checked (`at`). */
class Check {
  readonly problems: ZenginProblem[] = [];
  readonly warnings: ZenginProblem[] = [];
  constructor(private reference: string) {}

  at(reference: string) {
    this.reference = reference;
    return this;
  }

  fail(field: ZenginField, reason: ZenginReason, chars?: string[]) {
    this.problems.push({ reference: this.reference, field, reason, ...(chars ? { chars } : {}) });
    return null;
  }

  /** The account's bank and branch names (C15 each), or null after the problems were pushed. */
  account(a: Account, depositTypes: readonly number[]): { bank: string; branch: string } | null {
    const failed = this.problems.length;
    const bankDigits = this.code(a.bankCode, 4, 'bankCode');
    const branchDigits = this.code(a.branchCode, 3, 'branchCode');
    const bank = bankDigits ? bankKana(a.bankCode) : null;
    if (bankDigits && bank === null) this.fail('bankCode', 'unknownBank');
    const branch = bank && branchDigits ? branchKana(a.bankCode, a.branchCode) : null;
    if (bank && branchDigits && branch === null) this.fail('branchCode', 'unknownBranch');
    if (!depositTypes.includes(a.depositType)) this.fail('depositType', 'invalid');
    if (!a.accountNumber) this.fail('accountNumber', 'missing');
    else if (!/^\d{1,7}$/.test(a.accountNumber)) this.fail('accountNumber', 'digits');
    if (this.problems.length > failed || !bank || !branch) return null;
    return { bank: padC(bank, 15).text, branch: padC(branch, 15).text };
  }

  /** Whether the code has its digits (false after its problem was pushed). */
  private code(code: string, digits: number, field: ZenginField): boolean {
    if (new RegExp(`^\\d{${digits}}$`).test(code)) return true;
    this.fail(field, code ? 'digits' : 'missing');
    return false;
  }

  /** The name as a C field, or null after its problem was pushed; a cut name is a warning. */
  name(name: string, field: ZenginField, bytes: number): string | null {
    const kana = toZenginKana(name);
    if (!kana.ok) return this.fail(field, 'unwritable', kana.bad);
    if (!kana.text) return this.fail(field, 'missing');
    const padded = padC(kana.text, bytes);
    if (padded.truncated) this.warnings.push({ reference: this.reference, field, reason: 'truncated' });
    return padded.text;
  }

  /** An optional N10 code: zeros when absent. */
  optionalDigits(code: string | undefined, field: ZenginField): string | null {
    if (!code) return padN(0, 10);
    return /^\d{1,10}$/.test(code) ? padN(code, 10) : this.fail(field, 'digits');
  }
}

function headerRecord(batch: ZenginBatch, check: Check): string | null {
  check.at(BATCH_REFERENCE);
  const requester = /^\d{10}$/.test(batch.requesterCode) ? batch.requesterCode : null;
  if (requester === null) check.fail('requesterCode', batch.requesterCode ? 'digits' : 'missing');
  const name = check.name(batch.requesterName, 'requesterName', 40);
  const dated = isCalendarDay(batch.transferDate);
  if (!dated) check.fail('transferDate', 'invalid');
  const from = check.account(batch.from, HEADER_DEPOSIT_TYPES);
  if (requester === null || name === null || !dated || from === null) return null;
  return [
    '1', //                                        1      データ区分: header
    '21', //                                       2–3    種別コード: 総合振込
    '0', //                                        4      コード区分: JIS (Shift_JIS)
    requester, //                                  5–14   依頼人コード N10
    name, //                                       15–54  依頼人名 C40
    batch.transferDate.slice(5, 7) + batch.transferDate.slice(8, 10), // 55–58 振込指定日 MMDD
    batch.from.bankCode, //                        59–62  仕向銀行番号 N4
    from.bank, //                                  63–77  仕向銀行名 C15
    batch.from.branchCode, //                      78–80  仕向支店番号 N3
    from.branch, //                                81–95  仕向支店名 C15
    padN(batch.from.depositType, 1), //            96     預金種目
    padN(batch.from.accountNumber, 7), //          97–103 口座番号 N7
    ' '.repeat(17), //                             104–120 ダミー
  ].join('');
}

function dataRecord(t: ZenginTransfer, check: Check): string | null {
  check.at(t.reference);
  const to = check.account(t, DEPOSIT_TYPES);
  const payee = check.name(t.payeeName, 'payeeName', 30);
  const amount = Number.isSafeInteger(t.amount) && t.amount >= 1 && t.amount <= MAX_AMOUNT;
  if (!amount) check.fail('amount', t.amount > MAX_AMOUNT ? 'tooLarge' : 'invalid');
  const code1 = check.optionalDigits(t.customerCode1, 'customerCode1');
  const code2 = check.optionalDigits(t.customerCode2, 'customerCode2');
  if (to === null || payee === null || !amount || code1 === null || code2 === null) return null;
  return [
    '2', //                                  1       データ区分: data
    t.bankCode, //                           2–5     被仕向銀行番号 N4
    to.bank, //                              6–20    被仕向銀行名 C15
    t.branchCode, //                         21–23   被仕向支店番号 N3
    to.branch, //                            24–38   被仕向支店名 C15
    '0000', //                               39–42   手形交換所番号 (unused)
    padN(t.depositType, 1), //               43      預金種目
    padN(t.accountNumber, 7), //             44–50   口座番号 N7
    payee, //                                51–80   受取人名 C30
    padN(t.amount, 10), //                   81–90   振込金額 N10
    padN(t.newCode ?? 0, 1), //              91      新規コード
    code1, //                                92–101  顧客コード1 N10
    code2, //                                102–111 顧客コード2 N10
    '7', //                                  112     振込指定区分: 電信
    ' ', //                                  113     識別表示: no EDI
    ' '.repeat(7), //                        114–120 ダミー
  ].join('');
}

/** Whether the trailer can hold the batch's count and total (problems pushed otherwise). */
function totalOf(transfers: readonly ZenginTransfer[], check: Check): number | null {
  check.at(BATCH_REFERENCE);
  if (transfers.length === 0) return check.fail('transfers', 'missing');
  if (transfers.length > MAX_COUNT) return check.fail('transfers', 'tooLarge');
  const valid = transfers.filter((t) => Number.isSafeInteger(t.amount));
  const total = valid.reduce((sum, t) => sum + BigInt(t.amount), 0n);
  return total > MAX_TOTAL ? check.fail('amount', 'tooLarge') : Number(total);
}

/** The batch's file, or every problem that keeps it from being made. */
export function buildZenginFile(batch: ZenginBatch): ZenginResult {
  const check = new Check(BATCH_REFERENCE);
  const header = headerRecord(batch, check);
  const data = batch.transfers.map((t) => dataRecord(t, check));
  const total = totalOf(batch.transfers, check);
  if (check.problems.length || header === null || total === null)
    return { ok: false, problems: check.problems };
  const records = [
    header,
    ...data.filter((r) => r !== null),
    // 1 データ区分 trailer · 2–7 合計件数 N6 · 8–19 合計金額 N12 · 20–120 ダミー
    '8' + padN(data.length, 6) + padN(total, 12) + ' '.repeat(101),
    // 1 データ区分 end · 2–120 ダミー
    '9' + ' '.repeat(119),
  ];
  const bytes = iconv.encode(records.map((r) => `${r}\r\n`).join(''), ZENGIN_ENCODING);
  // Every field was padded by bytes: a file of another length would be a bug here, not bad input.
  if (bytes.length !== records.length * (RECORD_BYTES + 2))
    throw new Error('zengin: a record is not 120 bytes');
  return { ok: true, bytes, recordCount: data.length, total, warnings: check.warnings };
}

/**
 * Why a settlement's payee cannot be paid by a Zengin file, before the batch is made (the
 * checkout's choosing step): the account holder's name, the bank, branch, deposit type and
 * account number. A name the file would cut is not a reason: the batch's warnings tell it.
 */
export function checkPayeeForZengin(payee: PayeeBank, reference: string = BATCH_REFERENCE): ZenginProblem[] {
  const check = new Check(reference);
  check.account(payee, DEPOSIT_TYPES);
  check.name(payee.holder, 'payeeName', 30);
  return check.problems;
}

/** `zengin-20261102-B42.txt`. */
export const zenginFileName = (transferDate: string, batchNo: string | number) =>
  batchFileName('zengin', transferDate, batchNo, 'txt');
