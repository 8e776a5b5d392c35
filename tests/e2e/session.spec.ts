/**
 * The session machine's test paths (tests/machines/session.model.ts: sessionPaths('fresh')
 * and sessionPaths('reload')) walked in Chromium against the real server. Not every path:
 * vitest walks all of them (tests/machines/session.test.ts); here the covering set
 * `sessionWalks()` computes from them — walks that together enter every state and take every
 * transition the browser can cause (tests/machines/coveringSets.session.test.ts fails when one
 * has no walk) — one test per walk, named after its steps. Each step is a user action or a
 * server answer, and after each step the state is checked as a user sees it (sessionTestMap).
 *
 * How the steps are mapped
 * - The session's server calls (captcha, login, logout, keepalive, language; /system/info on
 *   reload) are held by `page.route` until the path's `done:`/`error:` step for them: `done`
 *   and the refusals the real server gives (wrong credentials, locked, revoked session) let
 *   the held request through to the real server; `(offline)` aborts it (a network failure).
 *   Holding them makes the waiting states visible (captcha spinner, busy buttons).
 * - LOGIN: fill the form and press Log in, with the account's right password, or a wrong one
 *   when the next step is `error:login(wrong credentials)`; before `error:login(locked)` the
 *   account is locked for real by five wrong passwords (API) and the form gets the right
 *   one; before `error:login(wrong code)` a wrong verification code (captcha server). While
 *   the captcha image is loading or failed, the code field is required and gets any text.
 * - REFRESH_CAPTCHA: click the captcha image (ready) or "retry" (failed).
 * - SET_REDIRECT: an in-app navigation to /login?redirect=%2Freport (history.pushState, what
 *   a link of the console does; typing it in the address bar would reload the app).
 * - SET_LOCALE: pick English in the login page's language select.
 * - TOKEN: a reply of another call arrives: after login the test visits Profile and then
 *   Home; TOKEN is the browser's Back button, which reopens Profile and loads it.
 * - SESSION_EXPIRED: the session ends on the server (the test logs its token out through the
 *   API, as another tab would), then Back as for TOKEN: the reply says UNAUTHENCATED.
 * - RELOGIN_REQUIRED: a successful refund-password change. From the active shell it is
 *   made through the form; from the logout dialog or the language switch, the change was
 *   submitted before (its request held) and its answer arrives then.
 * - SWITCH_ACCOUNT: "Switch account" in the user card; while a modal dialog covers the
 *   shell, the user opens /login (in-app navigation) and presses "Log in with another
 *   account" there.
 * - PASSWORD_CHANGED: a successful login-password change through the form (success toast).
 * - PROFILE_SAVED: a new name saved through the profile form; the user card shows it at once.
 * - done:login with a user who must change the password: before the path, an administrator
 *   resets the account's password through the API (it must then be changed); the login uses
 *   that password and lands on the change form. Held there, TOKEN is a change submitted with
 *   a wrong current password (its refusal carries a token), SESSION_EXPIRED the same after
 *   the session was ended on the server, PASSWORD_CHANGED the change made with the reset
 *   password, after which the console opens the page the login was for.
 * - LOGOUT_REQUEST / LOGOUT_CONFIRM / LOGOUT_CANCEL / STAY_SIGNED_IN / CHANGE_LANGUAGE: the
 *   user card's and the dialogs' buttons; LOGOUT_CONFIRM while the second factor is asked for:
 *   the form's "Log out" button.
 * - done:login(second factor owed): before the path the account enrols an authenticator
 *   (API, with the secret the server gives); the login then shows the code form. There,
 *   done:secondFactor(given) is the current code of that secret typed in (…, password to
 *   change: the account's password was also reset by an administrator, as above), TOKEN a
 *   wrong code (its refusal is a reply), SESSION_EXPIRED a code sent after the session was
 *   ended on the server, done:secondFactor(locked) five wrong codes. On reload,
 *   done:loadInfo(second factor owed) is a stored session that had only given its password.
 * - after:<delay>: `page.clock` (installed before the first navigation) fast-forwards the
 *   spec's duration (840 s idle warning, 60 s lead, 2 s redirect).
 * - error:saveLanguage(refused): the real server accepts every language the buttons offer;
 *   mapped to the closest real failure, a network failure (same transition: toast, back to
 *   the shell in the old language).
 * - error:loadInfo(server error): mapped to a network failure (same transition).
 * - Reload scenario: the browser storage holds a real session of the path's account (revoked
 *   on the server for `error:loadInfo(unauthenticated)`), the language zh_cn, and the page
 *   is CURRENT_PATH.
 *
 * Not walked here (the model says why: SESSION_PINNED, SESSION_NOT_WALKABLE): the
 * PASSWORD_CHANGE_REQUIRED refusal (an administrator's reset ends the account's sessions), and
 * paths whose order or payload the real server or the screens rule out (a reply with no message;
 * a refund-password change under the idle dialog or while held on the login-password change; a
 * reply under a dialog while held; a captcha refresh after a refused login). Their transitions
 * are walked by other paths.
 */
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { WorkingLanguage } from '../../src/contract/locale';
import { STORAGE_KEYS } from '../../src/services/storage';
import { namePaths, type ModelEvent } from '../machines/harness';
import {
  CURRENT_PATH,
  heldLogin,
  isHeld,
  LOGIN_REDIRECT,
  payloadLabel,
  sessionDelays,
  sessionWalks,
} from '../machines/session.model';
import {
  CAPTCHA_ANSWER,
  FIXTURES,
  PASSWORD,
  SESSION_ACCOUNTS,
  WRONG_PASSWORD,
  captchaPort,
  type Fixture,
} from './fixtures';
import type { MfaEnrolment } from '../../src/contract/auth';
import {
  apiCall,
  apiLogin,
  apiLoginReply,
  apiLogout,
  forgetLastStep,
  secondFactorForm,
  totpNow,
  type ApiSession,
  loginForm,
  messagePattern,
  openMenu,
  openUserCard,
  storageOf,
  toast,
  tr,
  userMenuButton,
} from './support/ui';

