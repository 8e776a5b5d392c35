import type { PayBrand } from './brands';
import { yup } from './validation';

/**
 * The home dashboard and the reports (issue #31; docs/reports.md): figures from the order and
 * refund summaries, each split by how far it is proven.
 */

/**
 * The rungs a paid amount can stand on, in order (docs/reports.md): the summaries' proof 1–4 is
 * the rung at index proof − 1; proof 0 is an order never paid.
 */
export const PROOF_STATES = ['provisional', 'matched', 'settled', 'paidOut'] as const;
export type ProofState = (typeof PROOF_STATES)[number];

/** The dashboard's windows (spec point 9): business days ending today. */
export const DASHBOARD_WINDOWS = ['today', 'yesterday', 'days2', 'days7', 'days30'] as const;
export type DashboardWindow = (typeof DASHBOARD_WINDOWS)[number];
/** Each window's first and last day, counted back from today (0). */
export const WINDOW_DAYS: Record<DashboardWindow, { from: number; to: number }> = {
  today: { from: 0, to: 0 },
  yesterday: { from: 1, to: 1 },
  days2: { from: 1, to: 0 },
  days7: { from: 6, to: 0 },
  days30: { from: 29, to: 0 },
};

export const DashboardQuery = yup
  .object({
    window: yup.string().oneOf(DASHBOARD_WINDOWS).default('today'),
  })
  .noUnknown();
export type DashboardQuery = yup.InferType<typeof DashboardQuery>;

/** What a set of summary cells counts (docs/reports.md, "Measures"). */
export interface Measures {
  orders: number;
  paidCount: number;
  paidAmount: number;
  commission: number;
  rebate: number;
  refundCount: number;
  refundAmount: number;
  refundCommission: number;
  refundRebate: number;
}

/** A paid or refunded amount split by proof state (minor units). */
export type ProofSplit = Record<ProofState, number>;

export interface BrandFigures {
  /** '' for orders whose payer has not chosen a brand. */
  brand: PayBrand | '';
  paidCount: number;
  paidAmount: number;
  refundAmount: number;
}

export interface TrendPoint {
  /** A business day (yyyy-MM-dd), or for today's window an hour (yyyy-MM-ddTHH). */
  at: string;
  paidCount: number;
  paidAmount: number;
  refundAmount: number;
}

export interface TopOrganisation {
  id: number;
  name: string;
  paidCount: number;
  paidAmount: number;
}

/** One currency's figures: never summed with another currency's. */
export interface CurrencyFigures {
  currency: string;
  current: Measures;
  /** The same length of time just before the window. */
  previous: Measures;
  /** The window's paid amount and refunds by proof state. */
  paidProof: ProofSplit;
  refundProof: ProofSplit;
  byBrand: BrandFigures[];
  trend: TrendPoint[];
  /** Companies (branches for a company's own roles), by paid amount, at most 5. */
  top: TopOrganisation[];
}

/** What the dashboard may say waits for a user, in the order it shows them. */
export const ATTENTION_KEYS = [
  'refundApprovals',
  'reconciliationExceptions',
  'statementDaysMissing',
  'settlementsToCheckOut',
  'payoutsWithoutDeposit',
  'linksExpiringToday',
  'notificationsGivenUp',
] as const;

/** Something waiting for this user: a count and the list that shows it. */
export interface AttentionItem {
  key: (typeof ATTENTION_KEYS)[number];
  count: number;
  /** The console's list, filtered (a path with its query). */
  href: string;
}

export interface DashboardReply {
  window: DashboardWindow;
  /** The window's first and last business day, and the previous period's. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /**
   * Today's window is compared with yesterday until this instant (the same time of day, ISO);
   * null: the previous period is whole days.
   */
  previousUntil: string | null;
  /** The business time zone the days are cut in. */
  timeZone: string;
  /** When the figures were read (ISO). */
  asOf: string;
  /** 'companies' or 'branches': what `top` lists for this user. */
  topKind: 'companies' | 'branches';
  currencies: CurrencyFigures[];
  attention: AttentionItem[];
}

