/**
 * The settlement settings of the system admin (/settle/settings, issue #15) against the real
 * server, as `admin`: the yen transfer fee changed, saved and still there after a reload; a fee
 * and a paying account added and removed; a registration number with a wrong check digit refused
 * at its field in English, before anything is sent; a yen bank code no bank has refused by the
 * server and put back at its field; the screen in each language (Japanese on a desktop, Chinese
 * and English on a phone), with nothing wider than the phone and no serious accessibility finding.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { WorkingLanguage } from '../../src/contract/locale';
import type { SettlementSettings } from '../../src/contract/settlements';
import { axeViolations } from './support/axe';
import { apiCall, apiLogin, expectFieldError, storageOf, toast, tr } from './support/ui';

const GET = '/history/settlementSettings/get';
const SAVE = '/history/settlementSettings/save';

/** The settings as the server has them now. */
async function stored(request: APIRequestContext, token: string) {
  const r = await apiCall<SettlementSettings>(request, token, GET);
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  return r.result;
}

/**
 * The admin's console on the settings screen, in a language and a width. `close` puts back the
 * settings as they were (`before`) and the admin's language (Japanese), then closes the page.
 */
async function settingsPage(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  lang: WorkingLanguage,
  width: number,
) {
  const t = (key: string, values?: Record<string, unknown>) => tr(lang, key, values);
  const first = await apiLogin(request, 'admin');
  const token = first.token;
  // The console speaks the account's saved language (and so does the server).
  const language = async (workingLanguage: WorkingLanguage) => {
    const r = await apiCall(request, token, '/system/profile/language', { workingLanguage });
    expect(r.resultType, r.resultMessage).toBe('SUCCESS');
  };
  if (first.user.workingLanguage !== lang) await language(lang);
  const session = { ...first, user: { ...first.user, workingLanguage: lang } };
  const before = await stored(request, token);
  const context = await browser.newContext({
    baseURL,
    storageState: storageOf(baseURL, session, lang),
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/settle/settings');
  await expect(page.getByRole('heading', { name: t('settlements.settings.title'), level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: t('settlements.settings.title') });
  const saveButton = form.getByRole('button', { name: t('common.save') });
  await expect(saveButton).toBeVisible();
  return {
    t,
    page,
    form,
    token,
    before,
    saveButton,
    /** Save, and see it saved. */
    async saveForm() {
      await saveButton.click();
      await expect(toast(page, t('common.saved'))).toBeVisible();
    },
    /** The settings as the server has them now. */
    stored: () => stored(request, token),
    async close() {
      await context.close();
      expect((await apiCall(request, token, SAVE, before)).resultType).toBe('SUCCESS');
      if (lang !== 'jp') await language('jp');
    },
  };
}

type SettingsPage = Awaited<ReturnType<typeof settingsPage>>;

/** A test on the settings screen in a language and width; the page closed and all put back after. */
const onSettings =
  (lang: WorkingLanguage, width: number, body: (s: SettingsPage) => Promise<void>) =>
  async ({
    browser,
    baseURL,
    request,
  }: {
    browser: Browser;
    baseURL?: string;
    request: APIRequestContext;
  }) => {
    const s = await settingsPage(browser, request, baseURL!, lang, width);
    try {
      await body(s);
    } finally {
      await s.close();
    }
  };

test(
  'the system admin changes the yen transfer fee; it is saved and still there after a reload',
  onSettings('jp', 1280, async ({ t, page, form, before, saveForm, stored }) => {
    const yen = before.transferFees.find((f) => f.currency === 'JPY')!.amount;
    const fee = yen + 130;
    const row = form.getByRole('group', { name: `${t('settlements.settings.transferFees')} JPY` });
    const amount = row.getByLabel(t('fields.amount'), { exact: true });
    await expect(amount).toHaveValue(String(yen));
    await amount.fill(String(fee));
    await expect(
      form.getByRole('status').filter({ hasText: t('settlements.settings.unsaved') }),
    ).toBeVisible();
    await saveForm();

    await page.reload();
    await expect(amount).toHaveValue(String(fee));
    const after = await stored();
    expect(after.transferFees.find((f) => f.currency === 'JPY')?.amount).toBe(fee);
    expect(after.payingAccounts).toEqual(before.payingAccounts);
    expect(after.issuer).toEqual(before.issuer);
  }),
);

test(
  'a fee and a paying account for another currency are added, saved, and removed again',
  onSettings('jp', 1280, async ({ t, page, form, before, saveForm, stored }) => {
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
    await saveForm();

    await page.reload();
    await expect(fee.getByLabel(t('fields.amount'), { exact: true })).toHaveValue('12.50');
    await expect(account.getByLabel(t('settlements.settings.swift'), { exact: true })).toHaveValue(
      'BKCHCNBJ',
    );
    const added = await stored();
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
    await saveForm();
    expect(await stored()).toEqual(before);
  }),
);

test(
  'a registration number with a wrong check digit is refused at its field, in English',
  // On a phone: the message fits under the field at 375 px.
  onSettings('en', 375, async ({ t, page, form, before, saveButton, stored }) => {
    const registrationNo = form.getByLabel(t('fields.registrationNo'), { exact: true });
    await expect(registrationNo).toHaveValue(before.issuer!.registrationNo);
    // T9010401123456 is right: the same number with another check digit is not.
    await registrationNo.fill('T1010401123456');
    await saveButton.click();
    await expectFieldError(
      registrationNo,
      t('settlements.settings.errors.registrationCheck', { field: t('fields.registrationNo') }),
    );
    await expect(registrationNo).toBeFocused();
    await page.screenshot({
      path: test.info().outputPath('refused-registration-en-375.png'),
      fullPage: true,
    });
    expect(await stored()).toEqual(before);
  }),
);

test(
  'a yen bank code no bank has is refused by the server and shown at its field',
  onSettings('jp', 1280, async ({ t, page, form, before, saveButton, stored }) => {
    const account = form.getByRole('group', { name: t('settlements.settings.account', { currency: 'JPY' }) });
    const bankCode = account.getByLabel(t('fields.bankCode'), { exact: true });
    // Four digits, as the schema asks: only the server knows the Zengin bank list.
    await bankCode.fill('0002');
    await saveButton.click();
    await expectFieldError(
      bankCode,
      t('server.settlements.unknownBank', { code: '0002', field: t('fields.bankCode') }),
    );
    // All of the refusal is at its field: no banner above the form.
    await expect(form.getByRole('alert')).toHaveCount(0);
    await bankCode.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('refused-bank-code-jp-1280.png') });
    expect(await stored()).toEqual(before);
  }),
);

/**
 * Each language once, the desktop in Japanese and the phone in the other two (a phone is where a
 * longer text would push the page sideways); the screen's accessibility in Japanese at 1280 px is
 * also a11y.spec's, and every catalogue's words are words.spec's (issue #30).
 */
const SHOTS: { lang: WorkingLanguage; width: number }[] = [
  { lang: 'jp', width: 1280 },
  { lang: 'zh_cn', width: 375 },
  { lang: 'en', width: 375 },
];

for (const { lang, width } of SHOTS) {
  test(
    `${lang} at ${width} px: the three cards fit, nothing untranslated, no serious accessibility finding`,
    onSettings(lang, width, async ({ t, page, form }) => {
      for (const key of [
        'settlements.settings.transferFees',
        'settlements.settings.payoutAccounts',
        'settlements.settings.issuer',
      ])
        await expect(form.getByRole('heading', { name: t(key), level: 2 })).toBeVisible();
      await expect(
        form.getByRole('group', { name: t('settlements.settings.account', { currency: 'USD' }) }),
      ).toBeVisible();
      // Nothing wider than the window (a phone scrolls down, never sideways).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // No catalogue key shown as text (a missing translation shows its key).
      expect(await page.locator('main').innerText()).not.toMatch(/settlements\.|fields\.|validation\./);
      const violations = await axeViolations(page, 'main');
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      await page.screenshot({
        path: test.info().outputPath(`settings-${lang}-${width}.png`),
        fullPage: true,
      });
    }),
  );
}
