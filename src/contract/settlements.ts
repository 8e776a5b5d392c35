import { MD5_HEX, message, number, yup } from './validation';
import { id, money, phone, requiredText, text } from './fields';
import { isCalendarDay, pageFields } from './paging';
import { isRegistrationNo, REGISTRATION_NO, registrationShapeOk, type InvoiceLine } from './invoice';
import { CURRENCIES } from './orgAgent';
import { electronic, isBic } from './bankIds';
import { DEPOSIT_TYPES, type DepositType } from './orgBank';
import { toZenginKana } from './zenginKana';

/**
 * Settlements (spec points 2, 3, 4, 7, 9; the rules: docs/settlement.md): what the platform owes
 * its merchant companies (`merchant`, /settle/actuarial) and agencies (`agent`, /settle/agent),
 * and what each brand's comprehensive agent owes the platform (`brand`, /settle/brand).
 */

export const SETTLEMENT_KINDS = ['merchant', 'agent', 'brand'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** The kinds the platform pays out (checkout, payout batches); a brand settlement is owed to it. */
export const PAYOUT_KINDS = ['merchant', 'agent'] as const satisfies readonly SettlementKind[];
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

/** Settlement status of spec point 4: 1 not remitted, 2 remitted. */
export const SETTLEMENT_STATUSES = [1, 2] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/**
 * Where a settlement's payout stands (docs/settlement.md, "Payout"): not remitted and in no batch
 * (still to be paid out), in a payout batch awaiting the bank's confirmation (checked out: status
 * 1 with its batch), or remitted (status 2). A brand settlement is never in a batch.
 */
export const PAYOUT_STATES = ['notRemitted', 'inBatch', 'remitted'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/**
 * The settlement lists' status filter, one code per payout state: the spec's 1 (not remitted, now
 * also in no batch) and 2 (remitted), and `inBatch` (in a payout batch, awaiting remittance).
 */
export const STATUS_FILTER_CODES = {
  notRemitted: '1',
  inBatch: 'inBatch',
  remitted: '2',
} as const satisfies Record<PayoutState, string>;
export type StatusFilterCode = (typeof STATUS_FILTER_CODES)[PayoutState];

/** How a payout is made: a Zengin 総合振込 file (JPY) or a SWIFT transfer (other currencies). */
export const TRANSFER_TYPES = ['zengin', 'swift', ''] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const transferTypeOf = (currency: string): Exclude<TransferType, ''> =>
  currency === 'JPY' ? 'zengin' : 'swift';

/** 預金種目 (a payee's bank details: contract/orgBank). */
export { DEPOSIT_TYPES, type DepositType };

/** A Japanese bank account, the payee's or the platform's: what a Zengin transfer names. */
export interface BankAccount {
  bankName: string;
  bankCode: string;
  branchName: string;
  branchCode: string;
  depositType: DepositType;
  accountNumber: string;
  /** The account holder (口座名義) as registered; a Zengin file carries it in half-width kana. */
  holder: string;
}

/**
 * The payee of a settlement and its bank account as they were when the settlement was closed
 * (spec point 3's payee details): never read live afterwards.
 */
export interface PayeeBank extends BankAccount {
  /** The party's name (company, agency or comprehensive agent). */
  name: string;
  /** Its name in Latin letters: the beneficiary of a SWIFT transfer (a Zengin file carries the holder in kana). */
  nameEn: string;
  /** ISO 3166-1 alpha-2. */
  addressCountry: string;
  iban: string;
  swift: string;
}

/** The platform's account a payout is paid from (spec point 3's paying bank), per currency. */
export interface PayingBank extends BankAccount {
  currency: string;
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

/* ---- Replies and inputs of the settlement calls (src/contract/calls/settlements.ts) ---- */

/** One settlement as its list shows it (the statement's figures; minor units of `currency`). */
export interface SettlementRow {
  id: number;
  settlementNo: string;
  kind: SettlementKind;
  partyId: number;
  /** The company, agency or comprehensive agent. */
  partyName: string;
  /** A brand settlement's brand ('' otherwise). */
  brand: string;
  currency: string;
  periodBegin: string;
  periodEnd: string;
  dueDate: string;
  orderCount: number;
  orderTotal: number;
  refundCount: number;
  refundTotal: number;
  commissionTotal: number;
  rebateTotal: number;
  commissionCost: number;
  carriedIn: number;
  carriedOut: number;
  transferCommission: number;
  transferAmount: number;
  /** SHA or OUR (agencies), '' otherwise. */
  feeBearer: string;
  transferType: TransferType;
  status: SettlementStatus;
  /** The batch that holds it while it is checked out and after it was remitted. */
  batchId: number | null;
  /** Where its payout stands: from `status` and `batchId`, as the list's status filter reads them. */
  payoutState: PayoutState;
  payTime: string | null;
  createdAt: string;
}

/** The totals of a settlement list's filter in one currency (shown above the list). */
export interface SettlementTotals {
  currency: string;
  count: number;
  transferAmount: number;
  carriedOut: number;
  /** Of them, by where their payout stands (each settlement in one): count and Σ transfer amount. */
  payouts: Record<PayoutState, { count: number; amount: number }>;
}

/** Why a settlement cannot be paid (yet): each one a reason the checkout's choosing step names. */
export const UNPAYABLE_REASONS = [
  'remitted',
  'inBatch',
  'zeroAmount',
  'bankIncomplete',
  'nameUnwritable',
  'unknownBank',
  'unknownBranch',
  'accountNumber',
  'iban',
  'swift',
  'noPayingAccount',
] as const;
export type UnpayableReason = (typeof UNPAYABLE_REASONS)[number];
export interface Unpayable {
  reason: UnpayableReason;
  /** The characters a Zengin file cannot carry (nameUnwritable). */
  chars?: string[];
}

/** One entry of a settlement's trail (closed, checked out, remitted, reversed). */
export interface SettlementTrailEntry {
  action: string;
  operator: string | null;
  at: string;
  detail: string;
}

/** A settlement's page: the statement, the payee as snapshotted, its batch and trail. */
export interface SettlementDetail extends SettlementRow {
  payee: PayeeBank;
  description: string;
  /**
   * Why it cannot be checked out, while it is still to be paid out (`notRemitted`); empty when it
   * can, and once it is in a batch or remitted (its payout state says so).
   */
  unpayable: Unpayable[];
  batch: BatchSummary | null;
  trail: SettlementTrailEntry[];
}

/** An order or refund of a settlement (its statement's lines). */
export interface SettlementLine {
  type: 'order' | 'refund';
  /** The order's or the refund's id. */
  id: number;
  /** The order's gateway number (of the refunded order, for a refund). */
  gatewayOrderNo: string;
  /** The refund's gateway number ('' for an order). */
  gatewayRefundNo: string;
  clientNo: string;
  companyName: string;
  brand: string;
  /** Paid at (orders), succeeded at (refunds). */
  time: string;
  amount: number;
  currency: string;
  /** The charge on the order, or what the refund returned of it. */
  commission: number;
  rebate: number;
  fee: number;
}

export const SETTLEMENT_LINE_TYPES = ['order', 'refund'] as const;

/**
 * A payout batch's status: checked out (its bank files made, awaiting the bank), remitted (the
 * bank confirmed the transfers) or reversed (the bank rejected it; its settlements are free again).
 */
export const BATCH_STATUSES = ['checkedOut', 'remitted', 'reversed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** What may be done to a payout batch. */
export type BatchAction = 'remit' | 'reverse';

/**
 * What each status allows, and where it leads: the server refuses every other action (CONFLICT:
 * the batch moved on meanwhile) and the console offers only these. A remitted batch is final:
 * the money left; a bank's return of it afterwards is not the reversal of a rejected batch.
 */
export const BATCH_TRANSITIONS: Record<BatchStatus, Partial<Record<BatchAction, BatchStatus>>> = {
  checkedOut: { remit: 'remitted', reverse: 'reversed' },
  remitted: {},
  reversed: {},
};

export const batchAllows = (status: BatchStatus, action: BatchAction): boolean =>
  BATCH_TRANSITIONS[status][action] !== undefined;

/** Marking a batch remitted, as the console's workflow asks for it. */
export interface BatchRemitRequest {
  kind: PayoutKind;
  id: number;
}
/** Reversing a batch, with the reason for the trail. */
export interface BatchReverseRequest extends BatchRemitRequest {
  reason: string;
}

/** A payout batch: the settlements checked out together and their bank files. */
export interface BatchSummary {
  id: number;
  kind: SettlementKind;
  status: BatchStatus;
  transferDate: string;
  settlementCount: number;
  files: BatchFile[];
  createdBy: string;
  createdAt: string;
  remittedAt: string | null;
  reversedAt: string | null;
  reverseReason: string;
}
export interface BatchFile {
  currency: string;
  format: Exclude<TransferType, ''>;
  fileName: string;
  recordCount: number;
  total: number;
}

/** What the checkout's preview is asked for (the settlement checkout machine sends it). */
export interface CheckoutPreviewRequest {
  kind: PayoutKind;
  ids: number[];
}

/**
 * What the checkout is asked to make: the selection's payable ids, the transfer date, the
 * dialog's batch key and the refund password as typed (the service sends its digest).
 */
export interface CheckoutRequest {
  kind: PayoutKind;
  ids: number[];
  transferDate: string;
  batchKey: string;
  password: string;
}

/** The checkout's choosing and reviewing steps: the selection as the server sees it now. */
export interface CheckoutPreview {
  items: CheckoutItem[];
  /** Σ transfer amount of the payable ones, per currency. */
  totals: { currency: string; count: number; amount: number }[];
  /** Bank business days a transfer may be dated (today's included when it is one). */
  transferDates: string[];
  defaultTransferDate: string;
}
export interface CheckoutItem {
  id: number;
  settlementNo: string;
  partyName: string;
  currency: string;
  transferAmount: number;
  payee: PayeeBank;
  unpayable: Unpayable[];
  /**
   * The party's paid orders of this currency held back from settlement now by an unresolved
   * reconciliation exception (docs/settlement.md, "Held by reconciliation"): not in this or any
   * settlement until resolved, then in the next open period.
   */
  held: { count: number; amount: number };
}

/** What the checkout made: the batch (the same one again for a retried batch key). */
export interface CheckoutDone {
  batch: BatchSummary;
  /** False when the batch key had made it already (a retry). */
  created: boolean;
}

/** Refused because another checkout took some of the selection meanwhile (resultType CONFLICT). */
export interface CheckoutConflict {
  taken: string[];
}

/* ---- Inputs ---- */

/** At most this many settlements in one checkout (a Zengin file holds up to 999,999 records). */
export const CHECKOUT_MAX = 500;

const ids = () =>
  yup
    .array()
    .of(id().required())
    .required()
    .min(1, message('validation.selectData'))
    .max(CHECKOUT_MAX, message('validation.maxItems', { max: CHECKOUT_MAX }));

export const SettlementIdInput = yup.object({ id: id().required() }).noUnknown();

/** A merchant's statement PDF: in the language asked for, else the caller's. */
export const StatementInput = yup
  .object({ id: id().required(), language: yup.string().oneOf(['', 'ja', 'zh-cn', 'en']).default('') })
  .noUnknown();
export type StatementInput = yup.InferType<typeof StatementInput>;
export type SettlementIdInput = yup.InferType<typeof SettlementIdInput>;

/** A settlement's orders or refunds, paged. */
export const SettlementLinesQuery = yup
  .object({
    id: id().required(),
    type: yup.string().oneOf(SETTLEMENT_LINE_TYPES).default('order'),
    pageNum: pageFields.pageNum,
    pageSize: pageFields.pageSize,
  })
  .noUnknown();
export type SettlementLinesQuery = yup.InferType<typeof SettlementLinesQuery>;

/** The file of a settlement's lines: its orders, then its refunds (XLSX unless CSV is asked for). */
export const SettlementLinesExport = yup
  .object({ id: id().required(), format: yup.string().oneOf(['xlsx', 'csv']).default('xlsx') })
  .noUnknown();
export type SettlementLinesExport = yup.InferType<typeof SettlementLinesExport>;

export const CheckoutPreviewInput = yup.object({ ids: ids() }).noUnknown();
export type CheckoutPreviewInput = yup.InferType<typeof CheckoutPreviewInput>;

export const CheckoutInput = yup
  .object({
    ids: ids(),
    transferDate: yup
      .string()
      .required()
      .test('date', message('validation.date'), (v) => !v || isCalendarDay(v)),
    refundPassword: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.pattern') }),
    /** The console's key of this checkout: a retry with the same key returns the same batch. */
    batchKey: yup
      .string()
      .required()
      .matches(/^[A-Za-z0-9-]{16,64}$/, { message: message('validation.pattern') }),
  })
  .noUnknown();
export type CheckoutInput = yup.InferType<typeof CheckoutInput>;

export const BatchIdInput = yup.object({ id: id().required() }).noUnknown();
export type BatchIdInput = yup.InferType<typeof BatchIdInput>;

/** A batch's bank file of one currency. */
export const BatchFileInput = yup
  .object({
    id: id().required(),
    currency: yup
      .string()
      .required()
      .matches(/^[A-Z]{3}$/, { message: message('validation.pattern') }),
  })
  .noUnknown();
export type BatchFileInput = yup.InferType<typeof BatchFileInput>;

/** Reversing a batch the bank rejected: why, for the trail. */
export const BatchReverseInput = yup.object({ id: id().required(), reason: requiredText(255) }).noUnknown();
export type BatchReverseInput = yup.InferType<typeof BatchReverseInput>;

/** The batches of one kind, newest first. */
export const BatchPageQuery = yup
  .object({
    pageNum: pageFields.pageNum,
    pageSize: pageFields.pageSize,
    status: yup
      .string()
      .oneOf(['', ...BATCH_STATUSES])
      .default(''),
    /** One batch only (a settlement's `#63` link); within the caller's scope like the rest. */
    id: number().integer().min(1).max(2_147_483_647).optional(),
  })
  .noUnknown();
export type BatchPageQuery = yup.InferType<typeof BatchPageQuery>;

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

/* ---- The settlement settings of the system admin (/settle/settings, docs/settlement.md) ---- */

/** The bank fee of one payout in a currency (minor units): a settlement's transfer commission. */
export interface TransferFee {
  currency: string;
  amount: number;
}

/** What the settings screen shows and saves: every currency's fee and paying account, the issuer. */
export interface SettlementSettings {
  transferFees: TransferFee[];
  payingAccounts: PayingBank[];
  /** null until the system admin sets it up (no statement can be issued before). */
  issuer: InvoiceIssuer | null;
}

/** Column sizes of the settings (server/db/schema/settlements.ts). */
export const SETTINGS_LIMITS = {
  bankName: 60,
  branchName: 60,
  accountNumber: 34,
  holder: 60,
  issuerName: 120,
  address: 255,
} as const;

/** The paying account's 預金種目 a Zengin header takes: ordinary, current or other. */
export const PAYING_DEPOSIT_TYPES = [1, 2, 9] as const satisfies readonly DepositType[];

/** A Zengin 依頼人名 (the paying account's holder) is C40: 40 half-width characters at most. */
export const ZENGIN_REQUESTER_NAME_MAX = 40;

const isJpy = (currency: unknown) => currency === 'JPY';
const settingsError = (
  key: 'digits' | 'digitsUpTo' | 'bic' | 'bicRequired' | 'account' | 'zenginName' | 'zenginLength',
  values?: Record<string, unknown>,
) => message(`settlements.settings.errors.${key}`, values);

/** Exactly `count` digits (bank 4, branch 3, requester code 10). */
const digits = (count: number) =>
  yup
    .string()
    .trim()
    .default('')
    .required()
    .matches(new RegExp(`^\\d{${count}}$`), { message: settingsError('digits', { count }) });

const currencyOf = (row: unknown) =>
  row && typeof row === 'object' && 'currency' in row ? String(row.currency) : '';

/** Once per list: a second row of a currency is refused at that row's currency. */
function currencyOnce(list: readonly unknown[] | undefined, c: yup.TestContext) {
  const seen = new Set<string>();
  for (const [i, row] of (list ?? []).entries()) {
    if (seen.has(currencyOf(row)))
      return c.createError({ path: `${c.path}[${i}].currency`, message: message('validation.duplicate') });
    seen.add(currencyOf(row));
  }
  return true;
}

/** A list of rows one per currency at most (fees, paying accounts). */
const perCurrency = <T extends yup.AnyObject>(entry: yup.ObjectSchema<T>) =>
  yup
    .array(entry)
    .required()
    .max(CURRENCIES.length)
    .test('once', function (list) {
      return currencyOnce(list, this);
    });

const currencyField = () => yup.string().required().oneOf(CURRENCIES);

export const TransferFeeEntry = yup
  .object({ currency: currencyField(), amount: money().required() })
  .noUnknown();

/**
 * A holder as the Zengin file writes it (株式会社ケッサイ → ｶ)ｹﾂｻｲ): converted by the file's own
 * rule, refused when a character remains that the file cannot carry, or when it is longer than
 * the requester name's 40 characters.
 */
const zenginHolder = (s: yup.StringSchema<string>) =>
  s
    .transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      const kana = toZenginKana(v);
      return kana.ok ? kana.text : v;
    })
    .test('zengin', function (value) {
      if (!value) return true;
      const kana = toZenginKana(value);
      if (!kana.ok)
        return this.createError({ message: settingsError('zenginName', { chars: kana.bad.join(' ') }) });
      if (kana.text.length > ZENGIN_REQUESTER_NAME_MAX)
        return this.createError({
          message: settingsError('zenginLength', {
            max: ZENGIN_REQUESTER_NAME_MAX,
            length: kana.text.length,
          }),
        });
      return true;
    });

/**
 * One paying account. JPY (a Zengin 総合振込 file): bank code 4 digits, branch code 3, an account
 * number of up to 7 digits, the holder in half-width kana as the file writes it and the 10-digit
 * requester code (依頼人コード) the bank gave. Other currencies (SWIFT): the bank's SWIFT/BIC in
 * `bankCode` (8 or 11 characters), the account number; no branch code or requester code.
 */
export const PayingAccountEntry = yup
  .object({
    currency: currencyField(),
    bankName: requiredText(SETTINGS_LIMITS.bankName),
    bankCode: yup
      .string()
      .trim()
      .default('')
      .when('currency', {
        is: isJpy,
        then: () => digits(4),
        otherwise: (s) =>
          s
            .transform((v: unknown) => (typeof v === 'string' ? electronic(v) : v))
            .required(settingsError('bicRequired'))
            .test('bic', settingsError('bic'), (v) => !v || isBic(v)),
      }),
    branchName: text(SETTINGS_LIMITS.branchName).when('currency', {
      is: isJpy,
      then: (s) => s.required(),
    }),
    branchCode: yup
      .string()
      .trim()
      .default('')
      .when('currency', { is: isJpy, then: () => digits(3) }),
    depositType: number()
      .integer()
      .default(1)
      .when('currency', {
        is: isJpy,
        then: (s) => s.required().oneOf(PAYING_DEPOSIT_TYPES),
        otherwise: (s) => s.oneOf(DEPOSIT_TYPES),
      }),
    accountNumber: yup
      .string()
      .trim()
      .default('')
      .required()
      .when('currency', {
        is: isJpy,
        then: (s) => s.matches(/^\d{1,7}$/, { message: settingsError('digitsUpTo', { max: 7 }) }),
        otherwise: (s) =>
          s.matches(/^[A-Za-z0-9-]{1,34}$/, {
            message: settingsError('account', { max: SETTINGS_LIMITS.accountNumber }),
          }),
      }),
    holder: requiredText(SETTINGS_LIMITS.holder).when('currency', { is: isJpy, then: zenginHolder }),
    requesterCode: yup
      .string()
      .trim()
      .default('')
      .when('currency', { is: isJpy, then: () => digits(10) }),
  })
  .noUnknown();

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The qualified-invoice issuer; all four fields left blank is none (null). */
export const InvoiceIssuerEntry = yup
  .object({
    name: requiredText(SETTINGS_LIMITS.issuerName),
    registrationNo: yup
      .string()
      .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v))
      .default('')
      .required()
      .matches(REGISTRATION_NO, { message: message('settlements.settings.errors.registrationNo') })
      .test(
        'checkDigit',
        message('settlements.settings.errors.registrationCheck'),
        (v) => !v || !registrationShapeOk(v) || isRegistrationNo(v),
      ),
    address: text(SETTINGS_LIMITS.address),
    phone: phone(),
  })
  .noUnknown()
  .nullable()
  .default(null)
  .transform((v: unknown) =>
    v && typeof v === 'object' && Object.values(v as Record<string, unknown>).every(blank) ? null : v,
  );

/** The settings as one save: each list replaces what was there (a currency left out has none). */
export const SettlementSettingsSave = yup
  .object({
    transferFees: perCurrency(TransferFeeEntry),
    payingAccounts: perCurrency(PayingAccountEntry),
    issuer: InvoiceIssuerEntry,
  })
  .noUnknown();
export type SettlementSettingsSave = yup.InferType<typeof SettlementSettingsSave>;
