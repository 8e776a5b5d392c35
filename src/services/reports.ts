import { reportsCalls } from '../contract/calls/reports';
import type { ReportListQuery } from '../contract/lists/reports';
import type { DashboardWindow, ReportPage, ReportSeriesReply } from '../contract/reports';
import { api } from './api';
import { saveFile } from './exports';

/** /report/reportDashBoard/index: the home dashboard's figures for a window (docs/reports.md). */
export const loadDashboard = (window: DashboardWindow) => api.call(reportsCalls.dashboard, { window });

/** /report/reportList/list: the query is what listQuery builds from the URL. */
export const pageReport = (query: Partial<ReportListQuery> | Record<string, unknown>): Promise<ReportPage> =>
  api.call(reportsCalls.list, query);

/** /report/reportList/series: the chart's figures for the list's filters. */
export const reportSeries = (query: Record<string, string>, compare: boolean): Promise<ReportSeriesReply> =>
  api.call(reportsCalls.series, { ...query, compare });

/** Scheduled reports: the caller's own subscriptions with their latest files. */
export const reportSubscriptions = () => api.call(reportsCalls.subscriptions, {});

/** Subscribes the summary list's filters (the period comes from each delivery). */
export const subscribeReport = (input: Record<string, unknown>) => api.call(reportsCalls.subscribe, input);

export const unsubscribeReport = (id: number) => api.call(reportsCalls.unsubscribe, { id });

/** A delivered file, handed to the browser under its own name. */
export async function saveDelivery(id: number) {
  const file = await api.download(reportsCalls.delivery, { id });
  saveFile(file.fileName, file.blob);
}
