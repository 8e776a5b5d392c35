import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  TOTP_CODE,
  type MfaCodeInput,
  type MfaDisableInput,
  type MfaEnrolled,
  type MfaEnrolment,
  type UserInfo,
} from '../../../src/contract/auth';
import { mfaRequiredFor } from '../../../src/contract/roles';
import { menuOf } from '../../platform/access';
import { actorOf, recordAudit } from '../../platform/audit';
import type { Caller } from '../../platform/caller';
import { fail } from '../../platform/envelope';
import { userInfoOf } from '../../platform/principal';
import { clientAgent, clientIp, revokeSession, type SessionInfo } from '../../platform/session';
import {
  completeSecondFactor,
  enrol,
  mfaAccountOf,
  pendingSecretOf,
  setPendingSecret,
  takeTimeStep,
  unenrol,
  spendRecoveryCode,
} from './mfaQueries';
import { recordLoginAttempt, registerFailure, reserveAttempt, settleSuccess } from './queries';
import { lockedError } from './service';

/** RFC 6238 defaults (what every authenticator app uses): 30 s steps, 6 digits, SHA-1. */
const STEP_SECONDS = 30;
const ISSUER = 'Kessai';

/** The session's caller: who, and the session the MFA calls act on. */
export interface MfaCaller extends Caller {
  session: SessionInfo;
}

/**
 * The time step of a right TOTP code: within one step either side of now (clock drift), and
 * after `lastStep` (a code once accepted is never accepted again). Null otherwise.
 */
