import { and, asc, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginHistory, operators } from '../../db/schema';
import { operatorsIn, type Scope } from '../../platform/scope';

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

/**
 * Login attempts of the accounts the caller may see: the accounts' own scope (`operatorsIn`,
 * the same rule as the operator list), so a company operator reads its branch's accounts only.
 * Attempts of unknown login ids (no account) belong to no tenant: only system roles see them.
 */
export async function historyPage(db: Executor, scope: Scope, f: HistoryFilter) {
  const where = and(
    gte(loginHistory.createdAt, f.from),
    lt(loginHistory.createdAt, f.to),
    f.loginId ? ilike(loginHistory.loginId, `%${escapeLike(f.loginId)}%`) : undefined,
    f.success === null ? undefined : eq(loginHistory.success, f.success),
    operatorsIn(db, scope),
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