type Scenario = 'fresh' | 'reload';
type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const ENDPOINTS: Record<string, string> = {
  fetchCaptcha: 'captcha',
  login: 'login',
  loadInfo: 'system/info',
  logout: 'logout',
  keepAlive: 'session/keepalive',
  saveLanguage: 'system/profile/language',
  refund: 'system/refundPassword/save',
};

/** Holds the session's server calls until a step lets them through or fails them. */
class Gate {
  private seq = 0;
  private readonly held: { endpoint: string; seq: number; route: Route; done: boolean }[] = [];

  constructor(private readonly page: Page) {}

  get mark() {
    return this.seq;
  }

  async hold(endpoint: string) {
    await this.page.route(`**/api/${endpoint}`, (route) => {
      this.held.push({ endpoint, seq: this.seq++, route, done: false });
    });
  }

  /** Answers the first request of `endpoint` sent since `since` (waits for it). */
  async answer(endpoint: string, since: number, how: 'continue' | 'abort') {
    let request: (typeof this.held)[number] | undefined;
    await expect
      .poll(() => (request = this.held.find((h) => h.endpoint === endpoint && !h.done && h.seq >= since)), {
        message: `a request to /api/${endpoint}`,
        timeout: 10_000,
      })
      .toBeTruthy();
    request!.done = true;
    if (how === 'abort') await request!.route.abort('internetdisconnected');
    else await request!.route.continue();
  }
}

const same = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) =>
  JSON.stringify(a.value) === JSON.stringify(b.value);
const label = payloadLabel;

/** The path's account has an authenticator: its login owes the second factor. */
const owesSecondFactor = (steps: readonly Step[]) =>
  steps.some((s) => label(s.event) === 'second factor owed');
const inSecondFactor = (s: AnyMachineSnapshot | null) => Boolean(s?.matches('secondFactor'));

/** The captcha server (PORT+1) for the paths that need an image or a wrong code. */
function needsCaptcha(steps: readonly Step[]) {
  return steps.some(
    (s, i) =>
      (s.event.type === 'REFRESH_CAPTCHA' && i > 0 && steps[i - 1].state.matches({ loggedOut: 'ready' })) ||
      (s.event.type === 'xstate.error.actor.login' && label(s.event) === 'wrong code'),
  );
}

interface Walk {
  page: Page;
  gate: Gate;
  account: Fixture;
  steps: readonly Step[];
  captchaOn: boolean;
  locale: WorkingLanguage;
  /** The login form's error a user should see. */
  loginError: RegExp | null;
  locked: boolean;
  /** The gate's mark before each step. */
  marks: number[];
  /** The path the session remembers when it ends (redirect after login). */
  expiredFrom: string;
  /** The account's login password (an administrator's reset for the must-change paths). */
  password: string;
  /** Where the login was asked to go (SET_REDIRECT). */
  redirect: string;
  /** The TOTP secret of the account's authenticator (enrolled before the path), if any. */
  mfaSecret: string;
}

const currentPath = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);

/** The step that entered the state the machine was in before step i (where its call started). */
function entered(steps: readonly Step[], j: number) {
  let k = j;
  while (k > 0 && same(steps[k - 1].state, steps[j].state)) k--;
  return k;
}

async function revokeSession(w: Walk) {
  const token = await storedToken(w.page);
  expect(token, 'a stored session token').toBeTruthy();
  await apiLogout(w.page.request, token!);
}

async function back(w: Walk) {
  await Promise.all([w.page.waitForResponse('**/api/system/profile/get'), w.page.goBack()]);
}

async function navigateInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** The user card, opened unless it is open already. */
async function userCard(w: Walk) {
  const card = w.page.getByRole('dialog', { name: tr(w.locale, 'shell.userMenu') });
  if (await card.isVisible()) return card;
  return openUserCard(w.page, w.locale);
}

