import { PAY_BRANDS } from '../../../src/contract/brands';
import type { ModuleJobs } from '../../platform/jobs';
import { systemActor, recordAudit } from '../../platform/audit';
import { fetchDueStatements, matchDeposits, refreshPayouts } from './service';

/** How often the payouts are brought up to date: our settlements, the brands' statements, the matches. */
export const PAYOUT_EVERY_MS = 10 * 60_000;

/**
 * The payouts job (docs/reconciliation.md, "Payouts"): the brand settlements closed since, the
 * payment statements the brands have published since (not while statement fetching is off,
 * KESSAI_STATEMENT_FETCH_DAYS=0), and the deposits matched again.
 */
export const payoutJobs: ModuleJobs = (deps, log) => [
  {
    name: 'brandPayouts',
    everyMs: PAYOUT_EVERY_MS,
    leaseMs: 15 * 60_000,
    atStart: true,
    run: async () => {
      const { db } = deps;
      const now = new Date();
      const actor = systemActor('brandPayouts');
      await db.transaction((tx) => refreshPayouts(tx, (e) => recordAudit(tx, actor, e)));
      if (deps.config.statementFetchDays > 0) {
        const reply = await fetchDueStatements(db, {
          brands: PAY_BRANDS,
          connectorOf: (brand) => deps.connectors.get(brand),
          now,
          audit: (tx) => (e) => recordAudit(tx, actor, e),
          onRefused: (brand, periodEnd, reason) =>
            log.warn({ brand, periodEnd, reason }, 'payment statement refused'),
        });
        if (reply.fetched > 0) log.info({ fetched: reply.fetched }, 'payment statements fetched');
      }
      await db.transaction((tx) => matchDeposits(tx, now, (e) => recordAudit(tx, actor, e)));
    },
  },
];
