import type { PayBrand } from './brands';
import { exportQueryOf, pageQueryOf } from './lists/define';
import { DEPOSIT_LIST, DEPOSIT_STATES, PAYOUT_CHECKS, PAYOUT_LISTS } from './lists/payouts';
import { yup } from './validation';

/**
 * The brands' payouts and the platform's bank deposits (issue #16, the three-way check;
 * docs/reconciliation.md, "Payouts"): for each brand, currency and settlement period, what our
 * brand settlements say the brand owes, what the brand's payment statement says it pays, and
 * the deposit on the platform's bank account that paid it.
 */

/** Where a payment statement came from: the brand's connector (the job or Fetch now). */
export type PayoutStatementSource = 'fetch';

export { PAYOUT_CHECKS, DEPOSIT_STATES };
export type PayoutCheck = (typeof PAYOUT_CHECKS)[number];
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** A deposit counts for a payout from the day after its period to this many bank business days after its due date. */
export const DEPOSIT_WINDOW_BUSINESS_DAYS = 3;

export interface PayoutDeposit {
  id: number;
  valueDate: string;
  amount: number;
  payerName: string;
  reference: string;
}

export interface PayoutRow {
  id: number;
  brand: PayBrand;
  currency: string;
  periodBegin: string;
  periodEnd: string;
  dueDate: string;
  depositBy: string;
  /** Our brand settlements (null: none closed for the period). */
  settlement: { net: number; count: number; id: number; settlementNo: string } | null;
  /** The brand's payment statement (null: not received). */
  statement: {
    paymentCount: number;
    refundCount: number;
    gross: number;
    fee: number;
    net: number;
    fileName: string;
    receivedAt: string;
  } | null;
  check: PayoutCheck;
  /** The brand's net less ours, where both are known. */
  difference: number | null;
  /** What the deposit must be: the statement's net, else ours. */
  expected: number;
  deposit: PayoutDeposit | null;
  depositState: DepositState;
}

export interface BankDepositRow extends PayoutDeposit {
  currency: string;
  line: number;
  fileName: string;
  importedAt: string;
  /** The payout it paid, or null (another transfer). */
  payout: { id: number; brand: PayBrand; periodEnd: string } | null;
}

/** A deposit file's import: what it held and what it changed. */
export interface DepositImportReply {
  fileName: string;
  /** Deposits in the file, those new to us, lines that were no deposit (withdrawals, zero). */
  rows: number;
  added: number;
  skipped: number;
  /** The same file was imported before: nothing changed. */
  duplicate: boolean;
  /** Payouts matched to a deposit by this import. */
  matched: number;
}

/** Fetch now: statements stored, and those the brand has not published yet. */
export interface PayoutFetchReply {
  fetched: number;
  notReady: { brand: PayBrand; periodEnd: string; readyAt: string }[];
}

/** Upload limit of a bank deposit file (a year of a busy account is well under 1 MB). */
export const DEPOSIT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const DepositUploadInput = yup.object({ file: yup.mixed<Blob | Uint8Array>().required() }).noUnknown();
export type DepositUploadInput = yup.InferType<typeof DepositUploadInput>;

export const PayoutFetchInput = yup.object({}).noUnknown();

export const PayoutOfSettlementInput = yup
  .object({ id: yup.number().integer().min(1).max(Number.MAX_SAFE_INTEGER).required() })
  .noUnknown();

export const PAYOUT_QUERIES = {
  wallet: { page: pageQueryOf(PAYOUT_LISTS.wallet), export: exportQueryOf(PAYOUT_LISTS.wallet) },
  paypay: { page: pageQueryOf(PAYOUT_LISTS.paypay), export: exportQueryOf(PAYOUT_LISTS.paypay) },
  all: { page: pageQueryOf(PAYOUT_LISTS.all), export: exportQueryOf(PAYOUT_LISTS.all) },
};
export type PayoutExportQuery = yup.InferType<(typeof PAYOUT_QUERIES)['all']['export']>;
export type PayoutPageQuery = yup.InferType<(typeof PAYOUT_QUERIES)['all']['page']>;

export const DEPOSIT_QUERIES = { page: pageQueryOf(DEPOSIT_LIST), export: exportQueryOf(DEPOSIT_LIST) };
export type DepositExportQuery = yup.InferType<typeof DEPOSIT_QUERIES.export>;
export type DepositPageQuery = yup.InferType<typeof DEPOSIT_QUERIES.page>;