export async function totpStep(secret: string, otp: string, lastStep: number | null): Promise<number | null> {
  if (!TOTP_CODE.test(otp)) return null;
  const result = await verify({
    secret,
    token: otp,
    epochTolerance: STEP_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A TOTP code (taking its time step) or an unused recovery code of the account. */
async function checkCode(c: Caller, operatorId: number, otp: string, now: Date): Promise<boolean> {
  const { db, secrets } = c.deps;
  const account = await mfaAccountOf(db, operatorId);
  if (!account?.mfaSecret) return false;
  if (TOTP_CODE.test(otp)) {
    const step = await totpStep(secrets.decrypt(account.mfaSecret), otp, account.mfaLastStep);
    return step !== null && (await takeTimeStep(db, operatorId, step));
  }
  return spendRecoveryCode(db, operatorId, normaliseRecoveryCode(otp), now);
}

/**
 * Checks `check` under the login lockout (./queries.ts): the attempt is counted before the
 * check, so concurrent guesses get at most `loginMaxFailures` checks before the account locks;
 * a right answer forgets the count. Throws the lock (after `onLocked`) or `wrong`.
 */
async function underLockout(
  c: Caller,
  check: () => Promise<boolean>,
  wrong: () => Error,
  onLocked: () => Promise<void>,
): Promise<void> {
  const { db, config } = c.deps;
  const operatorId = c.principal.operatorId;
  const now = new Date();
  const lockUntil = new Date(now.getTime() + config.loginLockMinutes * 60_000);
  const attempt = {
    loginId: c.principal.loginId,
    operatorId,
    ip: clientIp(c.req),
    userAgent: clientAgent(c.req),
  };
  const locked = async (until: Date) => {
    await onLocked();
    return lockedError(until, config.timeZone);
  };
  const reservation = await reserveAttempt(db, operatorId, config.loginMaxFailures, now, lockUntil);
  if (!reservation) throw wrong();
  if (!reservation.reserved) {
    await recordLoginAttempt(db, { ...attempt, success: false, reason: 'locked' });
    throw await locked(reservation.lockedUntil);
  }
  if (!(await check())) {
    const after = await registerFailure(db, operatorId, config.loginMaxFailures, lockUntil);
    await recordLoginAttempt(db, { ...attempt, success: false, reason: 'badSecondFactor' });
    if (after.lockedUntil && after.lockedUntil > now) throw await locked(after.lockedUntil);
    throw wrong();
  }
  const settled = await settleSuccess(db, operatorId, reservation.slot, now);
  if (settled.lockedUntil) throw await locked(settled.lockedUntil);
}

const userOf = (c: Caller, secondFactor: SessionInfo['secondFactor'], enrolled: boolean): UserInfo =>
  userInfoOf({ ...c.principal, mfaEnrolled: enrolled }, c.deps.config, secondFactor);

/**
 * /auth/mfa/verify: the second factor of a session that owes it. Wrong codes count toward the
 * login lockout; the lock ends this session (the console goes back to the login page).
 */
export async function verifySecondFactor(
  c: MfaCaller,
  input: MfaCodeInput,
): Promise<{ user: UserInfo; menu: string[] }> {
  if (c.session.secondFactor !== 'verify') throw fail('server.mfa.notPending');
  const operatorId = c.principal.operatorId;
  await underLockout(
    c,
    () => checkCode(c, operatorId, input.otp, new Date()),
    () => fail('server.mfa.badCode'),
    () => revokeSession(c.deps.db, c.session.sessionId),
  );
  await completeSecondFactor(c.deps.db, c.session.sessionId);
  return {
    user: userOf(c, null, true),
    menu: await menuOf(c.deps.db, c.principal.operatorType),
  };
}

/**
 * /auth/mfa/enrol/start: a new secret for this session's enrolment (an earlier one started in
 * it is replaced), kept encrypted on the session until confirmed. Open to a session that must
 * enrol and to a signed-in account without MFA; not to one that owes a code.
 */
export async function startEnrolment(c: MfaCaller): Promise<MfaEnrolment> {
  if (c.session.secondFactor === 'verify') throw fail('server.mfa.notPending');
  if (c.principal.mfaEnrolled) throw fail('server.mfa.alreadyEnrolled');
  const secret = generateSecret();
  await setPendingSecret(c.deps.db, c.session.sessionId, c.deps.secrets.encrypt(secret));
  const otpauthUri = generateURI({ issuer: ISSUER, label: c.principal.loginId, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { otpauthUri, qrDataUrl, secret };
}

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A recovery code as shown: 10 base32 characters (50 bits) as XXXXX-XXXXX. */
function recoveryCode(): string {
  const s = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/**
 * /auth/mfa/enrol/confirm: a code of the authenticator just set up proves it; the account is
 * enrolled, gets 10 recovery codes (shown once, stored as SHA-256), the session is fully
 * signed in. A wrong code here is not counted toward the lockout: the session has proven the
 * password, and the secret is the one it was just given.
 */
export async function confirmEnrolment(c: MfaCaller, otp: string): Promise<MfaEnrolled> {
  if (c.session.secondFactor === 'verify') throw fail('server.mfa.notPending');
  if (c.principal.mfaEnrolled) throw fail('server.mfa.alreadyEnrolled');
  const pending = await pendingSecretOf(c.deps.db, c.session.sessionId);
  if (!pending) throw fail('server.mfa.notStarted');
  const step = await totpStep(c.deps.secrets.decrypt(pending), otp, null);
  if (step === null) throw fail('server.mfa.badCode');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const operatorId = c.principal.operatorId;
  // Self-service (every role, like the own password change): its own transaction and audit row.
  await c.deps.db.transaction(async (tx) => {
    const now = new Date();
    const done = await enrol(
      tx,
      operatorId,
      pending,
      step,
      codes.map((code) => normaliseRecoveryCode(code)),
      now,
    );
    if (!done) throw fail('server.mfa.alreadyEnrolled');
    await completeSecondFactor(tx, c.session.sessionId);
    await recordAudit(tx, actorOf(c.principal, c.req), {
      objectType: 'operator',
      objectId: operatorId,
      action: 'mfaEnrol',
    });
  });
  return { recoveryCodes: codes, user: userOf(c, null, true) };
}

/**
 * /system/mfa/disable: an account whose role does not require MFA turns it off with its login
 * password and a code; wrong ones count toward the login lockout.
 */
export async function disableOwnMfa(c: MfaCaller, input: MfaDisableInput): Promise<UserInfo> {
  if (mfaRequiredFor(c.principal.operatorType)) throw fail('server.mfa.requiredByRole');
  if (!c.principal.mfaEnrolled) throw fail('server.mfa.notEnrolled');
  const operatorId = c.principal.operatorId;
  await underLockout(
    c,
    async () => {
      const account = await mfaAccountOf(c.deps.db, operatorId);
      const passwordRight = account
        ? await c.deps.hasher.verify(account.passwordHash, input.password)
        : false;
      return passwordRight && (await checkCode(c, operatorId, input.otp, new Date()));
    },
    () => fail('server.mfa.wrongPassword'),
    async () => undefined,
  );
  await c.deps.db.transaction(async (tx) => {
    await unenrol(tx, operatorId, new Date());
    await recordAudit(tx, actorOf(c.principal, c.req), {
      objectType: 'operator',
      objectId: operatorId,
      action: 'mfaDisable',
    });
  });
  return userOf(c, null, false);
}
