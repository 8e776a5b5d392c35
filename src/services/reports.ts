import { reportsCalls } from '../contract/calls/reports';
import type { ReportListQuery } from '../contract/lists/reports';
import type { DashboardWindow, ReportPage, ReportSeriesReply } from '../contract/reports';
import { api } from './api';

/** /report/reportDashBoard/index: the home dashboard's figures for a window (docs/reports.md). */
export const loadDashboard = (window: DashboardWindow) => api.call(reportsCalls.dashboard, { window });

/** /report/reportList/list: the query is what listQuery builds from the URL. */
export const pageReport = (query: Partial<ReportListQuery> | Record<string, unknown>): Promise<ReportPage> =>
  api.call(reportsCalls.list, query);

/** /report/reportList/series: the chart's figures for the list's filters. */
export const reportSeries = (query: Record<string, string>, compare: boolean): Promise<ReportSeriesReply> =>
  api.call(reportsCalls.series, { ...query, compare });
