/**
 * What the browser tests share: the console's own texts (so a copy change does not break a
 * test), logging in through the form or the API, and a signed-in page from a stored session.
 */
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import md5 from 'md5';
import { generate } from 'otplib';
import type { MfaEnrolled, MfaEnrolment, UserInfo } from '../../../src/contract/auth';
import { mfaRequiredFor } from '../../../src/contract/roles';
import type { WorkingLanguage } from '../../../src/contract/locale';
import { textOr } from '../../../src/i18n';
import { translatorFor } from '../../../src/machines/effects';
import { STORAGE_KEYS } from '../../../src/services/storage';
import {
  ALL_FIXTURES,
  demoAccount,
  E2E_MFA_SECRET,
  NOT_ENROLLED,
  mfaHelperPort,
  PASSWORD,
  roleOf,
  type DemoLogin,
} from '../fixtures';

export const e2ePort = () => Number(process.env.E2E_PORT ?? 8181);

/** The current code of a TOTP secret (what the authenticator app shows). */
export const totpNow = (secret = E2E_MFA_SECRET) => generate({ secret });

/**
 * Lets the account use the current step's code again (the e2e server's test-only helper):
 * the server refuses a code's reuse, and tests log in to one account many times a minute.
 */
export async function forgetLastStep(request: APIRequestContext, loginId: string) {
  const res = await request.post(
    `http://127.0.0.1:${mfaHelperPort(e2ePort())}/forget-step?loginId=${encodeURIComponent(loginId)}`,
  );
  expect(res.status(), `forget the last TOTP step of ${loginId}`).toBe(204);
}

/** The known account (demo or fixture) signs in with the fixtures' TOTP secret. */
export function enrolledWithFixtureSecret(loginId: string): boolean {
  if (NOT_ENROLLED.some((f) => f.loginId === loginId)) return false;
  const fixture = ALL_FIXTURES.find((f) => f.loginId === loginId);
  if (fixture) return mfaRequiredFor(roleOf(fixture));
  try {
    return mfaRequiredFor(demoAccount(loginId as DemoLogin).operatorType);
  } catch {
    return false;
  }
}

