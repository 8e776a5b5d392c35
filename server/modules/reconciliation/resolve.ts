import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AUDIT_CODE,
  AUDIT_STATUS,
  RECON_GROUP_BRANDS,
  RECON_WRITE_ROLES,
  isException,
  type ReconGroup,
  type ReconResult,
  type ResolveInput,
} from '../../../src/contract/reconciliation';
import type { PayBrand } from '../../../src/contract/brands';
import type { Tx } from '../../db/client';
import {
  orderAudits,
  orders,
  reconciliationResults as results,
  reconciliationRuns as runs,
} from '../../db/schema';
import { noAccess, write, type Caller } from '../../platform/caller';
import { fail, notFound } from '../../platform/envelope';
import { resultById } from './queries';

/**
 * Resolving an exception (docs/reconciliation.md, "Exceptions and resolutions"): the platform's
 * roles (RECON_WRITE_ROLES) record a decision and a comment on an open exception of a current
 * run; the order, once it has no other open exception in current runs, is released (audit
 * status 2 → 1, its result code kept) for the next settlement. One transaction, one audit row.
 */
export async function resolveException(
  c: Caller,
  group: ReconGroup,
  input: ResolveInput,
): Promise<ReconResult> {
  return write(
    c,
    'reconciliationResult',
    input.resultId,
    async (tx, audit) => {
      if (!RECON_WRITE_ROLES.includes(c.principal.operatorType)) throw noAccess();
      const brands: readonly PayBrand[] = RECON_GROUP_BRANDS[group];
      const [row] = await tx
        .select({
          id: results.id,
          orderId: results.orderId,
          refundId: results.refundId,
          code: results.code,
          resolution: results.resolution,
          replacedBy: runs.replacedByRunId,
        })
        .from(results)
        .innerJoin(runs, eq(runs.id, results.runId))
        .where(and(eq(results.id, input.resultId), inArray(runs.brand, [...brands])))
        .for('update', { of: results });
      if (!row) throw notFound();
      if (row.replacedBy !== null) throw fail('server.reconciliation.replaced');
      if (!isException(row.code)) throw fail('server.reconciliation.notException');
      if (row.resolution !== null) throw fail('server.reconciliation.alreadyResolved');
      const now = new Date();
      await tx
        .update(results)
        .set({
          resolution: input.decision,
          resolutionComment: input.comment,
          resolvedBy: c.principal.operatorId,
          resolvedByName: (c.principal.userName || c.principal.loginId).slice(0, 64),
          resolvedAt: now,
        })
        .where(eq(results.id, row.id));
      const order = row.orderId === null ? null : await releaseOrder(tx, row.orderId);
      await audit({
        objectType: 'reconciliationResult',
        objectId: row.id,
        action: 'resolve',
        before: { code: row.code, resolution: null, ...(order ? { auditStatus: order.before } : {}) },
        after: {
          code: row.code,
          resolution: input.decision,
          comment: input.comment,
          ...(order ? { orderId: row.orderId, auditStatus: order.after } : {}),
        },
      });
      const done = await resultById(tx, row.id);
      if (!done) throw notFound();
      return done;
    },
    { anyRole: true },
  );
}

/** The order's audit status 2 → 1 when no exception of it in a current run is still open. */
async function releaseOrder(tx: Tx, orderId: number): Promise<{ before: number; after: number }> {
  // The order's row locked: one resolution of the order's exceptions at a time.
  const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) return { before: AUDIT_STATUS.notAudited, after: AUDIT_STATUS.notAudited };
  const [audit] = await tx
    .select({ auditStatus: orderAudits.auditStatus })
    .from(orderAudits)
    .where(eq(orderAudits.orderId, orderId));
  const status = audit?.auditStatus ?? AUDIT_STATUS.notAudited;
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
    .set({ auditStatus: AUDIT_STATUS.audited, updatedAt: new Date() })
    .where(eq(orderAudits.orderId, orderId));
  return { before: status, after: AUDIT_STATUS.audited };
}
