import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/contract/envelope';
import type { BrandAgentDetail, BrandAgentOption, CompanyDetail, CompanyRow } from '../../src/contract/org';
import { TABS } from '../../src/screens/org/companies/companyForm';
import { FIXTURES, PASSWORD } from './fixtures';
import { expectedSidebar } from './support/menu';
import {
  apiCall,
  apiLogin,
  apiLoginReply,
  expectFieldError,
  ja,
  loginForm,
  logOut,
  openMenu,
  openUserCard,
  sidebarEntries,
  signedInPage,
  storageOf,
  submitLogin,
  toast,
  userMenuButton,
} from './support/ui';

/**
 * The organisation screens in the browser (issue 3): a company admin creates a branch and an
 * operator that then logs in with its one-time password; a provider admin cannot open another
 * provider's company; a locked operator's open session ends; delete without a selection; the
 * company screens at phone width; the system admin's comprehensive agents; a company's IBAN refused
 * at the field. Every account here is a fixture copy (the demo accounts stay
 * as they are); the objects created carry a per-run suffix.
 */

/** Opens a screen through the sidebar (an in-app navigation, no reload) and waits for its heading. */
async function openScreen(page: Page, titleKey: string) {
  await openMenu(page, 'jp', titleKey);
  await expect(page.getByRole('heading', { name: ja(titleKey), level: 1 })).toBeVisible();
}

/** The Operators screen's filter by login id. */
async function searchOperators(page: Page, loginId: string) {
  const search = page.getByRole('search', { name: ja('common.filters') });
  await search.getByLabel(ja('fields.loginId'), { exact: true }).fill(loginId);
  await search.getByRole('button', { name: ja('common.search'), exact: true }).click();
}

/** The companies a session sees (the demo data's, and any made before). */
async function companiesOf(request: APIRequestContext, token: string): Promise<CompanyRow[]> {
  const all = await apiCall<ListPage<CompanyRow>>(request, token, '/org/company/page', { pageSize: 100 });
  expect(all.resultType).toBe('SUCCESS');
  return all.result.records;
}

/** Whoever serves these brands gives them up (saved without them), so a test's agent may take them. */
async function handOver(request: APIRequestContext, token: string, brands: readonly string[]) {
  const agents = await apiCall<BrandAgentOption[]>(request, token, '/org/brandAgent/list', {});
  for (const owner of agents.result.filter((a) => a.brands.some((b) => brands.includes(b)))) {
    const got = await apiCall<BrandAgentDetail>(request, token, '/org/brandAgent/get', { id: owner.id });
    const { feeHistory: _h, status: _s, createdAt: _c, updatedAt: _u, ...input } = got.result;
    const saved = await apiCall(request, token, '/org/brandAgent/save', {
      ...input,
      brands: input.brands
        .filter((b) => !brands.includes(b.brand))
        .map(({ brand, feeRate }) => ({ brand, feeRate })),
    });
    expect(saved.resultType, saved.resultMessage).toBe('SUCCESS');
  }
}

