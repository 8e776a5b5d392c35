/**
 * Recovery of work in flight: refunds, payments and closes interrupted between their intent
 * and the brand's answer are asked about at the brand and driven to their final state (a job).
 * Uses payments and refunds through their indexes.
 */
export { recoveryJobs } from './jobs';
export { recoverInFlight, type RecoveryOptions, type RecoveryReport } from './service';
