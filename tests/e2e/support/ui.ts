/**
 * What the browser tests share: the console's own texts (so a copy change does not break a
 * test), logging in through the form or the API, and a signed-in page from a stored session.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import md5 from 'md5';
import type { UserInfo } from '../../../src/contract/auth';
import type { WorkingLanguage } from '../../../src/contract/locale';
import { translatorFor } from '../../../src/machines/effects';
import { STORAGE_KEYS } from '../../../src/services/storage';
import { PASSWORD } from '../fixtures';

const translators = new Map<WorkingLanguage, ReturnType<typeof translatorFor>>();
/** The console's text for a key in a language. */
export function tr(locale: WorkingLanguage, key: string, values?: Record<string, unknown>): string {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = translatorFor(locale)));
  return t(key, values);
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

export async function apiLogin(request: APIRequestContext, loginId: string, password = PASSWORD) {
  const body = await apiLoginReply(request, loginId, password);
  expect(body.resultType, `${loginId} logs in: ${body.resultMessage}`).toBe('SUCCESS');
  return { token: body.submitToken, user: body.result, menu: body.menuMapList ?? [] } as ApiSession;
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
