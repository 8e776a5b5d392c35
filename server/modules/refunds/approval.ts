import { and, asc, eq, lt, sql } from 'drizzle-orm';
import {
  APPROVAL_EXPIRED_REASON,
  REFUND_APPROVAL_EXPIRY_DAYS,
  type RefundApprovalRow,
  type RefundApprovalSetting,
  type RefundApprovalSettingSave,
  type RefundApproveInput,
  type RefundDecision,
  type RefundRejectInput,
  type RefundStatus,
} from '../../../src/contract/refunds';
import type { Executor } from '../../db/client';
import { companies, operators, orders, refunds } from '../../db/schema';
import { actorOf, recordAudit, recordDenied, systemActor, type AuditActor } from '../../platform/audit';
import { noAccess, scopeOfCaller, write, type Caller } from '../../platform/caller';
import type { Deps } from '../../platform/deps';
import { fail, notFound, type ApiError } from '../../platform/envelope';
import { companiesIn, ordersIn, type Scope } from '../../platform/scope';
import { lockOrder } from '../payments';
import { refundOperatorJoin } from './queries';
import { checkRefundPassword, runRefund, startOrderRefund, type RefundRecord } from './service';
import { can } from '../../../src/contract/capabilities';

/**
 * Maker-checker refunds (issue #12; docs/api.md, "Refund approval"). A console refund above
 * the company's threshold is written `awaitingApproval`: its amount counts against the order
 * (REFUND_COUNTING) but the order does not move and the brand is not asked. A second user of
 * `approveRefund` (a capability) who sees the order approves it (with their own refund password; then
 * it runs exactly as any refund, recovery included) or rejects it with a reason (the amount is
 * released). The requester decides neither. Unanswered for REFUND_APPROVAL_EXPIRY_DAYS, it is
 * rejected by the system.
 */

const EXPIRY_MS = REFUND_APPROVAL_EXPIRY_DAYS * 86_400_000;

/** The refund by its gateway number among the orders the caller sees, or NOT_FOUND (recorded). */
async function refundInScope(c: Caller, gatewayRefundNo: string, actor: AuditActor): Promise<RefundRecord> {
  const deny = async (err: ApiError) => {
    await recordDenied(c.deps.db, actor, 'refund', gatewayRefundNo, err.resultType);
    return err;
  };
  if (!can(c.principal, 'approveRefund')) throw await deny(noAccess());
  const [row] = await c.deps.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.gatewayRefundNo, gatewayRefundNo), ordersIn(c.deps.db, scopeOfCaller(c))));
  if (!row) throw await deny(notFound());
  return row.refund;
}

/** Only a refund still awaiting approval, and not one the caller asked for. */
function mayDecide(c: Caller, refund: RefundRecord) {
  if (refund.status !== 'awaitingApproval') throw fail('server.refunds.approval.alreadyDecided');
  if (refund.operatorId === c.principal.operatorId) throw fail('server.refunds.approval.ownRequest');
}

const decisionOf = (refund: RefundRecord, orderStatus: string): RefundDecision => ({
  gatewayRefundNo: refund.gatewayRefundNo,
  refundStatus: refund.status as RefundStatus,
  orderStatus,
});

/**
 * awaitingApproval → waiting under the order's row lock, only while it still awaits (so two
 * approvals at once move it once, and the loser is told it was decided), the order to
 * refunding, the audit row — one transaction; then the brand is asked as for any refund.
 */
export async function approveRefund(c: Caller, input: RefundApproveInput): Promise<RefundDecision> {
  const actor = actorOf(c.principal, c.req);
  const found = await refundInScope(c, input.gatewayRefundNo, actor);
  mayDecide(c, found);
  await checkRefundPassword(c, input.refundPassword);
  const approved = await c.deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, eq(orders.id, found.orderId)))!;
    const now = new Date();
    const [refund] = await tx
      .update(refunds)
      .set({ status: 'waiting', approverId: c.principal.operatorId, decidedAt: now, updatedAt: now })
      .where(and(eq(refunds.id, found.id), eq(refunds.status, 'awaitingApproval')))
      .returning();
    if (!refund) throw fail('server.refunds.approval.alreadyDecided');
    await startOrderRefund(tx, order, 'console');
    await recordAudit(tx, actor, {
      objectType: 'refund',
      objectId: refund.gatewayRefundNo,
      action: 'approve',
      before: { status: found.status },
      after: { status: refund.status, amount: refund.amount, currency: refund.currency },
    });
    return refund;
  });
  const settled = await runRefund(c.deps, approved, actor);
  const [order] = await c.deps.db.select().from(orders).where(eq(orders.id, settled.orderId));
  return decisionOf(settled, order.status);
}

