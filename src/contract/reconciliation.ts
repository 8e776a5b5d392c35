import type { PayBrand } from './brands';

/**
 * Reconciliation against the brands' statements (issue #16, docs/reconciliation.md): the audit
 * status and result codes of an order (spec points 3 and 4), and what a reconciliation run is.
 */

/** An order's audit status (orders.audit_status). */
export const AUDIT_STATUS = { notAudited: 0, audited: 1, exception: 2 } as const;
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];
export const AUDIT_STATUSES: readonly AuditStatus[] = [0, 1, 2];

/**
 * Audit result codes: the spec's six (point 4), and 600 for an amount difference, which the
 * spec has no code for. 600 is ours: it sorts after the spec's codes and leaves their gaps free.
 */
export const AUDIT_CODE = {
  /** The statement row agrees on status, amount and fee. */
  matched: 1,
  /** The brand's status of the row is not ours (paid / not paid, refunded / not). */
  statusDiffers: 100,
  /** Gateway history missing: the brand has a row we do not know. */
  gatewayMissing: 200,
  /** Brand history missing: our success is not in the statement, after the holding pool. */
  brandMissing: 300,
  /** Brand history format error: the brand's file (or row) does not parse. */
  formatError: 400,
  /** The fee differs. */
  feeDiffers: 500,
  /** The amount (or its currency) differs: Kessai's own code, not the spec's. */
  amountDiffers: 600,
} as const;
export type AuditCode = (typeof AUDIT_CODE)[keyof typeof AUDIT_CODE];
export const AUDIT_CODES: readonly AuditCode[] = [1, 100, 200, 300, 400, 500, 600];
export const isAuditCode = (n: unknown): n is AuditCode => AUDIT_CODES.includes(n as AuditCode);

/** Where a run's statement came from: fetched from the brand, or uploaded by an operator. */
export const RUN_SOURCES = ['fetched', 'uploaded'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

/** A run matched the statement's rows, or refused its file (the day is 400 for that brand). */
export const RUN_STATUSES = ['matched', 'refused'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run's results per code, and those waiting in the holding pool (no code yet). */
export type RunCounts = Record<`${AuditCode}`, number> & { held: number };

export const emptyCounts = (): RunCounts => ({
  '1': 0,
  '100': 0,
  '200': 0,
  '300': 0,
  '400': 0,
  '500': 0,
  '600': 0,
  held: 0,
});

/** The values a result's statement row and our record differ in (ours first). */
export interface ResultDiff {
  status?: { ours: string; brand: string };
  amount?: { ours: number; brand: number };
  currency?: { ours: string; brand: string };
  fee?: { ours: number; brand: number };
}

/**
 * How an exception is resolved (docs/reconciliation.md, "Exceptions"): the brand is right (our
 * record is adjusted to it and the adjustment recorded), the gateway is right (raised with the
 * brand), or written off. Any resolution releases the order to the next settlement.
 */
export const RESOLUTIONS = ['brandRight', 'gatewayRight', 'writeOff'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Where an import's file came from: the brand's connector, or an operator's upload. */
export const IMPORT_SOURCES = RUN_SOURCES;
export type ImportSource = RunSource;

/** A statement import's progress: waiting, reading the file, matching, and how it ended. */
export const IMPORT_STATUSES = ['queued', 'parsing', 'matching', 'done', 'refused', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const importFinished = (s: ImportStatus) => s === 'done' || s === 'refused' || s === 'failed';

/**
 * The payment-history pages of reconciliation come in two groups (spec point 2): the Chinese
 * wallets (WeChat Pay, Alipay+ — Alipay's own files come through Alipay+) and PayPay. Each group
 * has its result, brand transactions and payment statements pages (/history/<group>Check,
 * …Trade, …Bill). The card acquirer's statements are matched too; no page of the spec shows them.
 */
export const RECON_GROUPS = ['wallet', 'paypay'] as const;
export type ReconGroup = (typeof RECON_GROUPS)[number];
export const RECON_GROUP_BRANDS = {
  wallet: ['wechat', 'alipayplus'],
  paypay: ['paypay'],
} as const satisfies Record<ReconGroup, readonly PayBrand[]>;

/** Roles that import statements and resolve exceptions (the platform's own staff). */
export const RECON_WRITE_ROLES = [0, 10] as const;
