import { call, reply } from '../call';
import { REPORT_LIST, ReportExportQuery, ReportListQuery, ReportSeriesQuery } from '../lists/reports';
import { DashboardQuery, type DashboardReply, type ReportPage, type ReportSeriesReply } from '../reports';

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
} as const;
