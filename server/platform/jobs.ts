import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { Deps } from './deps';
import type { JobSpec, Scheduler } from './jobTypes';

export type { JobContext, JobSpec, Scheduler } from './jobTypes';

/** A module's periodic jobs (its index exports one; server/app.ts registers them in order). */
export type ModuleJobs = (deps: Deps, log: FastifyBaseLogger) => JobSpec[];

/**
 * The server's one job mechanism (merchant notifications, recovery of work in flight; period
 * closing and statement fetching later). pg-boss does not run on PGlite, so the jobs share
 * one table instead: a row per job, claimed with SELECT … FOR UPDATE SKIP LOCKED and held by
 * a lease while it runs. With several server processes on one PostgreSQL each due job runs
 * in one of them at a time; a process killed mid-run holds its job only until the lease ends.
 * A job's own work must still be safe to repeat (each one's rows are claimed or moved under
 * row locks), since a run that outlives its lease may meet the next one.
 */
export function createScheduler(opts: {
  db: Db;
  tickMs: number;
  onError: (err: unknown, job: string) => void;
}) {
  const specs = new Map<string, JobSpec>();
  let timer: NodeJS.Timeout | null = null;
  /** Runs in progress in this process: a slow job does not hold the others back. */
  const running = new Map<string, Promise<unknown>>();

  async function ensureRows(now: Date, atStart: boolean) {
    for (const spec of specs.values()) {
      await opts.db
        .insert(jobs)
        .values({ name: spec.name, nextRunAt: now })
        .onConflictDoUpdate({
          target: jobs.name,
          // A restarted server runs its start-up jobs at once (unless another process holds them).
          set: atStart && spec.atStart ? { nextRunAt: now } : { name: sql`${jobs.name}` },
        });
    }
  }

  /** Takes the job if it is due (or forced) and nobody holds it: the lease and the next run set. */
  async function claim(spec: JobSpec, now: Date, force: boolean) {
    return opts.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.name, spec.name),
            force ? undefined : lte(jobs.nextRunAt, now),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return null;
      await tx
        .update(jobs)
        .set({
          lockedUntil: new Date(now.getTime() + spec.leaseMs),
          nextRunAt: new Date(now.getTime() + spec.everyMs),
        })
        .where(eq(jobs.name, spec.name));
      return row;
    });
  }

  async function run(spec: JobSpec, now: Date, force: boolean): Promise<boolean> {
    const row = await claim(spec, now, force);
    if (!row) return false;
    let cursor = row.cursor;
    let error = '';
    try {
      await spec.run({ cursor: row.cursor, setCursor: (c) => (cursor = c.slice(0, 100)) });
    } catch (err) {
      error = String((err as Error).message ?? err).slice(0, 255);
      opts.onError(err, spec.name);
    }
    await opts.db
      .update(jobs)
      .set({ lockedUntil: null, cursor, lastRunAt: new Date(), lastError: error })
      .where(eq(jobs.name, spec.name));
    return true;
  }

  async function runDue(now = new Date()): Promise<string[]> {
    const ran: string[] = [];
    for (const spec of specs.values()) if (await run(spec, now, false)) ran.push(spec.name);
    return ran;
  }

  const scheduler: Scheduler = {
    register(job) {
      if (specs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      specs.set(job.name, job);
    },
    runDue,
    async runNow(name) {
      const spec = specs.get(name);
      if (!spec) throw new Error(`no job ${name}`);
      await ensureRows(new Date(), false);
      return run(spec, new Date(), true);
    },
    async start() {
      if (timer) return;
      await ensureRows(new Date(), true);
      const tick = () => {
        for (const spec of specs.values()) {
          if (running.has(spec.name)) continue;
          const p = run(spec, new Date(), false)
            .catch((err: unknown) => opts.onError(err, spec.name))
            .finally(() => running.delete(spec.name));
          running.set(spec.name, p);
        }
      };
      timer = setInterval(tick, opts.tickMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...running.values()]);
    },
  };
  return scheduler;
}
