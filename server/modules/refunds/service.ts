import { refundReturns } from '../../../src/contract/charges';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import { ResultType } from '../../../src/contract/envelope';
import { formatMoney } from '../../../src/contract/money';
import {
  REFUND_COUNTING,
  REFUND_LOCK_MINUTES,
  REFUND_MAX_FAILURES,
  type RefundInput,
} from '../../../src/contract/refunds';
import type { Executor } from '../../db/client';
import { companies, operators, orders, refunds } from '../../db/schema';
import { actorOf, recordAudit, recordDenied, type AuditActor } from '../../platform/audit';
import { noAccess, type Caller } from '../../platform/caller';
import type { Deps } from '../../platform/deps';
import { languageOfTranslator, type MessageKey } from '../../../src/i18n';
import { ApiError, fail, notFound } from '../../platform/envelope';
import { KeyedQueue } from '../../platform/keyedQueue';
import { fieldError } from '../../platform/lists';
import { gatewayNo } from '../../platform/numbers';
import { ordersIn, scopeOf } from '../../platform/scope';
import { applyEvent, connectorOf, IllegalTransition, lockOrder, type OrderRecord } from '../payments';
import { can } from '../../../src/contract/capabilities';

export type RefundRecord = typeof refunds.$inferSelect;

export interface RefundRequestOf {
  orderId: number;
  amount: number;
  fullRefund: boolean;
  remark: string;
  clientRefundNo: string;
  operatorId: number | null;
  source: 'console' | 'merchant';
}

/** What a refund call answers. */
export interface RefundOutcome {
  refund: RefundRecord;
  order: OrderRecord;
  /** false: the same client refund number was seen before; this is that refund. */
  created: boolean;
}

const remainderOf = async (tx: Executor, order: OrderRecord) => {
  const [{ counted }] = await tx
    .select({ counted: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, [...REFUND_COUNTING])));
  return order.amount - Number(counted);
};

/** Still refundable: the paid amount less the refunds succeeded or in flight. */
export async function refundableAmount(db: Executor, order: OrderRecord): Promise<number> {
  if (!['success', 'partlyRefunded', 'refunding'].includes(order.status)) return 0;
  return remainderOf(db, order);
}

/**
 * The refund row and the order's refundStart in one transaction with the order row locked
 * (SELECT … FOR UPDATE), so concurrent refunds are checked one after the other against the
 * remainder and can never exceed the paid amount together.
 */
async function startRefund(
  deps: Deps,
  req: RefundRequestOf,
  t: Caller['t'] | null,
  actor: AuditActor,
): Promise<{ refund: RefundRecord; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, eq(orders.id, req.orderId)))!;
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.companyId, order.companyId), eq(refunds.clientRefundNo, req.clientRefundNo)));
    if (existing) {
      // The same refund asked again (a retry) answers with it; anything else under its number is
      // another refund. A full refund's amount is the remainder the caller was shown, so a
      // retry of it sends the same amount too.
      const same =
        existing.orderId === order.id &&
        existing.amount === req.amount &&
        (!req.fullRefund || existing.fullRefund);
      if (!same) throw fail('server.refunds.clientRefundNoConflict');
      return { refund: existing, created: false };
    }
    if (!['success', 'partlyRefunded', 'refunding'].includes(order.status))
      throw fail('server.refunds.notRefundable');
    const remainder = await remainderOf(tx, order);
    if (remainder <= 0) throw fail('server.refunds.notRefundable');
    const amount = req.fullRefund ? remainder : req.amount;
    if (req.fullRefund && req.amount !== remainder) {
      throw invalidAmount(
        t,
        req.source,
        'server.refunds.fullRefundAmount',
        formatMoney(remainder, order.currency, t ? languageOfTranslator(t) : 'ja'),
      );
    }
    if (amount > remainder) {
      throw invalidAmount(
        t,
        req.source,
        'server.refunds.aboveRemainder',
        formatMoney(remainder, order.currency, t ? languageOfTranslator(t) : 'ja'),
      );
    }
    // Maker-checker (docs/api.md, "Refund approval"): a console refund above the threshold waits
    // for a second user, its amount reserved (REFUND_COUNTING) and the order not yet moved.
    const awaiting =
      req.source === 'console' && amount > (await approvalThresholdOf(tx, deps, order.companyId));
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        companyId: order.companyId,
        branchUnitId: order.branchUnitId,
        clientRefundNo: req.clientRefundNo,
        gatewayRefundNo: gatewayNo('RF', deps.config.timeZone),
        amount,
        currency: order.currency,
        status: awaiting ? 'awaitingApproval' : 'waiting',
        fullRefund: amount === remainder && (req.fullRefund || amount === order.amount),
        remark: req.remark,
        operatorId: req.operatorId,
        source: req.source,
      })
      .returning();
    if (!awaiting) await startOrderRefund(tx, order, req.source);
    await recordAudit(tx, actor, {
      objectType: 'refund',
      objectId: refund.gatewayRefundNo,
      action: 'create',
      after: {
        gatewayOrderNo: order.gatewayOrderNo,
        amount,
        currency: order.currency,
        clientRefundNo: refund.clientRefundNo,
        status: refund.status,
      },
    });
    return { refund, created: true };
  });
}