/** How the summary list groups its rows in time. */
export const REPORT_GROUPINGS = ['day', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** What a row (or a currency's totals) of the summary list counts (docs/reports.md, "The summary list"). */
export interface ReportFigures {
  /** Orders created, whatever their status. */
  orders: number;
  paidCount: number;
  paidAmount: number;
  refundCount: number;
  refundAmount: number;
  /** Commission fixed on the paid orders less what their refunds returned. */
  commission: number;
  /** Agency rebate likewise, net of refunds. */
  rebate: number;
  /** paidAmount − refundAmount. */
  net: number;
  /** The paid amount by how far it is proven (the four add up to paidAmount). */
  paidProof: ProofSplit;
}

/** One row of the summary list: a day (or month) × organisation × brand × currency. */
export interface ReportRow extends ReportFigures {
  /** yyyy-MM-dd, or yyyy-MM for a month. */
  period: string;
  /** The first and last business day of the row's period within the filter's. */
  from: string;
  to: string;
  companyId: number;
  companyName: string;
  /** Set when the rows are per branch (a company's own roles, or a company picked): 0 no branch. */
  branchUnitId: number | null;
  branchUnitName: string | null;
  /** '' for orders whose payer has not chosen a brand. */
  brand: PayBrand | '';
  currency: string;
}

/** Everything the filter selects in one currency (all pages). */
export interface ReportTotals extends ReportFigures {
  currency: string;
}

export interface ReportPage {
  records: ReportRow[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** 'companies' or 'branches': what a row's organisation is for this caller and filter. */
  rowsPer: 'companies' | 'branches';
  totals: ReportTotals[];
  /** When the figures were read (ISO). */
  asOf: string;
}

/** What the chart can show (a figure of ReportFigures). */
export const REPORT_MEASURES = [
  'paidAmount',
  'paidCount',
  'refundAmount',
  'net',
  'commission',
  'orders',
] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

/** One period's figures of a currency, across the organisations and brands the filter selects. */
export interface ReportPoint extends Omit<ReportFigures, 'paidProof'> {
  /** yyyy-MM-dd, or yyyy-MM for a month. */
  period: string;
}

export interface ReportSeries {
  currency: string;
  /** Every period of the filter's days, in order (zero where nothing happened). */
  points: ReportPoint[];
  /** The same number of periods just before, in order (asked with `compare`), else null. */
  previous: ReportPoint[] | null;
}

export interface ReportSeriesReply {
  grouping: ReportGrouping;
  from: string;
  to: string;
  /** The previous period's days (`compare`), else null. */
  previousFrom: string | null;
  previousTo: string | null;
  currencies: ReportSeries[];
  asOf: string;
}

/** How often a scheduled report is delivered: each business day, week (Monday–Sunday) or calendar month. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** What a subscription keeps of the summary list's filters (the period comes from each delivery). */
export interface ReportSubscriptionFilters {
  grouping: '' | ReportGrouping;
  companyId: number | null;
  branchUnitId: number | null;
  brand: string;
  currency: string;
}

export interface ReportDeliveryRow {
  id: number;
  periodFrom: string;
  periodTo: string;
  state: 'pending' | 'ready' | 'failed';
  fileName: string | null;
  size: number | null;
  error: string | null;
  readyAt: string | null;
  emailState: 'pending' | 'sent' | 'failed' | null;
  emailedAt: string | null;
}

export interface ReportSubscriptionRow {
  id: number;
  filters: ReportSubscriptionFilters;
  /** The organisations the filters name, for the screen. */
  companyName: string | null;
  branchUnitName: string | null;
  frequency: ReportFrequency;
  format: 'csv' | 'xlsx';
  email: boolean;
  startsOn: string;
  /** The last day of its first period (the first file's): the server's calendar of periods. */
  firstPeriodTo: string;
  createdAt: string;
  /** The latest deliveries, newest first (at most 10). */
  deliveries: ReportDeliveryRow[];
}
