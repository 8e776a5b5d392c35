import type { FastifyRequest } from 'fastify';
import type { PasswordChangeInput, Profile } from '../../../src/contract/account';
import { actorOf, recordAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { fail } from '../../platform/envelope';
import { fieldError } from '../../platform/lists';
import { passwordChecks, passwordPolicy } from '../../../src/contract/passwords';
import type { Translate } from '../../../src/i18n';
import { md5Upper } from '../../platform/passwords';
import { findPrincipal, type Principal } from '../../platform/principal';
import { createSession, revokeOperatorSessions, type SessionInfo } from '../../platform/session';
import { operators } from '../../db/schema';
import { eq } from 'drizzle-orm';
import {
  accountDates,
  currentSecret,
  previousLogin,
  recentSecrets,
  storeSecret,
  updateProfile,
  type SecretKind,
} from './queries';

/**
 * The contract's password rules (src/contract/passwords.ts) under this deployment's minimum
 * length, then the account's history; a refusal is INVALID at the new password's field.
 */
async function checkNewSecret(deps: Deps, t: Translate, operatorId: number, kind: SecretKind, plain: string) {
  const policy = passwordPolicy(deps.config.passwordMinLength);
  const checks = passwordChecks(plain, policy);
  if (plain.length < policy.minLength)
    throw fieldError(t, 'newPassword', 'server.account.tooShort', { min: policy.minLength });
  if (!checks.letterAndDigit) throw fieldError(t, 'newPassword', 'server.account.letterAndDigit');
  const digest = md5Upper(plain);
  const earlier = [
    await currentSecret(deps.db, operatorId, kind),
    ...(await recentSecrets(deps.db, operatorId, kind)),
  ];
  for (const hash of new Set(earlier)) {
    if (await deps.hasher.verify(hash, digest))
      throw fieldError(t, 'newPassword', 'server.account.reused', { count: policy.history });
  }
  return digest;
}

/**
 * Changes the login or refund password. A login password change ends every session of the
 * account and opens a new one for this browser; a refund password change ends them all.
 */
export async function changeSecret(
  deps: Deps,
  principal: Principal,
  kind: SecretKind,
  input: PasswordChangeInput,
  req: FastifyRequest,
  t: Translate,
): Promise<SessionInfo | null> {
  const { db, hasher } = deps;
  const current = await currentSecret(db, principal.operatorId, kind);
  if (!(await hasher.verify(current, input.oldPassword)))
    throw fieldError(t, 'oldPassword', 'server.account.wrongOldPassword');
  const digest = await checkNewSecret(deps, t, principal.operatorId, kind, input.newPassword);
  const hash = await hasher.hash(digest);
  const now = new Date();
  return db.transaction(async (tx) => {
    await storeSecret(tx, principal.operatorId, kind, hash, now);
    await revokeOperatorSessions(tx, principal.operatorId, undefined, now);
    // The secret itself never reaches the log: only which one changed.
    await recordAudit(tx, actorOf(principal, req), {
      objectType: 'operator',
      objectId: principal.operatorId,
      action: 'update',
      after: { changed: kind === 'login' ? 'loginPassword' : 'refundPassword' },
    });
    return kind === 'login' ? createSession(tx, deps.config, principal.operatorId, req, now) : null;
  });
}

/** Self-service profile change (name, email, mobile, language), with its audit row. */
export async function saveOwnProfile(
  deps: Deps,
  principal: Principal,
  req: FastifyRequest,
  values: { userName?: string; email?: string; mobile?: string; workingLanguage?: string },
) {
  const before = await profileOf(deps, principal.operatorId);
  const fields = Object.keys(values) as (keyof typeof values)[];
  await deps.db.transaction(async (tx) => {
    await updateProfile(tx, principal.operatorId, values);
    await recordAudit(tx, actorOf(principal, req), {
      objectType: 'operator',
      objectId: principal.operatorId,
      action: 'update',
      before: Object.fromEntries(fields.map((f) => [f, before[f]])),
      after: values,
    });
  });
}

export async function profileOf(deps: Deps, operatorId: number): Promise<Profile> {
  const p = await findPrincipal(deps.db, eq(operators.id, operatorId));
  if (!p) throw fail('server.notFound');
  const dates = await accountDates(deps.db, operatorId);
  const last = await previousLogin(deps.db, operatorId);
  return {
    loginId: p.loginId,
    userName: p.userName,
    email: p.email,
    mobile: p.mobile,
    workingLanguage: p.workingLanguage,
    operatorType: p.operatorType,
    serviceProviderName: p.serviceProviderName,
    agentName: p.agentName,
    companyName: p.companyName,
    branchUnitName: p.branchUnitName,
    createdAt: dates.createdAt.toISOString(),
    passwordChangedAt: dates.passwordChangedAt.toISOString(),
    lastLogin: last
      ? { createdAt: last.createdAt.toISOString(), ip: last.ip, userAgent: last.userAgent }
      : null,
    mfaEnrolled: p.mfaEnrolled,
  };
}
