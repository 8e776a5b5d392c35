import { expect, test } from '@playwright/test';
import { roleNameKey } from '../../src/contract/roles';
import { DEFAULT_ROLE_ROUTES, MENU, routeAvailable } from '../../src/contract/routes';
import { DEMO_ACCOUNTS } from '../../server/demo/data';
import { FIXTURES, PASSWORD } from './fixtures';
import { expectedSidebar } from './support/menu';
import { ja, loginForm, openUserCard, sidebarEntries, signedInPage, submitLogin } from './support/ui';

/**
 * Spec point 2 and 6 in the browser: every demo account, signed in, sees exactly its role's
 * menu; routes it lacks show the 401 page, unknown paths the not-found page, and a protected
 * page without a session goes to the login page and back after it. Only that last test signs
 * in through the form (the form itself is session.spec's and secondFactor.spec's); the others
 * start from a signed-in state (the API login in the browser's storage, issue #30).
 */

function expectedOrganisation(a: (typeof DEMO_ACCOUNTS)[number]): string {
  if (a.operatorType === 0 || a.operatorType === 10) return ja('shell.orgAdmin');
  if (a.operatorType === 15 || a.operatorType === 16) return a.provider ?? '';
  if (a.operatorType === 40 || a.operatorType === 50) return a.agency ?? '';
  return a.company ?? '';
}

