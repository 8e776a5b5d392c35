import { accountCalls } from '../contract/calls/account';
import { authCalls } from '../contract/calls/auth';
import md5 from 'md5';
import type { CaptchaInfo, MfaDisableInput, MfaEnrolment, SessionInfo, UserInfo } from '../contract/auth';
import type { WorkingLanguage } from '../contract/locale';
import { api } from './api';

/** Spec point 5: the login password leaves the browser as the uppercase MD5 of what was typed. */
export const hashPassword = (typed: string): string => md5(typed).toUpperCase();

/** A new single-use verification code; `enabled: false` when the server needs none. */
export async function fetchCaptcha(): Promise<CaptchaInfo> {
  const reply = await api.call(authCalls.captcha, {}, { noToken: true, silent: true });
  return {
    enabled: reply.enabled ?? Boolean(reply.image),
    captchaId: reply.captchaId ?? '',
    image: reply.image ?? '',
  };
}

/** Errors are shown on the login form by the session machine, so the call is silent. */
export async function login(
  loginId: string,
  typedPassword: string,
  verycode: string,
  captchaId: string,
  workingLanguage?: WorkingLanguage,
): Promise<SessionInfo> {
  const reply = await api.callWithMenu(
    authCalls.login,
    {
      login_id: loginId.trim(),
      password: hashPassword(typedPassword),
      verycode: verycode.trim(),
      captchaId,
      ...(workingLanguage ? { workingLanguage } : {}),
    },
    { noToken: true, silent: true },
  );
  return { user: reply.result, menu: reply.menuMapList, token: reply.submitToken };
}

export async function loadInfo(): Promise<SessionInfo> {
  const reply = await api.callWithMenu(authCalls.info, {}, { silent: true });
  return { user: reply.result, menu: reply.menuMapList, token: reply.submitToken };
}

export async function logout(): Promise<void> {
  await api.call(authCalls.logout, {}, { silent: true });
}

export async function keepAlive(): Promise<void> {
  await api.call(authCalls.keepalive, {}, { silent: true });
}

/** Saves the working language; resolves with the value the server stored (spec point 4). */
export async function saveLanguage(workingLanguage: WorkingLanguage): Promise<WorkingLanguage> {
  const reply = await api.call(accountCalls.language, { workingLanguage }, { silent: true });
  return reply.workingLanguage;
}

/** The second factor of a session that owes it: the signed-in user and menu. Errors shown by the machine. */
export async function verifyCode(otp: string): Promise<{ user: UserInfo; menu: string[] }> {
  const reply = await api.callWithMenu(authCalls.mfaVerify, { otp: otp.trim() }, { silent: true });
  return { user: reply.result, menu: reply.menuMapList };
}

/** A new authenticator secret (QR code, otpauth URI, base32 for manual entry). */
export async function startEnrolment(): Promise<MfaEnrolment> {
  return api.call(authCalls.mfaEnrolStart, {}, { silent: true });
}

/** Confirms the new authenticator with one of its codes: the recovery codes (shown once) and the user. */
export async function confirmEnrolment(
  otp: string,
): Promise<{ recoveryCodes: string[]; user: UserInfo; menu: string[] }> {
  const reply = await api.callWithMenu(authCalls.mfaEnrolConfirm, { otp: otp.trim() }, { silent: true });
  return { recoveryCodes: reply.result.recoveryCodes, user: reply.result.user, menu: reply.menuMapList };
}

/** Turns the own MFA off (roles that do not require it): login password as typed, and a code. */
export async function disableMfa(typedPassword: string, otp: string): Promise<UserInfo> {
  const input: MfaDisableInput = { password: hashPassword(typedPassword), otp: otp.trim() };
  return api.call(authCalls.mfaDisable, input);
}
