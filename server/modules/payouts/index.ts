/**
 * The brands' payouts and the platform's bank deposits (issue #16, the three-way check;
 * docs/reconciliation.md "Payouts"): our brand settlements against the brands' payment
 * statements, and each payout against a deposit on the bank account. Uses the file helpers of
 * server/formats (the content hash, CSV lines) and no module.
 */
export { payoutRoutes } from './routes';
export { payoutJobs } from './jobs';
export { parseBankCsv, writeBankCsv, bankDate } from './bankCsv';
export { refreshPayouts, matchDeposits, fetchDueStatements, storeStatement } from './service';
export { storeDeposits } from './deposits';