/** The order moves to refunding (refundStart) in the caller's transaction, its row locked. */
export async function startOrderRefund(tx: Executor, order: OrderRecord, source: string) {
  try {
    await applyEvent(tx, order, 'refundStart', source);
  } catch (err) {
    if (err instanceof IllegalTransition) throw fail('server.refunds.notRefundable');
    throw err;
  }
}

/** The company's approval threshold (minor units), or the platform default. */
export async function approvalThresholdOf(db: Executor, deps: Deps, companyId: number): Promise<number> {
  const [company] = await db
    .select({ threshold: companies.refundApprovalThreshold })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.threshold ?? deps.config.refundApprovalThreshold;
}

/** The amount refused, under the field the caller sent it in (console refundAmount, merchant amount). */
function invalidAmount(
  t: Caller['t'] | null,
  source: RefundRequestOf['source'],
  key: MessageKey,
  remainder: string,
): ApiError {
  if (!t) return fail(key, { remainder });
  return fieldError(t, source === 'merchant' ? 'amount' : 'refundAmount', key, { remainder });
}

/** The brand's answer to a refund (or to a question about one). */
export interface RefundAnswer {
  brandRefundNo: string;
  state: 'SUCCESS' | 'PROCESSING' | 'FAILED';
  errorCode: string;
  errorMessage: string;
}

/** A refund's move and its audit row, in one transaction. */
async function auditRefund(tx: Executor, actor: AuditActor, before: RefundRecord, after: RefundRecord) {
  await recordAudit(tx, actor, {
    objectType: 'refund',
    objectId: after.gatewayRefundNo,
    action: 'update',
    before: { status: before.status, brandRefundNo: before.brandRefundNo },
    after: { status: after.status, brandRefundNo: after.brandRefundNo, errorCode: after.errorCode },
  });
}

/**
 * waiting → refunding → the brand's answer; the order follows (refunded, partly refunded,
 * paid). The refund is written (waiting, with its number) before the brand is asked, and the
 * brand is asked under that number, so a refund interrupted anywhere here can be asked about
 * at the brand by the recovery job and settled.
 */
