import type { ModuleJobs } from '../../platform/jobs';
import { deliverReports, pruneDeliveries } from './schedule';

/** How often the scheduled reports look for a period whose data is complete. */
const DELIVER_EVERY_MS = 5 * 60_000;

export const reportJobs: ModuleJobs = (deps, log) => [
  {
    name: 'reportDeliveries',
    everyMs: DELIVER_EVERY_MS,
    leaseMs: 15 * 60_000,
    atStart: true,
    run: async () => {
      const now = new Date();
      await deliverReports(deps, log, now);
      await pruneDeliveries(deps.db, now);
    },
  },
];
