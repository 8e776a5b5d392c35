/**
 * Reconciliation against the brands' statements (issue #16, docs/reconciliation.md): the audit
 * status and result codes of an order (spec points 3 and 4), and what a reconciliation run is.
 */
import type { PayBrand } from './brands';
import { id, requiredText } from './fields';
import { isCalendarDay, pageFields } from './paging';
import { message, yup } from './validation';

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

export type ReconBrand<G extends ReconGroup = ReconGroup> = (typeof RECON_GROUP_BRANDS)[G][number];

/* ---- The reconciliation result pages (/history/walletCheck, /history/paypayCheck) ---- */

/** The menu route of each group's check page (the calls' access). */
export const RECON_CHECK_ROUTES = {
  wallet: '/history/walletCheck',
  paypay: '/history/paypayCheck',
} as const satisfies Record<ReconGroup, string>;

/** An exception: a result with a code other than 1 (held results have none yet). */
export const isException = (code: AuditCode | null) => code !== null && code !== AUDIT_CODE.matched;

/** Net amounts of one currency of a day: our records' and the statement's (payments − refunds). */
export interface ReconTotals {
  currency: string;
  ours: number;
  statement: number;
}

/**
 * A brand-day's state (docs/reconciliation.md, "The day's state"), decided by the server from the
 * run's results in the caller's scope, the first that holds: `refused` (a file of the day did not
 * parse: every success of ours is 400), `differences` (an exception is open), `waiting` (a success
 * of ours is held, missing from the statement while the holding pool lasts), `resolved` (every
 * exception has its resolution), `matched` (nothing differs and nothing waits: every result is 1).
 */
export const DAY_STATES = ['matched', 'resolved', 'waiting', 'differences', 'refused'] as const;
export type DayState = (typeof DAY_STATES)[number];
export const isDayState = (v: unknown): v is DayState => DAY_STATES.some((s) => s === v);

/** Results per code and held, open exceptions and the state they make: the caller's rows only. */
export interface ReconDayCounts {
  counts: RunCounts;
  /** Exceptions not resolved yet. */
  open: number;
  state: DayState;
}

/** A row of the days list: one brand's business day with its current run. */
export interface ReconDayRow extends ReconDayCounts {
  runId: number;
  brand: PayBrand;
  businessDay: string;
  status: RunStatus;
  source: RunSource;
  fileName: string;
  refusalLine: number | null;
  refusalReason: string | null;
  refusalDetail: string | null;
  /** When the held ones become 300 at the next match of the day (the holding pool's end). */
  holdingUntil: string;
  finishedAt: string;
  totals: ReconTotals[];
}

/** A file of a run (docs/reconciliation.md, "Several files a day"). */
export interface ReconRunFile {
  fileName: string;
  currency: string | null;
  /** Its sha256, the first 12 hex digits. */
  hashPrefix: string;
  refused: boolean;
}

/** A run of a brand-day, current or replaced (the run history). */
export interface ReconRun extends ReconDayCounts {
  id: number;
  brand: PayBrand;
  businessDay: string;
  current: boolean;
  status: RunStatus;
  source: RunSource;
  fileName: string;
  /** The file's sha256, its first 12 hex digits. */
  hashPrefix: string;
  /**
   * The run's files: one, or one per currency for a brand that writes one each (currency null:
   * the whole day); refused: the file that did not parse.
   */
  files: ReconRunFile[];
  rowCount: number;
  refusalLine: number | null;
  refusalReason: string | null;
  refusalDetail: string | null;
  holdingUntil: string;
  startedAt: string;
  finishedAt: string;
}

/** Our side of a result: the order, or the refund of it. */
export interface ReconOurs {
  orderId: number;
  gatewayOrderNo: string;
  clientOrderNo: string;
  brandOrderNo: string;
  refundId: number | null;
  gatewayRefundNo: string | null;
  amount: number;
  fee: number;
  currency: string;
  status: string;
  companyName: string;
}

/** The statement's side of a result: its row as parsed. */
export interface ReconStatementRow {
  line: number;
  kind: 'payment' | 'refund';
  brandOrderNo: string | null;
  gatewayOrderNo: string | null;
  brandRefundNo: string | null;
  gatewayRefundNo: string | null;
  amount: number;
  fee: number | null;
  currency: string;
  status: string;
  statusRaw: string;
  time: string;
}

export interface ReconResolution {
  decision: Resolution;
  comment: string;
  by: string;
  at: string;
}

/** One result of a run: the code, both sides as far as they exist, what differs, its resolution. */
export interface ReconResult {
  id: number;
  runId: number;
  /** null: held in the holding pool. */
  code: AuditCode | null;
  ours: ReconOurs | null;
  statement: ReconStatementRow | null;
  diff: ResultDiff | null;
  resolution: ReconResolution | null;
}

/** The order detail's reconciliation: its payment's result in the brand-day's current run. */
export interface OrderReconciliation extends ReconResult {
  brand: PayBrand;
  businessDay: string;
}

/**
 * The results list's filters: a code (or what needs a look — the exceptions and the held ones —,
 * every exception, or held) and open / resolved.
 */
export const RESULT_CODE_FILTERS = ['', 'review', 'exceptions', 'held', ...AUDIT_CODES.map(String)] as const;
export type ResultCodeFilter = (typeof RESULT_CODE_FILTERS)[number];
/**
 * A day's results open on the exceptions and the held ones: the held rows are what explains a
 * statement short of our total while the holding pool lasts.
 */
export const DEFAULT_RESULT_CODE_FILTER: ResultCodeFilter = 'review';
export const RESULT_STATES = ['', 'open', 'resolved'] as const;

const brandDay = (group: ReconGroup) => ({
  brand: yup
    .string()
    .oneOf<ReconBrand>([...RECON_GROUP_BRANDS[group]])
    .required(),
  day: yup
    .string()
    .required()
    .test('date', message('validation.date'), (v) => !v || isCalendarDay(v)),
});

/** A brand-day of the group: its run history. */
export const reconRunsQuery = (group: ReconGroup) => yup.object(brandDay(group)).noUnknown();

/** A brand-day's results, paged, by code and open / resolved. */
export const reconResultsQuery = (group: ReconGroup) =>
  yup
    .object({
      ...brandDay(group),
      code: yup.string().oneOf(RESULT_CODE_FILTERS).default(''),
      state: yup.string().oneOf(RESULT_STATES).default(''),
      pageNum: pageFields.pageNum,
      pageSize: pageFields.pageSize,
    })
    .noUnknown();
export type ReconRunsQuery = yup.InferType<ReturnType<typeof reconRunsQuery>>;
export type ReconResultsQuery = yup.InferType<ReturnType<typeof reconResultsQuery>>;

/** Resolving an exception: the decision and why (required, shown in the result's history). */
export const ResolveInput = yup
  .object({
    resultId: id().required(),
    decision: yup.string().oneOf(RESOLUTIONS).required(),
    comment: requiredText(500),
  })
  .noUnknown();
export type ResolveInput = yup.InferType<typeof ResolveInput>;
