import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginHistory, operators } from '../../db/schema';
import type { Scope } from '../../platform/scope';

export interface HistoryFilter {
  from: Date;
  to: Date;
  loginId: string;
  success: boolean | null;
  sortField: 'createdAt' | 'loginId';
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows of unknown login ids (no operator) belong to no tenant: only system roles see them. */
function scopeCondition(scope: Scope): SQL | undefined {
  switch (scope.level) {
    case 'system':
      return undefined;
    case 'serviceProvider':
      return eq(operators.serviceProviderId, scope.serviceProviderId);
    case 'company':
      return eq(operators.companyId, scope.companyId);
    case 'agent':
      return eq(operators.agentId, scope.agentId);
    case 'none':
      return sql`false`;
  }
}

export async function historyPage(db: Executor, scope: Scope, f: HistoryFilter) {
  const where = and(
    gte(loginHistory.createdAt, f.from),
    lt(loginHistory.createdAt, f.to),
    f.loginId ? ilike(loginHistory.loginId, `%${escapeLike(f.loginId)}%`) : undefined,
    f.success === null ? undefined : eq(loginHistory.success, f.success),
    scopeCondition(scope),
  );
  const order = f.sortOrder === 'asc' ? asc : desc;
  const sortColumn = f.sortField === 'loginId' ? loginHistory.loginId : loginHistory.createdAt;
  const records = await db
    .select({
      id: loginHistory.id,
      loginId: loginHistory.loginId,
      operatorName: operators.userName,
      success: loginHistory.success,
      reason: loginHistory.reason,
      ip: loginHistory.ip,
      userAgent: loginHistory.userAgent,
      createdAt: loginHistory.createdAt,
    })
    .from(loginHistory)
    .leftJoin(operators, eq(operators.id, loginHistory.operatorId))
    .where(where)
    .orderBy(order(sortColumn), order(loginHistory.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(loginHistory)
    .leftJoin(operators, eq(operators.id, loginHistory.operatorId))
    .where(where);
  return { records, total: Number(total) };
}