const translators = new Map<WorkingLanguage, ReturnType<typeof translatorFor>>();
/** The console's text for a key in a language. */
export function tr(locale: WorkingLanguage, key: string, values?: Record<string, unknown>): string {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = translatorFor(locale)));
  return textOr(t, key, key, values);
}
export const ja = (key: string, values?: Record<string, unknown>) => tr('jp', key, values);

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A server message with placeholders as a pattern ({{until}} → anything). */
export const messagePattern = (text: string) =>
  new RegExp(escapeRegExp(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'));

export interface ApiSession {
  token: string;
  user: UserInfo;
  menu: string[];
}

interface LoginReply {
  resultType: string;
  resultMessage: string;
  submitToken: string;
  result: UserInfo & { lockedUntil?: string };
  menuMapList?: string[];
}

/** POST /api/login as the console sends it (MD5 of the typed password). */
export async function apiLoginReply(request: APIRequestContext, loginId: string, password: string) {
  const res = await request.post('/api/login', {
    data: { login_id: loginId, password: md5(password).toUpperCase(), verycode: '', captchaId: '' },
  });
  return (await res.json()) as LoginReply;
}

/**
 * Logs in through the API as a user would, second factor included: a code of the fixtures'
 * secret, or (an account that must enrol) an enrolment with the secret the server gives.
 */
export async function apiLogin(request: APIRequestContext, loginId: string, password = PASSWORD) {
  const body = await apiLoginReply(request, loginId, password);
  expect(body.resultType, `${loginId} logs in: ${body.resultMessage}`).toBe('SUCCESS');
  const token = body.submitToken;
  if (body.result.secondFactor === 'verify') {
    await forgetLastStep(request, loginId);
    const r = await request.post('/api/auth/mfa/verify', {
      data: { otp: await totpNow() },
      headers: { 'x-submit-token': token },
    });
    const v = (await r.json()) as LoginReply;
    expect(v.resultType, `${loginId} second factor: ${v.resultMessage}`).toBe('SUCCESS');
    return { token, user: v.result, menu: v.menuMapList ?? [] } as ApiSession;
  }
  if (body.result.secondFactor === 'enrol') {
    const start = await apiCall<MfaEnrolment>(request, token, '/auth/mfa/enrol/start');
    const r = await request.post('/api/auth/mfa/enrol/confirm', {
      data: { otp: await totpNow(start.result.secret) },
      headers: { 'x-submit-token': token },
    });
    const c = (await r.json()) as { resultType: string; result: MfaEnrolled; menuMapList?: string[] };
    expect(c.resultType, `${loginId} enrols`).toBe('SUCCESS');
    return { token, user: c.result.user, menu: c.menuMapList ?? [] } as ApiSession;
  }
  return { token, user: body.result, menu: body.menuMapList ?? [] } as ApiSession;
}

/** The second-factor form of the login page. */
export function secondFactorForm(page: Page, locale: WorkingLanguage = 'jp') {
  return {
    form: page.getByRole('form', { name: tr(locale, 'mfa.verifyHeading') }),
    code: page.getByLabel(tr(locale, 'fields.otp'), { exact: true }),
    submit: page.getByRole('button', { name: tr(locale, 'mfa.verify'), exact: true }),
    logout: page.getByRole('button', { name: tr(locale, 'mfa.logout'), exact: true }),
  };
}

/** Types the current code of the fixtures' secret into the second-factor form. */
export async function passSecondFactor(page: Page, loginId: string, locale: WorkingLanguage = 'jp') {
  const f = secondFactorForm(page, locale);
  await expect(f.form).toBeVisible();
  await forgetLastStep(page.request, loginId);
  await f.code.fill(await totpNow());
  await f.submit.click();
}

/** Ends a session on the server (what logging out in another tab or an administrator does). */
export async function apiLogout(request: APIRequestContext, token: string) {
  const res = await request.post('/api/logout', { data: {}, headers: { 'x-submit-token': token } });
  expect(res.ok()).toBe(true);
}

export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object = {},
) {
  const res = await request.post(`/api${path}`, { data, headers: { 'x-submit-token': token } });
  return (await res.json()) as { resultType: string; resultMessage: string; result: T };
}

/** The browser storage of a signed-in console (what a login leaves in localStorage). */
export function storageOf(origin: string, s: ApiSession, locale: WorkingLanguage = s.user.workingLanguage) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: STORAGE_KEYS.token, value: s.token },
          { name: STORAGE_KEYS.locale, value: locale },
          { name: STORAGE_KEYS.user, value: JSON.stringify(s.user) },
          { name: STORAGE_KEYS.menu, value: JSON.stringify(s.menu) },
        ],
      },
    ],
  };
}

/** A new page already signed in as `loginId` (for tests that do not test the login itself). */
export async function signedInPage(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  loginId: string,
  password = PASSWORD,
): Promise<Page> {
  const session = await apiLogin(request, loginId, password);
  const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL, session) });
  return context.newPage();
}

/**
 * A signed-in page of `loginId` in a language (saved on the account, as the console reads it)
 * and a width; `close` puts the language back.
 */
export async function pageAs(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  loginId: string,
  lang: WorkingLanguage = 'jp',
  width = 1280,
) {
  const first = await apiLogin(request, loginId);
  const language = async (workingLanguage: WorkingLanguage) => {
    const r = await apiCall(request, first.token, '/system/profile/language', { workingLanguage });
    expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  };
  if (first.user.workingLanguage !== lang) await language(lang);
  const session = { ...first, user: { ...first.user, workingLanguage: lang } };
  const context = await browser.newContext({
    baseURL,
    storageState: storageOf(baseURL, session, lang),
    viewport: { width, height: 900 },
  });
  return {
    page: await context.newPage(),
    session,
    close: async () => {
      if (lang !== 'jp') await language('jp');
      await context.close();
    },
  };
}

/** The login form's fields, in the page's language. */
export function loginForm(page: Page, locale: WorkingLanguage = 'jp') {
  return {
    form: page.getByRole('form', { name: tr(locale, 'loginPage.heading') }),
    loginId: page.getByLabel(tr(locale, 'fields.login_id'), { exact: true }),
    password: page.getByLabel(tr(locale, 'fields.password'), { exact: true }),
    verycode: page.getByLabel(tr(locale, 'fields.verycode'), { exact: true }),
    submit: page.getByRole('button', { name: tr(locale, 'loginPage.submit'), exact: true }),
    busy: page.getByRole('button', { name: tr(locale, 'loginPage.submitting') }),
    error: page.getByRole('alert'),
  };
}

