/**
 * Orders' audit status and result (order_audits, schema/reconciliation.ts): what the matching
 * writes and the resolution releases. The order's page and the settlements' holds read it here.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  AUDIT_CODE,
  AUDIT_STATUS,
  type AuditCode,
  type AuditStatus,
} from '../../../src/contract/reconciliation';
import type { Executor, Tx } from '../../db/client';
import {
  orderAudits,
  orders,
  reconciliationResults as results,
  reconciliationRuns as runs,
} from '../../db/schema';

/** An order's audit status and result: no row is not audited. */
export async function auditOf(
  db: Executor,
  orderId: number,
): Promise<{ auditStatus: AuditStatus; auditResult: AuditCode | null }> {
  const [audit] = await db
    .select({ auditStatus: orderAudits.auditStatus, auditResult: orderAudits.auditResult })
    .from(orderAudits)
    .where(eq(orderAudits.orderId, orderId));
  return audit ?? { auditStatus: AUDIT_STATUS.notAudited, auditResult: null };
}

/** SQL: the order `orderId` names has an unresolved exception (audit status 2): settlements hold it back. */
export const inException = (orderId: SQL | AnyPgColumn) =>
  sql`exists (select 1 from order_audits a
    where a.order_id = ${orderId} and a.audit_status = ${AUDIT_STATUS.exception})`;

/** The order's audit status 2 → 1 when no exception of it in a current run is still open. */
export async function releaseOrder(
  tx: Tx,
  orderId: number,
  at: Date = new Date(),
): Promise<{ before: number; after: number }> {
  // The order's row locked: one resolution of the order's exceptions at a time.
  const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) return { before: AUDIT_STATUS.notAudited, after: AUDIT_STATUS.notAudited };
  const status: number = (await auditOf(tx, orderId)).auditStatus;
  const [open] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(results)
    .innerJoin(runs, eq(runs.id, results.runId))
    .where(
      and(
        eq(results.orderId, orderId),
        sql`${runs.replacedByRunId} is null`,
        sql`${results.code} <> ${AUDIT_CODE.matched}`,
        sql`${results.resolution} is null`,
      ),
    );
  if (status !== AUDIT_STATUS.exception || open.n > 0) return { before: status, after: status };
  await tx
    .update(orderAudits)
    .set({ auditStatus: AUDIT_STATUS.audited, updatedAt: at })
    .where(eq(orderAudits.orderId, orderId));
  return { before: status, after: AUDIT_STATUS.audited };
}
