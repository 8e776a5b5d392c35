/**
 * Reconciliation against brand statements (issue #16, docs/reconciliation.md): the brand
 * statement file formats (formats/index.ts, pure functions) and the matching of a brand's day
 * (match.ts: reconcileDay), and the check pages' calls (routes.ts: the days list, a day's
 * results and runs, resolving an exception). The order detail reads an order's result here.
 */
export { brandTransactionRoutes } from './transactions';
export {
  BRAND_DAY_OFFSET_MINUTES,
  DEFAULT_HOLDING_DAYS,
  brandDayRange,
  joinedFileNames,
  reconcileDay,
  rematchHeldDay,
  runFilesHash,
  type ReconcileInput,
  type StatementPart,
  type ReconcileOutcome,
  type StatementInput,
} from './match';
export { reconciliationRoutes } from './routes';
export { orderReconciliation } from './queries';
export { auditOf, inException, releaseOrder } from './audits';
export { importRoutes } from './importRoutes';
export { holdingPoolJobs, endHoldingPools, type HeldDayDone } from './holdingPool';
export { statementImportJobs, runFetches, backoffMs, FETCH_BACKOFF, FETCH_MAX_ATTEMPTS } from './fetchJob';
export {
  drainImports,
  fileCurrency,
  importsSettled,
  kickImports,
  processImport,
  claimImport,
} from './imports';
