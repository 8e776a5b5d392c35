import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import type { Status } from '../../../src/contract/fields';
import type {
  OperatorPageQuery,
  OperatorRow,
  OperatorSaved,
  OperatorSaveInput,
  PasswordReset,
} from '../../../src/contract/operators';
import { canManageRole } from '../../../src/contract/capabilities';
import type { OperatorType } from '../../../src/contract/roles';
import { operators, passwordHistory } from '../../db/schema';
import type { Tx } from '../../db/client';
import { noAccess, scopeOfCaller, toggleStatus, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { duplicate, fieldError, limitOffset, orderBy, pageOf } from '../../platform/lists';
import { md5Upper } from '../../platform/passwords';
import { revokeOperatorSessions } from '../../platform/session';
import { findOperators, operatorRows, operatorValueTaken, pageWhere, SORTABLE } from './queries';
import { placementFor } from './placement';
import { unenrolMfa } from '../auth';

export async function operatorPage(c: Caller, q: OperatorPageQuery): Promise<Page<OperatorRow>> {
  const db = c.deps.db;
  const order = orderBy(c.t, q, SORTABLE, 'id', operators.id);
  const { limit, offset } = limitOffset(q);
  const { records, total } = await operatorRows(db, pageWhere(db, scopeOfCaller(c), q), order, limit, offset);
  return pageOf(records, total, q);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time password the rules accept: letters and digits, at least the configured length. */
export function generatePassword(minLength: number): string {
  const length = Math.max(14, minLength);
  for (;;) {
    const p = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/[A-Za-z]/.test(p) && /[0-9]/.test(p)) return p;
  }
}

/** The account by id in scope, and one the caller may manage (a role below its own, not itself). */
async function manageable(c: Caller, tx: Tx, id: number): Promise<OperatorRow> {
  const [row] = await findOperators(tx, scopeOfCaller(c), [id], true);
  if (!row) throw notFound();
  if (row.id === c.principal.operatorId || !canManageRole(c.principal, row.operatorType)) {
    throw noAccess();
  }
  return row;
}

export async function operatorSave(c: Caller, input: OperatorSaveInput): Promise<OperatorSaved> {
  const { deps, t } = c;
  const initialPassword = input.id ? null : generatePassword(deps.config.passwordMinLength);
  // Argon2 outside the transaction: slow on purpose.
  const hash = initialPassword ? await deps.hasher.hash(md5Upper(initialPassword)) : null;
  return write(c, 'operator', input.id ?? 'new', async (tx, audit, scope) => {
    const before = input.id ? await manageable(c, tx, input.id) : undefined;
    const role = input.operatorType as OperatorType;
    if (!canManageRole(c.principal, role)) throw noAccess();
    if (before && before.loginId !== input.loginId) throw fieldError(t, 'loginId', 'validation.fixed');
    const place = await placementFor(tx, t, scope, role, input);
    if (!before && (await operatorValueTaken(tx, 'loginId', input.loginId, null)))
      throw duplicate(t, 'loginId');
    if (await operatorValueTaken(tx, 'mobile', input.mobile, input.id ?? null)) throw duplicate(t, 'mobile');
    const values = {
      userName: input.userName,
      email: input.email,
      mobile: input.mobile,
      title: input.title,
      operatorType: role,
      workingLanguage: input.workingLanguage,
      ...place,
    };
    const now = new Date();
    let id = input.id;
    if (before) {
      await tx
        .update(operators)
        .set({ ...values, updatedAt: now })
        .where(eq(operators.id, before.id));
      // A change of role or organisation takes effect at once: the account logs in again.
      if (
        before.operatorType !== role ||
        before.companyId !== place.companyId ||
        before.agentId !== place.agentId
      ) {
        await revokeOperatorSessions(tx, before.id, undefined, now);
      }
    } else {
      const [row] = await tx
        .insert(operators)
        .values({
          ...values,
          loginId: input.loginId,
          passwordHash: hash!,
          refundPasswordHash: hash!,
          mustChangePassword: true,
          mustChangeRefundPassword: true,
        })
        .returning({ id: operators.id });
      id = row.id;
      await tx.insert(passwordHistory).values([
        { operatorId: id, kind: 'login', hash: hash! },
        { operatorId: id, kind: 'refund', hash: hash! },
      ]);
    }
    const [after] = await findOperators(tx, { level: 'system' }, [id!]);
    await audit({
      objectType: 'operator',
      objectId: id!,
      action: before ? 'update' : 'create',
      before,
      after,
    });
    return { operator: after, initialPassword };
  });
}

/** Locking ends the account's sessions at once. */
export function operatorStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'operator', id, status, {
    find: (tx) => manageable(c, tx, id),
    update: async (tx, now) => {
      await tx.update(operators).set({ status, updatedAt: now }).where(eq(operators.id, id));
    },
    after: async (tx, now) => {
      if (status === 'locked') await revokeOperatorSessions(tx, id, undefined, now);
    },
  });
}

/** All or nothing: every id must be in scope and manageable. */
export async function operatorDelete(c: Caller, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return write(c, 'operator', unique, async (tx, audit) => {
    const rows: OperatorRow[] = [];
    for (const id of unique) rows.push(await manageable(c, tx, id));
    await tx.delete(operators).where(inArray(operators.id, unique));
    for (const row of rows)
      await audit({ objectType: 'operator', objectId: row.id, action: 'delete', before: row });
    return { deleted: rows.length };
  });
}

/**
 * An administrator's reset: a new password shown once, to be changed at the next login. A
 * login password reset ends the account's sessions.
 */
export async function operatorPasswordReset(
  c: Caller,
  id: number,
  kind: 'login' | 'refund',
): Promise<PasswordReset> {
  const password = generatePassword(c.deps.config.passwordMinLength);
  const hash = await c.deps.hasher.hash(md5Upper(password));
  return write(c, 'operator', id, async (tx, audit) => {
    await manageable(c, tx, id);
    const now = new Date();
    await tx
      .update(operators)
      .set(
        kind === 'login'
          ? {
              passwordHash: hash,
              passwordChangedAt: now,
              mustChangePassword: true,
              failedLoginCount: 0,
              lockedUntil: null,
            }
          : {
              refundPasswordHash: hash,
              mustChangeRefundPassword: true,
              refundFailedCount: 0,
              refundLockedUntil: null,
            },
      )
      .where(eq(operators.id, id));
    await tx.insert(passwordHistory).values({ operatorId: id, kind, hash, createdAt: now });
    if (kind === 'login') await revokeOperatorSessions(tx, id, undefined, now);
    await audit({ objectType: 'operator', objectId: id, action: 'passwordReset', after: { kind } });
    return { id, password };
  });
}

/**
 * An administrator's MFA reset (lost authenticator): the same rule as a password reset (an
 * account the caller may manage, in scope). The authenticator and recovery codes are removed
 * and the account's sessions end; at its next login it enrols again if its role requires MFA.
 */
export function operatorMfaReset(c: Caller, id: number): Promise<{ id: number }> {
  return write(c, 'operator', id, async (tx, audit) => {
    await manageable(c, tx, id);
    const now = new Date();
    await unenrolMfa(tx, id, now);
    await revokeOperatorSessions(tx, id, undefined, now);
    await audit({ objectType: 'operator', objectId: id, action: 'mfaReset' });
    return { id };
  });
}
