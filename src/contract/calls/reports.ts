import { call, reply } from '../call';
import { DashboardQuery, type DashboardReply } from '../reports';

/** The dashboard and reports calls (spec point 7; docs/reports.md). */
export const reportsCalls = {
  /** Home: every signed-in user, within the user's scope. */
  dashboard: call('/report/reportDashBoard/index', {
    access: 'session',
    input: DashboardQuery,
    reply: reply<DashboardReply>(),
  }),
} as const;