/** awaitingApproval → rejected with the reason; the reserved amount is free again. */
async function rejectAwaiting(
  tx: Executor,
  refundId: number,
  reason: string,
  approverId: number | null,
  actor: AuditActor,
): Promise<RefundRecord | undefined> {
  const [before] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  await lockOrder(tx, eq(orders.id, before.orderId));
  const now = new Date();
  const [refund] = await tx
    .update(refunds)
    .set({
      status: 'rejected',
      rejectReason: reason,
      approverId,
      decidedAt: now,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'awaitingApproval')))
    .returning();
  if (!refund) return undefined;
  await recordAudit(tx, actor, {
    objectType: 'refund',
    objectId: refund.gatewayRefundNo,
    action: 'reject',
    before: { status: before.status },
    after: { status: refund.status, reason },
  });
  return refund;
}

export async function rejectRefund(c: Caller, input: RefundRejectInput): Promise<RefundDecision> {
  const actor = actorOf(c.principal, c.req);
  const found = await refundInScope(c, input.gatewayRefundNo, actor);
  mayDecide(c, found);
  const refund = await c.deps.db.transaction(async (tx) => {
    const r = await rejectAwaiting(tx, found.id, input.reason, c.principal.operatorId, actor);
    if (!r) throw fail('server.refunds.approval.alreadyDecided');
    return r;
  });
  const [order] = await c.deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
  return decisionOf(refund, order.status);
}

/** Refunds awaiting approval in the caller's scope, oldest first (at most 500). */
export async function approvalList(c: Caller): Promise<RefundApprovalRow[]> {
  if (!can(c.principal, 'approveRefund')) throw noAccess();
  const scope = scopeOfCaller(c);
  const rows = await c.deps.db
    .select({
      gatewayRefundNo: refunds.gatewayRefundNo,
      gatewayOrderNo: orders.gatewayOrderNo,
      companyName: companies.name,
      brand: orders.brand,
      amount: refunds.amount,
      currency: refunds.currency,
      remark: refunds.remark,
      requestedBy: operators.loginId,
      operatorId: refunds.operatorId,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(companies, eq(companies.id, refunds.companyId))
    .leftJoin(operators, refundOperatorJoin(c.deps.db, scope))
    .where(and(eq(refunds.status, 'awaitingApproval'), ordersIn(c.deps.db, scope)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(500);
  return rows.map(({ operatorId, createdAt, ...r }) => ({
    ...r,
    requestedBy: r.requestedBy ?? null,
    ownRequest: operatorId === c.principal.operatorId,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + EXPIRY_MS).toISOString(),
  }));
}

/** Refunds awaiting approval longer than the expiry: rejected by the system (recovery job). */
export async function expireApprovals(deps: Deps, now = new Date(), batch = 200): Promise<number> {
  const stale = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.status, 'awaitingApproval'), lt(refunds.createdAt, new Date(now.getTime() - EXPIRY_MS))),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(batch);
  let expired = 0;
  for (const { id } of stale) {
    const r = await deps.db.transaction((tx) =>
      rejectAwaiting(tx, id, APPROVAL_EXPIRED_REASON, null, systemActor('refundApprovalExpiry')),
    );
    if (r) expired += 1;
  }
  return expired;
}

async function settingOf(db: Executor, deps: Deps, scope: Scope, companyId: number, lock = false) {
  const q = db
    .select({ threshold: companies.refundApprovalThreshold })
    .from(companies)
    .where(and(eq(companies.id, companyId), companiesIn(scope)));
  const [company] = lock ? await q.for('update') : await q;
  if (!company) throw notFound();
  return {
    companyId,
    threshold: company.threshold,
    platformDefault: deps.config.refundApprovalThreshold,
  } satisfies RefundApprovalSetting;
}

export const approvalSettingGet = (c: Caller, companyId: number) =>
  settingOf(c.deps.db, c.deps, scopeOfCaller(c), companyId);

/**
 * A company's threshold: set by the system and provider admins (like commission rates and
 * brand connectors); the company itself, an agency or an operator may not loosen its control.
 */
export async function approvalSettingSave(
  c: Caller,
  input: RefundApprovalSettingSave,
): Promise<RefundApprovalSetting> {
  return write(c, 'refundApproval', input.companyId, async (tx, audit, scope) => {
    const before = await settingOf(tx, c.deps, scope, input.companyId, true);
    if (!can(c.principal, 'editConnectors')) throw noAccess();
    await tx
      .update(companies)
      .set({ refundApprovalThreshold: input.threshold ?? null, updatedAt: sql`now()` })
      .where(eq(companies.id, input.companyId));
    const after = { ...before, threshold: input.threshold ?? null };
    await audit({
      objectType: 'refundApproval',
      objectId: input.companyId,
      action: 'update',
      before: { threshold: before.threshold },
      after: { threshold: after.threshold },
    });
    return after;
  });
}
