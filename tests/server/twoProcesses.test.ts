/**
 * Two server processes on one database behave as one (hardening issue #12): captchas, rate
 * limits, login locks and sessions live in the database, so a user's calls may be spread
 * across processes.
 * - Two apps in one test process, each with its own connection pool, on one database (a
 *   faithful model of two processes, and the only place a test may know a captcha's answer:
 *   the generator is the app's): on PGlite and PostgreSQL.
 * - Two real server processes (`server/main.ts`, captcha off) on one fresh PostgreSQL
 *   database, started together: when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/envelope';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { prepareDatabase } from '../../server/demo/prepare';
import { loginHistory, operators } from '../../server/db/schema';
import { createHasher } from '../../server/platform/passwords';
import { serverEntry } from './processes-support';
import {
  backends,
  CAPTCHA_TEXT,
  DEMO_PASSWORD,
  freshPostgresDatabase,
  md5Upper,
  TEST_SECRET_KEY,
} from './harness';

const WRONG = md5Upper('not-the-password-1');
const RIGHT = md5Upper(DEMO_PASSWORD);

/** A day's window: a test never straddles its end unless it starts right before it. */
const WINDOW_SECONDS = 86_400;
async function awayFromWindowEnd() {
  const left = WINDOW_SECONDS * 1000 - (Date.now() % (WINDOW_SECONDS * 1000));
  if (left < 60_000) await new Promise((r) => setTimeout(r, left + 1000));
}

async function injectCall(
  app: FastifyInstance,
  url: string,
  body: unknown,
  token = '',
  address = '127.0.0.1',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-submit-token': token } : {}) },
    payload: JSON.stringify(body ?? {}),
  });
  return res.json() as Envelope;
}

