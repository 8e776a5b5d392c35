import { DateTime } from 'luxon';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import type { MfaEnrolled, MfaEnrolment, UserInfo } from '../../src/contract/auth';
import { isOperatorType, MFA_REQUIRED_ROLES, mfaRequiredFor } from '../../src/contract/roles';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Envelope } from '../../src/contract/envelope';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/client';
import { prepareDatabase } from '../../server/demo/prepare';
import { operators, passwordHistory } from '../../server/db/schema';
import { createHasher, md5Upper } from '../../server/platform/passwords';
import { createSecretBox, parseSecretKey } from '../../server/platform/secrets';
import { postgresTemplate, preparedPglite } from './templates';

export const DEMO_PASSWORD = 'kessai-demo-2026';

/**
 * Today in the business time zone (the harness's config: KESSAI_TIME_ZONE's default,
 * Asia/Tokyo). Day ranges are cut there, so from 15:00 UTC on, today's rows belong to the next
 * UTC date's business day.
 */
export const businessToday = () => DateTime.now().setZone('Asia/Tokyo').toISODate()!;
/** A fixed key, so no test writes a key file into ./data. */
export const TEST_SECRET_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
/** A fixed sandbox notification key, so no test writes a key file into ./data. */
export const TEST_SANDBOX_KEY = 'test-sandbox-key-0123456789abcdef0123456789abcdef';
/**
 * The TOTP secret every account of an MFA-required role starts with in the server tests
 * (demo accounts and `createOperator`): the login helpers complete the second factor with it.
 */
export const TEST_MFA_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/** The current TOTP code of a secret (what the user's authenticator app shows). */
export const totpNow = (secret = TEST_MFA_SECRET) => generate({ secret });

/** The fixed answer of every captcha in tests. */
export const CAPTCHA_TEXT = 'Ab3d';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database. */
  open(): Promise<DatabaseHandle>;
  /** A fresh database, migrated and prepared for `config`: a copy of this run's template (./templates). */
  openPrepared(config: Config): Promise<DatabaseHandle>;
}

const pglite: Backend = {
  name: 'pglite',
  open: () => openDatabase({ memory: true }),
  openPrepared: preparedPglite,
};

/**
 * A fresh database on the server of `adminUrl` (empty, or a copy of the database `template`):
 * its URL, and how to drop it.
 */
export async function freshPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kessai_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The pools' connections close asynchronously: wait for them rather than killing
      // them (FORCE would hit a closing connection with a FATAL it no longer listens for).
      for (let i = 0; ; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (rows[0].n === 0 || i >= 50) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh database per suite on the server of TEST_DATABASE_URL, dropped on close. */
function postgres(adminUrl: string): Backend {
  const open = async (template?: string) => {
    const fresh = await freshPostgresDatabase(adminUrl, template);
    const handle = await openDatabase({ url: fresh.url });
    return {
      ...handle,
      async close() {
        await handle.close();
        await fresh.drop();
      },
    };
  };
  return {
    name: 'postgres',
    open: () => open(),
    async openPrepared(config) {
      const template = await postgresTemplate(adminUrl, config);
      const database = await open(template ?? undefined);
      if (!template) await prepareDatabase(database, config);
      return database;
    },
  };
}

export const backends: Backend[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];

/**
 * One backend, for a suite whose rules do not depend on the database engine (who may call what,
 * on which objects: the same SQL on the same PostgreSQL planner, PGlite being PostgreSQL built
 * to WebAssembly): the PostgreSQL server when TEST_DATABASE_URL names one (as in CI, where it
 * runs the authorisation matrix in half PGlite's time), else PGlite. The engines' differences
 * (locks, concurrency, transactions, migrations, the embedded database's reopening) stay proved
 * on both by the suites that run on `backends`.
 */
export const oneBackend: Backend[] = [backends[backends.length - 1]];

export interface Reply<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  /** Send the token as the submitToken query parameter instead of the header. */
  tokenInQuery?: boolean;
  lang?: string;
  /** Form-encoded body (a ready string or an object of strings/lists). */
  form?: boolean;
}

export interface Harness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: DatabaseHandle['kind'];
  /** Every log line written so far. */
  logs: string[];
  call<T = unknown>(path: string, body?: unknown, opts?: CallOptions): Promise<Reply<T>>;
  /**
   * Logs in, completing a second factor the session owes as the user would (so the reply is
   * that of a fully signed-in session): a code of the account's known secret, or an
   * enrolment whose secret is then remembered. Before the code, the test forgets the last
   * time step taken (a direct database write of the test, not of the server), so an account
   * can log in several times within one 30 s step; tests/server/mfa.test.ts proves that the
   * server refuses such a reuse.
   */
  login(loginId: string, password?: string): Promise<Reply<unknown>>;
  /** Only the password step of a login (the session may still owe its second factor). */
  loginPassword(loginId: string, password?: string): Promise<Reply<unknown>>;
  /** The TOTP secret the harness knows for an account (enrolled by it or by `login`). */
  mfaSecretOf(loginId: string): string;
  /** Logs in and returns the token (fails the test when it cannot). */
  token(loginId: string, password?: string): Promise<string>;
  createOperator(
    values: Partial<typeof operators.$inferInsert> & { loginId: string; operatorType: number },
  ): Promise<number>;
  close(): Promise<void>;
}

function encodeForm(body: unknown): string {
  if (typeof body === 'string') return body;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(v)) v.forEach((item) => params.append(`${k}[]`, String(item)));
    else params.append(k, String(v));
  }
  return params.toString();
}

/**
 * An app over a fresh, migrated and seeded database (a copy of this run's template of its
 * settings, ./templates); cheap Argon2 so the suite stays fast.
 */
