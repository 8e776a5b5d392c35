/**
 * The payment flow of issue #4 end to end, as a company admin (copies of `co-admin`), once in
 * each language: create a URL payment, open its /qrcode page on a phone, pay it in the
 * sandbox, see it paid in the transaction history, refund part of it with the refund
 * password, see the refund in the refund history, and export both lists (CSV and XLSX) with
 * the order's number as the filter: each file holds exactly that order or that refund.
 */
import { expect, test, type Page } from '@playwright/test';
import type { WorkingLanguage } from '../../src/contract/locale';
import { formatMoney } from '../../src/contract/money';
import { FIXTURES, PASSWORD } from './fixtures';
import { decide, expectOutcome, payerPage, shownLink } from './support/links';
import { fileRows, orderScreen } from './support/payments';
import { apiCall, apiLogin, openMenu, storageOf, tr } from './support/ui';

const run = String(Date.now()).slice(-7);

const LANGUAGES: { lang: WorkingLanguage; loginId: string; browserLocale: string }[] = [
  { lang: 'jp', loginId: FIXTURES.flowJp.loginId, browserLocale: 'ja-JP' },
  { lang: 'zh_cn', loginId: FIXTURES.flowZh.loginId, browserLocale: 'zh-CN' },
  { lang: 'en', loginId: FIXTURES.flowEn.loginId, browserLocale: 'en-US' },
];

/** Presses an export button of the list and returns the saved file's name and rows. */
async function exportRows(page: Page, t: (k: string) => string, format: 'excel' | 'csv') {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t(`exports.${format}`) }).click(),
  ]);
  return { name: file.suggestedFilename(), rows: await fileRows(file) };
}

for (const { lang, loginId, browserLocale } of LANGUAGES) {
  test(`${lang}: URL payment → paid on the payer page → transaction history → partial refund → refund history → exports`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string, values?: Record<string, unknown>) => tr(lang, key, values);
    const first = await apiLogin(request, loginId);
    const switched = await apiCall(request, first.token, '/system/profile/language', {
      workingLanguage: lang,
    });
    expect(switched.resultType, switched.resultMessage).toBe('SUCCESS');
    const session = { ...first, user: { ...first.user, workingLanguage: lang } };
    const context = await browser.newContext({
      baseURL,
      storageState: storageOf(baseURL!, session, lang),
      acceptDownloads: true,
    });
    const page = await context.newPage();
    try {
      // 1. A URL payment of 20,000 yen from Payment management.
      await page.goto('/');
      await openMenu(page, lang, 'menu.links', 'menu.paymentManagement');
      await expect(page.getByRole('heading', { name: t('menu.links'), level: 1 })).toBeVisible();
      await page.getByRole('button', { name: t('links.url.newTitle') }).click();
      const form = page.getByRole('form', { name: t('links.url.newTitle') });
      const subject = `Flow ${lang} ${run}`;
      await form.getByLabel(t('fields.amount'), { exact: true }).fill('20000');
      await form.getByLabel(t('fields.subject'), { exact: true }).fill(subject);
      await page.getByRole('button', { name: t('links.url.create'), exact: true }).click();
      const created = page.getByRole('dialog', { name: t('links.url.createdTitle') });
      await expect(created).toBeVisible();
      await expect(created.getByText(formatMoney(20000, 'JPY'))).toBeVisible();
      const link = await shownLink(created, lang);
      const orderNo = new URL(link).searchParams.get('orderNo')!;
      expect(orderNo).toMatch(/^K\d+/);

      // 2. The payer opens the link on a phone in the same language and pays in the sandbox.
      const payer = await payerPage(browser, baseURL!, browserLocale);
      await payer.goto(link);
      await expect(payer.getByText(subject)).toBeVisible();
      await expect(payer.getByLabel(t('payer.amount'))).toHaveText(formatMoney(20000, 'JPY'));
      await decide(payer, 'pay', 'orders.brands.paypay', lang);
      await expectOutcome(payer, 'paid', lang);
      await payer.context().close();
      await expect(created.getByRole('status')).toHaveText(t('links.url.phase.used'), {
        timeout: 15_000,
      });
      await created.getByRole('button', { name: t('common.close'), exact: true }).click();

      // 3. Paid in the transaction history, found by its number through the filters.
      await openMenu(page, lang, 'menu.transactionHistory', 'menu.paymentHistory');
      const filters = page.getByRole('search', { name: t('common.filters') });
      await filters.getByLabel(t('orders.orderNo'), { exact: true }).fill(orderNo);
      await filters.getByRole('button', { name: t('common.search'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`orderNo=${orderNo}`));
      const orderRows = page
        .getByRole('table', { name: t('orders.table') })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') });
      await expect(orderRows).toHaveCount(1);
      await expect(orderRows).toContainText(t('orders.statuses.success'));
      await expect(orderRows).toContainText(formatMoney(20000, 'JPY'));

      // 4. Exports of the transaction history hold exactly this order.
      for (const format of ['excel', 'csv'] as const) {
        const file = await exportRows(page, t, format);
        expect(file.name).toMatch(format === 'excel' ? /\.xlsx$/ : /\.csv$/);
        expect(file.rows).toHaveLength(1);
        expect(file.rows[0]).toContain(orderNo);
      }

      // 5. Its detail: refund 7,500 of it with the refund password.
      await orderRows.getByRole('link', { name: orderNo }).click();
      const s = orderScreen(page, lang);
      await expect(s.heading).toBeVisible();
      await expect(page.getByText(t('orders.statuses.success')).first()).toBeVisible();
      await s.refundButton.click();
      await expect(s.dialog).toContainText(formatMoney(20000, 'JPY'));
      await s.amount.fill('7500');
      await s.dialog.getByLabel(t('fields.remark')).fill(`flow ${lang}`);
      await s.next.click();
      await s.password.fill(PASSWORD);
      await s.submit.click();
      await expect(s.outcome).toContainText(t('refunds.refund.outcome.success'), { timeout: 20_000 });
      const refundNo = (await s.dialog.getByText(/^RF\w+/).textContent())!.trim();
      await s.close.click();
      await expect(page.getByText(t('orders.statuses.partlyRefunded')).first()).toBeVisible();

      // 6. The refund in the refund history, and its exports hold exactly that refund.
      await openMenu(page, lang, 'menu.refundHistory', 'menu.paymentHistory');
      const refundFilters = page.getByRole('search', { name: t('common.filters') });
      await refundFilters.getByLabel(t('refunds.refundNo'), { exact: true }).fill(orderNo);
      await refundFilters.getByRole('button', { name: t('common.search'), exact: true }).click();
      const refundRows = page
        .getByRole('table', { name: t('refunds.table') })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') });
      await expect(refundRows).toHaveCount(1);
      await expect(refundRows).toContainText(refundNo);
      await expect(refundRows).toContainText(formatMoney(7500, 'JPY'));
      await expect(refundRows).toContainText(t('refunds.statuses.success'));
      for (const format of ['excel', 'csv'] as const) {
        const file = await exportRows(page, t, format);
        expect(file.rows).toHaveLength(1);
        expect(file.rows[0]).toContain(refundNo);
        expect(file.rows[0]).toContain(orderNo);
      }

      // The server agrees: 12,500 left to refund, the order partly refunded.
      const detail = await apiCall<{ refundableAmount: number; status: string }>(
        request,
        session.token,
        '/history/orderInfo/get',
        { gatewayOrderNo: orderNo },
      );
      expect(detail.result).toMatchObject({ refundableAmount: 12500, status: 'partlyRefunded' });
    } finally {
      await context.close();
    }
  });
}
