import os from 'node:os';
import pg from 'pg';

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
