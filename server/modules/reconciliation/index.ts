/**
 * Reconciliation against brand statements (issue #16, docs/reconciliation.md): the brand
 * statement file formats (formats/index.ts, pure functions) and the matching of a brand's day
 * (match.ts: reconcileDay). No routes yet.
 */
export * from './formats';
export { brandTransactionRoutes } from './transactions';
export {
  BRAND_DAY_OFFSET_MINUTES,
  DEFAULT_HOLDING_DAYS,
  brandDayRange,
  reconcileDay,
  type ReconcileInput,
  type ReconcileOutcome,
  type StatementInput,
} from './match';
