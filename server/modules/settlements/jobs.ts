import type { ModuleJobs } from '../../platform/jobs';
import { closePeriods, yesterday } from './close';

/** How often the closing run looks for periods that have ended (also once at start). */
export const SETTLEMENT_CLOSE_EVERY_MS = 10 * 60_000;

/**
 * Periods close on their own (docs/settlement.md, "Closing periods"): every period that ended
 * before today in the business time zone, one run at a time across processes (the job table's
 * lease; each party's closing is also serialised by its cursor row).
 */
export const settlementJobs: ModuleJobs = (deps, log) => [
  {
    name: 'settlementClose',
    everyMs: SETTLEMENT_CLOSE_EVERY_MS,
    // A first run over a large history takes seconds; a run that outlives this meets the next
    // one only at the cursor rows, which serialise them.
    leaseMs: 15 * 60_000,
    atStart: true,
    run: async (ctx) => {
      const zone = deps.config.timeZone;
      const through = yesterday(zone);
      // Periods end at midnight: once a run has closed through yesterday, the next runs that day
      // have nothing to close (an item recorded late joins a later period, closed the next day).
      // A run killed midway has not moved the job's cursor, so the next tick finishes it.
      if (ctx.cursor === through) return;
      const report = await closePeriods(deps.db, { through, zone });
      ctx.setCursor(through);
      if (report.settlements > 0) log.info(report, 'settlement periods closed');
    },
  },
];
