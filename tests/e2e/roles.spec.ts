import { expect, test } from '@playwright/test';
import { roleNameKey } from '../../src/contract/roles';
import { DEFAULT_ROLE_ROUTES } from '../../src/contract/routes';
import { DEMO_ACCOUNTS } from '../../server/db/demo/data';
import { FIXTURES, PASSWORD } from './fixtures';
import { expectedSidebar } from './support/menu';
import { ja, loginForm, loginThroughForm, openUserCard, sidebarEntries, submitLogin } from './support/ui';

/**
 * Spec point 2 and 6 in the browser: every demo account logs in through the form and sees
 * exactly its role's menu; routes it lacks show the 401 page, unknown paths the not-found
 * page, and a protected page without a session goes to the login page and back after it.
 */

function expectedOrganisation(a: (typeof DEMO_ACCOUNTS)[number]): string {
  if (a.operatorType === 0 || a.operatorType === 10) return ja('shell.orgAdmin');
  if (a.operatorType === 15 || a.operatorType === 16) return a.provider ?? '';
  if (a.operatorType === 40 || a.operatorType === 50) return a.agency ?? '';
  return a.company ?? '';
}

test.describe('each role sees exactly its menu', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.loginId} (role ${account.operatorType})`, async ({ page }) => {
      await loginThroughForm(page, account.loginId, PASSWORD);
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
    });
  }
});

test('a route the role lacks shows the 401 page', async ({ page }) => {
  await loginThroughForm(page, 'co-op', PASSWORD);
  expect(DEFAULT_ROLE_ROUTES[30]).not.toContain('/setup/permission');
  await page.goto('/setup/permission');
  await expect(page).toHaveURL('/401');
  await expect(page.getByRole('heading', { name: ja('menu.noAccess') })).toBeVisible();
  await expect(page.getByText(ja('errorPage.noAccessCode'), { exact: true })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await loginThroughForm(page, 'sysop', PASSWORD);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: ja('menu.notFound') })).toBeVisible();
  await expect(page.getByText(ja('errorPage.notFoundCode'), { exact: true })).toBeVisible();
  // Inside the shell: the menu is still there.
  await expect(page.getByRole('navigation', { name: ja('shell.mainMenu') })).toBeVisible();
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