/** No sideways scrolling of the page itself (wide tables scroll inside their own box). */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('a company admin creates a branch and an operator, who logs in with its one-time password', async ({
  page,
}) => {
  const run = String(Date.now()).slice(-7);
  const branchName = `E2E支店${run}`;
  const loginId = `e2e-org-new-${run}`;
  const newPassword = `e2eOrgNew${run}x`;

  await page.goto('/login');
  await submitLogin(page, FIXTURES.orgCoAdmin.loginId, PASSWORD);
  await expect(userMenuButton(page)).toBeVisible();

  // The branch, through the Branches screen (a company admin manages its own company's branches).
  await openScreen(page, 'menu.branches');
  await page.getByRole('button', { name: ja('org.actions.create'), exact: true }).click();
  const branchForm = page.getByRole('dialog', { name: ja('org.branch.newTitle') });
  // Its only company comes preselected.
  const company = branchForm.getByLabel(ja('fields.companyId'), { exact: true });
  await expect(company.locator('option:checked')).toHaveText('株式会社ひのき珈琲');
  await branchForm.getByLabel(ja('fields.name'), { exact: true }).fill(branchName);
  await branchForm.getByRole('button', { name: ja('common.save'), exact: true }).click();
  await expect(branchForm).toHaveCount(0);
  await expect(toast(page, ja('common.saved')).first()).toBeVisible();
  const branches = page.getByRole('table', { name: ja('org.branch.table') });
  await expect(branches.getByRole('row').filter({ hasText: branchName })).toHaveCount(1);

  // The operator, in that branch, through the Operators screen; its password is shown once.
  await openScreen(page, 'menu.operators');
  await page.getByRole('button', { name: ja('org.actions.create'), exact: true }).click();
  const opForm = page.getByRole('dialog', { name: ja('operators.newTitle') });
  await expect(opForm.getByLabel(ja('fields.operatorType'), { exact: true })).toHaveValue('30');
  await opForm.getByLabel(ja('fields.loginId'), { exact: true }).fill(loginId);
  await opForm.getByLabel(ja('fields.userName'), { exact: true }).fill(`E2E 新人 ${run}`);
  await opForm.getByLabel(ja('fields.email'), { exact: true }).fill(`${loginId}@e2e.example`);
  await expect(opForm.getByLabel(ja('fields.companyId'), { exact: true })).toHaveValue(/\d+/);
  await opForm.getByLabel(ja('fields.branchUnitId'), { exact: true }).selectOption({ label: branchName });
  await opForm.getByRole('button', { name: ja('common.save'), exact: true }).click();
  const reveal = page.getByRole('alertdialog', {
    name: ja('operators.initialPassword', { loginId }),
  });
  await expect(reveal).toBeVisible();
  await expect(reveal.getByText(ja('operators.mustChange'))).toBeVisible();
  const initial = (await reveal.getByTestId('revealed-secret').innerText()).trim();
  expect(initial).toMatch(/^[A-Za-z0-9!@#$%^&-]{12,20}$/);
  await reveal.getByRole('button', { name: ja('org.secrets.noted') }).click();
  await expect(reveal).toHaveCount(0);
  await searchOperators(page, loginId);
  const operators = page.getByRole('table', { name: ja('operators.table') });
  await expect(operators.getByRole('row').filter({ hasText: loginId })).toContainText(branchName);

  await logOut(page);

  // The new operator, from a fresh login page (not the admin's page as redirect): held on the
  // change of the one-time password, then home with its role's menu exactly.
  await page.goto('/login');
  await submitLogin(page, loginId, initial);
  await expect(page).toHaveURL('/changePassword');
  const change = page.getByRole('form', { name: ja('menu.changePassword') });
  await expect(change.getByText(ja('shell.mustChangePassword'))).toBeVisible();
  // Another address, even typed in (a reload): still the change form.
  await page.goto('/setup/loginHistory');
  await expect(page).toHaveURL('/changePassword');
  await expect(change.getByText(ja('shell.mustChangePassword'))).toBeVisible();
  await change.getByLabel(ja('passwordForm.oldLogin'), { exact: true }).fill(initial);
  await change.getByLabel(ja('fields.newPassword'), { exact: true }).fill(newPassword);
  await change.getByLabel(ja('fields.confirmPassword'), { exact: true }).fill(newPassword);
  await change.getByRole('button', { name: ja('passwordForm.submit') }).click();
  await expect(toast(page, ja('passwordForm.changedLogin')).first()).toBeVisible();
  await expect(change.getByText(ja('shell.mustChangePassword'))).toHaveCount(0);
  await expect(page).toHaveURL('/');

  expect(await sidebarEntries(page)).toEqual(expectedSidebar(30));
  const card = await openUserCard(page);
  await expect(card.getByText(`E2E 新人 ${run}`, { exact: true })).toBeVisible();
  const role = card.getByText(ja('shell.accountType'), { exact: true }).locator('xpath=..');
  await expect(role).toContainText(ja('roles.30'));
  const branch = card.getByText(ja('shell.branch'), { exact: true }).locator('xpath=..');
  await expect(branch).toContainText(branchName);
});

test("a provider admin opening another provider's company by id sees not found, and nothing of it", async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await apiLogin(request, FIXTURES.orgAdmin.loginId);
  const all = await companiesOf(request, admin.token);
  const foreign = all.find((c) => c.serviceProviderName === 'Pacific Gateway Partners');
  const own = all.find((c) => c.serviceProviderName === 'Sakura Payment Services');
  if (!foreign || !own)
    throw new Error('the demo data lacks a company of Pacific Gateway Partners or Sakura');

  const page = await signedInPage(browser, request, baseURL!, FIXTURES.orgSpAdmin.loginId);
  // Its own provider's company opens (the page works for this account)...
  await page.goto(`/setup/company/${own.id}`);
  await expect(page.getByRole('heading', { name: own.name, level: 1 })).toBeVisible();
  // ...another provider's is simply not there.
  await page.goto(`/setup/company/${foreign.id}`);
  await expect(page.getByRole('heading', { name: ja('menu.notFound'), level: 1 })).toBeVisible();
  await expect(page.getByText(ja('errorPage.notFoundCode'), { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: ja('shell.mainMenu') })).toBeVisible();
  const text = await page.locator('body').innerText();
  for (const value of [
    foreign.name,
    foreign.nameEn,
    foreign.mid,
    foreign.agentName,
    'Pacific Gateway Partners',
  ])
    if (value) expect(text, `the page shows ${value}`).not.toContain(value);
  // The same for its agency and its commission rates.
  const agencies = await apiCall<ListPage<{ id: number; name: string; serviceProviderName: string }>>(
    request,
    admin.token,
    '/org/agent/page',
    { pageSize: 100 },
  );
  const foreignAgency = agencies.result.records.find(
    (a) => a.serviceProviderName === 'Pacific Gateway Partners',
  );
  if (!foreignAgency) throw new Error('the demo data lacks an agency of Pacific Gateway Partners');
  await page.goto(`/setup/agent/${foreignAgency.id}`);
  await expect(page.getByRole('heading', { name: ja('menu.notFound'), level: 1 })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain(foreignAgency.name);
  await page.goto(`/setup/commissonRate?companyId=${foreign.id}`);
  await expect(page.getByRole('heading', { name: ja('menu.notFound'), level: 1 })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain(foreign.name);
  await page.context().close();
});

test("locking a company's operator ends its open session at its next call", async ({
  browser,
  request,
  baseURL,
  page,
}) => {
  const locked = FIXTURES.orgLocked.loginId;
  // The operator is signed in, in another browser.
  const victim = await signedInPage(browser, request, baseURL!, locked);
  await victim.goto('/');
  await expect(userMenuButton(victim)).toBeVisible();

  // The system admin locks it from the Operators screen.
  await page.goto('/login');
  await submitLogin(page, FIXTURES.orgAdmin.loginId, PASSWORD);
  await expect(userMenuButton(page)).toBeVisible();
  await openScreen(page, 'menu.operators');
  await searchOperators(page, locked);
  const table = page.getByRole('table', { name: ja('operators.table') });
  const row = table.getByRole('row').filter({ hasText: locked });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `${ja('org.actions.lock')}: ${locked}` }).click();
  const confirm = page.getByRole('alertdialog', { name: ja('org.actions.lock') });
  await confirm.getByRole('button', { name: ja('org.actions.lock'), exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByRole('button', { name: `${ja('org.actions.unlock')}: ${locked}` })).toBeVisible();

  // Its next call: the session is over.
  await openMenu(victim, 'jp', 'menu.loginHistory');
  await expect(toast(victim, ja('common.sessionTimeout')).first()).toBeVisible();
  await expect(loginForm(victim).form).toBeVisible();
  await expect(victim).toHaveURL(/\/login/);
  // And it cannot log in again.
  const again = await apiLoginReply(request, locked, PASSWORD);
  expect(again.resultType).not.toBe('SUCCESS');
  await victim.context().close();
  // Unlocked again, so a retry finds it as it was.
  const admin = await apiLogin(request, FIXTURES.orgAdmin.loginId);
  const found = await apiCall<ListPage<{ id: number }>>(request, admin.token, '/system/operator/page', {
    loginId: locked,
  });
  const unlocked = await apiCall(request, admin.token, '/system/operator/unlock', {
    id: found.result.records[0].id,
  });
  expect(unlocked.resultType).toBe('SUCCESS');
});

test("delete with nothing selected says 'Select data' and asks nothing", async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, FIXTURES.orgCoAdmin.loginId, PASSWORD);
  await expect(userMenuButton(page)).toBeVisible();
  await openScreen(page, 'menu.operators');
  const table = page.getByRole('table', { name: ja('operators.table') });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: ja('org.actions.delete'), exact: true }).click();
  await expect(toast(page, ja('common.selectData')).first()).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('the system admin creates a comprehensive agent with two brands and their fee rates, finds it in the list and locks it', async ({
  browser,
  request,
  baseURL,
}) => {
  const name = `E2E総合代理店${String(Date.now()).slice(-7)}`;
  // The demo's agents serve every brand: those of PayPay and card end their service first.
  const admin = await apiLogin(request, FIXTURES.orgAdmin.loginId);
  await handOver(request, admin.token, ['paypay', 'card']);
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.orgAdmin.loginId);
  await page.goto('/');
  await openScreen(page, 'menu.brandAgents');
  await page.getByRole('link', { name: ja('org.actions.create'), exact: true }).click();
  const form = page.getByRole('form', { name: ja('org.brandAgent.newTitle') });
  await form.getByLabel(ja('fields.name'), { exact: true }).fill(name);
  await form.getByLabel(ja('fields.contactEmail'), { exact: true }).fill('ops@e2e-agent.example');
  const fee = (brand: string) =>
    form.getByLabel(`${ja(`orders.brands.${brand}`)} ${ja('fields.feeRate')}`, { exact: true });
  await fee('paypay').fill('0.6');
  await fee('card').fill('1.25');
  await form.getByLabel(ja('fields.bankAccountHolder'), { exact: true }).fill('ｲｰﾂｰｲｰ');
  await form.getByRole('button', { name: ja('common.save'), exact: true }).click();
  await expect(toast(page, ja('common.saved')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/setup\/brandAgent\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The page shows what was stored, and the fee rates' history from this save.
  const saved = page.getByRole('form', { name });
  await expect(saved.getByLabel(`${ja('orders.brands.paypay')} ${ja('fields.feeRate')}`)).toHaveValue('0.60');
  await saved.getByRole('button', { name: ja('org.rateHistory.show', { count: 2 }) }).click();
  const history = saved.getByRole('table', {
    name: ja('org.rateHistory.table', { what: ja('fields.feeRate') }),
  });
  await expect(history.getByRole('row').filter({ hasText: '1.25%' })).toContainText(
    FIXTURES.orgAdmin.loginId,
  );

  // The list: the agent with its brands and rates; locked from its row after confirmation.
  await page.getByRole('link', { name: ja('common.back') }).click();
  const table = page.getByRole('table', { name: ja('org.brandAgent.table') });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${ja('orders.brands.paypay')} 0.60%`);
  await expect(row).toContainText(`${ja('orders.brands.card')} 1.25%`);
  await row.getByRole('button', { name: `${ja('org.actions.lock')}: ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: ja('org.actions.lock') });
  await expect(confirm).toContainText(ja('org.lock.noteBrandAgent'));
  await confirm.getByRole('button', { name: ja('org.actions.lock'), exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByRole('button', { name: `${ja('org.actions.unlock')}: ${name}` })).toBeVisible();
  await expect(row).toContainText(ja('org.status.locked'));

  // Another agent cannot take PayPay: refused at its row, naming the agent that serves it.
  await page.goto('/setup/brandAgent/new');
  const other = page.getByRole('form', { name: ja('org.brandAgent.newTitle') });
  await expect(other.getByText(ja('org.brandAgent.servedBy', { name }))).toHaveCount(2);
  await other.getByLabel(ja('fields.name'), { exact: true }).fill(`${name}-2`);
  await other
    .getByLabel(`${ja('orders.brands.paypay')} ${ja('fields.feeRate')}`, { exact: true })
    .fill('0.5');
  await other.getByRole('button', { name: ja('common.save'), exact: true }).click();
  await expect(other.getByText(ja('server.org.brandServed', { name }))).toBeVisible();
  await expect(page).toHaveURL('/setup/brandAgent/new');
  await page.context().close();
});