async function fillRefundForm(w: Walk) {
  const card = await userCard(w);
  await card.getByRole('button', { name: tr(w.locale, 'menu.changeRefundPassword') }).click();
  const form = w.page.getByRole('form', { name: tr(w.locale, 'menu.changeRefundPassword') });
  await form.getByLabel(tr(w.locale, 'passwordForm.oldRefund'), { exact: true }).fill(PASSWORD);
  const next = `e2eRefund${String(Date.now()).slice(-6)}`;
  await form.getByLabel(tr(w.locale, 'fields.newPassword'), { exact: true }).fill(next);
  await form.getByLabel(tr(w.locale, 'fields.confirmPassword'), { exact: true }).fill(next);
  await form.getByRole('button', { name: tr(w.locale, 'passwordForm.submit') }).click();
}

async function fillLoginPasswordForm(w: Walk, current = w.password) {
  const form = w.page.getByRole('form', { name: tr(w.locale, 'menu.changePassword') });
  // Held on the change, the form is the page already; otherwise the user card opens it.
  if (!(await form.isVisible())) {
    const card = await userCard(w);
    await card.getByRole('button', { name: tr(w.locale, 'menu.changePassword') }).click();
  }
  await form.getByLabel(tr(w.locale, 'passwordForm.oldLogin'), { exact: true }).fill(current);
  const next = `e2eLogin${String(Date.now()).slice(-6)}`;
  await form.getByLabel(tr(w.locale, 'fields.newPassword'), { exact: true }).fill(next);
  await form.getByLabel(tr(w.locale, 'fields.confirmPassword'), { exact: true }).fill(next);
  await form.getByRole('button', { name: tr(w.locale, 'passwordForm.submit') }).click();
}

/** Held on the change: a change with a wrong current password, whose refusal is a reply. */
async function heldReply(w: Walk) {
  await Promise.all([
    w.page.waitForResponse('**/api/system/password/save'),
    fillLoginPasswordForm(w, 'Not-the-current-1'),
  ]);
}

/** An administrator resets the account's password: it logs in with that and must change it. */
async function resetPassword(browser: Browser, baseURL: string, account: Fixture) {
  const ctx = await browser.newContext({ baseURL });
  try {
    const admin = await apiLogin(ctx.request, FIXTURES.sessionAdmin.loginId);
    const found = await apiCall<{ records: { id: number; loginId: string }[] }>(
      ctx.request,
      admin.token,
      '/system/operator/page',
      { loginId: account.loginId },
    );
    const id = found.result.records.find((r) => r.loginId === account.loginId)!.id;
    const reset = await apiCall<{ password: string }>(ctx.request, admin.token, '/system/operator/password', {
      id,
    });
    expect(reset.resultType).toBe('SUCCESS');
    return reset.result.password;
  } finally {
    await ctx.close();
  }
}

/** The account enrols an authenticator through the API; returns its secret. */
async function enrolAccount(browser: Browser, baseURL: string, account: Fixture) {
  const ctx = await browser.newContext({ baseURL });
  try {
    const session = await apiLogin(ctx.request, account.loginId);
    const start = await apiCall<MfaEnrolment>(ctx.request, session.token, '/auth/mfa/enrol/start');
    const confirmed = await apiCall(ctx.request, session.token, '/auth/mfa/enrol/confirm', {
      otp: await totpNow(start.result.secret),
    });
    expect(confirmed.resultType).toBe('SUCCESS');
    await apiLogout(ctx.request, session.token);
    return start.result.secret;
  } finally {
    await ctx.close();
  }
}

/** Types a code into the second-factor form and waits for the server's answer. */
async function sendCode(w: Walk, otp: string) {
  const f = secondFactorForm(w.page, w.locale);
  await f.code.fill(otp);
  await Promise.all([w.page.waitForResponse('**/api/auth/mfa/verify'), f.submit.click()]);
}
/** A code that is not the current one. */
const wrongCode = async (secret: string) => ((await totpNow(secret)) === '000000' ? '111111' : '000000');

/** After the login: the preparations later steps of the path rely on. */
async function prepareAfterLogin(w: Walk, from: number) {
  // Held on the change, replies come from the change form itself (heldReply); asked for the
  // second factor, from the code form.
  if (isHeld(w.steps[from - 1].state) || inSecondFactor(w.steps[from - 1].state)) return;
  const rest = w.steps.slice(from);
  if (rest.some((s) => s.event.type === 'TOKEN' || s.event.type === 'SESSION_EXPIRED')) {
    // History [… /introduce, /]: Back reopens Profile, whose load is "a reply".
    const card = await openUserCard(w.page, w.locale);
    await Promise.all([
      w.page.waitForResponse('**/api/system/profile/get'),
      card.getByRole('button', { name: tr(w.locale, 'menu.introduce') }).click(),
    ]);
    // Home loads the profile again; its reply (a token) must be taken before the clock moves.
    await Promise.all([
      w.page.waitForResponse('**/api/system/profile/get'),
      w.page
        .getByRole('navigation', { name: tr(w.locale, 'shell.mainMenu') })
        .getByRole('link', { name: tr(w.locale, 'menu.home') })
        .click(),
    ]);
    await expect(w.page).toHaveURL('/');
    await expect(w.page.getByText(w.account.loginId, { exact: true })).toBeVisible();
  }
  const relogin = rest.findIndex((s) => s.event.type === 'RELOGIN_REQUIRED');
  if (relogin > 0 && !rest[relogin - 1].state.matches({ authenticated: 'active' })) {
    // The refund change is sent now and its answer held until RELOGIN_REQUIRED.
    await w.gate.hold(ENDPOINTS.refund);
    await fillRefundForm(w);
    await expect(w.page.getByRole('button', { name: tr(w.locale, 'passwordForm.submit') })).toBeDisabled();
  }
}

