/**
 * The brands' payouts (issue #16, the three-way check; /history/paypayBill, /settle/brand/payouts,
 * /settle/brand/deposits) against the real server with its demo payouts: the admin finds the
 * payout whose deposit never came, imports the bank's statement with it (a refused file first,
 * refused at its field), sees it deposited and on its brand settlement's page; a company admin
 * is told payouts are the platform's; at 375 px in English and Chinese the page fits the phone.
 */
import { expect, test } from '@playwright/test';
import type { Page as ListPage } from '../../src/contract/envelope';
import { PAYOUT_LISTS } from '../../src/contract/lists/payouts';
import type { PayoutRow } from '../../src/contract/payouts';
import { businessDay } from './support/payments';
import { apiCall, ja, pageAs, toast, tr } from './support/ui';

const PERIOD = { beginTime: businessDay(120), endTime: businessDay(0) };
const url = (path: string, filters: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ ...PERIOD, ...filters }).toString()}`;

test('the admin finds the missing deposit, imports the bank’s statement with it and sees the payout deposited', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await pageAs(browser, request, baseURL!, 'admin');
  const { page } = admin;
  try {
    const REFERENCE = '700000000001';
    const all = await apiCall<ListPage<PayoutRow>>(request, admin.session.token, PAYOUT_LISTS.paypay.path, {
      ...PERIOD,
      pageNum: 1,
      pageSize: 100,
    });
    expect(all.resultType, all.resultMessage).toBe('SUCCESS');
    const missing = all.result!.records.filter((r) => r.depositState === 'missing');
    // The demo leaves one PayPay payout without its deposit; a retry of this test (CI) finds it
    // paid by the first attempt's file and checks the outcome only.
    const paid = all.result!.records.find((r) => r.deposit?.reference === REFERENCE);
    expect(missing.length + (paid ? 1 : 0)).toBe(1);
    const payout = missing[0] ?? paid!;

    if (!paid) {
      // The PayPay payment statements, filtered to the missing deposit.
      await page.goto(url('/history/paypayBill'));
      await expect(page.getByRole('heading', { level: 1, name: ja('menu.paypayBill') })).toBeVisible();
      const filters = page.getByRole('search', { name: ja('common.filters') });
      await filters.getByLabel(ja('payouts.deposit'), { exact: true }).selectOption('missing');
      await filters.getByRole('button', { name: ja('common.search') }).click();
      await expect(page).toHaveURL(/deposit=missing/);
      const table = page.getByRole('table', { name: ja('payouts.list.table') });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('row').nth(1)).toContainText(ja('payouts.depositStates.missing'));
      await expect(table.getByRole('row').nth(1)).toContainText(
        ja('payouts.depositBy', { date: payout.depositBy }),
      );

      // The payout check, where the system admin imports the bank's statement.
      await page.getByRole('link', { name: ja('payouts.checkLink') }).click();
      await expect(page.getByRole('heading', { level: 1, name: ja('payouts.checkTitle') })).toBeVisible();
      await page.getByRole('button', { name: ja('payouts.importDeposits') }).click();
      const dialog = page.getByRole('dialog', { name: ja('payouts.importTitle') });
      const file = dialog.locator('input[type=file]');
      // A file with a day that does not exist: refused at the field, at its line.
      await file.setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('日付,入金額\r\n2026/02/30,100\r\n'),
      });
      await dialog.getByRole('button', { name: ja('payouts.importButton') }).click();
      await expect(dialog.getByText('2行目：日付を読めません')).toBeVisible();
      // The bank's statement with the payout's deposit on its due date.
      await file.setInputFiles({
        name: '入出金明細.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `\uFEFF日付,摘要,お支払金額,お預り金額,振込依頼人名,照会番号\r\n` +
            `${payout.dueDate.replace(/-/g, '/')},振込,,${payout.expected},ｷﾔﾂｼﾕﾚｽﾊﾟ-ﾄﾅ-ｽﾞ(ｶ,${REFERENCE}\r\n`,
        ),
      });
      await dialog.getByRole('button', { name: ja('payouts.importButton') }).click();
      await expect(toast(page, ja('payouts.imported', { added: 1, matched: 1, skipped: 0 }))).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    // Deposited: the payout check lists it with the deposit's reference, and so does its settlement.
    await page.goto(url('/settle/brand/payouts', { brand: 'paypay', deposit: 'matched' }));
    const row = page
      .getByRole('table', { name: ja('payouts.list.table') })
      .getByRole('row')
      .filter({ hasText: REFERENCE });
    await expect(row).toContainText(ja('payouts.depositStates.matched'));
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/settle/brand/${payout.settlement!.id}$`));
    // The card under its heading (heading → card header → card).
    const card = page
      .getByRole('heading', { level: 2, name: ja('payouts.settlementCard') })
      .locator('xpath=../..');
    await expect(card).toContainText(ja('payouts.depositStates.matched'));
    await expect(card).toContainText(ja('payouts.checks.agrees'));
    await expect(card).toContainText(payout.statement!.fileName);
  } finally {
    await admin.close();
  }
});

test('a company admin is told the payouts are the platform’s, and does not reach the payout check', async ({
  browser,
  request,
  baseURL,
}) => {
  const co = await pageAs(browser, request, baseURL!, 'co-admin');
  const { page } = co;
  try {
    await page.goto(url('/history/walletBill'));
    await expect(page.getByRole('heading', { level: 1, name: ja('menu.walletBill') })).toBeVisible();
    await expect(page.getByText(ja('payouts.platformOnly'))).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: ja('payouts.fetch') })).toHaveCount(0);
    await page.goto('/settle/brand/payouts');
    await expect(page.getByRole('heading', { level: 1, name: ja('payouts.checkTitle') })).toHaveCount(0);
  } finally {
    await co.close();
  }
});

for (const lang of ['en', 'zh_cn'] as const) {
  test(`${lang}: the payment statements and the payout check at 375 px fit the phone, without a message key`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const admin = await pageAs(browser, request, baseURL!, 'admin', lang, 375);
    const { page } = admin;
    try {
      for (const [path, title, shown] of [
        ['/history/walletBill', tr(lang, 'menu.walletBill'), tr(lang, 'payouts.depositStates.matched')],
        ['/settle/brand/payouts', tr(lang, 'payouts.checkTitle'), tr(lang, 'payouts.checks.agrees')],
        ['/settle/brand/deposits', tr(lang, 'payouts.depositsTitle'), tr(lang, 'payouts.otherTransfer')],
      ]) {
        await page.goto(url(path));
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByText(shown).filter({ visible: true }).first()).toBeVisible();
        const text = await page.locator('body').innerText();
        expect(text).not.toMatch(/\b(payouts|statementImports|orders|fields|common|menu)\.[a-zA-Z]+/);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBeLessThanOrEqual(375);
      }
    } finally {
      await admin.close();
    }
  });
}