test("a company's IBAN with wrong check digits is refused at the field, and nothing is saved", async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await apiLogin(request, FIXTURES.orgAdmin.loginId);
  const company = (await companiesOf(request, admin.token)).find((c) => c.name === '株式会社富士山ホテルズ');
  if (!company) throw new Error('the demo data lacks 株式会社富士山ホテルズ');
  const page = await signedInPage(browser, request, baseURL!, FIXTURES.orgAdmin.loginId);
  await page.goto(`/setup/company/${company.id}`);
  await page.getByRole('tab', { name: ja('org.company.tabs.bank') }).click();
  const form = page.getByRole('form', { name: company.name });
  await form.getByLabel(ja('fields.bankAddressCountry'), { exact: true }).selectOption('DE');
  const iban = form.getByLabel(ja('fields.bankIban'), { exact: true });
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await form.getByRole('button', { name: ja('common.save'), exact: true }).click();
  await expectFieldError(iban, ja('validation.ibanChecksum', { field: ja('fields.bankIban') }));
  await expect(page.getByRole('tab', { name: ja('org.company.tabs.bank') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const stored = await apiCall<CompanyDetail>(request, admin.token, '/org/company/get', { id: company.id });
  expect(stored.result.bankIban).toBe('');
  expect(stored.result.bankAddressCountry).toBe('JP');
  await page.context().close();
});

test.describe('at phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the comprehensive agents list and an agent's page are usable", async ({ page, request }) => {
    const admin = await apiLogin(request, FIXTURES.orgAdmin.loginId);
    const agent = await apiCall<BrandAgentDetail>(request, admin.token, '/org/brandAgent/save', {
      name: `E2E Phone Agent ${String(Date.now()).slice(-7)}`,
      brands: [],
    });
    expect(agent.resultType).toBe('SUCCESS');
    await page.goto('/login');
    await submitLogin(page, FIXTURES.orgAdmin.loginId, PASSWORD);
    await expect(userMenuButton(page)).toBeVisible();
    await page.goto('/setup/brandAgent');
    await expect(page.getByRole('heading', { name: ja('menu.brandAgents'), level: 1 })).toBeVisible();
    const cards = page.getByRole('list', {
      name: ja('common.table.cards', { label: ja('org.brandAgent.table') }),
    });
    const link = cards.getByRole('link', { name: agent.result.name });
    await expect(link).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await link.click();
    await expect(page.getByRole('heading', { name: agent.result.name, level: 1 })).toBeVisible();
    await expect(
      page.getByLabel(`${ja('orders.brands.alipayplus')} ${ja('fields.feeRate')}`, { exact: true }),
    ).toHaveValue('');
    await expectNoHorizontalOverflow(page);
  });

  test('the companies list and a company page are usable', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, FIXTURES.orgAdmin.loginId, PASSWORD);
    await expect(userMenuButton(page)).toBeVisible();
    await page.goto('/setup/company');
    await expect(page.getByRole('heading', { name: ja('menu.companies'), level: 1 })).toBeVisible();
    // Below the md breakpoint the list is cards (issue #14), one per company.
    const cards = page.getByRole('list', {
      name: ja('common.table.cards', { label: ja('org.company.table') }),
    });
    const first = cards.getByRole('listitem').getByRole('link').first();
    await expect(first).toBeVisible();
    await expectNoHorizontalOverflow(page);

    const name = (await first.innerText()).trim();
    await first.click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Every tab can be reached and opens its part of the form.
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveCount(TABS.length);
    for (const tab of TABS) {
      const trigger = tabs.getByRole('tab', { name: ja(`org.company.tabs.${tab}`) });
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
  });
});

