import { reportsCalls } from '../contract/calls/reports';
import type { DashboardWindow } from '../contract/reports';
import { api } from './api';

/** /report/reportDashBoard/index: the home dashboard's figures for a window (docs/reports.md). */
export const loadDashboard = (window: DashboardWindow) => api.call(reportsCalls.dashboard, { window });