export async function runRefund(deps: Deps, refund: RefundRecord, actor: AuditActor): Promise<RefundRecord> {
  if (refund.status !== 'waiting') return refund;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
  const moving = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(refunds)
      .set({ status: 'refunding', updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'waiting')))
      .returning();
    if (r) await auditRefund(tx, actor, refund, r);
    return r;
  });
  if (!moving) return refund;
  let answer: RefundAnswer;
  try {
    answer = await connectorOf(deps, order).refund({
      companyId: order.companyId,
      brandOrderNo: order.brandOrderNo,
      merchantOrderNo: order.gatewayOrderNo,
      merchantRefundNo: refund.gatewayRefundNo,
      amount: refund.amount,
      currency: refund.currency,
    });
  } catch (err) {
    answer = {
      brandRefundNo: '',
      state: 'FAILED',
      errorCode: 'BRAND_UNAVAILABLE',
      errorMessage: String((err as Error).message),
    };
  }
  return recordRefundAnswer(deps, moving, answer, actor);
}

/** PROCESSING keeps the refund in flight with the brand's number; a final answer settles it. */
export async function recordRefundAnswer(
  deps: Deps,
  refund: RefundRecord,
  answer: RefundAnswer,
  actor: AuditActor,
): Promise<RefundRecord> {
  if (answer.state !== 'PROCESSING')
    return settleRefund(deps, refund.id, answer.state === 'SUCCESS', answer, actor);
  if (answer.brandRefundNo === refund.brandRefundNo) return refund;
  return deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(refunds)
      .set({ brandRefundNo: answer.brandRefundNo, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, [...REFUND_IN_FLIGHT])))
      .returning();
    if (!r) return refund;
    await auditRefund(tx, actor, refund, r);
    return r;
  });
}

/** Refund statuses still in flight: written, maybe sent to the brand, not answered finally. */
export const REFUND_IN_FLIGHT = ['waiting', 'refunding'] as const;

