import type { ModuleJobs } from '../../platform/jobs';
import { recoverInFlight } from './service';

export const recoveryJobs: ModuleJobs = (deps, log) => [
  {
    name: 'recovery',
    everyMs: deps.config.recoveryEveryMs,
    leaseMs: Math.max(5_000, 2 * deps.config.recoveryEveryMs),
    atStart: true,
    run: async (ctx) => {
      const report = await recoverInFlight(deps, { olderThanMs: deps.config.recoveryAfterMs }, ctx);
      if (report.refunds + report.orders > 0) log.info({ report }, 'work in flight recovered');
    },
  },
];
