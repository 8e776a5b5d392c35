import type { UserInfo } from '../../src/contract/auth';
import { sessionMachine, type SessionInput } from '../../src/machines/session';
import { createMemoryStorage, createSessionStore, STORAGE_KEYS } from '../../src/services/storage';
import { workflowModel, type FakeFailure, type ModelEvent } from './harness';

/**
 * The session's test model: the events a user and the server can cause, with the payloads
 * worth trying. Shared by tests/machines/session.test.ts and the browser tests, which map
 * the same steps to clicks and to server set-ups (see `sessionTestMap`).
 */

export const CURRENT_PATH = '/setup/loginHistory?pageNum=2';
export const LOGIN_REDIRECT = '/login?redirect=%2Fsetup%2FloginHistory%3FpageNum%3D2';

export const user: UserInfo = {
  operatorId: 7,
  loginId: 'alice',
  operatorType: 20,
  workingLanguage: 'zh_cn',
  userName: 'Alice',
  email: 'alice@example.com',
  mobile: '',
  serviceProviderName: null,
  agentName: null,
  companyName: 'Sakura Foods',
  branchUnitName: null,
  idleTimeoutSeconds: 900,
  mustChangePassword: false,
};
export const menu = ['/', '/setup', '/setup/loginHistory'];
/** The same account after an administrator set its password: it must change it first. */
export const mustChangeUser: UserInfo = { ...user, mustChangePassword: true };
/** The same account with an authenticator enrolled, right after its password: it owes the code. */
export const owingUser: UserInfo = { ...user, secondFactor: 'verify', mfaEnrolled: true };

const failure = (label: string, f: FakeFailure) => ({ ...f, label });

export const failures = {
  offline: failure('offline', { resultType: 'NETWORK_ERROR', message: 'Network error: offline' }),
  wrongCredentials: failure('wrong credentials', {
    resultType: 'FAIL',
    message: 'Wrong user ID or password',
  }),
  badCaptcha: failure('wrong code', { resultType: 'FAIL', message: 'Wrong verification code' }),
  locked: failure('locked', {
    resultType: 'FAIL',
    message: 'The account is locked',
    result: { lockedUntil: '2030-01-01T10:30:00+09:00' },
  }),
  unauthenticated: failure('unauthenticated', { resultType: 'UNAUTHENCATED', message: 'Session timeout' }),
  serverError: failure('server error', { resultType: 'ERROR', message: 'Unexpected error (request 42)' }),
  silentError: failure('no message', { resultType: 'ERROR', message: '' }),
  refused: failure('refused', { resultType: 'FAIL', message: 'Not saved' }),
};

