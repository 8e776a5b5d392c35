import type { ModuleJobs } from '../../platform/jobs';
import { expireApprovals } from './approval';

/** How often refunds awaiting approval are checked for expiry. */
const APPROVAL_EXPIRY_EVERY_MS = 60_000;

// Refunds awaiting approval past REFUND_APPROVAL_EXPIRY_DAYS are rejected (amounts released).
export const refundJobs: ModuleJobs = (deps, log) => [
  {
    name: 'refundApprovalExpiry',
    everyMs: APPROVAL_EXPIRY_EVERY_MS,
    leaseMs: 60_000,
    atStart: true,
    run: async () => {
      const expired = await expireApprovals(deps);
      if (expired > 0) log.info({ expired }, 'refunds awaiting approval expired');
    },
  },
];
