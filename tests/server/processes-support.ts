import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_SECRET_KEY } from './harness';

/**
 * What the kill tests share (crashKill, settlementKill, importKill): a PostgreSQL database and a
 * data folder of their own, free ports, and server processes started and killed (SIGKILL).
 */

/** A fresh database on the server of `postgresUrl` and a data folder, made by `create`, removed by `drop`. */
export function scratchDatabase(postgresUrl: string, prefix: string) {
  const dbName = `${prefix}_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const dbUrl = Object.assign(new URL(postgresUrl), { pathname: `/${dbName}` }).toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  return {
    dbUrl,
    dataDir,
    /** The environment a server process or command of this database needs. */
    env: { DATABASE_URL: dbUrl, KESSAI_SECRET_KEY: TEST_SECRET_KEY, KESSAI_DATA_DIR: dataDir },
    create: () => admin(`CREATE DATABASE ${dbName}`),
    /**
     * The test's own connections to the database. `drop` ends them with the database (FORCE):
     * pg's Pool.end() resolves before its connections have closed, and a connection still
     * closing then gets PostgreSQL's "terminating connection" — an error of an idle client,
     * which the pool emits as its own 'error' and, with no listener, ended a fresh-check's
     * vitest run as an uncaught exception after every test had passed. Expected there, so
     * listened to; a query's own error still rejects that query.
     */
    pool() {
      const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
      pool.on('error', () => undefined);
      return pool;
    },
    async drop() {
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free port (a fixed one may belong to another server on the machine). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * server/main.ts on `port` with `env`, once /healthz answers. `node --import tsx`, not the tsx
 * CLI: the CLI runs the server as its child, and a SIGKILL of the CLI is not one of the server.
 * The process is kept in `children` while it runs.
 */
/**
 * The node arguments that run a server entry (`main`: server/main.ts, `settle`: server/settle.ts)
 * — from this run's bundle (tests/setup/templates.ts), as `npm start` runs the server.
 */
export function serverEntry(entry: 'main' | 'settle'): string[] {
  return [path.join(inject('kessaiServerBundle'), `${entry}.mjs`)];
}

export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  children: Set<ChildProcess>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverEntry('main'), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', KESSAI_CAPTCHA: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  children.add(child);
  child.on('exit', () => children.delete(child));
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) throw new Error(`server on ${port} exited ${child.exitCode}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not start`);
}

/** SIGKILL, and wait until the process is gone. */
export async function killProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
