import { fromPromise } from 'xstate';
import type { PasswordChangeForm } from '../contract/account';
import type { WorkingLanguage } from '../contract/locale';
import type { PasswordKind } from '../machines/passwordChange';
import type { LoginParams } from '../machines/session';
import { changePassword } from './account';
import { fetchCaptcha, keepAlive, loadInfo, login, logout, saveLanguage } from './auth';

/**
 * The real services as the machines' actors:
 * `sessionMachine.provide({ actors: sessionActors })`,
 * `passwordChangeMachine.provide({ actors: passwordChangeActors })`.
 */
export const sessionActors = {
  fetchCaptcha: fromPromise(() => fetchCaptcha()),
  login: fromPromise(({ input }: { input: LoginParams }) =>
    login(input.loginId, input.password, input.verycode, input.captchaId),
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
