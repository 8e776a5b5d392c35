import { isCurrency } from '../../../../src/contract/money';
import { isCalendarDay } from '../../../../src/contract/paging';
import { transferTypeOf, type PayeeBank } from '../../../../src/contract/settlements';
import { checkIban, electronic, isBic } from '../../../../src/contract/bankIds';
import { csvLine, type Cell } from '../../../platform/exports';
import { BATCH_REFERENCE, batchFileName, unwritable, type FileProblem } from './batchFile';

/**
 * The SWIFT list of a payout batch in other currencies than JPY: a CSV the treasury uploads to
 * its bank's bulk-payment portal, a row per transfer. UTF-8 with a BOM and CRLF, cells written
 * as the console's other CSV exports write them (amounts in major units from the integer, text
 * neutralised against formula injection: server/platform/exports). Checked whole first, as the
 * Zengin file is, and refused with every problem listed.
 */

/** SWIFT field 71A: SHA, each side pays its own bank; OUR, the remitter pays every charge. */
export const CHARGES = ['SHA', 'OUR'] as const;
export type Charges = (typeof CHARGES)[number];

export interface SwiftTransfer {
  currency: string;
  /** Minor units of the currency. */
  amount: number;
  /** The account holder (the beneficiary of SWIFT field 59). */
  payeeName: string;
  iban: string;
  swift: string;
  accountNumber: string;
  bankName: string;
  /** ISO 3166-1 alpha-2. */
  addressCountry: string;
  charges: Charges;
  /** Our settlement number: the row's reference and what the problems name. */
  reference: string;
}

export interface SwiftBatch {
  /** yyyy-MM-dd. */
  valueDate: string;
  transfers: SwiftTransfer[];
}

export type SwiftField =
  | 'payeeName'
  | 'iban'
  | 'swift'
  | 'accountNumber'
  | 'addressCountry'
  | 'amount'
  | 'currency'
  | 'charges'
  | 'valueDate'
  | 'transfers';
export type SwiftReason = 'missing' | 'invalid' | 'unwritable' | 'length' | 'checksum' | 'tooLarge';
export type SwiftProblem = FileProblem<SwiftField, SwiftReason>;

export type SwiftResult =
  | { ok: true; bytes: Buffer; rowCount: number; totals: { currency: string; amount: number }[] }
  | { ok: false; problems: SwiftProblem[] };

