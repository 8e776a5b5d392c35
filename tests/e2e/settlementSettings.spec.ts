/**
 * The settlement settings of the system admin (/settle/settings, issue #15) against the real
 * server, as `admin`: the yen transfer fee changed, saved and still there after a reload; a
 * registration number with a wrong check digit refused at its field in English, before anything
 * is sent; a yen bank code no bank has refused by the server and put back at its field; the
 * screen in each language on a desktop and a phone, with nothing wider than the phone and no
 * serious accessibility finding.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { WorkingLanguage } from '../../src/contract/locale';
import type { SettlementSettings } from '../../src/contract/settlements';
import { apiCall, apiLogin, expectFieldError, storageOf, toast, tr } from './support/ui';

const GET = '/history/settlementSettings/get';
const SAVE = '/history/settlementSettings/save';

/** The admin's console in a language and width, on the settings screen. */
async function settingsPage(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  lang: WorkingLanguage,
  width: number,
) {
  const first = await apiLogin(request, 'admin');
  // The console speaks the account's saved language (and so does the server): the admin's is
  // set for the test and put back to Japanese when the page is closed.
  if (first.user.workingLanguage !== lang) {
    const switched = await apiCall(request, first.token, '/system/profile/language', {
      workingLanguage: lang,
    });
    expect(switched.resultType, switched.resultMessage).toBe('SUCCESS');
  }
  const session = { ...first, user: { ...first.user, workingLanguage: lang } };
  const context = await browser.newContext({
    baseURL,
    storageState: storageOf(baseURL, session, lang),
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/settle/settings');
  await expect(
    page.getByRole('heading', { name: tr(lang, 'settlements.settings.title'), level: 1 }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: tr(lang, 'settlements.settings.title') });
  await expect(form.getByRole('button', { name: tr(lang, 'common.save') })).toBeVisible();
  const close = async () => {
    await context.close();
    if (lang !== 'jp') {
      const back = await apiCall(request, session.token, '/system/profile/language', {
        workingLanguage: 'jp',
      });
      expect(back.resultType, back.resultMessage).toBe('SUCCESS');
    }
  };
  return { page, form, token: session.token, close };
}

/** What the settings were before a test, to put back after it. */
async function stored(request: APIRequestContext, token: string) {
  const r = await apiCall<SettlementSettings>(request, token, GET);
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  return r.result;
}

test('the system admin changes the yen transfer fee; it is saved and still there after a reload', async ({
  browser,
  baseURL,
  request,
}) => {
  const t = (key: string, values?: Record<string, unknown>) => tr('jp', key, values);
  const { page, form, token, close } = await settingsPage(browser, request, baseURL!, 'jp', 1280);
  const before = await stored(request, token);
  const yen = before.transferFees.find((f) => f.currency === 'JPY')!.amount;
  const fee = yen + 130;
  try {
    const row = form.getByRole('group', { name: `${t('settlements.settings.transferFees')} JPY` });
    const amount = row.getByLabel(t('fields.amount'), { exact: true });
    await expect(amount).toHaveValue(String(yen));
    await amount.fill(String(fee));
    await expect(
      form.getByRole('status').filter({ hasText: t('settlements.settings.unsaved') }),
    ).toBeVisible();
    await form.getByRole('button', { name: t('common.save') }).click();
    await expect(toast(page, t('common.saved'))).toBeVisible();

    await page.reload();
    await expect(amount).toHaveValue(String(fee));
    const after = await stored(request, token);
    expect(after.transferFees.find((f) => f.currency === 'JPY')?.amount).toBe(fee);
    expect(after.payingAccounts).toEqual(before.payingAccounts);
    expect(after.issuer).toEqual(before.issuer);
  } finally {
    await apiCall(request, token, SAVE, before);
    await close();
  }
});

test('a fee and a paying account for another currency are added, saved, and removed again', async ({
  browser,
  baseURL,
  request,
}) => {
  const t = (key: string, values?: Record<string, unknown>) => tr('jp', key, values);
  const { page, form, token, close } = await settingsPage(browser, request, baseURL!, 'jp', 1280);
  const before = await stored(request, token);
  try {
    // The first currency without a fee (and without an account) is CNY.
    await form.getByRole('button', { name: t('settlements.settings.addFee') }).click();
    const fee = form.getByRole('group', { name: `${t('settlements.settings.transferFees')} CNY` });
    await fee.getByLabel(t('fields.amount'), { exact: true }).fill('12.50');
    await form.getByRole('button', { name: t('settlements.settings.addAccount') }).click();
    const account = form.getByRole('group', { name: t('settlements.settings.account', { currency: 'CNY' }) });
    // A foreign account asks for the SWIFT/BIC, not for the Zengin fields.
    await expect(account.getByLabel(t('fields.requesterCode'))).toHaveCount(0);
    await account.getByLabel(t('fields.bankName'), { exact: true }).fill('Bank of China');
    await account.getByLabel(t('settlements.settings.swift'), { exact: true }).fill('bkch cn bj');
    await account.getByLabel(t('fields.accountNumber'), { exact: true }).fill('6217000010001234');
    await account.getByLabel(t('fields.holder'), { exact: true }).fill('KESSAI PAYMENTS K.K.');
    await form.getByRole('button', { name: t('common.save') }).click();
    await expect(toast(page, t('common.saved'))).toBeVisible();

    await page.reload();
    await expect(fee.getByLabel(t('fields.amount'), { exact: true })).toHaveValue('12.50');
    await expect(account.getByLabel(t('settlements.settings.swift'), { exact: true })).toHaveValue(
      'BKCHCNBJ',
    );
    const added = await stored(request, token);
    expect(added.transferFees).toContainEqual({ currency: 'CNY', amount: 1250 });
    expect(added.payingAccounts.find((a) => a.currency === 'CNY')).toMatchObject({
      bankCode: 'BKCHCNBJ',
      accountNumber: '6217000010001234',
      branchCode: '',
      requesterCode: '',
    });

    await fee.getByRole('button', { name: t('settlements.settings.removeFee', { currency: 'CNY' }) }).click();
    await account
      .getByRole('button', { name: t('settlements.settings.removeAccount', { currency: 'CNY' }) })
      .click();
    await expect(account).toHaveCount(0);
    await form.getByRole('button', { name: t('common.save') }).click();
    await expect(toast(page, t('common.saved'))).toBeVisible();
    expect(await stored(request, token)).toEqual(before);
  } finally {
    await apiCall(request, token, SAVE, before);
    await close();
  }
});

test('a registration number with a wrong check digit is refused at its field, in English', async ({
  browser,
  baseURL,
  request,
}) => {
  const t = (key: string, values?: Record<string, unknown>) => tr('en', key, values);
  // On a phone: the message fits under the field at 375 px.
  const { page, form, token, close } = await settingsPage(browser, request, baseURL!, 'en', 375);
  const before = await stored(request, token);
  try {
    const registrationNo = form.getByLabel(t('fields.registrationNo'), { exact: true });
    await expect(registrationNo).toHaveValue(before.issuer!.registrationNo);
    // T9010401123456 is right: the same number with another check digit is not.
    await registrationNo.fill('T1010401123456');
    await form.getByRole('button', { name: t('common.save') }).click();
    await expectFieldError(
      registrationNo,
      t('settlements.settings.errors.registrationCheck', { field: t('fields.registrationNo') }),
    );
    await expect(registrationNo).toBeFocused();
    await page.screenshot({
      path: test.info().outputPath('refused-registration-en-375.png'),
      fullPage: true,
    });
    expect(await stored(request, token)).toEqual(before);
  } finally {
    await close();
  }
});

test('a yen bank code no bank has is refused by the server and shown at its field', async ({
  browser,
  baseURL,
  request,
}) => {
  const t = (key: string, values?: Record<string, unknown>) => tr('jp', key, values);
  const { page, form, token, close } = await settingsPage(browser, request, baseURL!, 'jp', 1280);
  const before = await stored(request, token);
  try {
    const account = form.getByRole('group', { name: t('settlements.settings.account', { currency: 'JPY' }) });
    const bankCode = account.getByLabel(t('fields.bankCode'), { exact: true });
    // Four digits, as the schema asks: only the server knows the Zengin bank list.
    await bankCode.fill('0002');
    await form.getByRole('button', { name: t('common.save') }).click();
    await expectFieldError(
      bankCode,
      t('server.settlements.unknownBank', { code: '0002', field: t('fields.bankCode') }),
    );
    await expect(form.getByRole('alert')).toHaveCount(0);
    await bankCode.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('refused-bank-code-jp-1280.png') });
    expect(await stored(request, token)).toEqual(before);
  } finally {
    await close();
  }
});

const SHOTS: { lang: WorkingLanguage; width: number }[] = (['jp', 'zh_cn', 'en'] as const).flatMap((lang) =>
  [1280, 375].map((width) => ({ lang, width })),
);

for (const { lang, width } of SHOTS) {
  test(`${lang} at ${width} px: the three cards fit, nothing untranslated, no serious accessibility finding`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const { page, form, close } = await settingsPage(browser, request, baseURL!, lang, width);
    try {
      for (const key of [
        'settlements.settings.transferFees',
        'settlements.settings.payoutAccounts',
        'settlements.settings.issuer',
      ])
        await expect(form.getByRole('heading', { name: tr(lang, key), level: 2 })).toBeVisible();
      await expect(
        form.getByRole('group', { name: tr(lang, 'settlements.settings.account', { currency: 'USD' }) }),
      ).toBeVisible();
      // Nothing wider than the window (a phone scrolls down, never sideways).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // No catalogue key shown as text (a missing translation shows its key).
      expect(await page.locator('main').innerText()).not.toMatch(/settlements\.|fields\.|validation\./);
      const axe = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      await page.screenshot({
        path: test.info().outputPath(`settings-${lang}-${width}.png`),
        fullPage: true,
      });
    } finally {
      await close();
    }
  });
}
