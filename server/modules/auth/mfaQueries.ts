import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mfaRecoveryCodes, operators, sessions } from '../../db/schema';
import { sha256 } from '../../platform/secrets';

export interface MfaAccount {
  passwordHash: string;
  /** Encrypted base32 secret, null when not enrolled. */
  mfaSecret: string | null;
  mfaLastStep: number | null;
}

export async function mfaAccountOf(db: Executor, operatorId: number): Promise<MfaAccount | null> {
  const [row] = await db
    .select({
      passwordHash: operators.passwordHash,
      mfaSecret: operators.mfaSecret,
      mfaLastStep: operators.mfaLastStep,
    })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return row ?? null;
}

/**
 * Takes the time step of an accepted code, in one statement: only a step after the last one
 * taken, so of two concurrent requests with the same code at most one is let in.
 */
export async function takeTimeStep(db: Executor, operatorId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ mfaLastStep: step })
    .where(
      and(
        eq(operators.id, operatorId),
        sql`(${operators.mfaLastStep} IS NULL OR ${operators.mfaLastStep} < ${step})`,
      ),
    )
    .returning({ id: operators.id });
  return rows.length > 0;
}

/** Uses up a recovery code, in one statement (so a code is accepted once, however many try it). */
export async function spendRecoveryCode(
  db: Executor,
  operatorId: number,
  normalised: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.operatorId, operatorId),
        eq(mfaRecoveryCodes.codeHash, sha256(normalised)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function pendingSecretOf(db: Executor, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ secret: sessions.mfaPendingSecret })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.secret ?? null;
}

export async function setPendingSecret(db: Executor, sessionId: number, encrypted: string) {
  await db.update(sessions).set({ mfaPendingSecret: encrypted }).where(eq(sessions.id, sessionId));
}

/** The session owes nothing more: fully signed in (and no enrolment pending). */
export async function completeSecondFactor(db: Executor, sessionId: number) {
  await db
    .update(sessions)
    .set({ secondFactor: null, mfaPendingSecret: null })
    .where(eq(sessions.id, sessionId));
}

/** Enrols the account with the secret (only if not enrolled), replacing any recovery codes. */
export async function enrol(
  db: Executor,
  operatorId: number,
  encryptedSecret: string,
  step: number,
  recoveryCodes: readonly string[],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ mfaSecret: encryptedSecret, mfaEnrolledAt: now, mfaLastStep: step, updatedAt: now })
    .where(and(eq(operators.id, operatorId), isNull(operators.mfaEnrolledAt)))
    .returning({ id: operators.id });
  if (rows.length === 0) return false;
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.operatorId, operatorId));
  await db
    .insert(mfaRecoveryCodes)
    .values(recoveryCodes.map((code) => ({ operatorId, codeHash: sha256(code), createdAt: now })));
  return true;
}

/** Removes the account's second factor (its own switch-off or an administrator's reset). */
export async function unenrol(db: Executor, operatorId: number, now: Date) {
  await db
    .update(operators)
    .set({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, updatedAt: now })
    .where(eq(operators.id, operatorId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.operatorId, operatorId));
}
