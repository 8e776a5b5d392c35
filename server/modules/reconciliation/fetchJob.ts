/**
 * Fetching the brands' daily statements (docs/reconciliation.md, "Import"): a statement_fetches
 * row per brand and business day from the horizon (config.statementFetchDays days up to
 * yesterday in the brand's day), tried when due. Not ready yet: tried again at the brand's ready
 * time. Another failure: again after FETCH_BACKOFF (5 min doubling, at most 6 h), given up after
 * FETCH_MAX_ATTEMPTS. The day's files (one, or one per currency): queued as one fetched import,
 * which the import worker runs as one run.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isPayBrand, PAY_BRANDS, type PayBrand } from '../../../src/contract/brands';
import { ResultType } from '../../../src/contract/envelope';
import { brandsOfGroup, type StatementImportStarted } from '../../../src/contract/statementImports';
import type { ReconGroup } from '../../../src/contract/reconciliation';
import { StatementNotReady, type BrandConnector, type StatementFile } from '../../connectors';
import type { Db, Tx } from '../../db/client';
import { reconciliationRuns, statementFetches } from '../../db/schema';
import { recordAudit, systemActor, type AuditActor } from '../../platform/audit';
import { write, type Caller } from '../../platform/caller';
import { ApiError } from '../../platform/envelope';
import type { ModuleJobs } from '../../platform/jobs';
import { fieldError } from '../../platform/lists';
import { businessDay } from '../../formats';
import { brandName, kickImports, queueFetched } from './imports';
import { BRAND_DAY_OFFSET_MINUTES, joinedFileNames } from './match';
import { can } from '../../../src/contract/capabilities';

export const FETCH_BACKOFF = { firstMs: 5 * 60_000, capMs: 6 * 3_600_000 };
export const FETCH_MAX_ATTEMPTS = 10;
/** A fetch in progress holds its row this long (a process that dies mid-fetch: tried again after it). */
export const FETCH_LEASE_MS = 10 * 60_000;
/** How often the fetching job looks for due fetches. */
export const FETCH_EVERY_MS = 60_000;

const DAY_MS = 86_400_000;

/** The wait after the n-th failed attempt (n ≥ 1). */
export const backoffMs = (attempts: number) =>
  Math.min(FETCH_BACKOFF.capMs, FETCH_BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));

/** The business days to fetch for a brand at `now`: `days` of them, up to yesterday in the brand's day. */
export function fetchDays(brand: PayBrand, now: Date, days: number): string[] {
  const today = businessDay(`${now.toISOString().slice(0, 19)}+00:00`, BRAND_DAY_OFFSET_MINUTES[brand]);
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(base - (i + 1) * DAY_MS).toISOString().slice(0, 10));
}

/** A row for every brand and day of the horizon that has none (due now). */
export async function scheduleFetches(db: Db, now: Date, days: number) {
  const values = PAY_BRANDS.flatMap((brand) =>
    fetchDays(brand, now, days).map((businessDay) => ({
      brand,
      businessDay,
      state: 'waiting',
      nextAttemptAt: now,
    })),
  );
  if (values.length) await db.insert(statementFetches).values(values).onConflictDoNothing();
}

type FetchRow = typeof statementFetches.$inferSelect;

/** Takes one due fetch: its next attempt moved past the lease, so no other process takes it meanwhile. */
async function claimFetch(db: Db, now: Date): Promise<FetchRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(statementFetches)
      .where(and(eq(statementFetches.state, 'waiting'), lte(statementFetches.nextAttemptAt, now)))
      .orderBy(asc(statementFetches.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    await tx
      .update(statementFetches)
      .set({ nextAttemptAt: new Date(now.getTime() + FETCH_LEASE_MS), updatedAt: now })
      .where(and(eq(statementFetches.brand, row.brand), eq(statementFetches.businessDay, row.businessDay)));
    return row;
  });
}

/** A statement the system fetched (the schedule, the holding pool's end), queued as an import and audited as `actor`. */
export async function queueSystemFetch(
  tx: Tx,
  actor: AuditActor,
  v: { brand: PayBrand; day: string; files: readonly StatementFile[] },
): Promise<number> {
  const importId = await queueFetched(tx, { ...v, createdBy: null });
  await recordAudit(tx, actor, {
    objectType: 'statementImport',
    objectId: importId,
    action: 'create',
    after: { source: 'fetched', brand: v.brand, businessDay: v.day, fileName: joinedFileNames(v.files) },
  });
  return importId;
}

export interface FetchRunOptions {
  db: Db;
  connectorOf: (brand: PayBrand) => Pick<BrandConnector, 'fetchStatements'>;
  now: Date;
  days: number;
}

