/**
 * Settlements (docs/settlement.md): closing periods into merchant, agency and brand settlements,
 * their lists, statements and exports, and the payout (checkout, batches and bank files). Uses
 * refunds (the refund password) through its index.
 */
export { closeParty, closePeriods, yesterday, type CloseOptions, type CloseReport } from './close';
export { demoPayout } from './checkout';
export { settle, type Figures, type PayoutTerms, type SettlementLines } from './arithmetic';
export { periodEnd, periodStart, closedThrough, ruleOf, isDate, type PeriodRule } from './periods';
export { settlementRoutes } from './routes';
export { settlementJobs } from './jobs';
