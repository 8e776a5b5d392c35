import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CURRENCIES } from '../../src/contract/orgAgent';
import { minorDigits } from '../../src/contract/money';
import { neutralise } from './exports';

/**
 * CSV written by the database. Reading every column of every row through the driver cost
 * more than the database spent on the rows (psql's \copy of the same rows ran several times
 * faster), so a CSV export's cells are finished in SQL:
 * - a cell is text as the file shows it, or NULL for an empty one: labels for codes, amounts
 *   in major units from the integer, local times, and text that a spreadsheet would run as a
 *   formula (= + - @ tab CR first) prefixed with an apostrophe;
 * - the database's COPY (FORMAT csv) quotes them and writes the lines (server/db/copy.ts: a
 *   stream on PostgreSQL, a batch at a time on PGlite), as the JS writer (`csvField` in
 *   ./exports, which writes the header) does: quoted when holding a comma, a quote or a line
 *   break, quotes doubled; tests/server/exports.test.ts holds them to the same output.
 */

type Expr = SQL | AnyPgColumn;

/** Text as a cell, neutralised; NULL and '' give an empty cell. */
export const cellText = (x: Expr): SQL =>
  sql`NULLIF(CASE WHEN left(${x}, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || ${x} ELSE ${x} END, '')`;

/** yyyy-MM-dd HH:mm:ss in the business time zone; empty when NULL. */
export const cellLocalTime = (column: Expr, zone: string): SQL =>
  sql`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;

const WHOLE_CURRENCIES = CURRENCIES.filter((c) => minorDigits(c) === 0);

/** Minor units as major units: 123456 USD → 1234.56, 1200 JPY → 1200 (integer arithmetic only). */
export function cellAmount(amount: Expr, currency: Expr): SQL {
  const whole = sql.join(
    WHOLE_CURRENCIES.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`CASE WHEN ${currency} IN (${whole}) THEN ${amount}::text ELSE CASE WHEN ${amount} < 0 THEN '-' ELSE '' END || (abs(${amount}) / 100)::text || '.' || lpad((abs(${amount}) % 100)::text, 2, '0') END`;
}

/** A code as its label (the labels travel as one JSON value); a code without one as itself. */
export function cellLabel(code: Expr, labels: Record<string, string>): SQL {
  const safe = Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, neutralise(v)]));
  return sql`coalesce(${JSON.stringify(safe)}::jsonb ->> ${code}, ${cellText(code)})`;
}

/** One of two texts for a boolean (yes / no). */
export const cellChoice = (flag: Expr, yes: string, no: string): SQL =>
  sql`CASE WHEN ${flag} THEN ${neutralise(yes)} ELSE ${neutralise(no)} END`;
