import { and, asc, desc, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { ResultType, type Page } from '../../src/contract/envelope';
import { message } from '../../src/contract/validation';
import { renderMessage, type MessageKey, type Translate } from '../../src/i18n';
import type { Executor } from '../db/client';
import { ApiError } from './envelope';

/** An INVALID refusal naming one field, in the caller's language. */
export function fieldError(
  t: Translate,
  field: string,
  key: MessageKey,
  values: Record<string, unknown> = {},
) {
  const text = renderMessage(t, { ...message(key, values), values: { ...values, field } });
  return new ApiError(ResultType.INVALID, 'server.badRequest', {}, undefined, { [field]: text }, text);
}

/** A value another row already has (uniqueness of spec point 5). */
export const duplicate = (t: Translate, field: string) => fieldError(t, field, 'validation.duplicate');

/** Whether a row other than `excludeId` has the name, whatever its case (service providers, comprehensive agents). */
export async function nameTaken(
  db: Executor,
  table: PgTable & { id: AnyPgColumn; name: AnyPgColumn },
  name: string,
  excludeId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`lower(${table.name}) = lower(${name})`, excludeId ? ne(table.id, excludeId) : undefined))
    .limit(1);
  return Boolean(row);
}

export interface PageInput {
  pageNum: number;
  pageSize: number;
  sortField: string;
  sortOrder: string;
}

/**
 * The columns a declared list sorts by (src/contract/lists): one for each of its sortFields,
 * no more, so the definition and the query cannot drift.
 */
export const sortColumns = <L extends { sortFields: readonly string[] }>(
  _list: L,
  columns: Record<L['sortFields'][number], AnyPgColumn | SQL>,
): Record<string, AnyPgColumn | SQL> => columns;

/**
 * ORDER BY from a list's sortable columns: an unknown sortField is INVALID; the id breaks
 * ties so pages never overlap.
 */
export function orderBy(
  t: Translate,
  q: PageInput,
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: string,
  tieBreaker: AnyPgColumn,
): SQL[] {
  const field = q.sortField || fallback;
  // Own keys only: `__proto__` or `constructor` name no column.
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw fieldError(t, 'sortField', 'validation.oneOf');
  const dir = q.sortOrder === 'desc' || (!q.sortOrder && field === 'createdAt') ? desc : asc;
  return [dir(column), dir(tieBreaker)];
}

export const limitOffset = (q: PageInput) => ({ limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });

export const pageOf = <T>(records: T[], total: number, q: PageInput): Page<T> => ({
  records,
  total,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
});

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const iso = (d: Date) => d.toISOString();

/** A row's creation and update times as the contract sends them (ISO strings). */
export const withTimes = <R extends { createdAt: Date; updatedAt: Date }>(r: R) => ({
  ...r,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/**
 * One page of a declared list: its rows (the `rows` selection, made dynamic, with the
 * filter, ORDER BY from the list's sortable columns — by `fallback`, else `createdAt`, when
 * the query names none, the id breaking ties — and the page's window) and the total of the
 * same filter (`count`), each row made a contract row by `toRow`.
 */
export async function listPage<S extends PgSelect, T>(
  t: Translate,
  q: PageInput,
  sort: { columns: Record<string, AnyPgColumn | SQL>; tieBreaker: AnyPgColumn; fallback?: string },
  from: { rows: S; count: PgSelect; where: SQL | undefined },
  toRow: (r: Awaited<S>[number]) => T,
): Promise<Page<T>> {
  const order = orderBy(t, q, sort.columns, sort.fallback ?? 'createdAt', sort.tieBreaker);
  const { limit, offset } = limitOffset(q);
  const records: Awaited<S> = await from.rows
    .where(from.where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [counted] = (await from.count.where(from.where)) as { total: number }[];
  return pageOf(records.map(toRow), Number(counted.total), q);
}
