import { and, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OperatorPageQuery, OperatorRow } from '../../../src/contract/operators';
import type { OperatorType } from '../../../src/contract/roles';
import type { Executor } from '../../db/client';
import { agents, branchUnits, companies, operators, serviceProviders } from '../../db/schema';
import { escapeLike, sortColumns, withTimes } from '../../platform/lists';
import { OPERATOR_LIST } from '../../../src/contract/lists/operators';
import { operatorsIn, type Scope } from '../../platform/scope';

const sp = alias(serviceProviders, 'op_sp');
const ag = alias(agents, 'op_ag');
const co = alias(companies, 'op_co');
const br = alias(branchUnits, 'op_br');

const columns = {
  id: operators.id,
  loginId: operators.loginId,
  userName: operators.userName,
  email: operators.email,
  mobile: operators.mobile,
  title: operators.title,
  operatorType: operators.operatorType,
  workingLanguage: operators.workingLanguage,
  status: operators.status,
  serviceProviderId: operators.serviceProviderId,
  serviceProviderName: sp.name,
  companyId: operators.companyId,
  companyName: co.name,
  branchUnitId: operators.branchUnitId,
  branchUnitName: br.name,
  agentId: operators.agentId,
  agentName: ag.name,
  mustChangePassword: operators.mustChangePassword,
  createdAt: operators.createdAt,
  updatedAt: operators.updatedAt,
};

export const SORTABLE = sortColumns(OPERATOR_LIST, {
  id: operators.id,
  loginId: operators.loginId,
  userName: operators.userName,
  operatorType: operators.operatorType,
  status: operators.status,
  createdAt: operators.createdAt,
});

const selectOperators = (db: Executor) =>
  db
    .select(columns)
    .from(operators)
    .leftJoin(sp, eq(sp.id, operators.serviceProviderId))
    .leftJoin(ag, eq(ag.id, operators.agentId))
    .leftJoin(co, eq(co.id, operators.companyId))
    .leftJoin(br, eq(br.id, operators.branchUnitId));

type Raw = Awaited<ReturnType<ReturnType<typeof selectOperators>['execute']>>[number];
/** The role column is a smallint: the contract's role union. */
const toRow = (r: Raw): OperatorRow => withTimes({ ...r, operatorType: r.operatorType as OperatorType });

export function pageWhere(db: Executor, scope: Scope, q: OperatorPageQuery): SQL | undefined {
  return and(
    operatorsIn(db, scope),
    q.loginId ? ilike(operators.loginId, `%${escapeLike(q.loginId)}%`) : undefined,
    q.userName ? ilike(operators.userName, `%${escapeLike(q.userName)}%`) : undefined,
    q.operatorType != null ? eq(operators.operatorType, q.operatorType) : undefined,
    q.status ? eq(operators.status, q.status) : undefined,
    q.serviceProviderId ? eq(operators.serviceProviderId, q.serviceProviderId) : undefined,
    q.companyId ? eq(operators.companyId, q.companyId) : undefined,
    q.agentId ? eq(operators.agentId, q.agentId) : undefined,
  );
}

export async function operatorRows(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  const rows = await selectOperators(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(operators).where(where);
  return { records: rows.map(toRow), total: Number(total) };
}

/** Accounts by id in scope, row-locked for a change. */
export async function findOperators(db: Executor, scope: Scope, ids: number[], lock = false) {
  const query = selectOperators(db).where(and(inArray(operators.id, ids), operatorsIn(db, scope)));
  const rows = lock ? await query.for('update', { of: operators }) : await query;
  return rows.map(toRow);
}

export async function operatorValueTaken(
  db: Executor,
  field: 'loginId' | 'mobile',
  value: string,
  excludeId: number | null,
) {
  if (!value) return false;
  const column = field === 'loginId' ? operators.loginId : operators.mobile;
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        field === 'loginId' ? or(eq(column, value), ilike(column, escapeLike(value))) : eq(column, value),
        excludeId ? ne(operators.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
