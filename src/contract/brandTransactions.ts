import type { PayBrand } from './brands';
import type { AuditCode, ReconGroup, Resolution } from './reconciliation';
import { BRAND_TRANSACTION_LISTS } from './lists/brandTransactions';
import { exportQueryOf, pageQueryOf } from './lists/define';
import type { yup } from './validation';

/**
 * A brand's transactions as its statement lists them (/history/walletTrade, /history/paypayTrade):
 * each row of the current run of a brand and day, what it was matched to and with which result.
 */

/** A statement row's kind: the brand's payment, or its refund. */
export const STATEMENT_ROW_KINDS = ['payment', 'refund'] as const;
export type StatementRowKind = (typeof STATEMENT_ROW_KINDS)[number];

/** The results a statement row can have (300 and 400 name our records, never a brand's row). */
export const ROW_RESULT_CODES = ['1', '100', '200', '500', '600'] as const;

export interface BrandTransactionRow {
  id: number;
  brand: PayBrand;
  businessDay: string;
  /** The row's line in the brand's file. */
  line: number;
  kind: StatementRowKind;
  /** When the brand says it happened. */
  time: string;
  brandOrderNo: string | null;
  gatewayOrderNo: string | null;
  brandRefundNo: string | null;
  gatewayRefundNo: string | null;
  /** The brand's own status word, as written. */
  statusRaw: string;
  amount: number;
  /** Null where the brand's layout has no fee (PayPay). */
  fee: number | null;
  currency: string;
  code: AuditCode | null;
  resolution: Resolution | null;
  /** Our order the row was matched to (the caller may open it), else null. */
  order: { id: number; gatewayOrderNo: string; companyName: string } | null;
}

/** Each group's page and export inputs (the same fields; the brand's choices differ). */
export const BRAND_TRANSACTION_QUERIES = {
  wallet: {
    page: pageQueryOf(BRAND_TRANSACTION_LISTS.wallet),
    export: exportQueryOf(BRAND_TRANSACTION_LISTS.wallet),
  },
  paypay: {
    page: pageQueryOf(BRAND_TRANSACTION_LISTS.paypay),
    export: exportQueryOf(BRAND_TRANSACTION_LISTS.paypay),
  },
} satisfies Record<ReconGroup, unknown>;
export type BrandTransactionQuery = yup.InferType<(typeof BRAND_TRANSACTION_QUERIES)[ReconGroup]['page']>;
export type BrandTransactionExportQuery = yup.InferType<
  (typeof BRAND_TRANSACTION_QUERIES)[ReconGroup]['export']
>;
