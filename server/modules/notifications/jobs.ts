import type { ModuleJobs } from '../../platform/jobs';

/** How often the listening server looks for merchant notifications due (a job of deps.jobs). */
export const NOTIFY_INTERVAL_MS = 2_000;

export const notificationJobs: ModuleJobs = (deps) => [
  {
    name: 'merchantNotifications',
    everyMs: NOTIFY_INTERVAL_MS,
    leaseMs: 60_000,
    run: () => deps.notifier.runOnce(),
  },
];
