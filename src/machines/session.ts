import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { CaptchaInfo, LoginParams, SessionInfo, UserInfo } from '../contract/auth';
import { LOGOUT_REDIRECT_MS } from '../contract/envelope';
import type { WorkingLanguage } from '../contract/locale';
import {
  failureMessage,
  isUnauthenticatedError,
  lockedUntilOf,
  translatorFor,
  type NavigateEffect,
  type ReloadEffect,
  type TestMap,
  type ToastEffect,
} from './effects';
import { secondFactorMachine, type SecondFactorOutput } from './secondFactor';

/**
 * The session (spec points 4 and 8): login with captcha, restore on reload, every reply's
 * token stored, idle warning before the server's idle timeout, expiry, logout with
 * confirmation, switch account, language change. It is the root actor of the console
 * (`createActor(sessionMachine, { systemId: 'session', input })`).
 */

export const SESSION_SYSTEM_ID = 'session';
/** The screen a user whose password an administrator set is held on until it is changed. */
export const CHANGE_PASSWORD_PATH = '/changePassword';
/** Idle timeout when the server does not say (seconds). */
export const DEFAULT_IDLE_TIMEOUT_S = 900;
/** How long before the idle timeout the warning shows. */
export const IDLE_WARNING_LEAD_MS = 60_000;

/**
 * What the browser keeps of a session (spec point 3): token, locale, user info and menu routes.
 * The machine's need, declared here; services/storage.ts keeps it in localStorage.
 */
export interface SessionStore {
  getToken(): string | null;
  setToken(token: string): void;
  getLocale(): WorkingLanguage;
  setLocale(locale: WorkingLanguage): void;
  getUser(): UserInfo | null;
  setUser(user: UserInfo): void;
  getMenu(): string[];
  setMenu(menu: readonly string[]): void;
  /** Forget the session; only the locale stays, so the login page keeps the user's language. */
  clear(): void;
}

export interface SessionInput {
  storage: SessionStore;
  /** The path (with query) the user is on, for `/login?redirect=…`. */
  currentPath?: () => string;
}

export interface SessionContext {
  storage: SessionStore;
  currentPath: () => string;
  token: string | null;
  user: UserInfo | null;
  menu: string[];
  locale: WorkingLanguage;
  /** Localised message shown on the login form. */
  error: string | null;
  lockedUntil: string | null;
  captcha: CaptchaInfo | null;
  /** Where to go after the next login. */
  redirect: string;
}

export type SessionEvent =
  | { type: 'LOGIN'; loginId: string; password: string; verycode: string }
  | { type: 'REFRESH_CAPTCHA' }
  | { type: 'SET_REDIRECT'; redirect: string }
  | { type: 'SET_LOCALE'; locale: WorkingLanguage }
  | { type: 'TOKEN'; token: string }
  | { type: 'STAY_SIGNED_IN' }
  | { type: 'LOGOUT_REQUEST' }
  | { type: 'LOGOUT_CONFIRM' }
  | { type: 'LOGOUT_CANCEL' }
  | { type: 'PASSWORD_CHANGED' }
  | { type: 'PROFILE_SAVED'; userName: string; email: string; mobile: string }
  | { type: 'SWITCH_ACCOUNT' }
  | { type: 'CHANGE_LANGUAGE'; locale: WorkingLanguage }
  | { type: 'RELOGIN_REQUIRED' }
  | { type: 'PASSWORD_CHANGE_REQUIRED' }
  | { type: 'SESSION_EXPIRED' };

export type SessionEmitted = ToastEffect | NavigateEffect | ReloadEffect;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`session actor "${name}" not provided: use sessionMachine.provide({ actors })`));

const browserPath = () =>
  typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}${location.hash}`;

/** Only paths of this console: no `//host` or `https://…` open redirects, never back to login or the forced change. */
export const safeRedirect = (path: string | null | undefined): string =>
  path &&
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.startsWith('/login') &&
  !path.startsWith(CHANGE_PASSWORD_PATH)
    ? path
    : '/';

