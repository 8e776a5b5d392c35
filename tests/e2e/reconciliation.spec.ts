/**
 * The reconciliation check pages (issue #16) against the real server: a WeChat Pay day reconciled
 * with exceptions (the e2e server's test-only seed). As `admin`: the day in /history/walletCheck,
 * its page, one exception resolved in the dialog and shown resolved, and the order's page showing
 * its result beside the statement's row and the resolution. As `co-admin`: only the company's
 * rows. At 375 px nothing wider than the phone. An exception another session resolved first: the
 * dialog shows the server's refusal and nothing changes.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { WorkingLanguage } from '../../src/contract/locale';
import { mfaHelperPort } from './fixtures';
import type { SeededDay } from './support/reconciliationSeed';
import { apiCall, apiLogin, e2ePort, storageOf, tr } from './support/ui';

async function seeded(request: APIRequestContext): Promise<SeededDay> {
  const res = await request.post(`http://127.0.0.1:${mfaHelperPort(e2ePort())}/seed-reconciliation`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as SeededDay;
}

async function consoleAs(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  loginId: string,
  opts: { lang?: WorkingLanguage; width?: number } = {},
): Promise<Page> {
  const session = await apiLogin(request, loginId);
  const lang = opts.lang ?? 'jp';
  // The console takes the account's working language from the server: set it for this page.
  if (session.user.workingLanguage !== lang) {
    const r = await apiCall(request, session.token, '/system/profile/language', { workingLanguage: lang });
    expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  }
  const context = await browser.newContext({
    baseURL,
    storageState: storageOf(baseURL, { ...session, user: { ...session.user, workingLanguage: lang } }, lang),
    viewport: { width: opts.width ?? 1280, height: 900 },
  });
  return context.newPage();
}

const listUrl = (day: string) =>
  `/history/walletCheck?beginTime=${day.slice(0, 8)}01&endTime=${day.slice(0, 8)}28`;

const wider = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('admin resolves an exception of a day and sees it on the order', async ({
  browser,
  request,
  baseURL,
}) => {
  const s = await seeded(request);
  const t = (key: string, values?: Record<string, unknown>) => tr('jp', key, values);
  const page = await consoleAs(browser, request, baseURL!, 'admin');
  await page.goto(listUrl(s.day));
  await expect(page.getByRole('heading', { name: t('menu.walletCheck') })).toBeVisible();
  const dayLink = page.getByRole('link', {
    name: t('reconciliation.list.openDay', { day: s.day, brand: t('orders.brands.wechat') }),
  });
  await expect(dayLink).toBeVisible();
  await dayLink.click();
  await expect(page).toHaveURL(new RegExp(`/history/walletCheck/wechat/${s.day}$`));
  await expect(page.getByRole('heading', { name: t('reconciliation.day.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('reconciliation.day.runs') })).toBeVisible();

  const results = page.getByRole('table', { name: t('reconciliation.day.results') });
  const row = results.getByRole('row').filter({ hasText: s.hinokiAmount });
  await expect(row).toContainText(t('orders.auditResults.600'));
  await expect(row).toContainText(t('reconciliation.day.open'));
  await row.getByRole('button', { name: t('reconciliation.day.resolve') }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('reconciliation.resolve.title'));
  // The comment is required: the form says so at the field, and nothing is sent.
  await dialog.getByText(t('reconciliation.resolutions.brandRight'), { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: t('reconciliation.resolutions.brandRight') })).toBeChecked();
  await dialog.getByRole('button', { name: t('common.save') }).click();
  await expect(dialog.getByLabel(t('reconciliation.resolve.comment'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByLabel(t('reconciliation.resolve.comment')).fill('ブランドの金額 1,900 円で確定');
  await dialog.getByRole('button', { name: t('common.save') }).click();
  await expect(dialog).toBeHidden();

  await expect(row).toContainText(t('reconciliation.day.resolved'));
  await expect(row).toContainText(t('reconciliation.resolutions.brandRight'));
  await expect(row).toContainText('ブランドの金額 1,900 円で確定');
  await expect(row.getByRole('button', { name: t('reconciliation.day.resolve') })).toHaveCount(0);

  await row.getByRole('link', { name: s.hinokiAmount }).click();
  await expect(page).toHaveURL(new RegExp(`/history/order/${s.hinokiAmount}$`));
  const card = page.getByRole('table', { name: t('reconciliation.order.title') });
  await expect(card).toBeVisible();
  await expect(page.getByText(`600 ${t('orders.auditResults.600')}`).first()).toBeVisible();
  await expect(page.getByText(t('reconciliation.resolutions.brandRight'))).toBeVisible();
  await expect(page.getByText(t('reconciliation.auditStatuses.1'))).toBeVisible();
});

test("a company admin sees only its company's results", async ({ browser, request, baseURL }) => {
  const s = await seeded(request);
  const t = (key: string) => tr('jp', key);
  const page = await consoleAs(browser, request, baseURL!, 'co-admin');
  await page.goto(`/history/walletCheck/wechat/${s.day}`);
  const results = page.getByRole('table', { name: t('reconciliation.day.results') });
  await expect(results.getByText(s.hinokiAmount)).toBeVisible();
  await expect(page.getByText(s.minatoAmount)).toHaveCount(0);
  // Never a row that is none of ours (200), and no Resolve button for a company.
  await expect(results).not.toContainText(t('orders.auditResults.200'));
  await expect(page.getByRole('button', { name: t('reconciliation.day.resolve') })).toHaveCount(0);
});

test('the list and the day page fit a 375 px phone', async ({ browser, request, baseURL }) => {
  const s = await seeded(request);
  const t = (key: string) => tr('jp', key);
  const page = await consoleAs(browser, request, baseURL!, 'admin', { width: 375 });
  await page.goto(listUrl(s.day));
  await expect(page.getByText(s.day).first()).toBeVisible();
  expect(await wider(page)).toBeLessThanOrEqual(0);
  await page.goto(`/history/walletCheck/wechat/${s.day}`);
  await expect(
    page.getByRole('heading', { name: t('reconciliation.day.results'), exact: true }),
  ).toBeVisible();
  await expect(page.getByText(s.minatoAmount).first()).toBeVisible();
  expect(await wider(page)).toBeLessThanOrEqual(0);
});

test('an exception resolved meanwhile in another session: the dialog says so and changes nothing', async ({
  browser,
  request,
  baseURL,
}) => {
  const s = await seeded(request);
  const t = (key: string) => tr('jp', key);
  const page = await consoleAs(browser, request, baseURL!, 'admin');
  await page.goto(`/history/walletCheck/wechat/${s.day}`);
  const results = page.getByRole('table', { name: t('reconciliation.day.results') });
  const row = results.getByRole('row').filter({ hasText: s.minatoAmount });
  await row.getByRole('button', { name: t('reconciliation.day.resolve') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(t('reconciliation.resolutions.writeOff'), { exact: true }).click();
  await dialog.getByLabel(t('reconciliation.resolve.comment')).fill('この画面から');

  // Another operator resolves it first.
  const other = await apiLogin(request, 'sysop');
  const open = await apiCall<{ records: { id: number; ours: { gatewayOrderNo: string } | null }[] }>(
    request,
    other.token,
    '/history/walletCheck/results',
    { brand: s.brand, day: s.day, code: '600', state: 'open', pageSize: 100 },
  );
  const target = open.result.records.find((r) => r.ours?.gatewayOrderNo === s.minatoAmount)!;
  const done = await apiCall(request, other.token, '/history/walletCheck/resolve', {
    resultId: target.id,
    decision: 'gatewayRight',
    comment: '別のセッションから',
  });
  expect(done.resultType, done.resultMessage).toBe('SUCCESS');

  await dialog.getByRole('button', { name: t('common.save') }).click();
  await expect(dialog.getByRole('alert')).toContainText(tr('jp', 'server.reconciliation.alreadyResolved'));
  await dialog.getByRole('button', { name: t('common.cancel') }).click();
  await page.reload();
  await expect(row).toContainText('別のセッションから');
  await expect(row).not.toContainText('この画面から');
});
