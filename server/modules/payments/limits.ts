import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { PaymentType } from '../../../src/contract/brands';
import { LIMIT_EXCEEDED, paymentLimitFields, type LimitRefusal } from '../../../src/contract/limits';
import { maxPaymentMinor, moneyValue } from '../../../src/contract/money';
import { OPEN_STATUSES, PAID_STATUSES } from '../../../src/contract/orders';
import { ResultType } from '../../../src/contract/envelope';
import type { Translate } from '../../../src/i18n';
import type { Executor, Tx } from '../../db/client';
import { companies, orders } from '../../db/schema';
import { ApiError, notFound } from '../../platform/envelope';
import { fieldError } from '../../platform/lists';

/** Orders that count toward the daily all-value limit: paid, or still open (money may move). */
export const COUNTED_STATUSES = [...PAID_STATUSES, ...OPEN_STATUSES];

/**
 * A payment refused by a limit (FAIL; its result is a LimitRefusal). Console forms turn it
 * into INVALID on their amount field with `asFieldError`.
 */
export class PaymentLimitExceeded extends ApiError {
  constructor(readonly refusal: LimitRefusal) {
    super(ResultType.FAIL, `server.limits.${refusal.limit}`, messageValues(refusal), refusal);
    this.name = 'PaymentLimitExceeded';
  }

  /** The same refusal as the console's INVALID on `field`, in the caller's language. */
  asFieldError(t: Translate, field: string) {
    return fieldError(t, field, this.key, messageValues(this.refusal));
  }
}

/** A console form's catch: a payment limit's refusal as INVALID on `field`; anything else as it was. */
export const limitAtField =
  (t: Translate, field: string) =>
  (err: unknown): never => {
    if (err instanceof PaymentLimitExceeded) throw err.asFieldError(t, field);
    throw err;
  };

/** The amounts of a refusal; each reader's translator writes them in its language. */
function messageValues(r: LimitRefusal) {
  return {
    limit: moneyValue(r.limitAmount, r.currency),
    ...(r.remaining !== undefined ? { remaining: moneyValue(r.remaining, r.currency) } : {}),
  };
}

export interface LimitedPayment {
  companyId: number;
  amount: number;
  currency: string;
  paymentType: PaymentType;
  /** A use of a QR pre-order (a dynamic code). */
  fromPreOrder: boolean;
}

export type CompanyLimits = Pick<
  typeof companies.$inferSelect,
  | 'limitOffline'
  | 'limitOnline'
  | 'limitAutoDebit'
  | 'limitStaticCode'
  | 'limitDynamicCode'
  | 'limitLink'
  | 'limitAll'
>;

const limitColumns = {
  limitOffline: companies.limitOffline,
  limitOnline: companies.limitOnline,
  limitAutoDebit: companies.limitAutoDebit,
  limitStaticCode: companies.limitStaticCode,
  limitDynamicCode: companies.limitDynamicCode,
  limitLink: companies.limitLink,
  limitAll: companies.limitAll,
};

/** The absolute maximum and the per-payment limits of the payment's kind and channel. */
function assertPerPayment(limits: CompanyLimits, p: LimitedPayment) {
  const max = maxPaymentMinor(p.currency);
  if (p.amount > max)
    throw new PaymentLimitExceeded({
      errorCode: LIMIT_EXCEEDED,
      limit: 'paymentMax',
      limitAmount: max,
      currency: p.currency,
    });
  for (const field of paymentLimitFields(p.paymentType, p.fromPreOrder)) {
    const limit = limits[field];
    if (limit !== null && p.amount > limit)
      throw new PaymentLimitExceeded({
        errorCode: LIMIT_EXCEEDED,
        limit: field,
        limitAmount: limit,
        currency: p.currency,
      });
  }
}

/**
 * The per-payment checks alone, without a lock (a pre-order: each of its payments is checked
 * again, with the daily limit, when it becomes an order).
 */
export async function assertPaymentLimits(db: Executor, p: LimitedPayment): Promise<void> {
  const [limits] = await db.select(limitColumns).from(companies).where(eq(companies.id, p.companyId));
  if (!limits) throw notFound();
  assertPerPayment(limits, p);
}

/**
 * Locks the company's row for a new payment and reads its limits. FOR NO KEY UPDATE: payment
 * creations of one company queue here (with any number of server processes on one database),
 * while inserts elsewhere that only reference the company are not blocked. Held until the
 * transaction that inserts the order commits, so the day's total read by `assertNewPayment`
 * cannot change in between: two concurrent payments that each fit but together pass limitAll
 * never both pass.
 */
export async function lockCompanyLimits(tx: Tx, companyId: number): Promise<CompanyLimits> {
  const [limits] = await tx
    .select(limitColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
  if (!limits) throw notFound();
  return limits;
}

/** Every limit of a new payment, under `lockCompanyLimits` in the transaction that inserts it. */
export async function assertNewPayment(
  tx: Tx,
  timeZone: string,
  limits: CompanyLimits,
  p: LimitedPayment,
): Promise<void> {
  assertPerPayment(limits, p);
  if (limits.limitAll === null) return;
  const used = await dayTotal(tx, timeZone, p.companyId, p.currency);
  const remaining = BigInt(limits.limitAll) - used;
  if (BigInt(p.amount) > remaining)
    throw new PaymentLimitExceeded({
      errorCode: LIMIT_EXCEEDED,
      limit: 'limitAll',
      limitAmount: limits.limitAll,
      currency: p.currency,
      remaining: Number(remaining > 0n ? remaining : 0n),
    });
}

/** The sum of the company's counted payments in `currency` created in today's business day. */
export async function dayTotal(
  db: Executor,
  timeZone: string,
  companyId: number,
  currency: string,
  now = new Date(),
): Promise<bigint> {
  const start = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const [{ total }] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.amount}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.currency, currency),
        gte(orders.createdAt, start.toJSDate()),
        lt(orders.createdAt, start.plus({ days: 1 }).toJSDate()),
        inArray(orders.status, COUNTED_STATUSES),
      ),
    );
  return BigInt(total);
}
