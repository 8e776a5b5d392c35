/** The scheduler's types (jobs.ts runs them), apart so that `Deps` can name the scheduler. */
export interface JobContext {
  /** Where the job's last run stopped ('' at first), and where this one stops. */
  cursor: string;
  setCursor(cursor: string): void;
}

export interface JobSpec {
  name: string;
  everyMs: number;
  /** How long one run may hold the job before another process may take it. */
  leaseMs: number;
  /** Due as soon as the scheduler starts (recovery after a restart). */
  atStart?: boolean;
  run(ctx: JobContext): Promise<unknown>;
}

export interface Scheduler {
  register(job: JobSpec): void;
  /** Runs every job due now (claimed in this process); resolves with the names run. */
  runDue(now?: Date): Promise<string[]>;
  /** Runs one job now if no other process holds it; false when held. */
  runNow(name: string): Promise<boolean>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
