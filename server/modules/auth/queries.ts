import { eq, sql } from 'drizzle-orm';
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
 * One more consecutive failure, atomically (parallel attempts all count). Reaching the
 * limit locks the account until `lockUntil`. Called only when the account is not locked,
 * so a past lock means its counter starts again.
 */
export async function registerFailure(
  db: Executor,
  operatorId: number,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const next = sql`(CASE WHEN ${operators.lockedUntil} IS NULL THEN ${operators.failedLoginCount} + 1 ELSE 1 END)`;
  const [row] = await db
    .update(operators)
    .set({
      failedLoginCount: next,
      lockedUntil: sql`(CASE WHEN ${next} >= ${maxFailures} THEN ${lockUntil.toISOString()}::timestamptz ELSE NULL END)`,
    })
    .where(eq(operators.id, operatorId))
    .returning({ failures: operators.failedLoginCount, lockedUntil: operators.lockedUntil });
  return row;
}

export async function clearFailures(db: Executor, operatorId: number) {
  await db
    .update(operators)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(eq(operators.id, operatorId));
}
