import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import md5 from 'md5';
import { generate } from 'otplib';
import pg from 'pg';
import type { Config } from '../server/config';
import { openDatabase, type Db } from '../server/db/client';
import { operators } from '../server/db/schema';
import { createSecretBox, resolveSecretKey } from '../server/platform/secrets';

/**
 * What the benchmarks share: their options, the database they run on (PostgreSQL at
 * DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kessai_bench; PGlite in
 * KESSAI_DATA_DIR, default /tmp/kessai-bench/pglite), the machine's load and quantiles.
 */
const args = process.argv.slice(2);
export const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};

export const benchKind = () => {
  const kind = opt('db', 'pglite');
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db pglite|postgres');
  return kind;
};

/** The environment of the bench's processes for the database kind. */
export function benchEnv(kind: 'pglite' | 'postgres'): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, KESSAI_CAPTCHA: 'off' };
  if (kind === 'postgres') {
    env.DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kessai_bench';
    delete env.KESSAI_DATA_DIR;
  } else {
    delete env.DATABASE_URL;
    env.KESSAI_DATA_DIR = process.env.KESSAI_DATA_DIR ?? '/tmp/kessai-bench/pglite';
  }
  return env;
}

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The PostgreSQL database of the URL, created when missing. */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const name = target.pathname.slice(1);
  const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await c.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await c.end();
}

/** A reply of the console's API (the envelope's fields the sign-in reads). */
export interface ApiReply<T = unknown> {
  resultType: string;
  resultMessage: string;
  submitToken: string;
  result: T;
}
/** Posts a JSON body to /api<path> (with the session's token when given). */
export type ApiCaller = <T>(path: string, body: object, token?: string) => Promise<ApiReply<T>>;

/** The API of a listening server at `base` (http://host:port). */
export const overHttp =
  (base: string): ApiCaller =>
  async <T>(path: string, body: object, token = '') => {
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-submit-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as ApiReply<T>;
  };

/** The API of an app in this process (Fastify's inject: no socket). */
export const inProcess =
  (app: FastifyInstance): ApiCaller =>
  async <T>(path: string, body: object, token = '') =>
    (
      await app.inject({
        method: 'POST',
        url: `/api${path}`,
        headers: token ? { 'x-submit-token': token } : {},
        payload: body,
      })
    ).json() as ApiReply<T>;

const TOTP_STEP_MS = 30_000;

/**
 * Signs in as a person would, and returns the session's token: the password (MD5 of it, as the
 * login page sends it), then the second factor the account owes — an authenticator enrolled with
 * the secret the server shows (the demo data leaves the platform's accounts to enrol at their
 * first login), or a code of the authenticator the account has, whose secret `knownSecret` gives
 * (the person's app; bench/run.ts reads it from the database it prepared). A code is good once:
 * when this step's was just taken (a bench run a moment before), it waits for the next step.
 */
export async function signIn(
  call: ApiCaller,
  loginId: string,
  password: string,
  knownSecret: () => Promise<string | null> = async () => null,
): Promise<string> {
  const login = await call<{ secondFactor?: 'verify' | 'enrol' | null }>('/login', {
    login_id: loginId,
    password: md5(password).toUpperCase(),
  });
  if (login.resultType !== 'SUCCESS') throw new Error(`login ${loginId}: ${login.resultMessage}`);
  const token = login.submitToken;
  const owed = login.result?.secondFactor;
  if (owed === 'enrol') {
    const start = await call<{ secret: string }>('/auth/mfa/enrol/start', {}, token);
    if (start.resultType !== 'SUCCESS') throw new Error(`enrol ${loginId}: ${start.resultMessage}`);
    const done = await call(
      '/auth/mfa/enrol/confirm',
      { otp: await generate({ secret: start.result.secret }) },
      token,
    );
    if (done.resultType !== 'SUCCESS') throw new Error(`enrol ${loginId}: ${done.resultMessage}`);
  } else if (owed === 'verify') {
    const secret = await knownSecret();
    if (!secret) throw new Error(`${loginId} has an authenticator whose secret this bench does not know`);
    for (let attempt = 0; ; attempt++) {
      const done = await call('/auth/mfa/verify', { otp: await generate({ secret }) }, token);
      if (done.resultType === 'SUCCESS') break;
      if (attempt > 0) throw new Error(`second factor of ${loginId}: ${done.resultMessage}`);
      await new Promise((r) => setTimeout(r, TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 500));
    }
  }
  return token;
}

/**
 * The secret of the authenticator an account enrolled (what its person's app holds), read from
 * the database with the server's key; null when it has none.
 */
export async function enrolledSecret(db: Db, config: Config, loginId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: operators.mfaSecret })
    .from(operators)
    .where(eq(operators.loginId, loginId));
  if (!row?.secret) return null;
  return createSecretBox(resolveSecretKey(config.secretKey, config.dataDir)).decrypt(row.secret);
}

/** A function that runs its work the first time it is called and answers later calls with that. */
const once = <T>(work: () => Promise<T>) => {
  let done: Promise<T> | null = null;
  return () => (done ??= work());
};

/**
 * An empty database of a benchmark's own, dropped (PostgreSQL: DATABASE_URL's server, database
 * kessai_bench_<name>) or emptied (PGlite: a folder <name> under KESSAI_DATA_DIR) first, then
 * migrated; `env` points a config at it, `drop` removes it afterwards.
 */
export async function scratchDatabase(kind: 'pglite' | 'postgres', name: string) {
  if (kind === 'postgres') {
    const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kessai_bench';
    const url = new URL(base);
    url.pathname = `/kessai_bench_${name}`;
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const adminQuery = async (text: string) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await adminQuery(`DROP DATABASE IF EXISTS kessai_bench_${name} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE kessai_bench_${name}`);
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    const close = once(() => database.close());
    return {
      database,
      env: { DATABASE_URL: url.toString(), KESSAI_DATA_DIR: undefined },
      /** Lets go of the database (another process may open it); drop does too. */
      close,
      async drop() {
        await close();
        await adminQuery(`DROP DATABASE IF EXISTS kessai_bench_${name} WITH (FORCE)`);
      },
    };
  }
  const dir = path.join(process.env.KESSAI_DATA_DIR ?? '/tmp/kessai-bench', name);
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  const close = once(() => database.close());
  return {
    database,
    env: { DATABASE_URL: undefined, KESSAI_DATA_DIR: dir },
    close,
    async drop() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The tables whose only user triggers are the order summaries' (migration 0025). */
const SUMMARY_TRIGGER_TABLES = [
  'orders',
  'refunds',
  'order_audits',
  'settlement_orders',
  'settlement_refunds',
  'settlements',
];

/** Turns the summaries' triggers on or off (bench/summaries.ts, bench/summaryRequests.ts). */
export async function summaryTriggers(db: Db, on: boolean) {
  for (const t of SUMMARY_TRIGGER_TABLES)
    await db.execute(sql.raw(`alter table ${t} ${on ? 'enable' : 'disable'} trigger user`));
}