/** A refund's final answer, with the order's status recomputed under its row lock, and its audit row. */
export async function settleRefund(
  deps: Deps,
  refundId: number,
  success: boolean,
  answer: { brandRefundNo: string; errorCode: string; errorMessage: string },
  actor: AuditActor,
): Promise<RefundRecord> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    const order = (await lockOrder(tx, eq(orders.id, before.orderId)))!;
    // What the refund returns of the order's charges, on the part not refunded before it
    // (docs/settlement.md); under the order's lock, so refunds of one order count in turn.
    const returned = success
      ? refundReturns(order.amount - order.refundedAmount, before.amount, {
          commission: order.commissionRate,
          rebate: order.rebateRate,
          fee: order.feeRate,
        })
      : null;
    const [refund] = await tx
      .update(refunds)
      .set({
        status: success ? 'success' : 'failed',
        commissionAmount: returned?.commission ?? null,
        rebateAmount: returned?.rebate ?? null,
        feeAmount: returned?.fee ?? null,
        brandRefundNo: answer.brandRefundNo || before.brandRefundNo,
        receiptNo: success ? `RR${(answer.brandRefundNo || before.brandRefundNo).slice(-12)}` : '',
        errorCode: answer.errorCode.slice(0, 40),
        errorMessage: answer.errorMessage.slice(0, 255),
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), inArray(refunds.status, [...REFUND_IN_FLIGHT])))
      .returning();
    if (!refund) {
      const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
      return r;
    }
    const refunded = order.refundedAmount + (success ? refund.amount : 0);
    const [{ inflight }] = await tx
      .select({ inflight: sql<number>`count(*)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, [...REFUND_IN_FLIGHT])));
    const event =
      Number(inflight) > 0
        ? 'refundSettledPending'
        : refunded === order.amount
          ? 'refundSettledAll'
          : refunded > 0
            ? 'refundSettledPart'
            : 'refundSettledNone';
    await applyEvent(tx, order, event, 'brand', { refundedAmount: refunded });
    await auditRefund(tx, actor, before, refund);
    return refund;
  });
}

/**
 * Asks the brand, by our refund number, about a refund in flight and records the answer. A
 * refund the brand never received is failed (its amount is released).
 */
export async function checkRefund(
  deps: Deps,
  refund: RefundRecord,
  order: OrderRecord,
  actor: AuditActor,
): Promise<RefundRecord> {
  const answer = await connectorOf(deps, order).queryRefund(order.companyId, refund.gatewayRefundNo);
  return recordRefundAnswer(
    deps,
    refund,
    answer ?? {
      brandRefundNo: '',
      state: 'FAILED',
      errorCode: 'REFUND_NOT_RECEIVED',
      errorMessage: 'the brand never received the refund',
    },
    actor,
  );
}

/** Asks the brand about the order's refunds still in flight and settles those it has answered. */
export async function syncRefunds(deps: Deps, order: OrderRecord, actor: AuditActor): Promise<number> {
  const open = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'refunding')));
  let settled = 0;
  for (const refund of open) {
    const answer = await connectorOf(deps, order).queryRefund(order.companyId, refund.gatewayRefundNo);
    if (!answer || answer.state === 'PROCESSING') continue;
    await settleRefund(deps, refund.id, answer.state === 'SUCCESS', answer, actor);
    settled += 1;
  }
  return settled;
}

/** One queue of refund-password checks per account and process (per database in tests). */
const checkQueues = new WeakMap<object, KeyedQueue<number>>();
/** At most this many refunds of one account wait for its password check in one process. */
const REFUND_CHECK_QUEUE = 64;

/** The account's checks queue in this process, then take the database lease one by one. */
export async function checkRefundPassword(c: Caller, digest: string) {
  let queue = checkQueues.get(c.deps.db);
  if (!queue) checkQueues.set(c.deps.db, (queue = new KeyedQueue<number>()));
  const r = await queue.run(c.principal.operatorId, REFUND_CHECK_QUEUE, () =>
    checkRefundPasswordOnce(c, digest),
  );
  if (r.busy) throw fail('server.refunds.refundBusy');
}

/** How long one refund-password check may hold the account's check lease. */
const REFUND_CHECK_LEASE_MS = 10_000;
/** How long a refund waits for the account's other checks before it is refused as busy. */
const REFUND_CHECK_WAIT_MS = 8_000;

/**
 * Refund password: locked → refused; wrong → counted (5 → locked 30 minutes, a lock never
 * shortened); right → count reset. The checks of one account run one at a time, in every
 * process: each takes the account's lease (`refund_check_until`) in one UPDATE before its
 * Argon2 verify and gives it back after its count is written, so a burst of wrong passwords
 * gets at most REFUND_MAX_FAILURES checks and the rest find the lock; concurrent right
 * passwords only wait for each other (up to REFUND_CHECK_WAIT_MS, then "busy", not counted).
 */
async function checkRefundPasswordOnce(c: Caller, digest: string) {
  const { db, config, hasher } = c.deps;
  const id = c.principal.operatorId;
  const locked = (d: Date) =>
    fail(
      'server.refunds.refundLocked',
      { until: DateTime.fromJSDate(d, { zone: config.timeZone }).toFormat('yyyy-MM-dd HH:mm:ss') },
      { lockedUntil: d.toISOString() },
    );
  const isLocked = (d: Date | null): d is Date => d !== null && d.getTime() > Date.now();
  const waitUntil = Date.now() + REFUND_CHECK_WAIT_MS;
  let lease: Date;
  let op: typeof operators.$inferSelect;
  for (;;) {
    const now = new Date();
    lease = new Date(now.getTime() + REFUND_CHECK_LEASE_MS);
    const [taken] = await db
      .update(operators)
      .set({ refundCheckUntil: lease })
      .where(
        and(
          eq(operators.id, id),
          sql`(${operators.refundCheckUntil} IS NULL OR ${operators.refundCheckUntil} <= ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning();
    if (taken) {
      op = taken;
      break;
    }
    const [now2] = await db
      .select({ lockedUntil: operators.refundLockedUntil })
      .from(operators)
      .where(eq(operators.id, id));
    if (isLocked(now2.lockedUntil)) throw locked(now2.lockedUntil);
    if (Date.now() > waitUntil) throw fail('server.refunds.refundBusy');
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 30));
  }
  const release = (set: PgUpdateSetSource<typeof operators> = {}) =>
    db
      .update(operators)
      .set({ ...set, refundCheckUntil: null })
      .where(and(eq(operators.id, id), eq(operators.refundCheckUntil, lease)))
      .returning({ count: operators.refundFailedCount, lockedUntil: operators.refundLockedUntil });
  let verified: boolean;
  try {
    if (isLocked(op.refundLockedUntil)) throw locked(op.refundLockedUntil);
    // Its own result type, so the console sends the user to change it instead of offering a retry.
    if (op.mustChangeRefundPassword)
      throw new ApiError(ResultType.REFUND_PASSWORD_CHANGE_REQUIRED, 'server.refunds.refundPasswordReset');
    verified = await hasher.verify(op.refundPasswordHash, digest);
  } catch (err) {
    await release();
    throw err;
  }
  if (verified) {
    await release({ refundFailedCount: 0 });
    return;
  }
  const lockUntil = new Date(Date.now() + REFUND_LOCK_MINUTES * 60_000).toISOString();
  const reached = sql`${operators.refundFailedCount} + 1 >= ${REFUND_MAX_FAILURES}`;
  const failure = {
    refundFailedCount: sql`case when ${reached} then 0 else ${operators.refundFailedCount} + 1 end`,
    refundLockedUntil: sql`case when ${reached} then greatest(${operators.refundLockedUntil}, ${lockUntil}::timestamptz) else ${operators.refundLockedUntil} end`,
  };
  const [after] = await release(failure);
  // The lease ran out during the check (a stalled process): the failure counts all the same.
  const counted =
    after ??
    (
      await db
        .update(operators)
        .set(failure)
        .where(eq(operators.id, id))
        .returning({ count: operators.refundFailedCount, lockedUntil: operators.refundLockedUntil })
    )[0];
  if (isLocked(counted.lockedUntil)) throw locked(counted.lockedUntil);
  const triesLeft = REFUND_MAX_FAILURES - counted.count;
  throw fail('server.refunds.wrongRefundPassword', { left: triesLeft }, { triesLeft });
}

