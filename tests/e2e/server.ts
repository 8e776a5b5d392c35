/**
 * The browser tests' server (playwright.config.ts `webServer`): a fresh database every run
 * (in <tmp>/kessai-e2e-<PORT>, emptied at start; or, when TEST_DATABASE_URL names a PostgreSQL
 * server as in CI, its database kessai_e2e_<PORT>, dropped and created again), the demo data,
 * the fixture accounts of ./fixtures, the built console (./dist) on PORT — and the same app with the captcha on (fixed answer)
 * on PORT+1, for the session paths that need an image to click.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import pg from 'pg';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { MFA_REQUIRED_ROLES } from '../../src/contract/roles';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/demo/prepare';
import { operators, passwordHistory } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { createSecretBox, resolveSecretKey } from '../../server/platform/secrets';
import {
  ALL_FIXTURES,
  CAPTCHA_ANSWER,
  captchaPort,
  E2E_MFA_SECRET,
  NOT_ENROLLED,
  mfaHelperPort,
} from './fixtures';
import { seedReconciliation } from './support/reconciliationSeed';

async function insertFixtures(db: Db) {
  const likes = [...new Set(ALL_FIXTURES.map((f) => f.like))];
  const demo = await db.select().from(operators).where(inArray(operators.loginId, likes));
  const byLogin = new Map(demo.map((o) => [o.loginId, o]));
  await db.transaction(async (tx) => {
    for (const f of ALL_FIXTURES) {
      const d = byLogin.get(f.like);
      if (!d) throw new Error(`demo account ${f.like} missing`);
      const [op] = await tx
        .insert(operators)
        .values({
          loginId: f.loginId,
          userName: f.userName,
          email: `${f.loginId}@e2e.example`,
          mobile: d.mobile,
          title: d.title,
          operatorType: d.operatorType,
          workingLanguage: f.workingLanguage ?? 'jp',
          serviceProviderId: d.serviceProviderId,
          agentId: d.agentId,
          companyId: d.companyId,
          branchUnitId: d.branchUnitId,
          passwordHash: d.passwordHash,
          refundPasswordHash: d.refundPasswordHash,
        })
        .returning({ id: operators.id });
      await tx
        .insert(passwordHistory)
        .values([
          { operatorId: op.id, kind: 'login', hash: d.passwordHash },
          ...(d.refundPasswordHash
            ? [{ operatorId: op.id, kind: 'refund', hash: d.refundPasswordHash }]
            : []),
        ]);
    }
  });
}

/**
 * Every account of an MFA-required role starts enrolled with E2E_MFA_SECRET (the login
 * helpers compute its codes), but the accounts whose enrolment a test walks.
 */
async function enrolFixtures(db: Db, secretBox: ReturnType<typeof createSecretBox>) {
  await db
    .update(operators)
    .set({ mfaSecret: secretBox.encrypt(E2E_MFA_SECRET), mfaEnrolledAt: new Date() })
    .where(
      and(
        inArray(operators.operatorType, [...MFA_REQUIRED_ROLES]),
        notInArray(
          operators.loginId,
          NOT_ENROLLED.map((f) => f.loginId),
        ),
      ),
    );
}

/**
 * The test-only helper of mfaHelperPort: POST /forget-step?loginId=…, and POST
 * /seed-reconciliation (a reconciled day with exceptions, ./support/reconciliationSeed).
 */
function startMfaHelper(db: Db, port: number, host: string) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (req.method === 'POST' && url.pathname === '/seed-reconciliation') {
      seedReconciliation(db).then(
        (seeded) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seeded)),
        (e: unknown) => res.writeHead(500).end(String(e)),
      );
      return;
    }
    const loginId = url.searchParams.get('loginId') ?? '';
    if (req.method !== 'POST' || url.pathname !== '/forget-step' || !loginId) {
      res.writeHead(404).end();
      return;
    }
    db.update(operators)
      .set({ mfaLastStep: null })
      .where(eq(operators.loginId, loginId))
      .then(
        () => res.writeHead(204).end(),
        () => res.writeHead(500).end(),
      );
  });
  server.listen(port, host);
  return server;
}

const captchaImage = () => ({
  text: CAPTCHA_ANSWER,
  data: `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="12" y="28" font-size="22">${CAPTCHA_ANSWER}</text></svg>`,
});

/**
 * The database kessai_e2e_<port> on the server of `adminUrl`, created empty (the previous run's,
 * left behind because Playwright ends this server without a signal it acts on, dropped first).
 */
async function freshPostgres(adminUrl: string, port: string) {
  const name = `kessai_e2e_${port.replace(/\D/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  // One folder per port, emptied first: Playwright ends this server without a signal it can
  // act on (npx does not pass SIGTERM on), so the previous run's database (44 MB) is removed
  // here rather than left behind in every run.
  const dataDir = path.join(tmpdir(), `kessai-e2e-${process.env.PORT ?? '8181'}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig(process.env, {
    dataDir,
    databaseUrl: null,
    staticDir: path.resolve(process.env.KESSAI_STATIC_DIR ?? './dist'),
    host: '127.0.0.1',
    // Every browser test logs in from 127.0.0.1, many times a minute: the per-address limits
    // stay out of the way unless the environment sets them.
    ...(process.env.KESSAI_LOGIN_RATE_LIMIT ? {} : { loginRateLimit: 100_000 }),
    ...(process.env.KESSAI_CAPTCHA_RATE_LIMIT ? {} : { captchaRateLimit: 100_000 }),
  });
  // On PostgreSQL (TEST_DATABASE_URL, as in CI) the database runs in processes of its own beside
  // this server and the browser instead of inside this one (PGlite), and the console is tried in
  // a browser on the database a production install uses; without it, on the embedded database.
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  const database = adminUrl
    ? await openDatabase({ url: await freshPostgres(adminUrl, String(config.port)) })
    : await openDatabase({ dataDir: config.dataDir });
  await prepareDatabase(database, config);
  await insertFixtures(database.db);
  await enrolFixtures(database.db, createSecretBox(resolveSecretKey(config.secretKey, config.dataDir)));

  const app = await buildApp({ db: database.db, config });
  const captchaApp = await buildApp({
    db: database.db,
    config: { ...config, captcha: true },
    captchaGenerator: captchaImage,
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    mfaHelper.close();
    await Promise.allSettled([app.close(), captchaApp.close()]);
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const mfaHelper = startMfaHelper(database.db, mfaHelperPort(config.port), config.host);
  await captchaApp.listen({ port: captchaPort(config.port), host: config.host });
  await app.listen({ port: config.port, host: config.host });
  await app.deps().jobs.start();
  process.stdout.write(
    `e2e server on ${config.host}:${config.port} (captcha ${config.captcha ? 'on' : 'off'}), captcha on at :${captchaPort(config.port)}, database ${database.location}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `e2e server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