async function answer(w: Walk, i: number) {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(w.steps[i].event.type)!;
  const [, kind, actor] = m;
  const since = w.marks[entered(w.steps, i - 1)];
  const offline =
    kind === 'error' && ['offline', 'server error', 'refused'].includes(label(w.steps[i].event));
  if (kind === 'error' && label(w.steps[i].event) === 'unauthenticated' && actor === 'keepAlive') {
    await revokeSession(w);
  }
  await w.gate.answer(ENDPOINTS[actor], since, offline ? 'abort' : 'continue');
}

async function perform(w: Walk, i: number) {
  const { page } = w;
  const step = w.steps[i];
  const e = step.event;
  const before = i > 0 ? w.steps[i - 1].state : null;
  const next = w.steps[i + 1]?.event;
  const L = w.locale;
  switch (true) {
    case e.type === 'xstate.init':
      return;
    case e.type === 'LOGIN': {
      const outcome = next?.type === 'xstate.error.actor.login' ? label(next) : 'ok';
      if (outcome === 'locked') {
        for (let n = 0; n < 5; n++) await apiLoginReply(page.request, w.account.loginId, WRONG_PASSWORD);
        const refused = await apiLoginReply(page.request, w.account.loginId, PASSWORD);
        expect(refused.result?.lockedUntil, 'locked after five wrong passwords').toBeTruthy();
      }
      const f = loginForm(page, L);
      await f.loginId.fill(w.account.loginId);
      await f.password.fill(outcome === 'wrong credentials' ? WRONG_PASSWORD : w.password);
      if (await f.verycode.isVisible()) {
        const ready = before?.matches({ loggedOut: 'ready' }) && outcome !== 'wrong code';
        await f.verycode.fill(ready ? CAPTCHA_ANSWER : 'ZZZZ');
      }
      w.loginError = null;
      w.locked = false;
      await f.submit.click();
      return;
    }
    case e.type === 'xstate.error.actor.login': {
      await answer(w, i);
      const key = { 'wrong credentials': 'badCredentials', locked: 'locked', 'wrong code': 'badCaptcha' }[
        label(e)
      ];
      w.loginError = messagePattern(tr(L, `server.auth.${key}`, { until: '{{until}}' }));
      w.locked = key === 'locked';
      return;
    }
    case (e.type === 'xstate.done.actor.login' || e.type === 'xstate.done.actor.loadInfo') &&
      inSecondFactor(step.state): {
      await answer(w, i);
      // A login keeps the login page's language (saved on the account); a restored session
      // opens in the account's saved one (Japanese).
      if (e.type === 'xstate.done.actor.loadInfo') w.locale = 'jp';
      await expect(secondFactorForm(page, w.locale).form).toBeVisible();
      return;
    }
    case e.type === 'xstate.done.actor.secondFactor' && label(e) === 'locked': {
      for (let n = 0; n < 5; n++) await sendCode(w, await wrongCode(w.mfaSecret));
      w.loginError = messagePattern(tr(L, 'server.auth.locked', { until: '{{until}}' }));
      w.locked = true;
      return;
    }
    case e.type === 'xstate.done.actor.secondFactor': {
      await forgetLastStep(page.request, w.account.loginId);
      if (isHeld(step.state)) {
        await sendCode(w, await totpNow(w.mfaSecret));
        await expect(page).toHaveURL('/changePassword');
      } else {
        await Promise.all([
          page.waitForResponse('**/api/system/profile/get'),
          sendCode(w, await totpNow(w.mfaSecret)),
        ]);
        await expect(page.getByText(w.account.loginId, { exact: true })).toBeVisible();
      }
      return;
    }
    case e.type === 'TOKEN' && inSecondFactor(before):
      await sendCode(w, await wrongCode(w.mfaSecret));
      await expect(page.getByRole('alert').filter({ hasText: tr(L, 'server.mfa.badCode') })).toBeVisible();
      return;
    case e.type === 'SESSION_EXPIRED' && inSecondFactor(before):
      await revokeSession(w);
      w.expiredFrom = '/';
      await sendCode(w, await wrongCode(w.mfaSecret));
      return;
    case e.type === 'LOGOUT_CONFIRM' && inSecondFactor(before):
      await secondFactorForm(page, L).logout.click();
      return;
    case e.type === 'xstate.done.actor.login' && isHeld(step.state): {
      await answer(w, i);
      await expect(page).toHaveURL('/changePassword');
      return;
    }
    case e.type === 'xstate.done.actor.login':
    case e.type === 'xstate.done.actor.loadInfo': {
      // The first page loads (Home: the profile; the list page: its rows) before anything else.
      const landing =
        e.type === 'xstate.done.actor.login' ? 'system/profile/get' : 'system/operatorLoginHistory/page';
      await Promise.all([page.waitForResponse(`**/api/${landing}`), answer(w, i)]);
      // Its reply carries a token, which restarts the idle timer: wait until the page has
      // taken it (its data shown) before a later step moves the clock.
      if (e.type === 'xstate.done.actor.login')
        await expect(page.getByText(w.account.loginId, { exact: true })).toBeVisible();
      else await expect(page.getByRole('row').nth(1)).toBeVisible();
      if (e.type === 'xstate.done.actor.loadInfo') w.locale = 'jp';
      return;
    }
    case e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.'):
      await answer(w, i);
      if (e.type === 'xstate.done.actor.saveLanguage') w.locale = e.output as WorkingLanguage;
      return;
    case e.type === 'REFRESH_CAPTCHA':
      if (before?.matches({ loggedOut: 'captchaFailed' }))
        await page.getByRole('button', { name: tr(L, 'common.retry') }).click();
      else await page.getByRole('button', { name: tr(L, 'loginPage.refreshCaptcha') }).click();
      return;
    case e.type === 'SET_REDIRECT':
      w.redirect = e.redirect as string;
      await navigateInApp(page, `/login?redirect=${encodeURIComponent(e.redirect as string)}`);
      await expect(page).toHaveURL(/redirect=%2Freport/);
      return;
    case e.type === 'SET_LOCALE' && Boolean(before?.matches('authenticated')): {
      // Another tab of the console switched the language (and saved it): the browser tells
      // this one through a storage event on the stored locale.
      await page.evaluate(
        ({ key, locale }) => {
          const old = localStorage.getItem(key);
          localStorage.setItem(key, locale);
          window.dispatchEvent(new StorageEvent('storage', { key, oldValue: old, newValue: locale }));
        },
        { key: STORAGE_KEYS.locale, locale: e.locale as string },
      );
      w.locale = e.locale as WorkingLanguage;
      return;
    }
    case e.type === 'SET_LOCALE':
      await page.getByLabel(tr(L, 'loginPage.language')).selectOption(e.locale as string);
      w.locale = e.locale as WorkingLanguage;
      return;
    case e.type === 'TOKEN' && isHeld(before):
      await heldReply(w);
      return;
    case e.type === 'TOKEN':
      await back(w);
      return;
    case e.type === 'SESSION_EXPIRED' && isHeld(before):
      await revokeSession(w);
      w.expiredFrom = '/changePassword';
      await heldReply(w);
      return;
    case e.type === 'SESSION_EXPIRED':
      await revokeSession(w);
      w.expiredFrom = '/introduce';
      await back(w);
      return;
    case e.type === 'RELOGIN_REQUIRED':
      if (before?.matches({ authenticated: 'active' })) await fillRefundForm(w);
      else await w.gate.answer(ENDPOINTS.refund, 0, 'continue');
      w.loginError = null;
      return;
    case e.type === 'SWITCH_ACCOUNT':
      if (
        before?.matches({ authenticated: 'active' }) ||
        before?.matches({ authenticated: 'changingLanguage' }) ||
        isHeld(before)
      ) {
        const card = await userCard(w);
        await card.getByRole('button', { name: tr(L, 'shell.switchAccount') }).click();
      } else {
        await navigateInApp(page, '/login');
        await page.getByRole('button', { name: tr(L, 'loginPage.otherAccount') }).click();
      }
      return;
    case e.type === 'LOGOUT_REQUEST': {
      const card = await userCard(w);
      await card.getByRole('button', { name: tr(L, 'shell.logout') }).click();
      return;
    }
    case e.type === 'LOGOUT_CONFIRM': {
      // From the idle warning its own "Log out" button; otherwise the logout confirmation.
      const idle = before?.matches({ authenticated: 'idleWarning' });
      await page
        .getByRole('alertdialog', { name: tr(L, idle ? 'shell.idleTitle' : 'shell.logoutTitle') })
        .getByRole('button', { name: tr(L, 'shell.logout') })
        .click();
      return;
    }
    case e.type === 'PASSWORD_CHANGED':
      await fillLoginPasswordForm(w);
      await expect(toast(page, tr(L, 'passwordForm.changedLogin'))).toBeVisible();
      return;
    case e.type === 'PROFILE_SAVED': {
      // A new name saved on the profile: the user card says it at once, without a reload.
      const card = await userCard(w);
      await card.getByRole('button', { name: tr(L, 'menu.introduce') }).click();
      const form = page.getByRole('form', { name: tr(L, 'menu.introduce') });
      const name = `${w.account.userName} ${String(Date.now()).slice(-4)}`;
      await form.getByLabel(tr(L, 'fields.userName'), { exact: true }).fill(name);
      await form.getByRole('button', { name: tr(L, 'common.save') }).click();
      await expect(toast(page, tr(L, 'myAccount.profileSaved'))).toBeVisible();
      await expect(userMenuButton(page, L)).toContainText(name);
      return;
    }
    case e.type === 'LOGOUT_CANCEL':
      await page
        .getByRole('alertdialog', { name: tr(L, 'shell.logoutTitle') })
        .getByRole('button', { name: tr(L, 'common.cancel') })
        .click();
      return;
    case e.type === 'STAY_SIGNED_IN':
      await page.getByRole('button', { name: tr(L, 'shell.staySignedIn') }).click();
      return;
    case e.type === 'CHANGE_LANGUAGE': {
      // A mark on the page: it survives only if the language changes in place, without a reload.
      await page.evaluate(() => Object.assign(window, { kessaiNoReload: true }));
      const card = await userCard(w);
      await card
        .getByRole('button', { name: tr(e.locale as WorkingLanguage, `languages.${e.locale}`) })
        .click();
      return;
    }
    case e.type.startsWith('xstate.after.idleWarningDelay'):
      w.expiredFrom = currentPath(page);
      await page.clock.fastForward(sessionDelays.idleWarningDelay);
      return;
    case e.type.startsWith('xstate.after.idleWarningLead'):
      await page.clock.fastForward(sessionDelays.idleWarningLead);
      return;
    case e.type.startsWith('xstate.after.logoutRedirectDelay'):
      await page.clock.fastForward(sessionDelays.logoutRedirectDelay);
      return;
    default:
      throw new Error(`no user action for ${e.type}`);
  }
}

