import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginHistory, operators } from '../../db/schema';
import { selectPrincipal, toPrincipal, type Principal } from '../../platform/principal';
import type { LoginFailureReason } from '../../../src/contract/loginHistory';

export interface LoginCandidate {
  principal: Principal;
  passwordHash: string;
  lockedUntil: Date | null;
}

export async function findLoginCandidate(db: Executor, loginId: string): Promise<LoginCandidate | null> {
  const [row] = await selectPrincipal(db, {
    passwordHash: operators.passwordHash,
    lockedUntil: operators.lockedUntil,
  })
    .where(eq(operators.loginId, loginId))
    .limit(1);
  if (!row) return null;
  return { principal: toPrincipal(row), passwordHash: row.passwordHash, lockedUntil: row.lockedUntil };
}

export interface LoginAttempt {
  loginId: string;
  operatorId: number | null;
  success: boolean;
  reason: LoginFailureReason | null;
  ip: string;
  userAgent: string;
  createdAt?: Date;
}

export async function recordLoginAttempt(db: Executor, attempt: LoginAttempt) {
  await db.insert(loginHistory).values({ ...attempt, loginId: attempt.loginId.slice(0, 40) });
}

/**
 * The lockout is counted in `failed_login_count` and decided in single UPDATE statements on
 * the account's row (PostgreSQL locks the row for each, and a statement that waited re-reads
 * the row it waited for), so it holds for any number of concurrent attempts on any number of
 * server processes:
 * - an attempt is counted (a slot reserved) BEFORE its password is checked, and only while
 *   fewer than `maxFailures` are counted; so at most that many checks are spent before a lock;
 * - an attempt finding every slot taken locks the account (more attempts at once than the
 *   limit is a guessing burst, whatever those in flight turn out to be);
 * - a wrong password keeps its count and, once the count reaches the limit, locks:
 *   `locked_until = greatest(locked_until, now + lock)`: a failure never shortens or clears a
 *   lock;
 * - a right password is let in only while the account is not locked, and then forgets its own
 *   count and those counted before it (attempts counted after it stay counted).
 * A lock that has run out is cleared by the next attempt, which starts the count again.
 */
export type Reservation =
  | { reserved: true; slot: number }
  | { reserved: false; lockedUntil: Date }
  /** The account was deleted meanwhile. */
  | null;

export async function reserveAttempt(
  db: Executor,
  operatorId: number,
  maxFailures: number,
  now: Date,
  lockUntil: Date,
): Promise<Reservation> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const until = sql`${lockUntil.toISOString()}::timestamptz`;
  const locked = sql`(${operators.lockedUntil} IS NOT NULL AND ${operators.lockedUntil} > ${at})`;
  const expired = sql`(${operators.lockedUntil} IS NOT NULL AND ${operators.lockedUntil} <= ${at})`;
  const [row] = await db
    .update(operators)
    .set({
      failedLoginCount: sql`(CASE WHEN ${locked} THEN ${operators.failedLoginCount}
        WHEN ${expired} THEN 1
        WHEN ${operators.failedLoginCount} < ${maxFailures} THEN ${operators.failedLoginCount} + 1
        ELSE ${operators.failedLoginCount} END)`,
      lockedUntil: sql`(CASE WHEN ${locked} THEN ${operators.lockedUntil}
        WHEN ${expired} THEN NULL
        WHEN ${operators.failedLoginCount} < ${maxFailures} THEN NULL
        ELSE ${until} END)`,
    })
    .where(eq(operators.id, operatorId))
    .returning({ count: operators.failedLoginCount, lockedUntil: operators.lockedUntil });
  if (!row) return null;
  if (row.lockedUntil && row.lockedUntil > now) return { reserved: false, lockedUntil: row.lockedUntil };
  return { reserved: true, slot: row.count };
}

/** A wrong password: its slot stays counted; at the limit the account locks (never shorter). */
export async function registerFailure(
  db: Executor,
  operatorId: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const until = sql`${lockUntil.toISOString()}::timestamptz`;
  const [row] = await db
    .update(operators)
    .set({
      lockedUntil: sql`(CASE WHEN ${operators.failedLoginCount} >= ${maxFailures}
        THEN greatest(${operators.lockedUntil}, ${until}) ELSE ${operators.lockedUntil} END)`,
    })
    .where(eq(operators.id, operatorId))
    .returning({ failures: operators.failedLoginCount, lockedUntil: operators.lockedUntil });
  return row ?? { failures: 0, lockedUntil: null };
}

/**
 * A right password: unless the account is locked now, forgets the attempt's slot and those
 * before it. Returns the lock otherwise (the attempt is refused).
 */
export async function settleSuccess(
  db: Executor,
  operatorId: number,
  slot: number,
  now: Date,
): Promise<{ lockedUntil: Date | null }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [settled] = await db
    .update(operators)
    .set({ failedLoginCount: sql`greatest(${operators.failedLoginCount} - ${slot}, 0)`, lockedUntil: null })
    .where(
      and(
        eq(operators.id, operatorId),
        sql`(${operators.lockedUntil} IS NULL OR ${operators.lockedUntil} <= ${at})`,
      ),
    )
    .returning({ id: operators.id });
  if (settled) return { lockedUntil: null };
  const [row] = await db
    .select({ lockedUntil: operators.lockedUntil })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return { lockedUntil: row?.lockedUntil ?? now };
}
