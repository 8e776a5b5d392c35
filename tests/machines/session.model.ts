import type { UserInfo } from '../../src/contract/auth';
import { sessionMachine, type SessionInput } from '../../src/machines/session';
import { createMemoryStorage, createSessionStore, STORAGE_KEYS } from '../../src/services/storage';
import type { AnyMachineSnapshot } from 'xstate';
import { coveringSetOf, workflowModel, type FakeFailure, type ModelEvent } from './harness';

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

// ---------------------------------------------------------------------------------------------
// The browser's walks (tests/e2e/session.spec.ts): a covering set of the generated paths.

type Step = { event: ModelEvent; state: AnyMachineSnapshot };

/** The label of a server answer's payload (`done:login(second factor owed)` → 'second factor owed'). */
export const payloadLabel = (e: ModelEvent) => {
  const payload = (e.output ?? e.error) as { label?: string } | undefined;
  return payload?.label ?? '';
};

/** The path's login gives a user who must change the password (an administrator reset it). */
export const heldLogin = (steps: readonly Step[]) =>
  steps.some(
    (s) =>
      (s.event.type === 'xstate.done.actor.login' &&
        (s.event.output as { user: { mustChangePassword: boolean } }).user.mustChangePassword) ||
      (s.event.type === 'xstate.done.actor.secondFactor' &&
        payloadLabel(s.event) === 'given, password to change'),
  );

/** Held on the login-password change (the only screen until it is made). */
export const isHeld = (s: AnyMachineSnapshot | null | undefined) =>
  Boolean(s?.matches({ authenticated: 'passwordChangeRequired' }));

/**
 * Transitions the browser cannot cause against the real server (a `coveringSet` pin): the
 * vitest model test walks them.
 */
export const SESSION_PINNED: Record<string, string> = {
  'authenticated.active PASSWORD_CHANGE_REQUIRED':
    "an administrator's reset ends the account's sessions (tests/server/operators.test.ts), so a signed-in console never receives PASSWORD_CHANGE_REQUIRED",
};

/**
 * Paths whose every transition the browser can cause, but not in this order or with this
 * payload: each reason names what the real server or the screens rule out. The transitions
 * themselves are walked by other paths (the covering set's test says so: nothing uncovered).
 */
export const SESSION_NOT_WALKABLE = {
  silentServer:
    'the real server always sends a message; the same transition is walked by error:loadInfo(server error)',
  idleRelogin:
    'the refund form cannot be used under the modal idle dialog, and a change submitted before it would time out (90 s) before the 14-minute idle warning',
  refreshAfterRefusal:
    'captcha off: no image to click; captcha on: a login sent before the first image loaded is refused as a wrong code, so this outcome cannot precede a refresh',
  heldRefundChange:
    'held on the login-password change, the server refuses the refund-password change, so its success cannot arrive',
  heldReplyUnderDialog:
    'held on the change, its form is the only screen; under the idle or logout dialog the user can make no call (Back reopens the same form), so no reply arrives',
} as const;
export type SessionNotWalkable = keyof typeof SESSION_NOT_WALKABLE;

/** Why the browser cannot walk this path as it stands, or null. */
export function sessionNotWalkable(steps: readonly Step[]): SessionNotWalkable | null {
  const types = steps.map((s) => s.event.type);
  if (heldLogin(steps) && types.includes('RELOGIN_REQUIRED') && !types.includes('PASSWORD_CHANGED'))
    return 'heldRefundChange';
  if (
    heldLogin(steps) &&
    !types.includes('PASSWORD_CHANGED') &&
    steps.some((s, i) => s.event.type === 'TOKEN' && i > 0 && !isHeld(steps[i - 1].state))
  )
    return 'heldReplyUnderDialog';
  if (
    steps.some(
      (s) => s.event.type === 'xstate.error.actor.loadInfo' && payloadLabel(s.event) === 'no message',
    )
  )
    return 'silentServer';
  const idle = types.findIndex((t) => t.startsWith('xstate.after.idleWarningDelay'));
  if (idle >= 0 && types.indexOf('RELOGIN_REQUIRED') > idle) return 'idleRelogin';
  const refreshFromReady = steps.some(
    (s, i) =>
      s.event.type === 'REFRESH_CAPTCHA' && i > 0 && steps[i - 1].state.matches({ loggedOut: 'ready' }),
  );
  const loginRefused = steps.some(
    (s) => s.event.type === 'xstate.error.actor.login' && payloadLabel(s.event) !== 'wrong code',
  );
  if (refreshFromReady && loginRefused) return 'refreshAfterRefusal';
  return null;
}

let walks: ReturnType<typeof computeSessionWalks> | undefined;

function computeSessionWalks() {
  const paths = { fresh: sessionPaths('fresh'), reload: sessionPaths('reload') };
  const notWalkable = [...paths.fresh, ...paths.reload].flatMap((path) => {
    const reason = sessionNotWalkable(path.steps);
    return reason ? [{ path, reason }] : [];
  });
  const blocked = new Set(notWalkable.map((n) => n.path));
  return {
    ...coveringSetOf(sessionMachine, paths, SESSION_PINNED, (p) => !blocked.has(p)),
    notWalkable,
  };
}

/**
 * The session's walks in Chromium: of both scenarios' generated paths, those the browser can
 * walk (not `sessionNotWalkable`), the covering set that enters every state and takes every
 * transition but the pinned ones (`coveringSet`). Computed once; the paths are the same objects
 * as `paths`, so a spec names them with `namePaths(paths[scenario])`.
 */
export function sessionWalks() {
  walks ??= computeSessionWalks();
  return walks;
}