test("an agency's representative birthday is typed in the console's date format, whatever the browser's locale", async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await apiLogin(request, FIXTURES.orgSpAdmin.loginId);
  const agencies = await apiCall<ListPage<{ id: number; name: string }>>(
    request,
    admin.token,
    '/org/agent/page',
    { pageSize: 100 },
  );
  const agency = agencies.result.records[0];
  if (!agency) throw new Error('the demo data lacks an agency of the provider');
  // An en-US browser: a native date input would show mm/dd/yyyy there.
  const session = await apiLogin(request, FIXTURES.orgSpAdmin.loginId);
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    storageState: storageOf(baseURL!, session),
  });
  try {
    const page = await context.newPage();
    await page.goto(`/setup/agent/${agency.id}`);
    const form = page.getByRole('form', { name: agency.name });
    const birthday = form.getByLabel(ja('fields.repBirthday'), { exact: true });
    await expect(birthday).toHaveAttribute('placeholder', ja('common.dateFormat'));
    await birthday.fill('');
    await birthday.pressSequentially('19800412');
    await expect(birthday).toHaveValue('1980-04-12');
    await expect(
      form.getByRole('button', { name: ja('common.calendarOf', { field: ja('fields.repBirthday') }) }),
    ).toBeVisible();
    await form.getByRole('button', { name: ja('common.save') }).click();
    await expect(toast(page, ja('common.saved'))).toBeVisible();
    const saved = await apiCall<{ repBirthday: string | null }>(request, admin.token, '/org/agent/get', {
      id: agency.id,
    });
    expect(saved.result.repBirthday).toBe('1980-04-12');
    await page.reload();
    await expect(form.getByLabel(ja('fields.repBirthday'), { exact: true })).toHaveValue('1980-04-12');
  } finally {
    await context.close();
  }
});