/** SWIFT's character set X, all a transfer message carries (no accents, no kana, no hangul). */
const SWIFT_X = /^[A-Za-z0-9/\-?:().,'+ ]+$/;
const ACCOUNT = /^[A-Za-z0-9-]{1,34}$/;
const COUNTRY = /^[A-Z]{2}$/;

const HEADERS = [
  'Value date',
  'Currency',
  'Amount',
  'Beneficiary name',
  'IBAN',
  'SWIFT/BIC',
  'Account number',
  'Bank name',
  'Country',
  'Charges (71A)',
  'Reference',
];

type Beneficiary = Pick<SwiftTransfer, 'payeeName' | 'iban' | 'swift' | 'accountNumber' | 'addressCountry'>;

/** The beneficiary's fields as the row writes them, or null with its problems pushed. */
function beneficiary(b: Beneficiary, reference: string, problems: SwiftProblem[]): Beneficiary | null {
  const failed = problems.length;
  const fail = (field: SwiftField, reason: SwiftReason, chars?: string[]) =>
    problems.push({ reference, field, reason, ...(chars ? { chars } : {}) });
  const payeeName = b.payeeName.replace(/\s+/g, ' ').trim();
  const bad = unwritable(payeeName, SWIFT_X);
  if (!payeeName) fail('payeeName', 'missing');
  else if (bad.length) fail('payeeName', 'unwritable', bad);
  const iban = electronic(b.iban);
  const ibanCheck = iban ? checkIban(iban) : 'ok';
  if (ibanCheck !== 'ok') fail('iban', ibanCheck);
  const swift = electronic(b.swift);
  if (!swift) fail('swift', 'missing');
  else if (!isBic(swift)) fail('swift', 'invalid');
  const accountNumber = b.accountNumber.replace(/\s+/g, '');
  // Where IBANs are not used (the US, most of Asia) the account number alone names the account.
  if (!accountNumber && !iban) fail('accountNumber', 'missing');
  else if (accountNumber && !ACCOUNT.test(accountNumber)) fail('accountNumber', 'invalid');
  const addressCountry = b.addressCountry.trim();
  if (!addressCountry) fail('addressCountry', 'missing');
  else if (!COUNTRY.test(addressCountry)) fail('addressCountry', 'invalid');
  return problems.length > failed ? null : { payeeName, iban, swift, accountNumber, addressCountry };
}

function row(t: SwiftTransfer, valueDate: string, problems: SwiftProblem[]): Cell[] | null {
  const failed = problems.length;
  const fail = (field: SwiftField, reason: SwiftReason) =>
    problems.push({ reference: t.reference, field, reason });
  const b = beneficiary(t, t.reference, problems);
  if (!isCurrency(t.currency) || transferTypeOf(t.currency) !== 'swift') fail('currency', 'invalid');
  if (!Number.isSafeInteger(t.amount) || t.amount < 1) fail('amount', 'invalid');
  if (!CHARGES.includes(t.charges)) fail('charges', 'invalid');
  if (b === null || problems.length > failed) return null;
  const amount = { minor: t.amount, currency: t.currency };
  return [
    valueDate,
    t.currency,
    amount,
    b.payeeName,
    b.iban,
    b.swift,
    b.accountNumber,
    t.bankName.trim(),
    b.addressCountry,
    t.charges,
    t.reference,
  ];
}

/** The batch's total per currency, or null with a problem when one outgrows exact numbers. */
function totalsOf(transfers: readonly SwiftTransfer[], problems: SwiftProblem[]) {
  const sums = new Map<string, bigint>();
  for (const t of transfers) sums.set(t.currency, (sums.get(t.currency) ?? 0n) + BigInt(t.amount));
  const totals = [...sums].map(([currency, sum]) => ({ currency, sum }));
  if (totals.some((t) => t.sum > BigInt(Number.MAX_SAFE_INTEGER))) {
    problems.push({ reference: BATCH_REFERENCE, field: 'amount', reason: 'tooLarge' });
    return null;
  }
  return totals.map(({ currency, sum }) => ({ currency, amount: Number(sum) }));
}

/** The batch's list, or every problem that keeps it from being made. */
export function buildSwiftList(batch: SwiftBatch): SwiftResult {
  const problems: SwiftProblem[] = [];
  if (!isCalendarDay(batch.valueDate)) {
    problems.push({ reference: BATCH_REFERENCE, field: 'valueDate', reason: 'invalid' });
  }
  if (batch.transfers.length === 0) {
    problems.push({ reference: BATCH_REFERENCE, field: 'transfers', reason: 'missing' });
  }
  const rows = batch.transfers.map((t) => row(t, batch.valueDate, problems));
  const totals = problems.length ? null : totalsOf(batch.transfers, problems);
  if (problems.length || totals === null) return { ok: false, problems };
  const lines = [HEADERS, ...rows.filter((r) => r !== null)].map(csvLine).join('');
  return { ok: true, bytes: Buffer.from(`\ufeff${lines}`, 'utf8'), rowCount: rows.length, totals };
}

/**
 * Why a settlement's payee cannot be paid by a SWIFT transfer, before the batch is made (the
 * checkout's choosing step): the account holder's name, IBAN, BIC, account number and country.
 */
export function checkPayeeForSwift(payee: PayeeBank, reference: string = BATCH_REFERENCE): SwiftProblem[] {
  const problems: SwiftProblem[] = [];
  beneficiary({ ...payee, payeeName: payee.holder }, reference, problems);
  return problems;
}

/** `swift-20261102-B42.csv`. */
export const swiftFileName = (valueDate: string, batchNo: string | number) =>
  batchFileName('swift', valueDate, batchNo, 'csv');
