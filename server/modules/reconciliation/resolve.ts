import { and, eq, inArray } from 'drizzle-orm';
import {
  RECON_GROUP_BRANDS,
  isException,
  type ReconGroup,
  type ReconResult,
  type ResolveInput,
} from '../../../src/contract/reconciliation';
import type { PayBrand } from '../../../src/contract/brands';
import { reconciliationResults as results, reconciliationRuns as runs } from '../../db/schema';
import { noAccess, write, type Caller } from '../../platform/caller';
import { fail, notFound } from '../../platform/envelope';
import { releaseOrder } from './audits';
import { resultById } from './queries';
import { can } from '../../../src/contract/capabilities';

/**
 * Resolving an exception (docs/reconciliation.md, "Exceptions and resolutions"): the platform's
 * roles (the capability `reconcile`) record a decision and a comment on an open exception of a current
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
      if (!can(c.principal, 'reconcile')) throw noAccess();
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