describe.each(backends)('two apps on one $name database', (backend) => {
  let handles: DatabaseHandle[] = [];
  let apps: FastifyInstance[] = [];
  let drop = async () => {};
  let config: Config;

  beforeAll(async () => {
    config = loadConfig(
      {},
      {
        staticDir: '/nonexistent-kessai-static',
        logLevel: 'warn',
        argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
        secretKey: TEST_SECRET_KEY,
        demoOrders: 0,
        loginRateLimit: 4,
        captchaRateLimit: 100,
        rateWindowSeconds: WINDOW_SECONDS,
      },
    );
    if (backend.name === 'postgres') {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
      drop = fresh.drop;
      // Two pools, as two processes would have.
      handles = [await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url })];
    } else {
      const one = await backend.open();
      handles = [one, one];
    }
    // Both prepare at once on PostgreSQL (start-up takes its turn on the database).
    await Promise.all([...new Set(handles)].map((handle) => prepareDatabase(handle, config)));
    const captchaGenerator = () => ({
      text: CAPTCHA_TEXT,
      data: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    apps = await Promise.all(handles.map((handle) => buildApp({ db: handle.db, config, captchaGenerator })));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([...new Set(handles)].map((handle) => handle.close()));
    await drop();
  });

  it('answers on B a captcha issued on A, once only', async () => {
    const [a, b] = apps;
    const captcha = await injectCall(a, '/captcha', {});
    const { captchaId } = captcha.result as { captchaId: string };
    const login = { login_id: 'co-op', password: RIGHT, verycode: CAPTCHA_TEXT, captchaId };
    const onB = await injectCall(b, '/login', login, '', '192.0.2.1');
    expect(onB.resultType).toBe('SUCCESS');
    // The session opened on B works on A.
    expect((await injectCall(a, '/system/info', {}, onB.submitToken)).resultType).toBe('SUCCESS');
    const again = await injectCall(a, '/login', login, '', '192.0.2.1');
    expect(again.resultType).toBe('FAIL');
    expect(again.submitToken).toBe('');
  });

  it('a process with another secret key does not start on the database', async () => {
    const otherKey = 'ff'.repeat(32);
    await expect(prepareDatabase(handles[1], { ...config, secretKey: otherKey })).rejects.toThrow(
      /every server process on one database needs the same KESSAI_SECRET_KEY/,
    );
    await expect(prepareDatabase(handles[1], config)).resolves.toBe(false);
  });

  it('counts an address’s logins on A and B together', async () => {
    await awayFromWindowEnd();
    const [a, b] = apps;
    const bad = { login_id: 'nobody-here', password: WRONG, verycode: 'zzzz', captchaId: 'x' };
    const replies = [];
    for (const app of [a, b, a, b, a, b]) replies.push(await injectCall(app, '/login', bad, '', '192.0.2.2'));
    expect(replies.map((r) => 'retryAfterSeconds' in ((r.result as object | null) ?? {}))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});

/** A free TCP port on 127.0.0.1 (asked of the system, then released for the server). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** POST /api<path> to a process, from a given loopback address (the rate limit's client). */
function post(port: number, url: string, body: unknown, opts: { token?: string; from?: string } = {}) {
  const payload = JSON.stringify(body ?? {});
  return new Promise<Envelope>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api${url}`,
        method: 'POST',
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-language': 'en',
          ...(opts.token ? { 'x-submit-token': opts.token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as Envelope);
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited:\n${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} did not start:\n${output()}`);
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  describe('two server processes on one PostgreSQL database', () => {
    const children: ChildProcess[] = [];
    let ports: number[] = [];
    let db: DatabaseHandle;
    let drop = async () => {};
    let dataDir = '';

    beforeAll(async () => {
      const fresh = await freshPostgresDatabase(adminUrl);
      drop = fresh.drop;
      dataDir = mkdtempSync(path.join(tmpdir(), 'kessai-two-'));
      ports = [await freshPortAvoiding([]), 0];
      ports[1] = await freshPortAvoiding([ports[0]]);
      // Started together: the start-up (migrations, demo data) takes its turn on the database.
      for (const port of ports) {
        let output = '';
        const child = spawn(process.execPath, serverEntry('main'), {
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: fresh.url,
            KESSAI_SECRET_KEY: TEST_SECRET_KEY,
            KESSAI_CAPTCHA: 'off',
            KESSAI_DEMO_ORDERS: '0',
            KESSAI_DATA_DIR: dataDir,
            KESSAI_STATIC_DIR: '/nonexistent-kessai-static',
            KESSAI_LOG_LEVEL: 'warn',
            KESSAI_LOGIN_RATE_LIMIT: '10',
            KESSAI_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
        children.push(child);
        (child as ChildProcess & { output: () => string }).output = () => output;
      }
      await Promise.all(
        children.map((child, i) =>
          waitForHealth(ports[i], child, (child as ChildProcess & { output: () => string }).output),
        ),
      );
      db = await openDatabase({ url: fresh.url });
    }, 240_000);

    afterAll(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await db?.close();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('a session opened on A works on B, and a logout on B ends it on A', async () => {
      const [a, b] = ports;
      const login = await post(a, '/login', { login_id: 'co-op', password: RIGHT });
      expect(login.resultType).toBe('SUCCESS');
      const token = login.submitToken!;
      expect((await post(b, '/system/info', {}, { token })).resultType).toBe('SUCCESS');
      expect((await post(b, '/logout', {}, { token })).resultType).toBe('SUCCESS');
      expect((await post(a, '/system/info', {}, { token })).resultType).toBe('UNAUTHENCATED');
    }, 120_000);

    it('a burst split across A and B gets at most 5 checks, locks on both, and refuses the right password in it', async () => {
      const hasher = createHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });
      await db.db.insert(operators).values({
        loginId: 'two-process-burst',
        userName: 'two-process-burst',
        operatorType: 10,
        passwordHash: await hasher.hash(RIGHT),
      });
      const answered = { count: 0 };
      // Ten addresses, five attempts each: a distributed burst, each address under its limit.
      const attempt = (i: number, password: string) =>
        post(
          ports[i % 2],
          '/login',
          { login_id: 'two-process-burst', password },
          { from: `127.0.0.${10 + (i % 10)}` },
        ).then((r) => {
          answered.count += 1;
          return r;
        });
      const first = Array.from({ length: 29 }, (_, i) => attempt(i, WRONG));
      // Once 24 of the 29 are answered, the 5 counted slots are taken (by wrong passwords).
      for (let waited = 0; answered.count < 24; waited += 10) {
        if (waited > 90_000) throw new Error('the first attempts were not answered');
        await new Promise((r) => setTimeout(r, 10));
      }
      const right = post(
        ports[1],
        '/login',
        { login_id: 'two-process-burst', password: RIGHT },
        { from: '127.0.0.20' },
      );
      const rest = Array.from({ length: 20 }, (_, i) => attempt(29 + i, WRONG));
      const [rightReply, ...others] = await Promise.all([right, ...first, ...rest]);
      expect(rightReply.resultType).toBe('FAIL');
      expect(rightReply.resultMessage).toMatch(/^Too many failed logins: the account is locked until /);
      expect(others.every((r) => r.resultType === 'FAIL')).toBe(true);

      const history = await db.db
        .select()
        .from(loginHistory)
        .where(eq(loginHistory.loginId, 'two-process-burst'));
      expect(history).toHaveLength(50);
      expect(history.filter((r) => r.reason === 'badCredentials').length).toBeLessThanOrEqual(5);
      expect(history.filter((r) => r.success)).toHaveLength(0);
      const [account] = await db.db
        .select()
        .from(operators)
        .where(eq(operators.loginId, 'two-process-burst'));
      expect(account.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      for (const port of ports) {
        const r = await post(
          port,
          '/login',
          { login_id: 'two-process-burst', password: RIGHT },
          { from: '127.0.0.21' },
        );
        expect(r.resultMessage).toMatch(/the account is locked until/);
      }
    }, 120_000);

    it('counts an address’s logins on A and B into one limit', async () => {
      await awayFromWindowEnd();
      const bad = { login_id: 'nobody-here', password: WRONG };
      for (let i = 0; i < 10; i++) {
        const r = await post(ports[i % 2], '/login', bad, { from: '127.0.0.2' });
        expect(r.resultMessage).toBe('The user ID or password is incorrect');
      }
      for (const port of ports) {
        const r = await post(port, '/login', bad, { from: '127.0.0.2' });
        expect(r.resultMessage).toMatch(
          /^Too many attempts from this address; please try again in \d+ seconds$/,
        );
      }
    }, 120_000);
  });
}

/** A free port other than those given. */
async function freshPortAvoiding(taken: number[]): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!taken.includes(port)) return port;
  }
}
