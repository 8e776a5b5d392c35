/**
 * Settlements (spec points 2, 3, 4, 7, 9; the rules: docs/settlement.md): what the platform owes
 * its merchant companies (`merchant`, /settle/actuarial) and agencies (`agent`, /settle/agent),
 * and what each brand's comprehensive agent owes the platform (`brand`, /settle/brand).
 */

import type { InvoiceLine } from './invoice';

export const SETTLEMENT_KINDS = ['merchant', 'agent', 'brand'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** Settlement status of spec point 4: 1 not remitted, 2 remitted. */
export const SETTLEMENT_STATUSES = [1, 2] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** How a payout is made: a Zengin 総合振込 file (JPY) or a SWIFT transfer (other currencies). */
export const TRANSFER_TYPES = ['zengin', 'swift', ''] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const transferTypeOf = (currency: string): Exclude<TransferType, ''> =>
  currency === 'JPY' ? 'zengin' : 'swift';

/** 預金種目: 1 ordinary (普通), 2 current (当座), 4 savings (貯蓄), 9 other. */
export const DEPOSIT_TYPES = [1, 2, 4, 9] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/**
 * The payee of a settlement and its bank account as they were when the settlement was closed
 * (spec point 3's payee details): never read live afterwards.
 */
export interface PayeeBank {
  /** The party's name (company, agency or comprehensive agent). */
  name: string;
  bankName: string;
  bankCode: string;
  branchName: string;
  branchCode: string;
  depositType: DepositType;
  accountNumber: string;
  /** The account holder (口座名義) as registered; a Zengin file carries it in half-width kana. */
  holder: string;
  /** ISO 3166-1 alpha-2. */
  addressCountry: string;
  iban: string;
  swift: string;
}

/** The platform's account a payout is paid from (spec point 3's paying bank), per currency. */
export interface PayingBank {
  currency: string;
  bankName: string;
  bankCode: string;
  branchName: string;
  branchCode: string;
  depositType: DepositType;
  accountNumber: string;
  holder: string;
  /** 依頼人コード: 10 digits given by the bank (JPY). */
  requesterCode: string;
}

/** Prefix of a settlement document number per kind: SM… merchant, SA… agency, SB… brand. */
export const SETTLEMENT_NO_PREFIX: Record<SettlementKind, string> = {
  merchant: 'SM',
  agent: 'SA',
  brand: 'SB',
};

/** How many bank business days after its period's end a settlement is due. */
export const DUE_BUSINESS_DAYS = 3;

/** How far ahead a checkout's transfer date may be (calendar days from today). */
export const TRANSFER_DATE_MAX_DAYS = 30;

/** The transfer fee per currency unless the system admin changes it (minor units). */
export const DEFAULT_TRANSFER_FEES: Readonly<Record<string, number>> = { JPY: 250 };

/** The platform as the issuer of a merchant's statement and its invoice (the `invoice_issuer` row). */
export interface InvoiceIssuer {
  name: string;
  /** 適格請求書発行事業者登録番号: "T" and 13 digits. */
  registrationNo: string;
  address: string;
  phone: string;
}

/**
 * What a merchant's settlement statement (精算書, a qualified invoice too) prints: one closed
 * settlement as the closing run wrote it (docs/settlement.md, "The arithmetic of one
 * settlement"). Amounts in minor units of `currency`; dates yyyy-MM-dd and times
 * yyyy-MM-dd HH:mm:ss in the business time zone.
 */
export interface StatementData {
  settlementNo: string;
  /** Only merchants' statements are issued for now; agencies' and brands' will follow. */
  kind: Extract<SettlementKind, 'merchant'>;
  /** The company (its name: `payee.name`) and its bank account, as snapshotted at closing. */
  payee: PayeeBank;
  issuer: InvoiceIssuer;
  periodBegin: string;
  periodEnd: string;
  dueDate: string;
  issueDate: string;
  currency: string;
  carriedIn: number;
  orderCount: number;
  orderTotal: number;
  refundCount: number;
  refundTotal: number;
  /** Σ commission net of refunds. */
  commissionTotal: number;
  transferCommission: number;
  transferAmount: number;
  carriedOut: number;
  status: SettlementStatus;
  /** When it was marked remitted; null while not. */
  payTime: string | null;
  /** The invoice block: the platform's charges per tax rate (contract/invoice merchantInvoiceLines). */
  invoice: InvoiceLine[];
}
