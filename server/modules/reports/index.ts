/**
 * The dashboard and reports (issue #31, docs/reports.md): figures read from the order and refund
 * summaries (modules/summaries' tables) within the caller's scope; the summary list, its chart
 * and exports; scheduled reports delivered by a job.
 */
export { reportRoutes } from './routes';
export { reportJobs } from './jobs';
export { dashboard } from './dashboard';
export { deliverReports, lastPeriodBefore, periodsOwed } from './schedule';
