/**
 * The dashboard and reports (issue #31, docs/reports.md): figures read from the order and refund
 * summaries (modules/summaries' tables) within the caller's scope.
 */
export { reportRoutes } from './routes';
export { dashboard } from './dashboard';
