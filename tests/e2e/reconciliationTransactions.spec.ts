/**
 * The brands' transactions as their statements list them (issue #16; /history/walletTrade,
 * /history/paypayTrade) against the real server with its demo statements: the admin finds an
 * exception by its result, its order opens from the row, a row that is none of ours says so;
 * a company admin sees only rows of its own orders; at 375 px in English and Chinese the list is
 * cards that fit the phone, without a raw message key.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BrandTransactionRow } from '../../src/contract/brandTransactions';
import type { Page as ListPage } from '../../src/contract/envelope';
import { BRAND_TRANSACTION_LISTS } from '../../src/contract/lists/brandTransactions';
import { businessDay } from './support/payments';
import { apiCall, ja, pageAs, tr } from './support/ui';

const PERIOD = { beginTime: businessDay(30), endTime: businessDay(0) };
const url = (path: string, filters: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ ...PERIOD, ...filters }).toString()}`;

const table = (page: Page, titleKey = 'menu.walletTrade') => page.getByRole('table', { name: ja(titleKey) });

test('the admin finds an exception by its result and opens its order; a row that is none of ours says so', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await pageAs(browser, request, baseURL!, 'admin');
  const { page } = admin;
  try {
    // What the server says the month holds: at least one gateway-missing row (200) and a row
    // whose amount differs (600) among WeChat Pay's and Alipay+'s.
    const all = await apiCall<ListPage<BrandTransactionRow>>(
      request,
      admin.session.token,
      BRAND_TRANSACTION_LISTS.wallet.path,
      { ...PERIOD, pageNum: 1, pageSize: 100, code: '200' },
    );
    expect(all.resultType, all.resultMessage).toBe('SUCCESS');
    await page.goto(url('/history/walletTrade'));
    await expect(page.getByRole('heading', { level: 1, name: ja('menu.walletTrade') })).toBeVisible();
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();

    // Filtered by the result in the filter bar: every row is a 200, none of ours.
    const filters = page.getByRole('search', { name: ja('common.filters') });
    await filters.getByLabel(ja('orders.auditResult'), { exact: true }).selectOption('200');
    await filters.getByRole('button', { name: ja('common.search') }).click();
    await expect(page).toHaveURL(/code=200/);
    const rows = table(page).getByRole('row');
    await expect(rows).toHaveCount(all.result!.records.length + 1);
    for (let i = 1; i <= all.result!.records.length; i++) {
      await expect(rows.nth(i)).toContainText(ja('orders.auditResults.200'));
      await expect(rows.nth(i)).toContainText(ja('reconciliation.transactions.notOurs'));
    }

    // An amount that differs (600): the row shows the brand's amount, and its order opens.
    await page.goto(url('/history/walletTrade', { code: '600' }));
    const row = table(page).getByRole('row').nth(1);
    await expect(row).toContainText(ja('orders.auditResults.600'));
    const link = row.getByRole('link');
    const orderNo = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/history/order/${orderNo}$`));
    await expect(page.getByText(orderNo).first()).toBeVisible();
  } finally {
    await admin.close();
  }
});

test("a company admin sees only its own orders' rows, and PayPay's page only PayPay's", async ({
  browser,
  request,
  baseURL,
}) => {
  const co = await pageAs(browser, request, baseURL!, 'co-admin');
  const { page } = co;
  try {
    await page.goto(url('/history/paypayTrade'));
    await expect(page.getByRole('heading', { level: 1, name: ja('menu.paypayTrade') })).toBeVisible();
    const t = table(page, 'menu.paypayTrade');
    await expect(t.getByRole('row').nth(1)).toBeVisible();
    await expect(t).not.toContainText(ja('reconciliation.transactions.notOurs'));
    await expect(t).not.toContainText(ja('orders.brands.wechat'));
    // The server agrees: every row it lists to the company names one of the company's orders.
    const r = await apiCall<ListPage<BrandTransactionRow>>(
      request,
      co.session.token,
      BRAND_TRANSACTION_LISTS.paypay.path,
      { ...PERIOD, pageNum: 1, pageSize: 100 },
    );
    expect(r.result!.records.length).toBeGreaterThan(0);
    expect(r.result!.records.every((x) => x.order !== null && x.brand === 'paypay')).toBe(true);
    const companies = new Set(r.result!.records.map((x) => x.order!.companyName));
    expect(companies.size).toBe(1);
  } finally {
    await co.close();
  }
});

for (const lang of ['en', 'zh_cn'] as const) {
  test(`${lang}: the brand transactions at 375 px are cards that fit the phone, without a message key`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const admin = await pageAs(browser, request, baseURL!, 'admin', lang, 375);
    const { page } = admin;
    try {
      await page.goto(url('/history/walletTrade'));
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'menu.walletTrade') })).toBeVisible();
      await expect(
        page.getByText(tr(lang, 'orders.auditResults.1')).filter({ visible: true }).first(),
      ).toBeVisible();
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/\b(reconciliation|orders|fields|common|menu)\.[a-zA-Z]+/);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(375);
    } finally {
      await admin.close();
    }
  });
}
