import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import type { WorkingLanguage } from '../../src/contract/locale';
import { sessionMachine, sessionTestMap, type SessionContext } from '../../src/machines/session';
import { STORAGE_KEYS } from '../../src/services/storage';
import {
  coveredTransitions,
  namePaths,
  stateKeys,
  walk,
  WorkflowRun,
  type FakeFailure,
  type ModelEvent,
  type PathChecks,
} from './harness';
import {
  CURRENT_PATH,
  LOGIN_REDIRECT,
  menu,
  mustChangeUser,
  scenarios,
  sessionDelays,
  sessionInput,
  sessionPaths,
  user,
  type Scenario,
} from './session.model';

/** What a user reads (the catalogues' texts, spec point 8). */
const SESSION_TIMEOUT: Record<WorkingLanguage, string> = {
  jp: 'セッションの有効期限が切れました。もう一度ログインしてください',
  zh_cn: '会话已超时，请重新登录',
  en: 'Session timeout, please login again',
};
const HAS_ERROR: Record<WorkingLanguage, string> = {
  jp: 'エラーが発生しました',
  zh_cn: '发生错误',
  en: 'Has Error',
};

function setUp(scenario: Scenario) {
  const { memory, store, input } = sessionInput(scenarios[scenario]);
  const run = new WorkflowRun(sessionMachine, input, sessionDelays);
  const context = () => run.snapshot.context as SessionContext;
  /** Nothing but the locale may survive a session's end (spec point 4). */
  const expectStorageCleared = () =>
    expect(Object.keys(memory.snapshot()).filter((key) => key !== STORAGE_KEYS.locale)).toEqual([]);
  const lastCall = () => run.calls.at(-1);
  const toasts = (emitted: ModelEvent[]) => emitted.filter((e) => e.type === 'toast');
  const navigations = (emitted: ModelEvent[]) =>
    emitted.filter((e) => e.type === 'navigate').map((e) => e.to);
  /** The user is held on the change screen: back from a dialog, the console goes there again. */
  const held = () => context().user?.mustChangePassword === true;
  /** The name the session last learned: the login's, or the one a saved profile gave. */
  let userName = 'Alice';
  run.prepare.PROFILE_SAVED = (e) => (userName = String(e.userName));
  run.prepare['xstate.done.actor.login'] = () => (userName = 'Alice');
  run.prepare['xstate.done.actor.loadInfo'] = () => (userName = 'Alice');
  const toChangeScreen = { type: 'navigate', to: '/changePassword', replace: true };

  const checks: PathChecks = {
    states: {
      loggedOut: () => {
        expect(store.getToken()).toBeNull();
        expect(context().token).toBeNull();
        expect(context().user).toBeNull();
        expect(store.getUser()).toBeNull();
        expect(run.snapshot.hasTag('busy')).toBe(false);
      },
      'loggedOut.captchaLoading': () => expect(lastCall()?.actor).toBe('fetchCaptcha'),
      'loggedOut.ready': () => {
        expect(context().captcha).toEqual({
          enabled: true,
          captchaId: 'captcha-1',
          image: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      },
      'loggedOut.captchaFailed': () => expect(context().captcha).toBeNull(),
      loggingIn: () => {
        expect(run.snapshot.hasTag('busy')).toBe(true);
        // The typed password goes to the login service, which hashes it (tests/unit/services.test.ts).
        expect(lastCall()).toMatchObject({
          actor: 'login',
          input: {
            loginId: 'alice',
            password: 'secret-1',
            verycode: 'ab12',
            captchaId: context().captcha?.captchaId ?? '',
          },
        });
      },
      restoring: () => {
        expect(run.snapshot.hasTag('busy')).toBe(true);
        expect(lastCall()?.actor).toBe('loadInfo');
      },
      authenticated: () => {
        expect(context().token).not.toBeNull();
        expect(store.getToken()).toBe(context().token);
        expect(store.getUser()).toEqual(context().user);
        expect(context().user?.userName).toBe(userName);
        expect(store.getMenu()).toEqual(menu);
        expect(context().menu).toEqual(menu);
      },
      'authenticated.active': () => {
        expect(run.snapshot.hasTag('busy')).toBe(false);
        expect(held()).toBe(false);
      },
      'authenticated.passwordChangeRequired': () => {
        expect(run.snapshot.hasTag('busy')).toBe(false);
        expect(held()).toBe(true);
        expect(store.getUser()?.mustChangePassword).toBe(true);
      },
      'authenticated.keepingAlive': () => expect(lastCall()?.actor).toBe('keepAlive'),
      secondFactor: () => {
        // The session's token is kept, the console shows no menu until the code is given.
        expect(store.getToken()).toBe(context().token);
        expect(context().token).not.toBeNull();
        expect(context().user?.secondFactor).toBe('verify');
        expect(context().menu).toEqual([]);
        expect(lastCall()).toEqual({ actor: 'secondFactor', input: { mode: 'verify', locale: 'zh_cn' } });
      },
      'authenticated.changingLanguage': () => {
        expect(run.snapshot.hasTag('busy')).toBe(true);
        expect(lastCall()).toEqual({ actor: 'saveLanguage', input: { locale: 'en' } });
      },
      expired: () => {
        expectStorageCleared();
        expect(context().user).toBeNull();
      },
      loggingOut: () => {
        expect(run.snapshot.hasTag('busy')).toBe(true);
        expect(lastCall()?.actor).toBe('logout');
        // The logout call still carries the token; it is forgotten once the server revoked it.
        expect(store.getToken()).not.toBeNull();
      },
    },
    steps: {
      'xstate.done.actor.login': ({ before, emitted }) => {
        expect(store.getToken()).toBe('token-1');
        expect(store.getLocale()).toBe('zh_cn');
        expect(context().locale).toBe('zh_cn');
        expect(context().error).toBeNull();
        const wanted = (before.context as SessionContext).redirect;
        if (run.snapshot.matches('secondFactor')) {
          // The code first: no page opens yet, the wanted one is kept.
          expect(navigations(emitted)).toEqual([]);
          expect(context().redirect).toBe(wanted);
        } else if (held()) {
          // To the change screen first; the wanted page is kept for afterwards.
          expect(navigations(emitted)).toEqual(['/changePassword']);
          expect(context().redirect).toBe(wanted);
        } else {
          expect(navigations(emitted)).toEqual([wanted]);
        }
      },
      'xstate.done.actor.secondFactor': ({ event, before, emitted }) => {
        const output = event.output as { outcome: string; message?: string; lockedUntil?: string };
        const wanted = (before.context as SessionContext).redirect;
        if (output.outcome === 'locked') {
          expect(run.snapshot.matches('loggedOut')).toBe(true);
          expect(context().error).toBe(output.message);
          expect(context().lockedUntil).toBe(output.lockedUntil);
          expectStorageCleared();
          expect(navigations(emitted)).toEqual([]);
        } else if (held()) {
          expect(navigations(emitted)).toEqual(['/changePassword']);
          expect(store.getUser()?.secondFactor).toBeNull();
        } else {
          expect(navigations(emitted)).toEqual([wanted]);
          expect(store.getUser()?.secondFactor).toBeNull();
          expect(store.getMenu()).toEqual(menu);
        }
      },
      PASSWORD_CHANGE_REQUIRED: ({ emitted }) => {
        expect(navigations(emitted)).toEqual(['/changePassword']);
        expect(context().redirect).toBe(CURRENT_PATH);
        expect(held()).toBe(true);
      },
      PASSWORD_CHANGED: ({ before, emitted }) => {
        expect(held()).toBe(false);
        expect(store.getUser()?.mustChangePassword).toBe(false);
        // From the forced change on to the page wanted before it; a voluntary change stays put.
        expect(navigations(emitted)).toEqual(
          before.matches({ authenticated: 'passwordChangeRequired' })
            ? [(before.context as SessionContext).redirect]
            : [],
        );
      },
      'xstate.error.actor.login': ({ event, emitted, callsBefore }) => {
        const error = event.error as FakeFailure;
        expect(context().error).toBe(error.message);
        expect(context().lockedUntil).toBe(
          (error.result as { lockedUntil?: string } | undefined)?.lockedUntil ?? null,
        );
        expect(emitted).toEqual([]);
        // The captcha is single use: a new one is fetched.
        expect(run.calls.slice(callsBefore).map((c) => c.actor)).toEqual(['fetchCaptcha']);
      },
      LOGIN: () => {
        expect(context().error).toBeNull();
        // The login page's language at the moment of the login (picked there or stored) goes
        // along, to be saved on the account.
        expect(lastCall()).toMatchObject({ actor: 'login', input: { workingLanguage: context().locale } });
      },
      'xstate.done.actor.loadInfo': ({ emitted }) => {
        expect(store.getToken()).toBe('token-r');
        expect(emitted).toEqual([]);
      },
      'xstate.error.actor.loadInfo': ({ event, emitted }) => {
        const error = event.error as FakeFailure;
        const message =
          error.resultType === 'UNAUTHENCATED' ? SESSION_TIMEOUT.zh_cn : error.message || HAS_ERROR.zh_cn;
        expect(toasts(emitted).map((t) => t.message)).toEqual([message]);
        expect(navigations(emitted)).toEqual([LOGIN_REDIRECT]);
        expectStorageCleared();
        expect(store.getLocale()).toBe('zh_cn');
      },
      TOKEN: ({ before, emitted }) => {
        expect(store.getToken()).toBe('token-2');
        expect(context().token).toBe('token-2');
        const closesDialog = before.matches({ authenticated: 'idleWarning' });
        expect(emitted).toEqual(closesDialog && held() ? [toChangeScreen] : []);
      },
      SESSION_EXPIRED: ({ emitted }) => {
        expect(toasts(emitted)).toEqual([
          {
            type: 'toast',
            status: 'error',
            message: SESSION_TIMEOUT[store.getLocale()],
            key: 'common.sessionTimeout',
          },
        ]);
        expect(navigations(emitted)).toEqual([]);
      },
      'xstate.after.idleWarningLead.session.authenticated.idleWarning': ({ emitted }) => {
        expect(toasts(emitted).map((t) => t.message)).toEqual([SESSION_TIMEOUT.zh_cn]);
        expectStorageCleared();
      },
      'xstate.after.logoutRedirectDelay.session.expired': ({ emitted }) => {
        expect(navigations(emitted)).toEqual([LOGIN_REDIRECT]);
        expect(context().redirect).toBe(CURRENT_PATH);
      },
      'xstate.error.actor.keepAlive': ({ event, emitted }) => {
        const error = event.error as FakeFailure;
        const message = error.resultType === 'UNAUTHENCATED' ? SESSION_TIMEOUT.zh_cn : error.message;
        expect(toasts(emitted).map((t) => t.message)).toEqual([message]);
      },
      'xstate.done.actor.keepAlive': ({ emitted }) => expect(emitted).toEqual(held() ? [toChangeScreen] : []),
      'xstate.done.actor.logout': ({ history, emitted }) => {
        expectStorageCleared();
        expect(navigations(emitted)).toEqual([
          history.some((e) => e.type === 'SWITCH_ACCOUNT') ? '/login' : LOGIN_REDIRECT,
        ]);
      },
      'xstate.error.actor.logout': ({ history, emitted }) => {
        expectStorageCleared();
        expect(toasts(emitted)).toEqual([]);
        expect(navigations(emitted)).toEqual([
          history.some((e) => e.type === 'SWITCH_ACCOUNT') ? '/login' : LOGIN_REDIRECT,
        ]);
      },
      LOGOUT_CANCEL: ({ emitted }) => {
        expect(emitted).toEqual(held() ? [toChangeScreen] : []);
        expect(store.getToken()).not.toBeNull();
      },
      'xstate.done.actor.saveLanguage': ({ emitted }) => {
        // In place: no reload; the console re-renders from the session's locale.
        expect(emitted).toEqual([]);
        expect(context().locale).toBe('en');
        expect(store.getLocale()).toBe('en');
        expect(store.getUser()?.workingLanguage).toBe('en');
      },
      'xstate.error.actor.saveLanguage': ({ emitted }) => {
        expect(emitted).toEqual([{ type: 'toast', status: 'error', message: 'Not saved' }]);
        expect(store.getLocale()).toBe('zh_cn');
      },
      RELOGIN_REQUIRED: ({ emitted }) => {
        expectStorageCleared();
        expect(navigations(emitted)).toEqual(['/login']);
      },
      PROFILE_SAVED: () => {
        expect(context().user?.userName).toBe('Alice Renamed');
        expect(store.getUser()?.userName).toBe('Alice Renamed');
      },
      SET_LOCALE: () => {
        expect(store.getLocale()).toBe('en');
        expect(context().locale).toBe('en');
      },
    },
  };
  return { run, store, memory, checks };
}

const pathsByScenario = { fresh: sessionPaths('fresh'), reload: sessionPaths('reload') };

for (const scenario of ['fresh', 'reload'] as const) {
  describe(`session paths (${scenario === 'fresh' ? 'first visit' : 'reload with a stored token'})`, () => {
    for (const { name, path } of namePaths(pathsByScenario[scenario])) {
      it(name, async () => {
        const { run, checks } = setUp(scenario);
        await walk(run as WorkflowRun<AnyStateMachine>, path, checks);
      });
    }
  });
}

describe('session model', () => {
  it('the generated paths take every transition the machine defines', () => {
    const all = [...pathsByScenario.fresh, ...pathsByScenario.reload];
    expect(coveredTransitions(sessionMachine, all).missing).toEqual([]);
  });

  it('the test map describes every state and every event the machine handles', () => {
    expect(Object.keys(sessionTestMap.states).sort()).toEqual(stateKeys(sessionMachine).sort());
    const handled = new Set(coveredTransitions(sessionMachine, []).defined.map((d) => d.split(' ')[1]));
    expect([...handled].filter((e) => !(e in sessionTestMap.events))).toEqual([]);
  });
});

describe('session scenarios beyond shortest paths', () => {
  async function loggedIn(scenario: Scenario = 'fresh') {
    const setup = setUp(scenario);
    const { run } = setup;
    await run.perform({
      type: 'xstate.done.actor.fetchCaptcha',
      output: { enabled: false, captchaId: '', image: '' },
    });
    await run.perform({ type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: '' });
    await run.perform({ type: 'xstate.done.actor.login', output: { user, menu, token: 'token-1' } });
    expect(run.snapshot.matches({ authenticated: 'active' })).toBe(true);
    return setup;
  }

  it('every reply restarts the idle timer, and every token is stored', async () => {
    const { run, store } = await loggedIn();
    run.clock.increment(800_000);
    await run.perform({ type: 'TOKEN', token: 'token-2' });
    await run.perform({ type: 'TOKEN', token: 'token-3' });
    expect(store.getToken()).toBe('token-3');
    // Without the restart the warning would show 40 s from here.
    run.clock.increment(839_999);
    expect(run.snapshot.matches({ authenticated: 'active' })).toBe(true);
    run.clock.increment(1);
    expect(run.snapshot.matches({ authenticated: 'idleWarning' })).toBe(true);
  });

  it('a reply while the idle warning shows closes it', async () => {
    const { run, store } = await loggedIn();
    await run.perform({ type: 'xstate.after.idleWarningDelay.session.authenticated.active' });
    await run.perform({ type: 'TOKEN', token: 'token-9' });
    expect(run.snapshot.matches({ authenticated: 'active' })).toBe(true);
    expect(store.getToken()).toBe('token-9');
  });

  it('the server\u2019s own idle timeout sets when the warning shows', async () => {
    const { run } = setUp('fresh');
    await run.perform({ type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: '' });
    await run.perform({
      type: 'xstate.done.actor.login',
      output: { user: { ...user, idleTimeoutSeconds: 300 }, menu, token: 'token-1' },
    });
    run.clock.increment(239_999);
    expect(run.snapshot.matches({ authenticated: 'active' })).toBe(true);
    run.clock.increment(1);
    expect(run.snapshot.matches({ authenticated: 'idleWarning' })).toBe(true);
  });

  it('after login the user lands on the page the login was asked for', async () => {
    const { run } = setUp('fresh');
    await run.perform({ type: 'SET_REDIRECT', redirect: '/report?month=2025-01' });
    await run.perform({ type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: '' });
    await run.perform({ type: 'xstate.done.actor.login', output: { user, menu, token: 'token-1' } });
    expect(run.emitted).toContainEqual({ type: 'navigate', to: '/report?month=2025-01', replace: true });
  });

  it('a redirect to another site is refused', async () => {
    const { run } = setUp('fresh');
    await run.perform({ type: 'SET_REDIRECT', redirect: '//evil.example/phish' });
    await run.perform({ type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: '' });
    await run.perform({ type: 'xstate.done.actor.login', output: { user, menu, token: 'token-1' } });
    expect(run.emitted).toContainEqual({ type: 'navigate', to: '/', replace: true });
  });

  it('a user who must change the password is held on the change page, then goes on to the wanted page', async () => {
    const { run } = setUp('fresh');
    await run.perform({ type: 'SET_REDIRECT', redirect: '/history/order' });
    await run.perform({ type: 'LOGIN', loginId: 'alice', password: 'secret-1', verycode: '' });
    await run.perform({
      type: 'xstate.done.actor.login',
      output: { user: mustChangeUser, menu, token: 'token-1' },
    });
    expect(run.emitted).toContainEqual({ type: 'navigate', to: '/changePassword', replace: true });
    expect(run.snapshot.matches({ authenticated: 'passwordChangeRequired' })).toBe(true);
    // Language and other screens wait: the machine takes no such event here.
    expect(run.snapshot.can({ type: 'CHANGE_LANGUAGE', locale: 'en' })).toBe(false);
    const mark = run.emitted.length;
    await run.perform({ type: 'PASSWORD_CHANGED' });
    expect(run.emittedSince(mark)).toEqual([{ type: 'navigate', to: '/history/order', replace: true }]);
    expect(run.snapshot.matches({ authenticated: 'active' })).toBe(true);
  });

  it('a reload while the password must be changed opens the change page again', async () => {
    const { run } = setUp('reload');
    await run.perform({
      type: 'xstate.done.actor.loadInfo',
      output: { user: mustChangeUser, menu, token: 'token-r' },
    });
    expect(run.snapshot.matches({ authenticated: 'passwordChangeRequired' })).toBe(true);
    expect(run.emitted).toContainEqual({ type: 'navigate', to: '/changePassword', replace: true });
  });

  it('after a language change, an expiry speaks the new language', async () => {
    const { run } = await loggedIn();
    await run.perform({ type: 'CHANGE_LANGUAGE', locale: 'en' });
    await run.perform({ type: 'xstate.done.actor.saveLanguage', output: 'en' });
    const mark = run.emitted.length;
    await run.perform({ type: 'SESSION_EXPIRED' });
    expect(run.emittedSince(mark)).toContainEqual(
      expect.objectContaining({ type: 'toast', message: SESSION_TIMEOUT.en }),
    );
  });

  it('a language picked on the login page is stored locally', async () => {
    const { run, store } = setUp('fresh');
    await run.perform({ type: 'SET_LOCALE', locale: 'en' });
    expect(store.getLocale()).toBe('en');
    expect(run.snapshot.context.locale).toBe('en');
  });
});
