import type { ModuleJobs } from '../../platform/jobs';
import { foldSummaryDeltas } from './store';

/** How often the summaries' deltas are folded into their totals (readers add the rest). */
const FOLD_EVERY_MS = 30_000;

export const summaryJobs: ModuleJobs = (deps, log) => [
  {
    name: 'summaryFold',
    everyMs: FOLD_EVERY_MS,
    leaseMs: 120_000,
    atStart: true,
    run: async () => {
      const moved = await foldSummaryDeltas(deps.db);
      if (moved > 0) log.debug({ moved }, 'summary deltas folded');
    },
  },
];