/** /pay/refund/refund from the console. */
export async function consoleRefund(c: Caller, input: RefundInput): Promise<RefundOutcome> {
  const actor = actorOf(c.principal, c.req);
  const scope = scopeOf(c.principal);
  const deny = async (err: ApiError) => {
    await recordDenied(c.deps.db, actor, 'refund', input.gatewayOrderNo, err.resultType);
    return err;
  };
  if (!can(c.principal, 'refund')) throw await deny(noAccess());
  const [order] = await c.deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.gatewayOrderNo, input.gatewayOrderNo), ordersIn(c.deps.db, scope)));
  if (!order) throw await deny(notFound());
  await checkRefundPassword(c, input.refundPassword);
  return refundOrder(
    c.deps,
    order,
    {
      orderId: order.id,
      amount: input.refundAmount,
      fullRefund: input.fullRefund,
      remark: input.remark,
      clientRefundNo: input.clientRefundNo || gatewayNo('C', c.deps.config.timeZone),
      operatorId: c.principal.operatorId,
      source: 'console',
    },
    c.t,
    actor,
  );
}

/** Starts and runs a refund (console or merchant). */
export async function refundOrder(
  deps: Deps,
  order: OrderRecord,
  req: RefundRequestOf,
  t: Caller['t'] | null,
  actor: AuditActor,
): Promise<RefundOutcome> {
  const { refund, created } = await startRefund(deps, req, t, actor);
  const settled = created || refund.status === 'waiting' ? await runRefund(deps, refund, actor) : refund;
  const [now] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  return { refund: settled, order: now, created };
}

export const refundFailedError = (outcome: RefundOutcome) =>
  new ApiError(ResultType.FAIL, 'server.refunds.refundFailedAtBrand', { code: outcome.refund.errorCode });