/** One pass: schedules the horizon, then tries every due fetch once. Returns the imports queued. */
export async function runFetches(opts: FetchRunOptions): Promise<number[]> {
  const { db, now } = opts;
  await scheduleFetches(db, now, opts.days);
  const queued: number[] = [];
  for (;;) {
    const row = await claimFetch(db, now);
    if (!row) return queued;
    const key = and(eq(statementFetches.brand, row.brand), eq(statementFetches.businessDay, row.businessDay));
    // A day matched already (uploaded, or the demo's statements of several files) is not
    // fetched again: the schedule fetches what is missing; a refetch replaces on purpose.
    const [current] = await db
      .select({ id: reconciliationRuns.id })
      .from(reconciliationRuns)
      .where(
        and(
          eq(reconciliationRuns.brand, row.brand),
          eq(reconciliationRuns.businessDay, row.businessDay),
          isNull(reconciliationRuns.replacedByRunId),
        ),
      );
    if (current) {
      await db.update(statementFetches).set({ state: 'done', lastError: null, updatedAt: now }).where(key);
      continue;
    }
    try {
      const files = await opts.connectorOf(row.brand).fetchStatements(row.businessDay, { now });
      const id = await db.transaction(async (tx) => {
        const importId = await queueSystemFetch(tx, systemActor('statementFetch'), {
          brand: row.brand,
          day: row.businessDay,
          files,
        });
        await tx
          .update(statementFetches)
          .set({ state: 'done', attempts: row.attempts + 1, importId, lastError: null, updatedAt: now })
          .where(key);
        return importId;
      });
      queued.push(id);
    } catch (err) {
      const message = String((err as Error)?.message ?? err).slice(0, 255);
      if (err instanceof StatementNotReady) {
        const at =
          err.readyAt.getTime() > now.getTime()
            ? err.readyAt
            : new Date(now.getTime() + FETCH_BACKOFF.firstMs);
        await db
          .update(statementFetches)
          .set({ nextAttemptAt: at, lastError: message, updatedAt: now })
          .where(key);
      } else {
        const attempts = row.attempts + 1;
        const gaveUp = attempts >= FETCH_MAX_ATTEMPTS;
        await db
          .update(statementFetches)
          .set({
            state: gaveUp ? 'gaveUp' : 'waiting',
            attempts,
            nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
            lastError: message,
            updatedAt: now,
          })
          .where(key);
      }
    }
  }
}

/** The time a statement is ready, as the caller reads it (the business time zone). */
const readyText = (at: Date, zone: string) =>
  DateTime.fromJSDate(at).setZone(zone).toFormat('yyyy-MM-dd HH:mm');

/** An operator's fetch of a brand's day now: queued as a fetched import, audited. */
export async function refetch(
  c: Caller,
  group: ReconGroup,
  input: { brand: string; businessDay: string },
): Promise<StatementImportStarted> {
  if (!can(c.principal, 'reconcile')) throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
  const brand = input.brand;
  if (!isPayBrand(brand) || !brandsOfGroup(group).includes(brand))
    throw fieldError(c.t, 'brand', 'validation.oneOf');
  const day = input.businessDay;
  let files;
  try {
    files = await c.deps.connectors.get(brand).fetchStatements(day);
  } catch (err) {
    if (err instanceof StatementNotReady)
      throw new ApiError(ResultType.FAIL, 'server.statementImports.notReady', {
        brand: brandName(c.t, brand),
        day,
        readyAt: readyText(err.readyAt, c.deps.config.timeZone),
      });
    throw new ApiError(ResultType.FAIL, 'server.statementImports.fetchFailed', {
      brand: brandName(c.t, brand),
      error: String((err as Error)?.message ?? err).slice(0, 200),
    });
  }
  const id = await write(
    c,
    'statementImport',
    undefined,
    async (tx, audit) => {
      const importId = await queueFetched(tx, { brand, day, files, createdBy: c.principal.operatorId });
      await audit({
        objectType: 'statementImport',
        objectId: importId,
        action: 'create',
        after: { source: 'fetched', brand, businessDay: day, fileName: joinedFileNames(files) },
      });
      return importId;
    },
    { anyRole: true },
  );
  kickImports(c.deps.db, c.deps.config.importLeaseMs);
  return { id };
}

/** The fetching and the import worker as the server's periodic jobs (both also once at start). */
export const statementImportJobs: ModuleJobs = (deps, log) => {
  const onError = (err: unknown) => log.error({ err }, 'statement import failed');
  return [
    {
      name: 'statementImports',
      everyMs: 10_000,
      leaseMs: deps.config.importLeaseMs,
      atStart: true,
      run: () => kickImports(deps.db, deps.config.importLeaseMs, onError),
    },
    {
      name: 'statementFetch',
      everyMs: FETCH_EVERY_MS,
      leaseMs: 15 * 60_000,
      atStart: true,
      run: async () => {
        if (deps.config.statementFetchDays === 0) return;
        const queued = await runFetches({
          db: deps.db,
          connectorOf: (brand) => deps.connectors.get(brand),
          now: new Date(),
          days: deps.config.statementFetchDays,
        });
        if (queued.length) {
          log.info({ imports: queued }, 'statements fetched');
          await kickImports(deps.db, deps.config.importLeaseMs, onError);
        }
      },
    },
  ];
};