export interface HarnessOptions {
  /** 'demo': the MFA-required demo accounts stay un-enrolled, as the demo data leaves them. */
  mfa?: 'enrolled' | 'demo';
}

export async function startHarness(
  backend: Backend,
  overrides: Partial<Config> = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const config = loadConfig(
    {},
    {
      staticDir: '/nonexistent-kessai-static',
      logLevel: 'info',
      argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
      secretKey: TEST_SECRET_KEY,
      sandboxKey: TEST_SANDBOX_KEY,
      // The suites log in many times a minute from one address (inject's 127.0.0.1); the
      // rate-limit tests set their own limits.
      loginRateLimit: 100_000,
      captchaRateLimit: 100_000,
      // The demo's 90 days of statements take most of a demo database's preparation: only the
      // tests of the demo data ask for them.
      demoStatements: false,
      ...overrides,
    },
  );
  const database = await backend.openPrepared(config);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db: database.db,
    config,
    logStream,
    captchaGenerator: () => ({ text: CAPTCHA_TEXT, data: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  });
  const hasher = createHasher(config.argon2);
  const box = createSecretBox(parseSecretKey(TEST_SECRET_KEY));
  // The demo accounts of MFA-required roles start enrolled with the known secret (the demo
  // data itself leaves them to enrol at their first login); `mfa: 'demo'` keeps that.
  if (options.mfa !== 'demo') {
    await database.db
      .update(operators)
      .set({ mfaSecret: box.encrypt(TEST_MFA_SECRET), mfaEnrolledAt: new Date() })
      .where(inArray(operators.operatorType, [...MFA_REQUIRED_ROLES]));
  }
  const mfaSecrets = new Map<string, string>();

  const h: Harness = {
    app,
    db: database.db,
    config,
    kind: database.kind,
    logs,
    async call<T>(path: string, body?: unknown, opts: CallOptions = {}) {
      const headers: Record<string, string> = {};
      if (opts.token && !opts.tokenInQuery) headers['x-submit-token'] = opts.token;
      if (opts.lang) headers['accept-language'] = opts.lang;
      const query = opts.token && opts.tokenInQuery ? `?submitToken=${encodeURIComponent(opts.token)}` : '';
      let payload: string | undefined;
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = encodeForm(body);
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const res = await app.inject({ method: 'POST', url: `/api${path}${query}`, headers, payload });
      return { status: res.statusCode, body: res.json() as Envelope<T>, headers: res.headers };
    },
    async loginPassword(loginId, password = DEMO_PASSWORD) {
      let captcha = { captchaId: '', verycode: '' };
      if (config.captcha) {
        const c = await h.call<{ captchaId: string }>('/captcha');
        captcha = { captchaId: c.body.result!.captchaId, verycode: CAPTCHA_TEXT };
      }
      return h.call('/login', { login_id: loginId, password: md5Upper(password), ...captcha });
    },
    async login(loginId, password = DEMO_PASSWORD) {
      const r = await h.loginPassword(loginId, password);
      const user = r.body.result as UserInfo | null;
      if (r.body.resultType !== 'SUCCESS' || !user?.secondFactor) return r;
      const token = r.body.submitToken!;
      let done: Reply<unknown>;
      if (user.secondFactor === 'verify') {
        await database.db.update(operators).set({ mfaLastStep: null }).where(eq(operators.loginId, loginId));
        done = await h.call('/auth/mfa/verify', { otp: await totpNow(h.mfaSecretOf(loginId)) }, { token });
      } else {
        const start = await h.call<MfaEnrolment>('/auth/mfa/enrol/start', {}, { token });
        if (start.body.resultType !== 'SUCCESS') return start;
        mfaSecrets.set(loginId, start.body.result!.secret);
        const confirmed = await h.call<MfaEnrolled>(
          '/auth/mfa/enrol/confirm',
          { otp: await totpNow(start.body.result!.secret) },
          { token },
        );
        done = { ...confirmed, body: { ...confirmed.body, result: confirmed.body.result?.user } };
      }
      if (done.body.resultType !== 'SUCCESS') return done;
      return { ...r, body: { ...r.body, result: done.body.result, menuMapList: done.body.menuMapList } };
    },
    mfaSecretOf(loginId) {
      return mfaSecrets.get(loginId) ?? TEST_MFA_SECRET;
    },
    async token(loginId, password = DEMO_PASSWORD) {
      const r = await h.login(loginId, password);
      if (r.body.resultType !== 'SUCCESS' || !r.body.submitToken) {
        throw new Error(`login ${loginId} failed: ${r.body.resultMessage}`);
      }
      return r.body.submitToken;
    },
    async createOperator(values) {
      const hash = await hasher.hash(md5Upper(DEMO_PASSWORD));
      const enrolled =
        isOperatorType(values.operatorType) && mfaRequiredFor(values.operatorType)
          ? { mfaSecret: box.encrypt(TEST_MFA_SECRET), mfaEnrolledAt: new Date() }
          : {};
      const [row] = await database.db
        .insert(operators)
        .values({
          userName: values.loginId,
          passwordHash: hash,
          refundPasswordHash: hash,
          ...enrolled,
          ...values,
        })
        .returning({ id: operators.id });
      await database.db.insert(passwordHistory).values([
        { operatorId: row.id, kind: 'login', hash },
        { operatorId: row.id, kind: 'refund', hash },
      ]);
      return row.id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return h;
}

export async function operatorByLogin(db: Db, loginId: string) {
  const [row] = await db.select().from(operators).where(eq(operators.loginId, loginId));
  return row;
}

export { md5Upper };