/** Fills and sends the login form on the current page. */
export async function submitLogin(
  page: Page,
  loginId: string,
  password: string,
  locale: WorkingLanguage = 'jp',
) {
  const f = loginForm(page, locale);
  await f.loginId.fill(loginId);
  await f.password.fill(password);
  await f.submit.click();
  // An account enrolled with the fixtures' secret is asked for a code after a right password.
  if (enrolledWithFixtureSecret(loginId)) {
    const sf = secondFactorForm(page, locale);
    await expect(sf.form.or(f.error).or(userMenuButton(page, locale))).toBeVisible();
    if (await sf.form.isVisible()) await passSecondFactor(page, loginId, locale);
  }
}

/** Opens /login (or `path`) and logs in through the form; waits for the console shell. */
export async function loginThroughForm(page: Page, loginId: string, password = PASSWORD, path = '/login') {
  await page.goto(path);
  await submitLogin(page, loginId, password);
  await expect(userMenuButton(page)).toBeVisible();
}

export const userMenuButton = (page: Page, locale: WorkingLanguage = 'jp') =>
  page.getByRole('button', { name: tr(locale, 'shell.userMenu') });

/** Opens the user card (popover) and returns it. */
export async function openUserCard(page: Page, locale: WorkingLanguage = 'jp') {
  await userMenuButton(page, locale).click();
  const card = page.getByRole('dialog', { name: tr(locale, 'shell.userMenu') });
  await expect(card).toBeVisible();
  return card;
}

/** Log out with the confirmation, ending on the login page. */
export async function logOut(page: Page, locale: WorkingLanguage = 'jp') {
  const card = await openUserCard(page, locale);
  await card.getByRole('button', { name: tr(locale, 'shell.logout') }).click();
  const dialog = page.getByRole('alertdialog', { name: tr(locale, 'shell.logoutTitle') });
  await dialog.getByRole('button', { name: tr(locale, 'shell.logout') }).click();
  await expect(loginForm(page, locale).form).toBeVisible();
}

export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

/** The sidebar's entries as a user sees them: top-level links and groups with their links. */
export interface SidebarEntry {
  title: string;
  href?: string;
  children?: { title: string; href: string }[];
}

export async function sidebarEntries(page: Page): Promise<SidebarEntry[]> {
  const nav = page.getByRole('navigation', { name: ja('shell.mainMenu') });
  await expect(nav).toBeVisible();
  return nav.evaluate((el) => {
    const list = el.querySelector(':scope > ul');
    return Array.from(list?.children ?? []).map((li) => {
      const link = li.querySelector(':scope > a');
      if (link) return { title: link.textContent?.trim() ?? '', href: link.getAttribute('href') ?? '' };
      const button = li.querySelector(':scope > button');
      const children = Array.from(li.querySelectorAll(':scope > ul a')).map((a) => ({
        title: a.textContent?.trim() ?? '',
        href: a.getAttribute('href') ?? '',
      }));
      return { title: button?.textContent?.trim() ?? '', children };
    });
  });
}

/**
 * Follows a sidebar link (an in-app navigation), unfolding its group first when the group
 * is folded (a group with one visible entry has no fold: its entry is the link).
 */
export async function openMenu(page: Page, lang: WorkingLanguage, titleKey: string, groupKey = 'menu.setup') {
  const nav = page.getByRole('navigation', { name: tr(lang, 'shell.mainMenu') });
  await expect(nav).toBeVisible();
  const folded = nav.getByRole('button', { name: tr(lang, groupKey), expanded: false });
  if (await folded.count()) await folded.click();
  await nav.getByRole('link', { name: tr(lang, titleKey), exact: true }).click();
}

/**
 * A form field marked refused, with `text` as its error message (Chakra's Field ties the two
 * by `aria-errormessage`): what a user sees under the field and a screen reader announces.
 */
export async function expectFieldError(field: Locator, text: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const id = await field.getAttribute('aria-errormessage');
  expect(id, 'the field names its error message').toBeTruthy();
  await expect(field.page().locator(`[id="${id}"]`)).toHaveText(text);
}