test.describe('each role sees exactly its menu', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.loginId} (role ${account.operatorType})`, async ({ browser, request, baseURL }) => {
      const page = await signedInPage(browser, request, baseURL!, account.loginId);
      await page.goto('/');
      await expect(page).toHaveURL('/');

      const expected = expectedSidebar(account.operatorType);
      expect(expected.length, 'the contract gives every role a menu').toBeGreaterThan(0);
      expect(await sidebarEntries(page)).toEqual(expected);

      const card = await openUserCard(page);
      await expect(card.getByText(account.userName, { exact: true })).toBeVisible();
      const role = card.getByText(ja('shell.accountType'), { exact: true }).locator('xpath=..');
      await expect(role).toContainText(ja(roleNameKey(account.operatorType)));
      const org = card.getByText(ja('shell.organisation'), { exact: true }).locator('xpath=..');
      await expect(org).toContainText(expectedOrganisation(account));
      if (account.branch) {
        const branch = card.getByText(ja('shell.branch'), { exact: true }).locator('xpath=..');
        await expect(branch).toContainText(account.branch);
      }
      await page.context().close();
    });
  }
});

test('a route the role lacks shows the 401 page', async ({ browser, request, baseURL }) => {
  const page = await signedInPage(browser, request, baseURL!, 'co-op');
  expect(DEFAULT_ROLE_ROUTES[30]).not.toContain('/setup/permission');
  await page.goto('/setup/permission');
  await expect(page).toHaveURL('/401');
  await expect(page.getByRole('heading', { name: ja('menu.noAccess') })).toBeVisible();
  await expect(page.getByText(ja('errorPage.noAccessCode'), { exact: true })).toBeVisible();
  await page.context().close();
});

test('an unknown path shows the not-found page', async ({ browser, request, baseURL }) => {
  const page = await signedInPage(browser, request, baseURL!, 'sysop');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: ja('menu.notFound') })).toBeVisible();
  await expect(page.getByText(ja('errorPage.notFoundCode'), { exact: true })).toBeVisible();
  // Inside the shell: the menu is still there.
  await expect(page.getByRole('navigation', { name: ja('shell.mainMenu') })).toBeVisible();
  await page.context().close();
});

test('a protected page without a session goes to the login page and back after the login', async ({
  page,
}) => {
  await page.goto('/setup/loginHistory');
  await expect(page).toHaveURL('/login?redirect=%2Fsetup%2FloginHistory');
  await expect(loginForm(page).form).toBeVisible();
  await submitLogin(page, FIXTURES.redirect.loginId, PASSWORD);
  await expect(page).toHaveURL(/^[^?]*\/setup\/loginHistory(\?.*)?$/);
  await expect(page.getByRole('heading', { name: ja('menu.loginHistory'), level: 1 })).toBeVisible();
});

test('the permission editor shows menu entries without a screen as not available, never to be given', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, 'admin');
  try {
    await page.goto('/setup/permission');
    // Before a role is chosen the menus' card has a heading of its own, no "{role} のメニュー" without the role.
    const menusHeading = page.getByRole('heading', { level: 2 }).nth(1);
    await expect(menusHeading).toHaveText(ja('permission.menusNoRole'));
    await page.getByRole('button', { name: new RegExp(ja('roles.40')) }).click();
    await expect(menusHeading).toHaveText(ja('permission.menus', { role: ja('roles.40') }));
    const unbuilt = MENU.filter((r) => !routeAvailable(r.path));
    expect(unbuilt.map((r) => r.path)).toEqual(['/notice']);
    for (const route of unbuilt) {
      const box = page.getByRole('checkbox', { name: ja(route.titleKey), exact: true });
      await expect(box).toBeDisabled();
      // The note beside it, in the row of its checkbox.
      await expect(box.locator('xpath=ancestor::label/..')).toContainText(ja('permission.notAvailable'));
    }
    // A built screen the role may have is offered as before, without the note.
    const orders = page.getByRole('checkbox', { name: ja('menu.transactionHistory'), exact: true });
    await expect(orders).toBeEnabled();
    await expect(orders.locator('xpath=ancestor::label/..')).not.toContainText(ja('permission.notAvailable'));
    // "Select all" gives every built screen and none of those.
    await page.getByRole('button', { name: ja('permission.checkAll') }).click();
    await expect(orders).toBeChecked();
    for (const route of unbuilt)
      await expect(page.getByRole('checkbox', { name: ja(route.titleKey), exact: true })).toBeDisabled();
  } finally {
    await page.context().close();
  }
});

test('a granted menu entry without a screen is no link in the sidebar', async ({
  browser,
  request,
  baseURL,
}) => {
  // ag-op's role lists give it reports and notices (the seed); the notices' screen does not exist yet.
  expect(DEFAULT_ROLE_ROUTES[50]).toEqual(expect.arrayContaining(['/report', '/notice']));
  const page = await signedInPage(browser, request, baseURL!, 'ag-op');
  await page.goto('/');
  const titles = JSON.stringify(await sidebarEntries(page));
  expect(titles).toContain(ja('menu.report'));
  expect(titles).not.toContain(ja('menu.notice'));
  await expect(page.getByRole('link', { name: ja('menu.notice') })).toHaveCount(0);
  await page.context().close();
});

test('a screen whose chunk is gone after a deploy reloads the page once at its URL, then shows the error page with a reload button', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, 'sysop');
  try {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: ja('shell.mainMenu') });
    await expect(menu).toBeVisible();
    // The tab runs the build it loaded; the server has a newer one: the screen's chunk is gone.
    const chunk = '**/assets/LoginHistory-*.js';
    let asked = 0;
    await page.route(chunk, (route) => {
      asked += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await menu.getByRole('button', { name: ja('menu.setup') }).click();
    await menu.getByRole('link', { name: ja('menu.loginHistory') }).click();
    const failed = page.getByRole('heading', { level: 1, name: ja('errorPage.failedTitle') });
    await expect(failed).toBeVisible();
    // One reload (the chunk asked for before and after it), at the same URL, inside the shell.
    expect(loads).toBe(1);
    expect(asked).toBe(2);
    await expect(page).toHaveURL('/setup/loginHistory');
    await expect(page.getByText(ja('errorPage.failedBody'))).toBeVisible();
    await expect(menu).toBeVisible();
    // The chunk is there again (the deploy finished): the button brings the screen.
    await page.unroute(chunk);
    await page.getByRole('button', { name: ja('errorPage.reload') }).click();
    await expect(page.getByRole('heading', { level: 1, name: ja('menu.loginHistory') })).toBeVisible();
    expect(loads).toBe(2);
  } finally {
    await page.context().close();
  }
});