/** `/login`, with the wanted path as redirect parameter unless it is home. */
export const loginUrl = (redirect: string): string =>
  redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;

/** The session info of a completed second factor (its token is the session's, unchanged). */
function signedInSession(output: SecondFactorOutput): SessionInfo {
  if (output.outcome !== 'signedIn') throw new Error('no session info in a refused second factor');
  return { user: output.user, menu: output.menu, token: null };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    /** The invoked second factor's ref, typed for the login page (`snapshot.children.secondFactor`). */
    children: {} as { secondFactor: 'secondFactor' },
  },
  actors: {
    fetchCaptcha: fromPromise<CaptchaInfo>(notProvided('fetchCaptcha')),
    login: fromPromise<SessionInfo, LoginParams>(notProvided('login')),
    loadInfo: fromPromise<SessionInfo>(notProvided('loadInfo')),
    logout: fromPromise<void>(notProvided('logout')),
    keepAlive: fromPromise<void>(notProvided('keepAlive')),
    saveLanguage: fromPromise<WorkingLanguage, { locale: WorkingLanguage }>(notProvided('saveLanguage')),
    secondFactor: secondFactorMachine,
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
    isUnauthenticated: (_, params: { error: unknown }) => isUnauthenticatedError(params.error),
    mustChangePassword: (_, params: { user: UserInfo }) => params.user.mustChangePassword === true,
    userMustChangePassword: ({ context }) => context.user?.mustChangePassword === true,
    /** The session still owes its second factor (a code, or the enrolment its role requires). */
    owesSecondFactor: (_, params: { user: UserInfo }) => Boolean(params.user.secondFactor),
    secondFactorGiven: (_, params: { output: SecondFactorOutput }) => params.output.outcome === 'signedIn',
    secondFactorGivenMustChange: (_, params: { output: SecondFactorOutput }) =>
      params.output.outcome === 'signedIn' && params.output.user.mustChangePassword === true,
  },
  delays: {
    /** The server's idle timeout less the warning's lead. */
    idleWarningDelay: ({ context }) => {
      const idleMs = (context.user?.idleTimeoutSeconds || DEFAULT_IDLE_TIMEOUT_S) * 1000;
      return Math.max(0, idleMs - IDLE_WARNING_LEAD_MS);
    },
    idleWarningLead: IDLE_WARNING_LEAD_MS,
    logoutRedirectDelay: LOGOUT_REDIRECT_MS,
  },
  actions: {
    storeSession: assign(({ context }, info: SessionInfo) => {
      const token = info.token ?? context.token;
      if (token) context.storage.setToken(token);
      context.storage.setUser(info.user);
      context.storage.setMenu(info.menu);
      context.storage.setLocale(info.user.workingLanguage);
      return { token, user: info.user, menu: info.menu, locale: info.user.workingLanguage, error: null };
    }),
    storeToken: assign(({ context }, params: { token: string }) => {
      context.storage.setToken(params.token);
      return { token: params.token };
    }),
    storeLocale: assign(({ context }, params: { locale: WorkingLanguage }) => {
      context.storage.setLocale(params.locale);
      const user = context.user ? { ...context.user, workingLanguage: params.locale } : null;
      if (user && context.token) context.storage.setUser(user);
      return { locale: params.locale, user };
    }),
    /** The user card shows the name just saved on the profile (this tab and after a reload). */
    storeProfile: assign(({ context }, params: { userName: string; email: string; mobile: string }) => {
      if (!context.user) return {};
      const user = { ...context.user, ...params };
      context.storage.setUser(user);
      return { user };
    }),
    /** After the user changed the login password, the reminder to do so goes away. */
    clearMustChangePassword: assign(({ context }) => {
      if (!context.user) return {};
      const user = { ...context.user, mustChangePassword: false };
      context.storage.setUser(user);
      return { user };
    }),
    /** Storage keeps nothing but the locale (spec point 4). */
    clearSession: assign(({ context }) => {
      context.storage.clear();
      return { token: null, user: null, menu: [] };
    }),
    rememberCurrentPath: assign(({ context }) => ({ redirect: safeRedirect(context.currentPath()) })),
    setRedirect: assign((_, params: { redirect: string }) => ({ redirect: safeRedirect(params.redirect) })),
    clearLoginError: assign({ error: null, lockedUntil: null }),
    rememberLoginFailure: assign(({ context }, params: { error: unknown }) => ({
      error: failureMessage(params.error, context.locale),
      lockedUntil: lockedUntilOf(params.error),
    })),
    /** Too many wrong second-factor codes: the login form says the account is locked. */
    rememberSecondFactorLock: assign((_, params: { output: SecondFactorOutput }) =>
      params.output.outcome === 'locked'
        ? { error: params.output.message, lockedUntil: params.output.lockedUntil }
        : {},
    ),
    setCaptcha: assign((_, params: { captcha: CaptchaInfo | null }) => ({ captcha: params.captcha })),
    navigateAfterLogin: emit(
      ({ context }) => ({ type: 'navigate', to: context.redirect, replace: true }) as const,
    ),
    navigateToChangePassword: emit({ type: 'navigate', to: CHANGE_PASSWORD_PATH, replace: true } as const),
    /** The server refused a call because the password must be changed: the user card says so too. */
    markMustChangePassword: assign(({ context }) => {
      if (!context.user) return {};
      const user = { ...context.user, mustChangePassword: true };
      context.storage.setUser(user);
      return { user };
    }),
    resetRedirect: assign({ redirect: '/' }),
    navigateToLogin: emit(
      ({ context }) => ({ type: 'navigate', to: loginUrl(context.redirect), replace: true }) as const,
    ),
    toastSessionTimeout: emit(({ context }) => {
      // The stored locale, not the (already forgotten) user's: spec point 8.
      const t = translatorFor(context.storage.getLocale());
      return {
        type: 'toast',
        status: 'error',
        message: t('common.sessionTimeout'),
        key: 'common.sessionTimeout',
      } as const;
    }),
    toastFailure: emit(({ context }, params: { error: unknown }) => ({
      type: 'toast' as const,
      status: 'error' as const,
      message: failureMessage(params.error, context.locale),
    })),
    reload: emit({ type: 'reload' } as const),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const token = input.storage.getToken();
    return {
      storage: input.storage,
      currentPath: input.currentPath ?? browserPath,
      token,
      user: token ? input.storage.getUser() : null,
      menu: token ? input.storage.getMenu() : [],
      locale: input.storage.getLocale(),
      error: null,
      lockedUntil: null,
      captcha: null,
      redirect: '/',
    };
  },
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasStoredToken', target: 'restoring' }, { target: 'loggedOut' }],
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        onDone: [
          {
            // Reloaded between the password and the second factor: asked for it again.
            guard: { type: 'owesSecondFactor', params: ({ event }) => ({ user: event.output.user }) },
            target: 'secondFactor',
            actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'rememberCurrentPath'],
          },
          {
            target: 'authenticated',
            actions: { type: 'storeSession', params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut',
            actions: ['clearSession', 'rememberCurrentPath', 'toastSessionTimeout', 'navigateToLogin'],
          },
          {
            target: 'loggedOut',
            actions: [
              'clearSession',
              'rememberCurrentPath',
              { type: 'toastFailure', params: ({ event }) => ({ error: event.error }) },
              'navigateToLogin',
            ],
          },
        ],
      },
    },
    loggedOut: {
      initial: 'captchaLoading',
      states: {
        captchaLoading: {
          invoke: {
            id: 'fetchCaptcha',
            src: 'fetchCaptcha',
            onDone: {
              target: 'ready',
              actions: { type: 'setCaptcha', params: ({ event }) => ({ captcha: event.output }) },
            },
            onError: { target: 'captchaFailed', actions: { type: 'setCaptcha', params: { captcha: null } } },
          },
        },
        ready: { on: { REFRESH_CAPTCHA: { target: 'captchaLoading' } } },
        captchaFailed: { on: { REFRESH_CAPTCHA: { target: 'captchaLoading' } } },
      },
      on: {
        LOGIN: { target: 'loggingIn', actions: 'clearLoginError' },
        SET_LOCALE: {
          actions: { type: 'storeLocale', params: ({ event }) => ({ locale: event.locale }) },
        },
        SET_REDIRECT: {
          actions: { type: 'setRedirect', params: ({ event }) => ({ redirect: event.redirect }) },
        },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context, event }) => {
          assertEvent(event, 'LOGIN');
          return {
            loginId: event.loginId,
            password: event.password,
            verycode: event.verycode,
            captchaId: context.captcha?.captchaId ?? '',
            // The language picked on the login page wins and is saved on the account.
            workingLanguage: context.locale,
          };
        },
        onDone: [
          {
            // The second factor comes first (before a password change); the wanted path is kept.
            guard: { type: 'owesSecondFactor', params: ({ event }) => ({ user: event.output.user }) },
            target: 'secondFactor',
            actions: { type: 'storeSession', params: ({ event }) => event.output },
          },
          {
            // Held on the change screen (authenticated.passwordChangeRequired); the wanted
            // path is kept for the way back.
            guard: { type: 'mustChangePassword', params: ({ event }) => ({ user: event.output.user }) },
            target: 'authenticated.passwordChangeRequired',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              'navigateToChangePassword',
            ],
          },
          {
            target: 'authenticated',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              'navigateAfterLogin',
              'resetRedirect',
            ],
          },
        ],
        // Back to the form; re-entering loggedOut fetches a new (single-use) captcha.
        onError: {
          target: 'loggedOut',
          actions: { type: 'rememberLoginFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /**
     * The password was right; the session owes its second factor (PCI DSS 8.4): the server
     * refuses everything else, so the login page shows only the code (or the enrolment) form,
     * run by the invoked secondFactor machine. Remembered for the session once given.
     */
    secondFactor: {
      invoke: {
        id: 'secondFactor',
        src: 'secondFactor',
        input: ({ context }) => ({ mode: context.user?.secondFactor ?? 'verify', locale: context.locale }),
        onDone: [
          {
            guard: {
              type: 'secondFactorGivenMustChange',
              params: ({ event }) => ({ output: event.output }),
            },
            target: 'authenticated.passwordChangeRequired',
            actions: [
              { type: 'storeSession', params: ({ event }) => signedInSession(event.output) },
              'navigateToChangePassword',
            ],
          },
          {
            guard: { type: 'secondFactorGiven', params: ({ event }) => ({ output: event.output }) },
            target: 'authenticated',
            actions: [
              { type: 'storeSession', params: ({ event }) => signedInSession(event.output) },
              'navigateAfterLogin',
              'resetRedirect',
            ],
          },
          {
            // Locked by wrong codes: the server ended the session; the login form says so.
            target: 'loggedOut',
            actions: [
              'clearSession',
              { type: 'rememberSecondFactorLock', params: ({ event }) => ({ output: event.output }) },
            ],
          },
        ],
      },
      on: {
        TOKEN: { actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) } },
        // "Log out" under the form: the user already chose, no confirmation.
        LOGOUT_CONFIRM: { target: 'loggingOut' },
        SESSION_EXPIRED: { target: 'expired' },
      },
    },
    authenticated: {
      initial: 'active',
      on: {
        TOKEN: { actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) } },
        SWITCH_ACCOUNT: { target: 'loggingOut', actions: 'resetRedirect' },
        RELOGIN_REQUIRED: {
          target: 'loggedOut',
          actions: ['clearSession', 'resetRedirect', 'navigateToLogin'],
        },
        SESSION_EXPIRED: { target: 'expired' },
      },
      states: {
        active: {
          // Back from a dialog (idle warning, logout) or a reload while the password must
          // still be changed: to the change screen again.
          always: {
            guard: 'userMustChangePassword',
            target: 'passwordChangeRequired',
            actions: 'navigateToChangePassword',
          },
          after: { idleWarningDelay: { target: 'idleWarning' } },
          on: {
            LOGOUT_REQUEST: { target: 'confirmingLogout' },
            CHANGE_LANGUAGE: { target: 'changingLanguage' },
            // Another tab of the console changed the language (saved there): this one follows.
            SET_LOCALE: {
              actions: { type: 'storeLocale', params: ({ event }) => ({ locale: event.locale }) },
            },
            PASSWORD_CHANGED: { actions: 'clearMustChangePassword' },
            PROFILE_SAVED: {
              actions: {
                type: 'storeProfile',
                params: ({ event }) => ({
                  userName: event.userName,
                  email: event.email,
                  mobile: event.mobile,
                }),
              },
            },
            // A call refused because an administrator reset the password meanwhile.
            PASSWORD_CHANGE_REQUIRED: {
              target: 'passwordChangeRequired',
              actions: ['markMustChangePassword', 'rememberCurrentPath', 'navigateToChangePassword'],
            },
            // Every reply means the server saw activity: restart the idle timer.
            TOKEN: {
              target: 'active',
              reenter: true,
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            },
          },
        },
        /**
         * The password was set by an administrator (PCI DSS 8.3.5): the server refuses every
         * call but the change, so the console shows only the change screen; once changed,
         * the user goes on to where they wanted to go.
         */
        passwordChangeRequired: {
          after: { idleWarningDelay: { target: 'idleWarning' } },
          on: {
            PASSWORD_CHANGED: {
              target: 'active',
              actions: ['clearMustChangePassword', 'navigateAfterLogin', 'resetRedirect'],
            },
            LOGOUT_REQUEST: { target: 'confirmingLogout' },
            TOKEN: {
              target: 'passwordChangeRequired',
              reenter: true,
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            },
          },
        },
        idleWarning: {
          after: { idleWarningLead: { target: '#session.expired' } },
          on: {
            STAY_SIGNED_IN: { target: 'keepingAlive' },
            // "Log out" in the idle warning: the user already chose, no second confirmation.
            LOGOUT_CONFIRM: { target: '#session.loggingOut', actions: 'rememberCurrentPath' },
            TOKEN: {
              target: 'active',
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            },
          },
        },
        keepingAlive: {
          invoke: {
            id: 'keepAlive',
            src: 'keepAlive',
            onDone: { target: 'active' },
            onError: [
              {
                guard: { type: 'isUnauthenticated', params: ({ event }) => ({ error: event.error }) },
                target: '#session.expired',
              },
              {
                target: 'active',
                actions: { type: 'toastFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirmingLogout: {
          on: {
            LOGOUT_CONFIRM: { target: '#session.loggingOut', actions: 'rememberCurrentPath' },
            LOGOUT_CANCEL: { target: 'active' },
          },
        },
        changingLanguage: {
          tags: ['busy'],
          invoke: {
            id: 'saveLanguage',
            src: 'saveLanguage',
            input: ({ event }) => {
              assertEvent(event, 'CHANGE_LANGUAGE');
              return { locale: event.locale };
            },
            onDone: {
              target: 'active',
              // In place: the console re-renders in the language (no reload); other tabs follow
              // the stored locale (LOCALE_CHANGED).
              actions: { type: 'storeLocale', params: ({ event }) => ({ locale: event.output }) },
            },
            onError: {
              target: 'active',
              actions: { type: 'toastFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    expired: {
      entry: ['clearSession', 'rememberCurrentPath', 'toastSessionTimeout'],
      after: { logoutRedirectDelay: { target: 'loggedOut', actions: 'navigateToLogin' } },
    },
    loggingOut: {
      tags: ['busy'],
      // The token is forgotten only after the server revoked it; a failure changes nothing for the user.
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['clearSession', 'navigateToLogin'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'navigateToLogin'] },
      },
    },
  },
});

export const sessionTestMap = {
  states: {
    booting: 'Starting: looks for a stored session token (never rests here)',
    restoring: 'Page reloaded with a stored token: a loading indicator while the user info is fetched again',
    loggedOut: 'The login form (user ID, password, verification code, language picker)',
    'loggedOut.captchaLoading': 'The login form while the verification-code image loads',
    'loggedOut.ready': 'The login form with the verification-code image; a login error shows above it',
    'loggedOut.captchaFailed':
      'The login form with a "reload image" prompt where the verification code would be',
    loggingIn: 'The login button is busy while the server checks the credentials',
    secondFactor:
      'The login page asks for the second factor: the code of the authenticator app (or a recovery code), or the enrolment of one; a Log out button under it',
    authenticated: 'The console shell (menu, user card) with the user\u2019s pages',
    'authenticated.active': 'The console shell; the user works normally',
    'authenticated.passwordChangeRequired':
      'The change-password screen with a notice that the password an administrator set must be changed; no other screen opens',
    'authenticated.idleWarning': 'A dialog: the session will end in a minute, with a "Stay signed in" button',
    'authenticated.keepingAlive':
      'The idle dialog\u2019s button is busy while the server refreshes the session',
    'authenticated.confirmingLogout': 'A confirmation dialog asks whether to log out',
    'authenticated.changingLanguage':
      'The language switch is busy while the preference is saved; then the console shows the new language in place',
    expired: 'A "session timeout" toast; after 2 seconds the login page opens with the page as redirect',
    loggingOut: 'The console is busy while the server revokes the session',
  },
  events: {
    LOGIN: 'Fill in user ID, password and verification code and press Log in',
    REFRESH_CAPTCHA: 'Click the verification-code image to get a new one',
    SET_REDIRECT: 'Open /login?redirect=<path>',
    SET_LOCALE: 'Pick a language on the login page, or another tab of the console changed the language',
    TOKEN: 'Any server reply carries a (new) submit token',
    STAY_SIGNED_IN: 'Press "Stay signed in" in the idle dialog',
    LOGOUT_REQUEST: 'Choose Log out in the user card',
    LOGOUT_CONFIRM:
      'Confirm in the logout dialog, choose Log out in the idle warning, or Log out under the second-factor form',
    PASSWORD_CHANGED: 'Change the login password successfully',
    PROFILE_SAVED: 'Save the profile (name, email, mobile) successfully',
    LOGOUT_CANCEL: 'Cancel the logout dialog',
    SWITCH_ACCOUNT: 'Choose Switch account in the user card',
    CHANGE_LANGUAGE: 'Pick another language in the user card',
    RELOGIN_REQUIRED: 'Change the refund password successfully',
    PASSWORD_CHANGE_REQUIRED:
      'A server reply says PASSWORD_CHANGE_REQUIRED (an administrator reset the password)',
    SESSION_EXPIRED: 'A server reply says UNAUTHENCATED',
    'xstate.done.actor.fetchCaptcha': 'The server sends a verification-code image',
    'xstate.error.actor.fetchCaptcha': 'The verification-code image cannot be loaded',
    'xstate.done.actor.login': 'The server accepts the login',
    'xstate.error.actor.login': 'The server refuses the login (wrong credentials, wrong code, locked)',
    'xstate.done.actor.loadInfo': 'The server confirms the stored session',
    'xstate.error.actor.loadInfo': 'The stored session is unknown or the server fails',
    'xstate.done.actor.keepAlive': 'The server refreshes the session',
    'xstate.error.actor.keepAlive': 'Refreshing the session fails',
    'xstate.done.actor.saveLanguage': 'The server saves the language',
    'xstate.error.actor.saveLanguage': 'Saving the language fails',
    'xstate.done.actor.secondFactor':
      'The second factor is given (or enrolled), or too many wrong codes locked the account',
    'xstate.done.actor.logout': 'The server revokes the session',
    'xstate.error.actor.logout': 'Revoking fails (ignored)',
    'xstate.after.idleWarningDelay.session.authenticated.active':
      'No activity until a minute before the idle timeout',
    'xstate.after.idleWarningDelay.session.authenticated.passwordChangeRequired':
      'No activity on the change screen until a minute before the idle timeout',
    'xstate.after.idleWarningLead.session.authenticated.idleWarning':
      'The idle dialog is left alone for a minute',
    'xstate.after.logoutRedirectDelay.session.expired': 'Two seconds pass after the timeout toast',
  },
} satisfies TestMap;
