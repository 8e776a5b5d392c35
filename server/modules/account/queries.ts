import { PASSWORD_HISTORY } from '../../../src/contract/passwords';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginHistory, operators, passwordHistory } from '../../db/schema';

export type SecretKind = 'login' | 'refund';
/** How many earlier secrets of a kind a new one may not repeat. */
/** The contract's history rule: the last PASSWORD_HISTORY secrets of a kind are kept. */
export const HISTORY_DEPTH = PASSWORD_HISTORY;

export async function currentSecret(
  db: Executor,
  operatorId: number,
  kind: SecretKind,
): Promise<string | null> {
  const [row] = await db
    .select({ login: operators.passwordHash, refund: operators.refundPasswordHash })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return row ? row[kind] : null;
}

export async function recentSecrets(db: Executor, operatorId: number, kind: SecretKind): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.hash })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.operatorId, operatorId), eq(passwordHistory.kind, kind)))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(HISTORY_DEPTH);
  return rows.map((r) => r.hash);
}

/** Stores a new secret and its history entry, keeping only the last HISTORY_DEPTH of that kind. */
export async function storeSecret(
  db: Executor,
  operatorId: number,
  kind: SecretKind,
  hash: string,
  now: Date,
) {
  await db
    .update(operators)
    .set(
      kind === 'login'
        ? { passwordHash: hash, passwordChangedAt: now, mustChangePassword: false, failedLoginCount: 0 }
        : {
            refundPasswordHash: hash,
            refundFailedCount: 0,
            refundLockedUntil: null,
            mustChangeRefundPassword: false,
          },
    )
    .where(eq(operators.id, operatorId));
  await db.insert(passwordHistory).values({ operatorId, kind, hash, createdAt: now });
  const keep = await db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.operatorId, operatorId), eq(passwordHistory.kind, kind)))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(HISTORY_DEPTH);
  await db.delete(passwordHistory).where(
    and(
      eq(passwordHistory.operatorId, operatorId),
      eq(passwordHistory.kind, kind),
      notInArray(
        passwordHistory.id,
        keep.map((k) => k.id),
      ),
    ),
  );
}

export async function accountDates(db: Executor, operatorId: number) {
  const [row] = await db
    .select({ createdAt: operators.createdAt, passwordChangedAt: operators.passwordChangedAt })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return row;
}

/** The successful login before the latest one, i.e. the one before the current session. */
export async function previousLogin(db: Executor, operatorId: number) {
  const rows = await db
    .select({ createdAt: loginHistory.createdAt, ip: loginHistory.ip, userAgent: loginHistory.userAgent })
    .from(loginHistory)
    .where(and(eq(loginHistory.operatorId, operatorId), eq(loginHistory.success, true)))
    .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
    .limit(2);
  return rows[1] ?? null;
}

export async function updateProfile(
  db: Executor,
  operatorId: number,
  values: { userName?: string; email?: string; mobile?: string; workingLanguage?: string },
) {
  await db.update(operators).set(values).where(eq(operators.id, operatorId));
}