export const sessionEvents: ModelEvent[] = [
  { type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: 'ab12' },
  { type: 'REFRESH_CAPTCHA' },
  { type: 'SET_REDIRECT', redirect: '/report' },
  { type: 'SET_LOCALE', locale: 'en' },
  { type: 'TOKEN', token: 'token-2' },
  { type: 'STAY_SIGNED_IN' },
  { type: 'LOGOUT_REQUEST' },
  { type: 'LOGOUT_CONFIRM' },
  { type: 'LOGOUT_CANCEL' },
  { type: 'PASSWORD_CHANGED' },
  { type: 'PROFILE_SAVED', userName: 'Alice Renamed', email: 'alice@example.test', mobile: '' },
  { type: 'SWITCH_ACCOUNT' },
  { type: 'CHANGE_LANGUAGE', locale: 'en' },
  { type: 'RELOGIN_REQUIRED' },
  { type: 'PASSWORD_CHANGE_REQUIRED' },
  { type: 'SESSION_EXPIRED' },
  {
    type: 'xstate.done.actor.fetchCaptcha',
    output: { enabled: true, captchaId: 'captcha-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' },
  },
  { type: 'xstate.error.actor.fetchCaptcha', error: failures.offline },
  { type: 'xstate.done.actor.login', output: { user, menu, token: 'token-1' } },
  { type: 'xstate.done.actor.login', output: { user: mustChangeUser, menu, token: 'token-1' } },
  {
    type: 'xstate.done.actor.login',
    output: { user: owingUser, menu: [], token: 'token-1', label: 'second factor owed' },
  },
  {
    type: 'xstate.done.actor.secondFactor',
    output: { outcome: 'signedIn', user: { ...owingUser, secondFactor: null }, menu, label: 'given' },
  },
  {
    type: 'xstate.done.actor.secondFactor',
    output: {
      outcome: 'signedIn',
      user: { ...mustChangeUser, secondFactor: null, mfaEnrolled: true },
      menu,
      label: 'given, password to change',
    },
  },
  {
    type: 'xstate.done.actor.secondFactor',
    output: {
      outcome: 'locked',
      message: 'Too many failed logins: the account is locked',
      lockedUntil: '2030-01-01T10:30:00+09:00',
      label: 'locked',
    },
  },
  { type: 'xstate.error.actor.login', error: failures.wrongCredentials },
  { type: 'xstate.error.actor.login', error: failures.badCaptcha },
  { type: 'xstate.error.actor.login', error: failures.locked },
  { type: 'xstate.done.actor.loadInfo', output: { user, menu, token: 'token-r' } },
  {
    type: 'xstate.done.actor.loadInfo',
    output: { user: owingUser, menu: [], token: 'token-r', label: 'second factor owed' },
  },
  { type: 'xstate.error.actor.loadInfo', error: failures.unauthenticated },
  { type: 'xstate.error.actor.loadInfo', error: failures.serverError },
  { type: 'xstate.error.actor.loadInfo', error: failures.silentError },
  { type: 'xstate.done.actor.keepAlive', output: undefined },
  { type: 'xstate.error.actor.keepAlive', error: failures.unauthenticated },
  { type: 'xstate.error.actor.keepAlive', error: failures.offline },
  { type: 'xstate.done.actor.saveLanguage', output: 'en' },
  { type: 'xstate.error.actor.saveLanguage', error: failures.refused },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: failures.offline },
];

/** Browser storage before the page opens. */
export const scenarios = {
  /** First visit: nothing stored. */
  fresh: {} as Record<string, string>,
  /** Reload with a stored session. */
  reload: {
    [STORAGE_KEYS.token]: 'token-0',
    [STORAGE_KEYS.locale]: 'zh_cn',
    [STORAGE_KEYS.user]: JSON.stringify(user),
    [STORAGE_KEYS.menu]: JSON.stringify(menu),
  } as Record<string, string>,
};
export type Scenario = keyof typeof scenarios;

export function sessionInput(stored: Record<string, string>) {
  const memory = createMemoryStorage(stored);
  const store = createSessionStore(memory);
  const input: SessionInput = { storage: store, currentPath: () => CURRENT_PATH };
  return { memory, store, input };
}

/** The spec's durations of the session's named delays (points 8 and 9). */
export const sessionDelays = {
  idleWarningDelay: (900 - 60) * 1000,
  idleWarningLead: 60_000,
  logoutRedirectDelay: 2_000,
};

/** What makes two session states differ for a user besides the state itself. */
const serializeContext = (c: {
  token: string | null;
  error: string | null;
  lockedUntil: string | null;
  user: UserInfo | null;
}) => ({
  token: c.token !== null,
  error: c.error !== null,
  locked: c.lockedUntil !== null,
  mustChange: c.user?.mustChangePassword === true,
});

export function sessionPaths(scenario: Scenario) {
  const model = workflowModel(sessionMachine, {
    input: sessionInput(scenarios[scenario]).input,
    events: sessionEvents,
    serializeContext,
    // On reload only the restore is of interest; what follows it is the fresh scenario's.
    stopWhen: scenario === 'reload' ? (s) => !s.matches('booting') && !s.matches('restoring') : undefined,
  });
  return model.getShortestPaths();
}
