import { Column, is, SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Executor } from './client';

/**
 * One long read (an export) as a single statement through a server-side portal, on
 * PostgreSQL. The database then plans the whole read once (a sort of the range, as psql's
 * \copy does) instead of hundreds of keyset statements that each walk the index and visit
 * the heap at random; rows still arrive in batches, so memory stays flat.
 *
 * PGlite has one connection for the whole app: a portal held open there would stop every
 * other call until the export ends, so the callers keep their keyset batches on PGlite
 * (`poolOf` answers null) and inside a transaction.
 */

/** The node-postgres pool behind the app's database, or null (PGlite, or a transaction). */
export function poolOf(db: Executor): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** What `.mapWith()` set on an sql`` field (drizzle keeps it on the object, untyped). */
const sqlDecoder = (field: SQL) => {
  const decoder = (field as unknown as { decoder?: { mapFromDriverValue(v: unknown): unknown } }).decoder;
  return decoder ? (v: unknown) => decoder.mapFromDriverValue(v) : null;
};

/** Turns the driver's row (values in selection order) into the shape drizzle would give. */
function decoderOf<R>(fields: SelectedFields): (values: unknown[]) => R {
  const entries = Object.entries(fields).map(([key, field]) => {
    const decode =
      is(field, Column) && field.mapFromDriverValue
        ? (v: unknown) => field.mapFromDriverValue(v)
        : is(field, SQL)
          ? sqlDecoder(field)
          : null;
    return { key, decode };
  });
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < entries.length; i++) {
      const { key, decode } = entries[i];
      const v = values[i];
      row[key] = v === null || v === undefined || !decode ? (v ?? null) : decode(v);
    }
    return row as R;
  };
}

/**
 * The rows of one statement in batches of `size`, read through a portal on a connection of
 * its own (released when the caller stops iterating, also mid-way). The next batch is asked
 * for as soon as one arrives, so the database reads while the caller writes (two batches in
 * memory at most). `fields` is the statement's selection, in order, to decode each row.
 */
export async function* cursorBatches<R>(
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  fields: SelectedFields,
  size: number,
): AsyncGenerator<R[]> {
  const decode = decoderOf<R>(fields);
  const client = await pool.connect();
  let broken: Error | undefined;
  let pending: Promise<unknown[][]> | null = null;
  const cursor = client.query(new Cursor<unknown[]>(query.sql, query.params, { rowMode: 'array' }));
  try {
    pending = cursor.read(size);
    for (;;) {
      const values: unknown[][] = await pending;
      pending = values.length === size ? cursor.read(size) : null;
      if (values.length > 0) yield values.map(decode);
      if (!pending) return;
    }
  } catch (err) {
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // A caller that stopped early: let the batch in flight arrive, then close the portal.
    if (pending) await pending.catch(() => undefined);
    if (!broken) await cursor.close().catch((err: unknown) => (broken = err as Error));
    client.release(broken);
  }
}