/** The state as a user sees it (sessionTestMap). */
async function check(w: Walk, s: AnyMachineSnapshot) {
  const { page } = w;
  const L = w.locale;
  if (s.matches('restoring')) {
    await expect(page.getByText(tr(L, 'loginPage.restoring'))).toBeVisible();
    return;
  }
  if (s.matches('loggedOut') || s.matches('loggingIn')) {
    const f = loginForm(page, L);
    await expect(f.form).toBeVisible();
    await expect(userMenuButton(page, L)).toHaveCount(0);
    if (w.loginError) await expect(f.form.getByRole('alert').filter({ hasText: w.loginError })).toBeVisible();
    if (w.locked) {
      await expect(f.form).toContainText(
        messagePattern(tr(L, 'loginPage.lockedUntil', { time: '{{time}}' })),
      );
    }
  }
  if (s.matches({ loggedOut: 'captchaLoading' })) {
    await expect(page.getByLabel(tr(L, 'loginPage.captchaLoading'))).toBeVisible();
  }
  if (s.matches({ loggedOut: 'ready' })) {
    await expect(loginForm(page, L).submit).toBeEnabled();
    if (w.captchaOn)
      await expect(page.getByRole('img', { name: tr(L, 'loginPage.captchaImage') })).toBeVisible();
    else await expect(loginForm(page, L).verycode).toHaveCount(0);
  }
  if (s.matches({ loggedOut: 'captchaFailed' })) {
    await expect(page.getByText(tr(L, 'loginPage.captchaFailed'))).toBeVisible();
  }
  if (s.matches('loggingIn')) {
    await expect(loginForm(page, L).busy).toBeDisabled();
  }
  if (s.matches('secondFactor')) {
    await expect(secondFactorForm(page, L).form).toBeVisible();
    await expect(userMenuButton(page, L)).toHaveCount(0);
  }
  if (s.matches('authenticated')) {
    // Under a modal dialog the shell is hidden from the accessibility tree, not from the eye.
    const menu = page.getByRole('button', { name: tr(L, 'shell.userMenu'), includeHidden: true });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(w.account.userName);
  }
  const idleDialog = page.getByRole('alertdialog', { name: tr(L, 'shell.idleTitle') });
  const logoutDialog = page.getByRole('alertdialog', { name: tr(L, 'shell.logoutTitle') });
  if (s.matches({ authenticated: 'active' })) {
    await expect(idleDialog).toHaveCount(0);
    await expect(logoutDialog).toHaveCount(0);
  }
  if (s.matches({ authenticated: 'passwordChangeRequired' })) {
    await expect(idleDialog).toHaveCount(0);
    await expect(logoutDialog).toHaveCount(0);
    const form = page.getByRole('form', { name: tr(L, 'menu.changePassword') });
    await expect(form.getByText(tr(L, 'shell.mustChangePassword'))).toBeVisible();
    await expect(page).toHaveURL('/changePassword');
  }
  if (s.matches({ authenticated: 'idleWarning' })) {
    await expect(idleDialog).toBeVisible();
    await expect(idleDialog.getByRole('button', { name: tr(L, 'shell.staySignedIn') })).toBeEnabled();
  }
  if (s.matches({ authenticated: 'keepingAlive' })) {
    await expect(idleDialog).toBeVisible();
    await expect(idleDialog.getByRole('button', { name: tr(L, 'shell.staySignedIn') })).toBeDisabled();
  }
  if (s.matches({ authenticated: 'confirmingLogout' })) {
    await expect(logoutDialog).toBeVisible();
  }
  if (s.matches({ authenticated: 'changingLanguage' })) {
    const card = page.getByRole('dialog', { name: tr(L, 'shell.userMenu') });
    await expect(card.getByRole('button', { name: tr('en', 'languages.en') })).toBeDisabled();
  }
  if (s.matches('expired')) {
    await expect(toast(page, tr(L, 'common.sessionTimeout')).first()).toBeVisible();
    await expect(userMenuButton(page, L)).toHaveCount(0);
  }
  if (s.matches('loggingOut')) {
    await expect(userMenuButton(page, L)).toHaveCount(0);
    await expect(page.getByRole('progressbar').first()).toBeVisible();
  }
}

