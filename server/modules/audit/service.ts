import { and, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AuditAction, AuditRow } from '../../../src/contract/audit';
import { AUDIT_LIST, type AuditPageQuery } from '../../../src/contract/lists/audit';
import type { Page } from '../../../src/contract/envelope';
import { auditLog } from '../../db/schema';
import type { Caller } from '../../platform/caller';
import { escapeLike, fieldError, iso, limitOffset, orderBy, pageOf, sortColumns } from '../../platform/lists';

/**
 * The audit log for system roles (the route '/setup/audit' belongs to them): days cut in the
 * business time zone, newest first.
 */
export async function auditPage(c: Caller, q: AuditPageQuery): Promise<Page<AuditRow>> {
  const zone = c.deps.config.timeZone;
  const from = DateTime.fromISO(q.beginTime, { zone }).startOf('day');
  const to = DateTime.fromISO(q.endTime, { zone }).startOf('day').plus({ days: 1 });
  if (!from.isValid) throw fieldError(c.t, 'beginTime', 'validation.date');
  if (!to.isValid) throw fieldError(c.t, 'endTime', 'validation.date');
  const where = and(
    gte(auditLog.createdAt, from.toJSDate()),
    lt(auditLog.createdAt, to.toJSDate()),
    q.loginId ? ilike(auditLog.loginId, `%${escapeLike(q.loginId)}%`) : undefined,
    q.objectType ? eq(auditLog.objectType, q.objectType) : undefined,
    q.objectId ? eq(auditLog.objectId, q.objectId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
  );
  const order = q.sortField
    ? orderBy(
        c.t,
        q,
        sortColumns(AUDIT_LIST, {
          createdAt: auditLog.createdAt,
          loginId: auditLog.loginId,
          action: auditLog.action,
        }),
        'createdAt',
        auditLog.id,
      )
    : [desc(auditLog.createdAt), desc(auditLog.id)];
  const { limit, offset } = limitOffset(q);
  const db = c.deps.db;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const records = rows.map((r) => ({
    ...r,
    action: r.action as AuditAction,
    result: r.result as AuditRow['result'],
    createdAt: iso(r.createdAt),
  }));
  return pageOf(records, Number(total), q);
}
