import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { ResultType } from '../../../src/contract/envelope';
import type { LoginInput } from '../../../src/contract/auth';
import { renderMessage, type Translate } from '../../../src/i18n';
import { message } from '../../../src/contract/validation';
import { mfaRequiredFor } from '../../../src/contract/roles';
import type { WorkingLanguage } from '../../../src/contract/locale';
import { eq } from 'drizzle-orm';
import { operators } from '../../db/schema';
import { actorOf, recordAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { ApiError, fail } from '../../platform/envelope';
import { menuOf } from '../../platform/access';
import type { Principal } from '../../platform/principal';
import { clientAgent, clientIp, createSession, type SessionInfo } from '../../platform/session';
import { limitAddress } from '../../platform/rateLimit';
import {
  findLoginCandidate,
  recordLoginAttempt,
  registerFailure,
  reserveAttempt,
  settleSuccess,
} from './queries';

export interface LoginOutcome {
  principal: Principal;
  session: SessionInfo;
  menu: string[];
}

const formatUntil = (until: Date, zone: string) =>
  DateTime.fromJSDate(until).setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss');

export function lockedError(until: Date, zone: string) {
  return fail(
    'server.auth.locked',
    { until: formatUntil(until, zone) },
    { lockedUntil: until.toISOString() },
  );
}

/**
 * Checks the address's rate, the captcha, the lock and the password, in that order, writing
 * one login_history row per attempt (not for a rate-limited call: it is refused before any of
 * it is read). A wrong login id and a wrong password get the same answer. The lockout is
 * counted on the account's row before the password is checked (./queries.ts), so concurrent
 * attempts on any number of server processes get at most `loginMaxFailures` checks.
 * The session of a right password owes its second factor when the account has enrolled one
 * ('verify') or its role requires one ('enrol'): see ./mfa.ts.
 */
export async function login(
  deps: Deps,
  input: LoginInput,
  req: FastifyRequest,
  t: Translate,
): Promise<LoginOutcome> {
  const { db, config, captchas } = deps;
  await limitAddress(db, config, 'login', req);
  const now = new Date();
  const attempt = { loginId: input.login_id, ip: clientIp(req), userAgent: clientAgent(req) };

  if (config.captcha && !input.verycode) {
    const text = renderMessage(t, { ...message('validation.required'), values: { field: 'verycode' } });
    throw new ApiError(ResultType.INVALID, 'server.badRequest', {}, undefined, { verycode: text }, text);
  }

  const candidate = await findLoginCandidate(db, input.login_id);
  const operatorId = candidate?.principal.operatorId ?? null;
  const refuse = async (reason: 'badCredentials' | 'badCaptcha' | 'locked' | 'disabled') =>
    recordLoginAttempt(db, { ...attempt, operatorId, success: false, reason });
  const badCredentials = async () => {
    await refuse('badCredentials');
    return fail('server.auth.badCredentials');
  };

  if (config.captcha && !(await captchas.consume(input.captchaId, input.verycode))) {
    await refuse('badCaptcha');
    throw fail('server.auth.badCaptcha');
  }
  if (!candidate) {
    await deps.hasher.burn(input.password);
    throw await badCredentials();
  }
  const lockUntil = new Date(now.getTime() + config.loginLockMinutes * 60_000);
  const reservation = await reserveAttempt(
    db,
    candidate.principal.operatorId,
    config.loginMaxFailures,
    now,
    lockUntil,
  );
  if (!reservation) throw await badCredentials();
  if (!reservation.reserved) {
    await refuse('locked');
    throw lockedError(reservation.lockedUntil, config.timeZone);
  }
  // Argon2 runs outside any transaction and row lock: the slot is already counted.
  if (!(await deps.hasher.verify(candidate.passwordHash, input.password))) {
    const after = await registerFailure(
      db,
      candidate.principal.operatorId,
      config.loginMaxFailures,
      lockUntil,
    );
    await refuse('badCredentials');
    if (after.lockedUntil && after.lockedUntil > now) throw lockedError(after.lockedUntil, config.timeZone);
    throw fail('server.auth.badCredentials');
  }
  const chosen = input.workingLanguage as WorkingLanguage | undefined;
  const principal =
    chosen && chosen !== candidate.principal.workingLanguage
      ? { ...candidate.principal, workingLanguage: chosen }
      : candidate.principal;
  const outcome = await db.transaction(async (tx) => {
    const settled = await settleSuccess(tx, principal.operatorId, reservation.slot, now);
    if (settled.lockedUntil) {
      await recordLoginAttempt(tx, { ...attempt, operatorId, success: false, reason: 'locked' });
      return { refused: lockedError(settled.lockedUntil, config.timeZone) };
    }
    if (principal.status !== 'active' || principal.organisationLocked) {
      await recordLoginAttempt(tx, { ...attempt, operatorId, success: false, reason: 'disabled' });
      return { refused: fail('server.auth.disabled') };
    }
    await recordLoginAttempt(tx, { ...attempt, operatorId, success: true, reason: null, createdAt: now });
    if (principal !== candidate.principal) {
      // The language chosen on the login page is the account's language from now on.
      await tx
        .update(operators)
        .set({ workingLanguage: principal.workingLanguage })
        .where(eq(operators.id, principal.operatorId));
      await recordAudit(tx, actorOf(principal, req), {
        objectType: 'operator',
        objectId: principal.operatorId,
        action: 'update',
        before: { workingLanguage: candidate.principal.workingLanguage },
        after: { workingLanguage: principal.workingLanguage },
      });
    }
    // The second factor comes before everything else, the password change included.
    const secondFactor = principal.mfaEnrolled
      ? 'verify'
      : mfaRequiredFor(principal.operatorType)
        ? 'enrol'
        : null;
    const session = await createSession(tx, config, principal.operatorId, req, now, secondFactor);
    return { principal, session, menu: secondFactor ? [] : await menuOf(tx, principal.operatorType) };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