/** What a step shows besides the state: toasts, the page after a redirect, the language. */
async function checkStep(w: Walk, i: number) {
  const { page } = w;
  const e = w.steps[i].event;
  const L = w.locale;
  const networkError = messagePattern(tr(L, 'common.networkError', { message: '{{message}}' }));
  if (
    /^xstate\.error\.actor\.(keepAlive|saveLanguage|loadInfo)$/.test(e.type) &&
    ['offline', 'refused', 'server error'].includes(label(e))
  ) {
    await expect(toast(page, networkError).first()).toBeVisible();
  }
  if (
    e.type === 'xstate.done.actor.saveLanguage' ||
    (e.type === 'SET_LOCALE' && w.steps[i].state.matches('authenticated'))
  ) {
    // The console shows the new language in place: no reload (the page's mark is still there).
    await expect(page.getByRole('navigation', { name: tr(L, 'shell.mainMenu') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    if (e.type === 'xstate.done.actor.saveLanguage')
      expect(await page.evaluate(() => 'kessaiNoReload' in window)).toBe(true);
  }
  if (e.type === 'xstate.error.actor.saveLanguage') {
    await expect(page.getByRole('navigation', { name: tr(L, 'shell.mainMenu') })).toBeVisible();
  }
  if (e.type.startsWith('xstate.after.logoutRedirectDelay')) {
    const redirect =
      w.expiredFrom === '/' ? '/login' : `/login?redirect=${encodeURIComponent(w.expiredFrom)}`;
    await expect(page).toHaveURL(redirect);
  }
  if (e.type === 'xstate.error.actor.loadInfo') {
    if (label(e) === 'unauthenticated')
      await expect(toast(page, tr(L, 'common.sessionTimeout')).first()).toBeVisible();
    await expect(page).toHaveURL(LOGIN_REDIRECT);
  }
  if (e.type === 'xstate.done.actor.loadInfo' && !inSecondFactor(w.steps[i].state))
    await expect(page).toHaveURL(CURRENT_PATH);
  if (e.type === 'PASSWORD_CHANGED' && isHeld(w.steps[i - 1].state)) {
    // On to the page the login was for, no longer held.
    await expect(page).toHaveURL(w.redirect);
    await expect(page.getByRole('form', { name: tr(L, 'menu.changePassword') })).toHaveCount(0);
  }
  if (e.type === 'RELOGIN_REQUIRED') {
    await expect(toast(page, tr(L, 'passwordForm.changedRefund')).first()).toBeVisible();
    await expect(page).toHaveURL('/login');
  }
}

async function walkPath(
  browser: Browser,
  baseURL: string,
  scenario: Scenario,
  steps: Step[],
  account: Fixture,
) {
  const captchaOn = scenario === 'fresh' && needsCaptcha(steps);
  const base = captchaOn
    ? baseURL.replace(/:(\d+)$/, (_, p: string) => `:${captchaPort(Number(p))}`)
    : baseURL;
  let storageState: ReturnType<typeof storageOf> | undefined;
  const mfaSecret = owesSecondFactor(steps) ? await enrolAccount(browser, baseURL, account) : '';
  if (scenario === 'reload') {
    const ctx = await browser.newContext({ baseURL: base });
    let session: ApiSession;
    if (owesSecondFactor(steps)) {
      // Only the password given: the stored session owes its code.
      const reply = await apiLoginReply(ctx.request, account.loginId, PASSWORD);
      session = { token: reply.submitToken, user: reply.result, menu: [] };
    } else session = await apiLogin(ctx.request, account.loginId);
    if (steps.some((s) => label(s.event) === 'unauthenticated')) await apiLogout(ctx.request, session.token);
    storageState = storageOf(base, session, 'zh_cn');
    await ctx.close();
  }
  const context = await browser.newContext({ baseURL: base, storageState });
  const page = await context.newPage();
  const w: Walk = {
    page,
    gate: new Gate(page),
    account,
    steps,
    captchaOn,
    locale: scenario === 'reload' ? 'zh_cn' : 'jp',
    loginError: null,
    locked: false,
    marks: [],
    expiredFrom: '/',
    password: heldLogin(steps) ? await resetPassword(browser, baseURL, account) : PASSWORD,
    redirect: '/',
    mfaSecret,
  };
  try {
    for (const actor of ['fetchCaptcha', 'login', 'logout', 'keepAlive', 'saveLanguage'])
      await w.gate.hold(ENDPOINTS[actor]);
    if (scenario === 'reload') await w.gate.hold(ENDPOINTS.loadInfo);
    await page.clock.install();
    w.marks[0] = w.gate.mark;
    await page.goto(scenario === 'reload' ? CURRENT_PATH : '/login');
    for (let i = 0; i < steps.length; i++) {
      if (i > 0) w.marks[i] = w.gate.mark;
      await test.step(`${steps[i].event.type} ⇒ ${JSON.stringify(steps[i].state.value)}`, async () => {
        await perform(w, i);
        await check(w, steps[i].state);
        await checkStep(w, i);
        if (steps[i].event.type === 'xstate.done.actor.login' && i < steps.length - 1) {
          await prepareAfterLogin(w, i + 1);
        }
      });
    }
  } finally {
    await context.close();
  }
}

const { paths, cover } = sessionWalks();
const walked = new Set(cover.walks);

for (const scenario of ['fresh', 'reload'] as const) {
  test.describe(`session paths (${scenario})`, () => {
    // Each generated path keeps its account (by its place among the scenario's paths).
    const offset = scenario === 'fresh' ? 0 : paths.fresh.length;
    if (paths.fresh.length + paths.reload.length + 2 > SESSION_ACCOUNTS.length)
      throw new Error('add session accounts in fixtures.ts');
    namePaths(paths[scenario]).forEach(({ name, path }, n) => {
      if (!walked.has(path)) return;
      const steps = path.steps as unknown as Step[];
      test(name, async ({ browser, baseURL }) => {
        await walkPath(browser, baseURL!, scenario, steps, SESSION_ACCOUNTS[offset + n]);
      });
    });
  });
}

test('idle timeout end to end: warning, toast, login with redirect, back to the page', async ({
  browser,
  request,
  baseURL,
}) => {
  const account = SESSION_ACCOUNTS[SESSION_ACCOUNTS.length - 1];
  // Signed in beforehand (the API's login, stored as the console stores it): the subject is
  // what the idle timeout does and the login after it.
  const session = await apiLogin(request, account.loginId);
  const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, session, 'jp') });
  const page = await context.newPage();
  try {
    await page.clock.install();
    await page.goto('/');
    const f = loginForm(page);
    await openMenu(page, 'jp', 'menu.loginHistory');
    await expect(page.getByRole('heading', { name: tr('jp', 'menu.loginHistory'), level: 1 })).toBeVisible();
    const from = currentPath(page);
    await page.clock.fastForward(sessionDelays.idleWarningDelay);
    await expect(page.getByRole('alertdialog', { name: tr('jp', 'shell.idleTitle') })).toBeVisible();
    await page.clock.fastForward(sessionDelays.idleWarningLead);
    await expect(toast(page, tr('jp', 'common.sessionTimeout')).first()).toBeVisible();
    await page.clock.fastForward(sessionDelays.logoutRedirectDelay);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(from)}`);
    await f.loginId.fill(account.loginId);
    await f.password.fill(PASSWORD);
    await f.submit.click();
    await expect(page).toHaveURL(from);
    await expect(page.getByRole('heading', { name: tr('jp', 'menu.loginHistory'), level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the language chosen on the login page is saved on the account and the console opens in it; the user card switches it in place and every tab follows', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = SESSION_ACCOUNTS[SESSION_ACCOUNTS.length - 2];
  const nav = (p: Page, lang: WorkingLanguage) =>
    p.getByRole('navigation', { name: tr(lang, 'shell.mainMenu') });
  try {
    await page.goto('/login');
    await page.getByLabel(tr('jp', 'loginPage.language')).selectOption('en');
    const f = loginForm(page, 'en');
    await f.loginId.fill(account.loginId);
    await f.password.fill(PASSWORD);
    await f.submit.click();
    // The console opens in English, and the account keeps it: after a reload, and on the server.
    await expect(nav(page, 'en')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(nav(page, 'en')).toBeVisible();
    const token = (await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)) ?? '';
    const profile = await apiCall<{ workingLanguage: string }>(page.request, token, '/system/profile/get');
    expect(profile.result.workingLanguage).toBe('en');

    // A second tab, then the switch in the first one's user card: in place (no reload), saved,
    // and the other tab follows.
    const other = await context.newPage();
    await other.goto('/');
    await expect(nav(other, 'en')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { kessaiNoReload: true }));
    const card = await openUserCard(page, 'en');
    await Promise.all([
      page.waitForResponse('**/api/system/profile/language'),
      card.getByRole('button', { name: tr('zh_cn', 'languages.zh_cn') }).click(),
    ]);
    await expect(nav(page, 'zh_cn')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => 'kessaiNoReload' in window)).toBe(true);
    await expect(nav(other, 'zh_cn')).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const saved = await apiCall<{ workingLanguage: string }>(page.request, token, '/system/profile/get');
    expect(saved.result.workingLanguage).toBe('zh_cn');
  } finally {
    await context.close();
  }
});
