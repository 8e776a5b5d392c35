/**
 * Accessibility (issue 14): axe-core on every screen the console has, in each language, as
 * accounts that can see them — 0 serious or critical findings of WCAG 2.0/2.1 A and AA. A
 * finding is reported with its rule, impact and the elements it names. Also the keyboard's
 * first minute: the login id has the focus, focus rings are at least 2 px, the skip link is the
 * first stop of the console and moves the focus to the main content; and the payer's phone page
 * has tap targets of at least 44 × 44 px.
 *
 * Fast: one browser login per account and language; the screens are opened inside the same
 * page (the router's own navigation, no reload).
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import type { PayLinkCreated } from '../../src/contract/links';
import type { WorkingLanguage } from '../../src/contract/locale';
import { DEFAULT_ROLE_ROUTES } from '../../src/contract/routes';
import { STORAGE_KEYS } from '../../src/services/storage';
import { A11Y_ENROL, FIXTURES, PASSWORD, roleOf, type Fixture } from './fixtures';
import { axeViolations } from './support/axe';
import { payerPage } from './support/links';
import { untouchedPaidOrder } from './support/payments';
import {
  apiCall,
  apiLogin,
  loginForm,
  passSecondFactor,
  secondFactorForm,
  storageOf,
  tr,
  userMenuButton,
} from './support/ui';
import { hasScreen } from '../../src/app/screens';

const LANGUAGES: readonly { lang: WorkingLanguage; browserLocale: string }[] = [
  { lang: 'jp', browserLocale: 'ja-JP' },
  { lang: 'zh_cn', browserLocale: 'zh-CN' },
  { lang: 'en', browserLocale: 'en-US' },
];

const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical findings of axe on what the page shows now, one line each. */
async function audit(page: Page, where: string): Promise<string[]> {
  // Colours are measured once a dialog or drawer has finished fading in (mid-animation text is
  // half transparent); endless animations (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return (await axeViolations(page))
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')} — ${n.failureSummary ?? ''}`,
      ),
    );
}

/** Opens a path with the console's own navigation (no reload) and waits for its data. */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page);
}

/** The screen's heading is shown and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The account's saved language (the console opens in it after a login). */
async function saveLanguage(request: APIRequestContext, f: Fixture, lang: WorkingLanguage) {
  const s = await apiLogin(request, f.loginId);
  const r = await apiCall(request, s.token, '/system/profile/language', { workingLanguage: lang });
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
}

const HTML_LANG: Record<WorkingLanguage, string> = { jp: 'ja', zh_cn: 'zh-CN', en: 'en' };
/** The console speaks `lang` (so an audit is of that language's texts). */
const expectLanguage = (page: Page, lang: WorkingLanguage) =>
  expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);

/** A signed-in console in `lang` (the account's saved language set first: the session keeps it). */
async function consoleIn(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  f: Fixture,
  lang: WorkingLanguage,
  path = '/',
) {
  await saveLanguage(request, f, lang);
  const session = await apiLogin(request, f.loginId);
  const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL, session, lang) });
  const page = await context.newPage();
  await page.goto(path);
  await settled(page);
  await expectLanguage(page, lang);
  return { page, token: session.token };
}

/** A fresh browser whose login page is in `lang`. */
async function loginPageIn(browser: Browser, baseURL: string, lang: WorkingLanguage) {
  const context = await browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: STORAGE_KEYS.locale, value: lang }] }],
    },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(loginForm(page, lang).form).toBeVisible();
  return page;
}

