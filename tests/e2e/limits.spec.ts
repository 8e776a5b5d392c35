/**
 * Payment limits (issue #12) in the console: a company admin (copies of `co-admin`, company
 * 株式会社ひのき珈琲, whose demo link limit is ¥300,000) creates a URL payment above the link
 * limit; the server's refusal names the limit beside the amount field, in the user's language,
 * and nothing is created. At exactly the limit the payment is created. A pre-order above the
 * dynamic code limit (also ¥300,000) is refused at its amount field the same way.
 *
 * The rule itself — the refusal's words in ja, zh-cn and en, nothing created, exactly the limit
 * accepted — is proved in tests/server/limits.test.ts; here, once each, that the console shows
 * it (issue #30: the link limit's refusal in English on a phone, the pre-order's in Japanese).
 */
import { expect, test } from '@playwright/test';
import type { WorkingLanguage } from '../../src/contract/locale';
import { formatMoney } from '../../src/contract/money';
import { FIXTURES } from './fixtures';
import { apiCall, apiLogin, storageOf, tr } from './support/ui';

const run = String(Date.now()).slice(-7);
const LINK_LIMIT = 300_000;

const LANGUAGES: { lang: WorkingLanguage; loginId: string; width: number }[] = [
  // A phone, in a language the server is asked for: the refusal fits beside the field at 375 px.
  { lang: 'en', loginId: FIXTURES.limitsEn.loginId, width: 375 },
];

for (const { lang, loginId, width } of LANGUAGES) {
  test(`${lang}: a URL payment above the link limit is refused at the amount field`, async ({
    browser,
    baseURL,
    request,
  }, testInfo) => {
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
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    try {
      // Straight to the screen: on a phone the menu is behind the menu button.
      await page.goto('/manage/url');
      await expect(page.getByRole('heading', { name: t('menu.links'), level: 1 })).toBeVisible();
      await page.getByRole('button', { name: t('links.url.newTitle') }).click();
      const form = page.getByRole('form', { name: t('links.url.newTitle') });
      const amount = form.getByLabel(t('fields.amount'), { exact: true });
      const subject = `Limit ${lang} ${run}`;
      await amount.fill(String(LINK_LIMIT + 1));
      await form.getByLabel(t('fields.subject'), { exact: true }).fill(subject);
      await page.getByRole('button', { name: t('links.url.create'), exact: true }).click();

      const refusal = t('server.limits.limitLink', { limit: formatMoney(LINK_LIMIT, 'JPY', lang) });
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
      await expect(amount).toHaveAccessibleErrorMessage(refusal);
      await expect(form.getByText(refusal, { exact: true }).first()).toBeVisible();
      const shot = testInfo.outputPath(`refused-${lang}-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`refused-${lang}-${width}`, { path: shot, contentType: 'image/png' });
      // Nothing was created: today's newest URL payments hold none with this subject.
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
      const list = await apiCall<{ records: { subject: string }[] }>(
        request,
        first.token,
        '/history/urlOrderPay/page',
        { beginTime: today, endTime: today, pageSize: 50, sortField: 'createdAt', sortOrder: 'desc' },
      );
      expect(list.resultType, list.resultMessage).toBe('SUCCESS');
      expect(list.result.records.filter((r) => r.subject === subject)).toEqual([]);

      // At exactly the limit it is created.
      await amount.fill(String(LINK_LIMIT));
      await page.getByRole('button', { name: t('links.url.create'), exact: true }).click();
      const created = page.getByRole('dialog', { name: t('links.url.createdTitle') });
      await expect(created).toBeVisible();
      await expect(created.getByText(formatMoney(LINK_LIMIT, 'JPY', lang))).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('jp: a pre-order above the dynamic code limit is refused at the amount field', async ({
  browser,
  baseURL,
  request,
}) => {
  const session = await apiLogin(request, FIXTURES.limitsJp.loginId);
  const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, session, 'jp') });
  const page = await context.newPage();
  try {
    await page.goto('/manage/onepay');
    await expect(page.getByRole('heading', { name: tr('jp', 'menu.preorders'), level: 1 })).toBeVisible();
    await page.getByRole('button', { name: tr('jp', 'preorders.newTitle') }).click();
    const form = page.getByRole('form', { name: tr('jp', 'preorders.newTitle') });
    const amount = form.getByLabel(tr('jp', 'fields.orderAmount'), { exact: true });
    // The demo dynamic code limit is ¥300,000, like the link limit.
    await amount.fill(String(LINK_LIMIT + 1));
    await page.getByRole('button', { name: tr('jp', 'preorders.create'), exact: true }).click();
    await expect(amount).toHaveAccessibleErrorMessage(
      tr('jp', 'server.limits.limitDynamicCode', { limit: formatMoney(LINK_LIMIT, 'JPY') }),
    );
  } finally {
    await context.close();
  }
});
