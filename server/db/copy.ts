import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Tx } from './client';

/**
 * A CSV export on PostgreSQL: `COPY (select) TO STDOUT (FORMAT csv)` on a connection of its
 * own. The database runs the select as one statement (parallel workers, one sort) and writes
 * the CSV itself, as psql's \copy does; the app passes the bytes on. Reading is pulled by the
 * consumer, so a slow client slows the COPY down (the socket is paused) instead of filling
 * memory. A consumer that stops early ends the connection, which ends the COPY in the
 * database.
 *
 * COPY takes no bind parameters: the select's values are written into the statement as
 * literals by drizzle (`inlineParams`: numbers as they are, text quoted with its quotes
 * doubled, which is exact under standard_conforming_strings, set on the connection first).
 */
export function inlined(select: SQL): string {
  return new PgDialect().sqlToQuery(select.inlineParams()).sql;
}

export async function* copyCsv(pool: pg.Pool, select: SQL): AsyncGenerator<Buffer> {
  const text = `COPY (${inlined(select)}) TO STDOUT (FORMAT csv)`;
  const client = await pool.connect();
  let complete = false;
  try {
    await client.query('SET standard_conforming_strings = on');
    for await (const chunk of client.query(copyTo(text))) yield chunk as Buffer;
    complete = true;
  } finally {
    // Mid-COPY the connection cannot serve anybody else: it is closed instead of returned.
    client.release(complete ? undefined : new Error('COPY not read to its end'));
  }
}

/** The embedded database behind the app's database, or null (PostgreSQL). */
export function pgliteOf(db: unknown): PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * The same COPY on PGlite, for one batch of rows: PGlite has no COPY stream, but writes
 * `COPY … TO '/dev/blob'` into a Blob it hands back with the result. The rows never become
 * JavaScript values (one buffer per batch instead of an object and a string per row), which
 * kept the embedded database's export from growing the heap (bench/RESULTS.md).
 */
export async function copyCsvBatch(client: PGlite, select: SQL): Promise<Buffer> {
  await client.exec('SET standard_conforming_strings = on');
  const { blob } = await client.query(`COPY (${inlined(select)}) TO '/dev/blob' (FORMAT csv)`);
  return blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0);
}

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/**
 * COPY ends rows with LF; the export's CSV ends them with CRLF (RFC 4180, like the header).
 * A line break inside a quoted cell stays as it is: the quotes are followed across chunks
 * (a doubled quote inside a cell toggles twice, so it changes nothing).
 */
export async function* crlfRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let quoted = false;
  for await (const chunk of chunks) {
    const parts: Buffer[] = [];
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) quoted = !quoted;
      else if (b === LF && !quoted) {
        parts.push(chunk.subarray(from, i), CRLF);
        from = i + 1;
      }
    }
    parts.push(chunk.subarray(from));
    yield Buffer.concat(parts);
  }
}

/**
 * A value as text-format COPY reads it: backslash, tab, line feed and carriage return escaped
 * with a backslash (the only characters the format gives a meaning), null as `\N`. Everything
 * else, unicode included, stands as it is: the rows are sent as UTF-8 (the COPY says so).
 */
export function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, escapeCopyChar) : text;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeCopyChar = (c: string) => COPY_ESCAPES[c];

const COPY_TEXT = "(FORMAT text, ENCODING 'UTF8')";

/** One row of text-format COPY: the values escaped, tab-separated, the line ended. */
export const copyLine = (values: readonly (string | number | null)[]) =>
  `${values.map(copyValue).join('\t')}\n`;

/**
 * Loads text-format COPY rows (copyLine's, any number per chunk) into `target` — a table and its
 * column list, written by the caller, never input — inside the transaction `tx`, on the
 * transaction's own connection, so the rows are part of it (a rollback takes them back).
 *
 * PostgreSQL: one `COPY … FROM STDIN` (pg-copy-streams) fed chunk by chunk: the chunks are
 * pulled one at a time as the socket drains, so a large load holds about a chunk in memory. A
 * chunk source that throws ends the COPY with CopyFail, which fails the transaction: the error
 * goes on to the caller.
 * PGlite: no COPY stream in the embedded database, but `COPY … FROM '/dev/blob'` reads the
 * query's `blob` option: one COPY per chunk.
 */
export async function copyRowsInto(
  tx: Tx,
  target: string,
  chunks: Iterable<Buffer<ArrayBuffer>>,
): Promise<void> {
  // drizzle's transaction session holds the connection the transaction runs on (node-postgres'
  // pool client, or PGlite's transaction); drizzle does not type it.
  const client = (tx._.session as unknown as { client?: unknown }).client;
  if (client instanceof pg.Client) {
    const copy = client.query(copyFrom(`COPY ${target} FROM STDIN ${COPY_TEXT}`));
    await pipeline(Readable.from(chunks, { highWaterMark: 1 }), copy);
    return;
  }
  if (!isPgliteClient(client)) throw new Error('COPY FROM: not a transaction of node-postgres or PGlite');
  for (const chunk of chunks)
    await client.query(`COPY ${target} FROM '/dev/blob' ${COPY_TEXT}`, [], { blob: new Blob([chunk]) });
}

const isPgliteClient = (c: unknown): c is Pick<Transaction, 'query'> =>
  c instanceof PGlite ||
  (typeof c === 'object' && c !== null && 'query' in c && 'rollback' in c && 'exec' in c);

/** A value as text-format COPY reads it for its column (dates as ISO instants, booleans t/f). */
function copyCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number;
}

/**
 * Loads insert objects into a drizzle table with COPY (copyRowsInto), inside `tx`: the bulk
 * path of the demo generator, several times faster than an INSERT of the same rows (no
 * parameters to bind, no statement to build). The columns are those the objects name; one an
 * object leaves out takes its column's JS default (`.default(x)`), or null where the column
 * allows it. A column whose default is SQL (now(), an identity) must be given or left out of
 * every object. Triggers fire as for an INSERT (statement-level ones once per chunk).
 */
export async function copyObjects<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkRows = 1000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(columns).filter((k) =>
    rows.some((r) => (r as Record<string, unknown>)[k] !== undefined),
  );
  const fill = keys.map((k) => {
    const c = columns[k];
    if (c.default !== undefined && !is(c.default, SQL)) return c.default as unknown;
    return c.notNull && rows.some((r) => (r as Record<string, unknown>)[k] === undefined)
      ? (() => {
          throw new Error(`copyObjects: ${getTableName(table)}.${c.name} left out without a default`);
        })()
      : null;
  });
  const target = `"${getTableName(table)}" (${keys.map((k) => `"${columns[k].name}"`).join(', ')})`;
  function* chunks(): Generator<Buffer<ArrayBuffer>> {
    for (let i = 0; i < rows.length; i += chunkRows) {
      let text = '';
      for (const row of rows.slice(i, i + chunkRows)) {
        const r = row as Record<string, unknown>;
        text += copyLine(keys.map((k, j) => copyCell(r[k] === undefined ? fill[j] : r[k])));
      }
      yield Buffer.from(text) as Buffer<ArrayBuffer>;
    }
  }
  await copyRowsInto(tx, target, chunks());
}
