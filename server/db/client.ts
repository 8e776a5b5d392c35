import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** Both drivers behind one type: the app code never knows which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runs on the database or inside a transaction. */
export type Executor = Db | Tx;

/** A raw query's rows (`db.execute`) on either driver: node-postgres' result object, PGlite's array. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human-readable location for the start-up banner (never the password). */
  location: string;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other server process on the same database runs one (PostgreSQL: a
   * session advisory lock; the embedded database has one process). Start-up's migrations
   * and demo data go through it, so processes started together do not race.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The embedded database's files as one tar (PGlite's dumpDataDir): what `loadDataDir` opens a
   * copy from. The test harness prepares a database once and copies it (tests/server/templates.ts).
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up (any fixed 64-bit number; "kessai" in ASCII). */
const PREPARE_LOCK = 0x6b6573736169;

export interface OpenOptions {
  url?: string | null;
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** In-memory PGlite starting as a copy of this dump (`DatabaseHandle.dump`). */
  loadDataDir?: Blob;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const redactUrl = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * Settings of each connection, unless DATABASE_URL's own `options` parameter sets them.
 * parallel_setup_cost 10000 (PostgreSQL's default is 1000): the console's lists count tens or
 * hundreds of thousands of index entries, where starting parallel workers cost more than they
 * saved (a 31-day count of 350,000 orders: 36 ms alone, 70–130 ms with two workers on the
 * benchmark machine, bench/RESULTS.md); scans big enough to pay for them, such as an export's
 * sort, still get them. Re-measured at 10,000,000 orders: the summary reads (report list, the
 * dashboard's 30 days) were 25–30 % slower at 1000, the rest the same.
 *
 * jit off: a statement whose estimate passes jit_above_cost (100,000) was compiled before it
 * ran, whatever it then read. The transaction history filtered by proof state (its correlated
 * look-ups make the estimate large; the plan reads 20-odd rows) spent ~250–600 ms compiling and
 * ~9 ms executing at 10M orders; with JIT off nothing else measured got slower
 * (bench/RESULTS.md, "Dashboard and reports at 10,000,000 orders").
 */
export const SESSION_OPTIONS = '-c parallel_setup_cost=10000 -c jit=off';

/**
 * The embedded database lives in the server's process, so its buffer cache is the process's
 * memory: 32 MB of shared_buffers instead of PGlite's 128 MB. With a million orders that took
 * the idle process from ~350 to ~255 MiB and a 31-day export's peak from 524 to 432 MiB at
 * the same speed (bench/RESULTS.md); the demo's tables fit many times over.
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] };

/**
 * The embedded database lives in the server's process, so the process is run for memory
 * rather than speed once it opens one (bench/RESULTS.md, a million orders, 31-day exports):
 * - `--liftoff-only`: V8 compiles PGlite's WebAssembly (PostgreSQL itself) quickly (Liftoff)
 *   as each function first runs, and by default again, optimised (TurboFan, in background
 *   threads), once it is hot. That second compilation put ~100 MiB on the process at its
 *   first heavy query and kept it there, for queries ~15 % faster (a month's page 46 → 53 ms).
 * - `--optimize-for-size`: V8 lets the JavaScript heap grow less before it collects. An XLSX
 *   export's cell objects had taken the heap from ~60 to ~110 MiB; with it the export peaks
 *   ~215 MiB instead of ~330-370, ~35 % slower (the CSV ~13 %; pages unchanged).
 * Set before PGlite compiles its module, so they hold from the first query; nothing else in
 * the server runs WebAssembly. PostgreSQL through DATABASE_URL never gets here, nor an
 * in-memory database: that is a test's, in a test process that is not a server and runs
 * thousands of tests besides (there the flags cost ~20 % of the CPU, measured on ten server
 * suites: 98-110 user-s with them, 79-82 without) — the server processes the tests start
 * open their database from a folder and run for memory as in production.
 */
const EMBEDDED_V8_FLAGS = ['--liftoff-only', '--optimize-for-size'];
let embeddedFlagsSet = false;
function runForMemory() {
  if (embeddedFlagsSet) return;
  for (const flag of EMBEDDED_V8_FLAGS) setFlagsFromString(flag);
  embeddedFlagsSet = true;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: SESSION_OPTIONS });
    // An idle connection the server ends (restart, failover, a dropped test database) must
    // not crash the process: the pool replaces it on the next query.
    pool.on('error', (err) => process.stderr.write(`database connection lost: ${err.message}\n`));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      location: redactUrl(opts.url),
      migrate: () => migratePg(db, { migrationsFolder }),
      async exclusive(fn) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
          try {
            return await fn();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let location: string;
  if (opts.memory || !opts.dataDir) {
    client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: opts.loadDataDir });
    location = 'in-memory';
  } else {
    runForMemory();
    mkdirSync(opts.dataDir, { recursive: true });
    location = `${opts.dataDir}/pglite`;
    client = new PGlite(location, PGLITE_OPTIONS);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    location,
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (fn) => fn(),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
