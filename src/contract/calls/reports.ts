import { call, reply } from '../call';
import { yup } from '../validation';
import {
  REPORT_LIST,
  ReportExportQuery,
  ReportListQuery,
  ReportSeriesQuery,
  ReportSubscribeInput,
} from '../lists/reports';
import { IdInput } from '../fields';
import {
  DashboardQuery,
  type DashboardReply,
  type ReportPage,
  type ReportSeriesReply,
  type ReportSubscriptionRow,
} from '../reports';

/** The dashboard and reports calls (spec point 7; docs/reports.md). */
export const reportsCalls = {
  /** Home: every signed-in user, within the user's scope. */
  dashboard: call('/report/reportDashBoard/index', {
    access: 'session',
    input: DashboardQuery,
    reply: reply<DashboardReply>(),
  }),
  /** The summary list (/report), with the totals per currency of all its rows. */
  list: call(REPORT_LIST.path, {
    access: REPORT_LIST.route,
    input: ReportListQuery,
    reply: reply<ReportPage>(),
  }),
  /** The chart: the same figures per period and currency, and the period before on demand. */
  series: call('/report/reportList/series', {
    access: REPORT_LIST.route,
    input: ReportSeriesQuery,
    reply: reply<ReportSeriesReply>(),
  }),
  exportExcel: call(REPORT_LIST.exports.paths.excel, {
    access: REPORT_LIST.route,
    input: ReportExportQuery,
    kind: 'file',
  }),
  exportCsv: call(REPORT_LIST.exports.paths.csv, {
    access: REPORT_LIST.route,
    input: ReportExportQuery,
    kind: 'file',
  }),
  /** Scheduled reports: the caller's own subscriptions with their latest files. */
  subscriptions: call('/report/subscription/list', {
    access: REPORT_LIST.route,
    input: yup.object({}).noUnknown(),
    reply: reply<ReportSubscriptionRow[]>(),
  }),
  subscribe: call('/report/subscription/save', {
    access: REPORT_LIST.route,
    input: ReportSubscribeInput,
    reply: reply<{ id: number }>(),
    writes: true,
  }),
  unsubscribe: call('/report/subscription/delete', {
    access: REPORT_LIST.route,
    input: IdInput,
    reply: reply<null>(),
    writes: true,
  }),
  /** A delivered file of the caller's own subscription. */
  delivery: call('/report/subscription/exportDelivery', {
    access: REPORT_LIST.route,
    input: IdInput,
    kind: 'file',
  }),
} as const;
