/**
 * Prepared databases made once per vitest run and copied (issue #30): migrating and seeding the
 * demo data took most of a server suite's start, and every suite did it again. The first suite
 * that asks for a database of a kind (the migrations, the code that seeds and the settings it
 * reads: `templateKey`) prepares it and keeps it as a template; every later one, in any worker,
 * gets a copy:
 * - PostgreSQL: the database kessai_template_<key>_<run>, built under an advisory lock (workers
 *   ask at once) and renamed into place when whole; a suite's database is
 *   `CREATE DATABASE … TEMPLATE` it.
 * - PGlite: the prepared in-memory database's files as a tar (dumpDataDir) in the run's folder,
 *   written by whoever takes the lock file first; a suite's database opens a copy (loadDataDir).
 * The run's folder and id come from tests/setup/templates.ts (vitest's globalSetup), which
 * removes this run's templates at its end. A template lives for one run: the demo data is dated
 * from the day it is made, and the code it was made by may change between runs.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { prepareDatabase } from '../../server/demo/prepare';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id (tests/setup/templates.ts): part of every template's name. */
    kessaiTemplateRun: string;
    /** This run's folder of PGlite templates. */
    kessaiTemplateDir: string;
    /** This run's build of the server (main.mjs, settle.mjs) for suites that start processes. */
    kessaiServerBundle: string;
  }
}

/** The files whose contents a prepared database depends on: the migrations and the code that seeds. */
const SOURCES = ['server', 'src/contract'];

let sourceHash: string | undefined;
/** A hash of every file under SOURCES (the server's code, its migrations and the contract). */
function sourcesHash(): string {
  if (sourceHash) return sourceHash;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(file).update(readFileSync(file));
    }
  };
  for (const dir of SOURCES) walk(dir);
  return (sourceHash = hash.digest('hex'));
}

/** What a prepared database is made of: the code, and the settings prepareDatabase reads. */
export function templateKey(config: Config): string {
  const settings = {
    demoOrders: config.demoOrders,
    demoStatements: config.demoStatements,
    demoPassword: config.demoPassword,
    timeZone: config.timeZone,
    argon2: config.argon2,
    secretKey: config.secretKey,
  };
  return createHash('sha256')
    .update(sourcesHash())
    .update(JSON.stringify(settings))
    .digest('hex')
    .slice(0, 16);
}

/** This run's id and folder, when vitest's globalSetup made them (else no templates). */
function run(): { id: string; dir: string } | null {
  try {
    const id = inject('kessaiTemplateRun');
    const dir = inject('kessaiTemplateDir');
    return id && dir ? { id, dir } : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A migrated, prepared in-memory PGlite: a copy of this run's template of `config`. */
export async function preparedPglite(config: Config): Promise<DatabaseHandle> {
  const r = run();
  if (!r || config.secretKey === null) {
    const database = await openDatabase({ memory: true });
    await prepareDatabase(database, config);
    return database;
  }
  const file = path.join(r.dir, `${templateKey(config)}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) break;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker builds it: wait for the file (its build takes well under the hook timeout).
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(file)) {
        // The builder keeps the database it prepared (the first suite of a kind pays no copy).
        const database = await openDatabase({ memory: true });
        await prepareDatabase(database, config);
        const tar = Buffer.from(await (await database.dump!()).arrayBuffer());
        writeFileSync(`${file}.part`, tar);
        renameSync(`${file}.part`, file);
        return database;
      }
    } finally {
      rmdirSync(lock);
    }
  }
  return openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(file)]) });
}

/** Quotes nothing: the names are made here of [a-z0-9_]. */
const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Waits until no connection is left on the database (a closed pool's end asynchronously). */
async function idle(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) return;
    await sleep(100);
  }
}

/**
 * The name of this run's PostgreSQL template of `config` on the server of `adminUrl`, built
 * first when missing; null without a run (the caller then prepares its database itself).
 */
export async function postgresTemplate(adminUrl: string, config: Config): Promise<string | null> {
  const r = run();
  if (!r || config.secretKey === null) return null;
  const name = `kessai_template_${templateKey(config)}_${r.id}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One builder per template: the others wait here, then find it made.
    await admin.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_b`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const database = await openDatabase({ url: databaseUrl(adminUrl, building) });
        try {
          await prepareDatabase(database, config);
        } finally {
          await database.close();
        }
        await idle(admin, building);
        // Renamed when whole: a half-built template (a killed run) is never copied.
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/** Drops this run's PostgreSQL templates, and any left over by a run that ended hours ago. */
export async function dropTemplates(adminUrl: string, runId: string, olderThanMs = 3 * 3600_000) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'kessai\\_template\\_%'",
    );
    for (const { datname } of rows) {
      const id = datname.replace(/_b$/, '').split('_').pop() ?? '';
      const stale = Date.now() - parseInt(id, 36) > olderThanMs;
      if (id === runId || stale) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