/** Opens a dialog with `button`, audits it and closes it with Escape. */
async function auditDialog(page: Page, button: Locator, where: string) {
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found = await audit(page, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return found;
}

/** Fails listing every finding (rule, impact, elements). */
const expectNone = (found: string[]) => expect(found, found.join('\n')).toEqual([]);

/** The screens of a role that have one, home first. */
const screensOf = (f: Fixture) => [
  '/',
  ...DEFAULT_ROLE_ROUTES[roleOf(f)].filter((p) => p !== '/' && hasScreen(p)),
];

/** The console's screens, once: in Japanese. */
const SCREENS_LANG: WorkingLanguage = 'jp';
const t = (key: string, values?: Record<string, unknown>) => tr(SCREENS_LANG, key, values);

test.describe(`accessibility of a system administrator's console (${SCREENS_LANG})`, () => {
  const admin = FIXTURES.a11yAdmin;
  let page: Page;

  // One signed-in state for every screen of the role (the login page and the second factor are
  // audited in each language below).
  test.beforeAll(async ({ browser, request, baseURL }) => {
    ({ page } = await consoleIn(browser, request, baseURL!, admin, SCREENS_LANG));
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  for (const path of [
    // The hidden commission screen is among the role's routes (not in its sidebar).
    ...screensOf(admin),
    '/setup/company/new',
    '/setup/agent/new',
    '/setup/brandAgent/new',
    '/settle/brand/payouts',
    '/settle/brand/deposits',
  ]) {
    test(`${path} (${SCREENS_LANG})`, async () => {
      await go(page, path);
      expectNone(await audit(page, path));
    });
  }

  test(`the report's chart, compared with the period before, and its schedule dialog (${SCREENS_LANG})`, async () => {
    await go(page, '/report');
    await page.getByRole('tab', { name: t('reports.tabs.chart') }).click();
    await page.getByText(t('reports.compare')).click();
    await expect(page.getByText(/を前期間/)).toBeVisible();
    await settled(page);
    const found = await audit(page, 'report chart');
    // The scheduled reports' tab and its dialog.
    await page.getByRole('tab', { name: t('reports.schedule.tab') }).click();
    await page.getByRole('button', { name: t('reports.schedule.subscribe') }).click();
    await expect(page.getByRole('dialog', { name: t('reports.schedule.dialogTitle') })).toBeVisible();
    found.push(...(await audit(page, 'report schedule dialog')));
    await page.keyboard.press('Escape');
    expectNone(found);
  });

  test(`a day of each check page with its run history (${SCREENS_LANG})`, async () => {
    const found: string[] = [];
    for (const group of ['wallet', 'paypay'] as const) {
      await go(page, `/history/${group}Check`);
      await page
        .getByRole('table', { name: t('reconciliation.list.table') })
        .getByRole('link')
        .first()
        .click();
      await settled(page);
      await expect(page.getByRole('table', { name: t('reconciliation.day.runs') })).toBeVisible();
      found.push(...(await audit(page, `${group} day`)));
    }
    expectNone(found);
  });

  test(`the global search's palette with its results (${SCREENS_LANG})`, async () => {
    await go(page, '/');
    await page.getByRole('button', { name: t('search.openLabel') }).click();
    const palette = page.getByRole('dialog', { name: t('search.title') });
    await palette.getByRole('combobox').fill('株式会社');
    await expect(palette.getByRole('option').first()).toBeVisible();
    const found = await audit(page, 'search palette');
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    expectNone(found);
  });

  test(`the branch and operator dialogs and the user card (${SCREENS_LANG})`, async () => {
    test.setTimeout(120_000); // several dialogs, each audited
    await go(page, '/setup/branch');
    const create = page.getByRole('button', { name: t('org.actions.create'), exact: true });
    const found = await auditDialog(page, create, 'branch dialog');
    await go(page, '/setup/operate');
    found.push(...(await auditDialog(page, create, 'operator dialog')));
    found.push(...(await auditDialog(page, userMenuButton(page, SCREENS_LANG), 'user card')));
    expectNone(found);
  });
});

test.describe(`accessibility of a company admin's order, dialogs and account pages (${SCREENS_LANG})`, () => {
  let page: Page;
  let token: string;
  test.beforeAll(async ({ browser, request, baseURL }) => {
    ({ page, token } = await consoleIn(browser, request, baseURL!, FIXTURES.a11yCoAdmin, SCREENS_LANG));
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test(`an order and its refund dialog (${SCREENS_LANG})`, async ({ request }) => {
    test.setTimeout(120_000); // several dialogs, each audited
    const order = await untouchedPaidOrder(request, token);
    await go(page, `/history/order/${order.gatewayOrderNo}`);
    const found = await audit(page, 'order detail');
    const refund = page.getByRole('button', { name: t('refunds.refund.open'), exact: true });
    found.push(...(await auditDialog(page, refund, 'refund dialog')));
    expectNone(found);
  });

  test(`the URL payment and pre-order dialogs (${SCREENS_LANG})`, async () => {
    test.setTimeout(120_000); // several dialogs, each audited
    await go(page, '/manage/url');
    const found = await auditDialog(
      page,
      page.getByRole('button', { name: t('links.url.newTitle') }),
      'URL payment',
    );
    await go(page, '/manage/onepay');
    found.push(
      ...(await auditDialog(page, page.getByRole('button', { name: t('preorders.newTitle') }), 'pre-order')),
    );
    expectNone(found);
  });

  for (const path of ['/introduce', '/changePassword', '/changeRefundPassword']) {
    test(`${path} (${SCREENS_LANG})`, async () => {
      await go(page, path);
      expectNone(await audit(page, path));
    });
  }

  test(`the menu drawer at 375 px (${SCREENS_LANG})`, async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: t('shell.toggleMenu') }).click();
    await expect(page.getByRole('navigation', { name: t('shell.mainMenu') })).toBeVisible();
    expectNone(await audit(page, 'menu drawer (375 px)'));
  });
});

// The pages before the console knows the person's language, in each language.
for (const { lang, browserLocale } of LANGUAGES) {
  const t = (key: string, values?: Record<string, unknown>) => tr(lang, key, values);

  test(`the login page and the second factor (${lang})`, async ({ browser, request, baseURL }) => {
    const admin = FIXTURES.a11yAdmin;
    await saveLanguage(request, admin, lang);
    const page = await loginPageIn(browser, baseURL!, lang);
    const found = await audit(page, 'login');
    const f = loginForm(page, lang);
    await f.loginId.fill(admin.loginId);
    await f.password.fill(PASSWORD);
    await f.submit.click();
    await expect(secondFactorForm(page, lang).form).toBeVisible();
    found.push(...(await audit(page, 'second factor')));
    await passSecondFactor(page, admin.loginId, lang);
    await expect(userMenuButton(page, lang)).toBeVisible();
    await expectLanguage(page, lang);
    await page.context().close();
    expectNone(found);
  });

  // The dashboard's words and figures differ by language (issue #30: audited in all three; in
  // Japanese as the screen '/' above).
  if (lang !== 'jp')
    test(`the home dashboard (${lang})`, async ({ browser, request, baseURL }) => {
      const { page } = await consoleIn(
        browser,
        request,
        baseURL!,
        FIXTURES.a11yAdmin,
        lang,
        '/?window=days7',
      );
      await expect(
        page.getByRole('heading', { name: t('dashboard.currency', { currency: 'JPY' }) }),
      ).toBeVisible();
      const found = await audit(page, 'dashboard');
      await page.context().close();
      expectNone(found);
    });

  test(`the second factor's enrolment (${lang})`, async ({ browser, baseURL }) => {
    const page = await loginPageIn(browser, baseURL!, lang);
    const f = loginForm(page, lang);
    await f.loginId.fill(A11Y_ENROL.find((a) => a.workingLanguage === lang)!.loginId);
    await f.password.fill(PASSWORD);
    await f.submit.click();
    // The session opens in the account's saved language (this account's is `lang`).
    await expectLanguage(page, lang);
    await expect(page.getByRole('form', { name: t('mfa.enrolHeading') })).toBeVisible();
    await expect(page.getByRole('img', { name: t('mfa.qrCode') })).toBeVisible();
    expectNone(await audit(page, 'enrolment'));
    await page.context().close();
  });

  test(`the payer's page at 375 px: no finding, 44 × 44 px tap targets (${lang})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const co = await apiLogin(request, FIXTURES.a11yCoAdmin.loginId);
    const r = await apiCall<PayLinkCreated>(request, co.token, '/pay/pay/create', {
      amount: 2500,
      subject: `E2E a11y ${lang}`,
    });
    expect(r.resultType, r.resultMessage).toBe('SUCCESS');
    const page = await payerPage(browser, baseURL!, browserLocale);
    await page.goto(r.result.payLink);
    await expectLanguage(page, lang);
    await expect(page.getByRole('button', { name: t('payer.pay'), exact: true })).toBeVisible();
    expectNone(await audit(page, 'payer'));

    // Every button and every brand choice (a radio card's label) is at least 44 × 44 px.
    const targets = await page.locator('button:visible, a[href]:visible, label:visible').all();
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      const name = (await target.innerText()).trim() || (await target.getAttribute('aria-label')) || '?';
      expect(box.height, `${name} is 44 px high`).toBeGreaterThanOrEqual(44);
      expect(box.width, `${name} is 44 px wide`).toBeGreaterThanOrEqual(44);
    }
    await page.context().close();
  });
}

test.describe('the keyboard', () => {
  test('the login id has the focus when the login page opens', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page).loginId).toBeFocused();
  });

  test('a focused input shows a ring of at least 2 px', async ({ page }) => {
    await page.goto('/login');
    const id = loginForm(page).loginId;
    await expect(id).toBeFocused();
    // Focus reached with the keyboard (:focus-visible): out to the password and back.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(id).toBeFocused();
    const ring = await id.evaluate((el) => {
      const s = getComputedStyle(el);
      return { width: parseFloat(s.outlineWidth), style: s.outlineStyle };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });

  for (const { lang } of LANGUAGES) {
    test(`the skip link is the console's first stop and moves the focus to the main content (${lang})`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const { page } = await consoleIn(
        browser,
        request,
        baseURL!,
        FIXTURES.a11yCoAdmin,
        lang,
        '/history/order',
      );
      const skip = page.getByRole('link', { name: tr(lang, 'shell.skipToMain'), exact: true });
      await expect(skip).not.toBeInViewport();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      // A ring that can be seen on it, too.
      expect(
        await skip.evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth)),
      ).toBeGreaterThanOrEqual(2);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      // The next Tab goes into the screen, not back into the menu.
      await page.keyboard.press('Tab');
      const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
      expect(inMain).toBe(true);
      await page.context().close();
    });
  }
});
