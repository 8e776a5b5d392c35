/**
 * Reconciliation against brand statements (issue #16, docs/reconciliation.md): the statements'
 * imports (uploaded or fetched), the matching of a brand's day (match.ts) and the check pages'
 * calls. The file formats it reads are a layer of their own below it (server/formats). What
 * others use, and nothing more: tests that drive an internal (a job run now, a day's range)
 * import it from its file.
 */
/** The calls and jobs (server/app.ts). */
export { reconciliationRoutes } from './routes';
export { brandTransactionRoutes } from './transactions';
export { importRoutes } from './importRoutes';
export { statementImportJobs } from './fetchJob';
export { holdingPoolJobs } from './holdingPool';
/** Resolves when the imports queued so far have finished (server/app.ts on close, tests). */
export { importsSettled } from './imports';
/** An order's result (modules/orders) and whether it is held back from settlement (modules/settlements). */
export { orderReconciliation } from './queries';
export { auditOf, inException, releaseOrder } from './audits';
/** A brand day matched from statement files (the demo data's history, tests, bench/reconcile.ts). */
export {
  BRAND_DAY_OFFSET_MINUTES,
  joinedFileNames,
  reconcileDay,
  runFilesHash,
  type StatementInput,
  type StatementPart,
} from './match';
export { fileCurrency } from './imports';
