import { fromPromise } from 'xstate';
import type { PasswordChangeForm } from '../contract/account';
import type { WorkingLanguage } from '../contract/locale';
import type { PasswordKind } from '../contract/account';
import type { LoginParams } from '../contract/auth';
import { changePassword } from './account';
import {
  confirmEnrolment,
  fetchCaptcha,
  keepAlive,
  loadInfo,
  login,
  logout,
  saveLanguage,
  startEnrolment,
  verifyCode,
} from './auth';
import { secondFactorMachine } from '../machines/secondFactor';

/**
 * The real services as the machines' actors:
 * `sessionMachine.provide({ actors: sessionActors })`,
 * `passwordChangeMachine.provide({ actors: passwordChangeActors })`.
 */
/** The second factor's services (the session invokes it; the account screen runs it alone). */
export const secondFactorActors = {
  verifyCode: fromPromise(({ input }: { input: { otp: string } }) => verifyCode(input.otp)),
  startEnrolment: fromPromise(() => startEnrolment()),
  confirmEnrolment: fromPromise(({ input }: { input: { otp: string } }) => confirmEnrolment(input.otp)),
};

export const sessionActors = {
  secondFactor: secondFactorMachine.provide({ actors: secondFactorActors }),
  fetchCaptcha: fromPromise(() => fetchCaptcha()),
  login: fromPromise(({ input }: { input: LoginParams }) =>
    login(input.loginId, input.password, input.verycode, input.captchaId, input.workingLanguage),
  ),
  loadInfo: fromPromise(() => loadInfo()),
  logout: fromPromise(() => logout()),
  keepAlive: fromPromise(() => keepAlive()),
  saveLanguage: fromPromise(({ input }: { input: { locale: WorkingLanguage } }) =>
    saveLanguage(input.locale),
  ),
};

export const passwordChangeActors = {
  changePassword: fromPromise(({ input }: { input: { kind: PasswordKind; values: PasswordChangeForm } }) =>
    changePassword(input.kind, input.values),
  ),
};
