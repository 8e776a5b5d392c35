/**
 * Words and numbers of issue #14 in the reader's language: amounts with the currency as
 * English and Chinese write it, a step button that says "next step" in Chinese, sidebar
 * labels that are never cut, and date filters in the console's yyyy-MM-dd whatever the
 * browser's locale.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { WorkingLanguage } from '../../src/contract/locale';
import { formatMoney } from '../../src/contract/money';
import { FIXTURES } from './fixtures';
import { businessDay, orderScreen, untouchedPaidOrder } from './support/payments';
import { apiCall, apiLogin, storageOf, tr } from './support/ui';

/** A signed-in page of `loginId` speaking `lang`, in a browser of `browserLocale`. */
async function pageIn(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  loginId: string,
  lang: WorkingLanguage,
  browserLocale: string,
  width = 1280,
) {
  const first = await apiLogin(request, loginId);
  const switched = await apiCall(request, first.token, '/system/profile/language', { workingLanguage: lang });
  expect(switched.resultType, switched.resultMessage).toBe('SUCCESS');
  const session = { ...first, user: { ...first.user, workingLanguage: lang } };
  const context = await browser.newContext({
    baseURL,
    locale: browserLocale,
    viewport: { width, height: 900 },
    storageState: storageOf(baseURL, session, lang),
  });
  return { page: await context.newPage(), context, session };
}

test('en: the transaction history shows yen as ¥3,980, never 円', async ({ browser, baseURL, request }) => {
  const { page, context } = await pageIn(browser, request, baseURL!, FIXTURES.wordsEn.loginId, 'en', 'en-US');
  try {
    // The last 31 days: the e2e data's orders are spread over the month.
    await page.goto(`/history/order?beginTime=${businessDay(30)}&endTime=${businessDay(0)}`);
    const table = page.getByRole('table', { name: tr('en', 'orders.table') });
    const amounts = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(amounts.first()).toBeVisible({ timeout: 20_000 });
    const text = await table.innerText();
    expect(text).toMatch(/¥\d{1,3}(,\d{3})*\b/);
    expect(text).not.toContain('円');
  } finally {
    await context.close();
  }
});

test('zh-cn: the refund dialog steps on with 下一步 (not the pager’s 下一页), its amounts in 日元', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page, context, session } = await pageIn(
    browser,
    request,
    baseURL!,
    FIXTURES.wordsZh.loginId,
    'zh_cn',
    'zh-CN',
  );
  try {
    const order = await untouchedPaidOrder(request, session.token);
    await page.goto(`/history/order/${encodeURIComponent(order.gatewayOrderNo)}`);
    const s = orderScreen(page, 'zh_cn');
    await expect(s.heading).toBeVisible();
    await expect(page.getByText(formatMoney(order.amount, 'JPY', 'zh-cn')).first()).toBeVisible();
    await s.refundButton.click();
    await expect(s.dialog).toBeVisible();
    await expect(s.next).toHaveText('下一步');
    await expect(s.dialog.getByRole('button', { name: '下一页' })).toHaveCount(0);
    await expect(s.dialog).toContainText(formatMoney(order.amount, 'JPY', 'zh-cn'));
    await expect(s.dialog).not.toContainText('円');
  } finally {
    await context.close();
  }
});

for (const width of [1280, 375]) {
  test(`en at ${width} px: no sidebar label is cut; long ones wrap`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const { page, context } = await pageIn(
      browser,
      request,
      baseURL!,
      FIXTURES.wordsEn.loginId,
      'en',
      'en-US',
      width,
    );
    try {
      await page.goto('/');
      if (width < 992) await page.getByRole('button', { name: tr('en', 'shell.toggleMenu') }).click();
      const nav = page.getByRole('navigation', { name: tr('en', 'shell.mainMenu') });
      await expect(nav).toBeVisible();
      // Unfold every group so that every entry is laid out.
      const folded = nav.getByRole('button', { expanded: false });
      while ((await folded.count()) > 0) await folded.first().click();
      const labels = nav.locator('a > span, button > span');
      const sizes = await labels.evaluateAll((spans) =>
        spans.map((s) => ({
          text: s.textContent ?? '',
          cut: s.scrollWidth > s.clientWidth,
          lines: Math.round(s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight)),
        })),
      );
      expect(sizes.length).toBeGreaterThan(5);
      expect(sizes.filter((s) => s.cut)).toEqual([]);
      const long = sizes.find((s) => s.text === tr('en', 'menu.transactionHistory'));
      expect(long, 'Transaction history is in the menu').toBeDefined();
      expect(sizes.find((s) => s.text === tr('en', 'menu.paymentManagement'))).toBeDefined();
    } finally {
      await context.close();
    }
  });
}

test('en (an en-US browser): the date filter shows and takes yyyy-MM-dd', async ({
  browser,
  baseURL,
  request,
}) => {
  const { page, context } = await pageIn(browser, request, baseURL!, FIXTURES.wordsEn.loginId, 'en', 'en-US');
  try {
    await page.goto('/history/order');
    const from = page.getByLabel(tr('en', 'common.from'), { exact: true });
    const to = page.getByLabel(tr('en', 'common.to'), { exact: true });
    await expect(from).toHaveValue(businessDay(6));
    await expect(to).toHaveValue(businessDay(0));
    await expect(from).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(from).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    // Typed from the keyboard, digits only: the dashes come by themselves.
    const day = businessDay(3);
    await from.fill('');
    await from.pressSequentially(day.replace(/-/g, ''));
    await expect(from).toHaveValue(day);
    await page
      .getByRole('button', { name: tr('en', 'common.search'), exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`beginTime=${day}`));
    // Half a date is not taken: the field comes back to the filter's date.
    await from.fill('2026-1');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await to.focus();
    await expect(from).toHaveValue(day);
    // The calendar is one button away, by keyboard too.
    await expect(page.getByRole('button', { name: tr('en', 'common.calendarFrom') })).toBeVisible();
  } finally {
    await context.close();
  }
});
