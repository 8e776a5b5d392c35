/**
 * The account screens in the browser: the profile form (validated, saved, language
 * applied), the login history (own logins, filters in the URL, 31-day limit) and the
 * permission screen (a removed route disappears from that role's menu, then is restored).
 */
import { expect, test } from '@playwright/test';
import { FIXTURES, PASSWORD, WRONG_PASSWORD } from './fixtures';
import {
  apiCall,
  apiLogin,
  apiLoginReply,
  ja,
  loginThroughForm,
  signedInPage,
  toast,
  sidebarEntries,
  openMenu,
  tr,
  userMenuButton,
} from './support/ui';

test('profile: a bad email is refused in the reader’s language; name, email and language are saved', async ({
  browser,
  request,
  baseURL,
}) => {
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.profile.loginId);
  try {
    await page.goto('/introduce');
    const form = page.getByRole('form', { name: ja('menu.introduce') });
    const name = form.getByLabel(ja('fields.userName'), { exact: true });
    const email = form.getByLabel(ja('fields.email'), { exact: true });
    await expect(name).toHaveValue(FIXTURES.profile.userName);

    await email.fill('not-an-email');
    await form.getByRole('button', { name: ja('common.save') }).click();
    await expect(form).toContainText(ja('validation.email', { field: ja('fields.email') }));

    await name.fill('E2E プロフィール 更新');
    await email.fill('e2e-profile.updated@e2e.example');
    await form.getByLabel(ja('fields.workingLanguage'), { exact: true }).selectOption('en');
    // (The "saved" toast may not outlive the reload a new language causes: check the reply.)
    // The reply is read as it passes (its body is gone once the page reloads).
    let saved: { resultType: string } | null = null;
    await page.route('**/api/system/profile/save', async (route) => {
      const response = await route.fetch();
      saved = (await response.json()) as { resultType: string };
      await route.fulfill({ response });
    });
    await form.getByRole('button', { name: ja('common.save') }).click();
    await expect.poll(() => saved?.resultType).toBe('SUCCESS');

    // The new working language is the console's after the reload it causes.
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    const en = page.getByRole('form', { name: tr('en', 'menu.introduce') });
    await expect(en.getByLabel(tr('en', 'fields.userName'), { exact: true })).toHaveValue(
      'E2E プロフィール 更新',
    );
    await expect(en.getByLabel(tr('en', 'fields.email'), { exact: true })).toHaveValue(
      'e2e-profile.updated@e2e.example',
    );
    await expect(userMenuButton(page, 'en')).toContainText('E2E プロフィール 更新');
    // Stored on the server too.
    const s = await apiLogin(request, FIXTURES.profile.loginId);
    expect(s.user).toMatchObject({ userName: 'E2E プロフィール 更新', workingLanguage: 'en' });
  } finally {
    await page.context().close();
  }
});

test('login history: own logins, filters kept in the URL over a reload, 32 days refused', async ({
  page,
  request,
}) => {
  const { loginId } = FIXTURES.history;
  // One failed and one successful login of its own before the one through the form.
  await apiLoginReply(request, loginId, WRONG_PASSWORD);
  await apiLogin(request, loginId, PASSWORD);
  await loginThroughForm(page, loginId, PASSWORD);
  await openMenu(page, 'jp', 'menu.loginHistory');

  const filters = page.getByRole('search', { name: ja('common.filters') });
  await filters.getByLabel(ja('loginHistory.loginId'), { exact: true }).fill(loginId);
  await filters.getByRole('button', { name: ja('common.search') }).click();
  await expect(page).toHaveURL(new RegExp(`loginId=${loginId}`));
  const table = page.getByRole('table', { name: ja('loginHistory.table') });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: ja('loginHistory.failure') })).toHaveCount(1);
  for (const row of await rows.all()) await expect(row).toContainText(loginId);

  // Only the failures.
  await filters.getByLabel(ja('loginHistory.result'), { exact: true }).selectOption('0');
  await filters.getByRole('button', { name: ja('common.search') }).click();
  await expect(page).toHaveURL(/success=0/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ja('loginHistory.reasons.badCredentials'));

  // A reload keeps the filters (they live in the URL).
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(filters.getByLabel(ja('loginHistory.loginId'), { exact: true })).toHaveValue(loginId);
  await expect(filters.getByLabel(ja('loginHistory.result'), { exact: true })).toHaveValue('0');
  await expect(rows).toHaveCount(1);

  // 32 days is one too many.
  await filters.getByLabel(ja('common.from'), { exact: true }).fill('2026-01-01');
  await filters.getByLabel(ja('common.to'), { exact: true }).fill('2026-02-01');
  await filters.getByRole('button', { name: ja('common.search') }).click();
  await expect(filters).toContainText(ja('validation.dateRange', { days: 31 }));
  await expect(rows).toHaveCount(1);
});

test('permissions: a route removed from role 50 leaves ag-op’s menu, then comes back', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await apiLogin(request, 'admin');
  const original = await apiCall<{ routes: string[] }>(request, admin.token, '/org/permission/get', {
    operatorType: 50,
  });
  expect(original.result.routes).toContain('/setup/loginHistory');
  const page = await signedInPage(browser, request, baseURL!, 'admin');
  const toggle = async (checked: boolean) => {
    await page.goto('/setup/permission');
    await page.getByRole('button', { name: new RegExp(ja('roles.50')) }).click();
    const box = page.getByRole('checkbox', { name: ja('menu.loginHistory') });
    await expect(box).toBeChecked({ checked: !checked });
    await box.setChecked(checked, { force: true });
    await page.getByRole('button', { name: ja('common.save'), exact: true }).click();
    await expect(toast(page, ja('permission.saved', { role: ja('roles.50') })).first()).toBeVisible();
  };
  try {
    await toggle(false);

    const agOp = await browser.newContext({ baseURL });
    const op = await agOp.newPage();
    await loginThroughForm(op, 'ag-op', PASSWORD);
    const titles = JSON.stringify(await sidebarEntries(op));
    expect(titles).not.toContain(ja('menu.loginHistory'));
    await op.goto('/setup/loginHistory');
    await expect(op).toHaveURL('/401');
    await agOp.close();

    await toggle(true);
    const again = await browser.newContext({ baseURL });
    const op2 = await again.newPage();
    await loginThroughForm(op2, 'ag-op', PASSWORD);
    expect(JSON.stringify(await sidebarEntries(op2))).toContain(ja('menu.loginHistory'));
    await again.close();
  } finally {
    await page.context().close();
    // Whatever happened above, role 50 ends as it began (the roles test relies on it).
    await apiCall(request, admin.token, '/org/permission/save', {
      operatorType: 50,
      routes: original.result.routes,
    });
  }
});
