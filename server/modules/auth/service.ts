import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { ResultType } from '../../../src/contract/envelope';
import type { LoginInput } from '../../../src/contract/auth';
import { renderMessage, type Translate } from '../../../src/i18n';
import { message } from '../../../src/contract/validation';
import type { Deps } from '../../platform/deps';
import { ApiError, fail } from '../../platform/envelope';
import { menuOf } from '../../platform/access';
import type { Principal } from '../../platform/principal';
import { clientAgent, clientIp, createSession, type SessionInfo } from '../../platform/session';
import { clearFailures, findLoginCandidate, recordLoginAttempt, registerFailure } from './queries';

export interface LoginOutcome {
  principal: Principal;
  session: SessionInfo;
  menu: string[];
}

const formatUntil = (until: Date, zone: string) =>
  DateTime.fromJSDate(until).setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss');

function lockedError(until: Date, zone: string) {
  return fail(
    'server.auth.locked',
    { until: formatUntil(until, zone) },
    { lockedUntil: until.toISOString() },
  );
}

/**
 * Checks captcha, lock and password, in that order, writing one login_history row per
 * attempt. A wrong login id and a wrong password get the same answer.
 */
export async function login(
  deps: Deps,
  input: LoginInput,
  req: FastifyRequest,
  t: Translate,
): Promise<LoginOutcome> {
  const { db, config, hasher, captchas } = deps;
  const now = new Date();
  const attempt = { loginId: input.login_id, ip: clientIp(req), userAgent: clientAgent(req) };

  if (config.captcha && !input.verycode) {
    const text = renderMessage(t, { ...message('validation.required'), values: { field: 'verycode' } });
    throw new ApiError(ResultType.INVALID, '', {}, undefined, { verycode: text }, text);
  }

  const candidate = await findLoginCandidate(db, input.login_id);
  const operatorId = candidate?.principal.operatorId ?? null;
  const refuse = async (reason: 'badCredentials' | 'badCaptcha' | 'locked' | 'disabled') =>
    recordLoginAttempt(db, { ...attempt, operatorId, success: false, reason });

  if (config.captcha && !captchas.consume(input.captchaId, input.verycode)) {
    await refuse('badCaptcha');
    throw fail('server.auth.badCaptcha');
  }
  if (!candidate) {
    await hasher.burn(input.password);
    await refuse('badCredentials');
    throw fail('server.auth.badCredentials');
  }
  if (candidate.lockedUntil && candidate.lockedUntil > now) {
    await refuse('locked');
    throw lockedError(candidate.lockedUntil, config.timeZone);
  }
  if (!(await hasher.verify(candidate.passwordHash, input.password))) {
    const lockUntil = new Date(now.getTime() + config.loginLockMinutes * 60_000);
    const after = await registerFailure(
      db,
      candidate.principal.operatorId,
      config.loginMaxFailures,
      lockUntil,
    );
    await refuse('badCredentials');
    if (after.lockedUntil) throw lockedError(after.lockedUntil, config.timeZone);
    throw fail('server.auth.badCredentials');
  }
  const { principal } = candidate;
  if (principal.status !== 'active' || principal.organisationLocked) {
    await refuse('disabled');
    throw fail('server.auth.disabled');
  }
  return db.transaction(async (tx) => {
    await clearFailures(tx, principal.operatorId);
    await recordLoginAttempt(tx, { ...attempt, operatorId, success: true, reason: null, createdAt: now });
    const session = await createSession(tx, config, principal.operatorId, req, now);
    return { principal, session, menu: await menuOf(tx, principal.operatorType) };
  });
}
