/**
 * The holding pool's end (docs/reconciliation.md, "Holding pool"): a brand day whose statement
 * lacked some of our successes holds them, without a code, until the run's holding_until. Once
 * that has passed, nothing else would match the day again (the schedule fetches only days
 * without a run), so this job does: the brand's statement asked for again first when the day was
 * fetched (a late statement that now has the rows makes them 1), else the run's own files matched
 * again (the missing ones 300). Each day as one new run replacing the current one, audited, under
 * the day's lock; a day done is no longer due, so a second pass, or another process's, finds
 * nothing to do, and a pass killed mid-way leaves the rest due for the next.
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PayBrand } from '../../../src/contract/brands';
import type { BrandConnector, StatementFile } from '../../connectors';
import type { Db } from '../../db/client';
import { reconciliationRuns, statementImports, type RunFile } from '../../db/schema';
import { systemActor } from '../../platform/audit';
import type { ModuleJobs } from '../../platform/jobs';
import { contentHash } from '../../formats';
import { queueSystemFetch } from './fetchJob';
import { drainImports } from './imports';
import { rematchHeldDay } from './match';
import { currentRunOf } from './queries';

/** How often the job looks for days whose holding pool has ended. */
export const HOLDING_POOL_EVERY_MS = 5 * 60_000;

/** Who the job's runs and imports are audited as. */
const ACTOR = systemActor('holdingPool');

/** How a day whose pool ended was matched again. */
export interface HeldDayDone {
  brand: PayBrand;
  day: string;
  /** The day's run the pass left current. */
  runId: number;
  /** `refetched`: the brand's statement, newer than the run's, imported; `rematched`: the run's own files. */
  how: 'refetched' | 'rematched';
}

export interface HoldingPoolOptions {
  db: Db;
  now: Date;
  /**
   * The brands' connectors: a fetched day's statement is asked for again first. Absent (fetching
   * off), the run's own files are matched again.
   */
  connectorOf?: (brand: PayBrand) => Pick<BrandConnector, 'fetchStatements'>;
  /** The import lease (config.importLeaseMs), for the import a newer statement makes. */
  importLeaseMs: number;
  onError?: (err: unknown) => void;
}

/** Current runs that hold rows past their pool at `now`, oldest pool first. */
async function dueRuns(db: Db, now: Date) {
  return db
    .select({
      id: reconciliationRuns.id,
      brand: reconciliationRuns.brand,
      day: reconciliationRuns.businessDay,
      source: reconciliationRuns.source,
      files: reconciliationRuns.files,
    })
    .from(reconciliationRuns)
    .where(
      and(
        isNull(reconciliationRuns.replacedByRunId),
        eq(reconciliationRuns.status, 'matched'),
        gt(sql`(${reconciliationRuns.counts}->>'held')::int`, 0),
        lte(reconciliationRuns.holdingUntil, now),
      ),
    )
    .orderBy(asc(reconciliationRuns.holdingUntil), asc(reconciliationRuns.id));
}

/** Whether an import of the brand day is waiting or running: it decides the day first. */
async function importInFlight(db: Db, brand: PayBrand, day: string) {
  const [row] = await db
    .select({ id: statementImports.id })
    .from(statementImports)
    .where(
      and(
        eq(statementImports.brand, brand),
        eq(statementImports.businessDay, day),
        inArray(statementImports.status, ['queued', 'parsing', 'matching']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the fetched files are the run's (the same contents, whatever their order). */
function sameFiles(fetched: readonly StatementFile[], run: readonly RunFile[]) {
  const hashes = (xs: string[]) => xs.sort().join(',');
  return (
    hashes(fetched.map((f) => contentHash(new Uint8Array(f.bytes)))) === hashes(run.map((f) => f.contentHash))
  );
}

/**
 * The brand's statement of the day asked for again: when it is not the run's (a late statement),
 * queued as a fetched import and run now. False when the brand has nothing newer or cannot be
 * asked (not ready, failing): the run's own files then.
 */
async function refetchNewer(
  opts: HoldingPoolOptions,
  connector: Pick<BrandConnector, 'fetchStatements'>,
  run: Awaited<ReturnType<typeof dueRuns>>[number],
): Promise<boolean> {
  let files: StatementFile[];
  try {
    files = await connector.fetchStatements(run.day, { now: opts.now });
  } catch {
    return false;
  }
  if (files.length === 0 || sameFiles(files, run.files)) return false;
  await opts.db.transaction((tx) => queueSystemFetch(tx, ACTOR, { brand: run.brand, day: run.day, files }));
  await drainImports(opts.db, opts.importLeaseMs, { clock: () => opts.now, onError: opts.onError });
  return true;
}

/** One pass: every brand day whose holding pool has ended at `now`, matched again. */
export async function endHoldingPools(opts: HoldingPoolOptions): Promise<HeldDayDone[]> {
  const { db, now } = opts;
  const done: HeldDayDone[] = [];
  for (const run of await dueRuns(db, now)) {
    try {
      // An import of the day queued or running (an upload, or this job's fetch before its process
      // died) is left to the import worker: the next pass judges the run it leaves.
      if (await importInFlight(db, run.brand, run.day)) continue;
      const connector = run.source === 'fetched' ? opts.connectorOf?.(run.brand) : undefined;
      const refetched = connector ? await refetchNewer(opts, connector, run) : false;
      // After a newer statement's import this finds nothing held past the pool (done); should that
      // import have failed, the run's own files are matched again.
      const again = await rematchHeldDay(db, { brand: run.brand, day: run.day, now, actor: ACTOR });
      if (again) done.push({ brand: run.brand, day: run.day, runId: again.runId, how: 'rematched' });
      else if (refetched) {
        const current = await currentRunOf(db, run.brand, run.day);
        if (current && current.id !== run.id)
          done.push({ brand: run.brand, day: run.day, runId: current.id, how: 'refetched' });
      }
    } catch (err) {
      // One day's failure does not hold the others back; it is due again at the next pass.
      opts.onError?.(err);
    }
  }
  return done;
}

/** The job: at start and every HOLDING_POOL_EVERY_MS. */
export const holdingPoolJobs: ModuleJobs = (deps, log) => [
  {
    name: 'holdingPool',
    everyMs: HOLDING_POOL_EVERY_MS,
    leaseMs: 15 * 60_000,
    atStart: true,
    run: async () => {
      const done = await endHoldingPools({
        db: deps.db,
        now: new Date(),
        // Asking the brands is fetching: not while it is off (KESSAI_STATEMENT_FETCH_DAYS 0).
        connectorOf: deps.config.statementFetchDays === 0 ? undefined : (brand) => deps.connectors.get(brand),
        importLeaseMs: deps.config.importLeaseMs,
        onError: (err) => log.error({ err }, 'holding pool: a day not matched again'),
      });
      if (done.length) log.info({ days: done }, 'holding pool ended: days matched again');
    },
  },
];
