/**
 * The brands' payouts (issue #16, the three-way check; /history/paypayBill, /settle/brand/payouts,
 * /settle/brand/deposits) against the real server with its demo payouts: the admin finds the
 * payout whose deposit never came, imports the bank's statement with it (a refused file first,
 * refused at its field), sees it deposited and on its brand settlement's page; the import dialog
 * walks its workflow (src/machines/fileUpload.ts) state by state; a company admin is told payouts
 * are the platform's; at 375 px in English and Chinese the page fits the phone.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import type { Page as ListPage } from '../../src/contract/envelope';
import { PAYOUT_LISTS } from '../../src/contract/lists/payouts';
import type { PayoutRow } from '../../src/contract/payouts';
import { fileUploadMachine } from '../../src/machines/fileUpload';
import type { ModelEvent } from '../machines/harness';
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

test('a company admin is not offered the payouts (the platform’s), nor reaches them or the payout check', async ({
  browser,
  request,
  baseURL,
}) => {
  const co = await pageAs(browser, request, baseURL!, 'co-admin');
  const { page } = co;
  try {
    await page.goto('/history/order');
    const menu = page.getByRole('navigation', { name: ja('shell.mainMenu') });
    await expect(
      menu.getByRole('link', { name: ja('menu.transactionHistory'), includeHidden: true }),
    ).toHaveCount(1);
    for (const title of ['menu.walletBill', 'menu.paypayBill'] as const)
      await expect(menu.getByRole('link', { name: ja(title), includeHidden: true })).toHaveCount(0);
    await page.goto(url('/history/walletBill'));
    await expect(page).toHaveURL('/401');
    await expect(page.getByRole('heading', { name: ja('menu.noAccess') })).toBeVisible();
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
        expect(text).not.toMatch(/\b(payouts|reconciliation|orders|fields|common|menu)\.[a-zA-Z]+/);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBeLessThanOrEqual(375);
      }
    } finally {
      await admin.close();
    }
  });
}

type UploadState = SnapshotFrom<typeof fileUploadMachine>;

/** What the deposits dialog shows in each state of its workflow (fileUploadTestMap). */
async function checkUploadState(page: Page, dialog: Locator, s: UploadState) {
  if (s.matches('done')) {
    await expect(toast(page, ja('payouts.imported', { added: 1, matched: 0, skipped: 0 }))).toBeVisible();
  }
  if (s.status === 'done') {
    await expect(dialog).toBeHidden();
    return;
  }
  const busy = s.hasTag('busy');
  const sendButton = dialog.getByRole('button', { name: ja('payouts.importButton') });
  await expect(sendButton).toBeVisible();
  if (busy) await expect(sendButton).toBeDisabled();
  else await expect(sendButton).toBeEnabled();
  for (const control of [
    dialog.getByRole('button', { name: ja('common.cancel') }),
    dialog.locator('input[type=file]'),
  ])
    if (busy) await expect(control).toBeDisabled();
    else await expect(control).toBeEnabled();
  const required = dialog.getByText(ja('validation.required', { field: ja('payouts.file') }));
  await expect(required).toHaveCount(s.matches({ choosing: 'missing' }) ? 1 : 0);
  const refused = dialog.getByText('2行目：日付を読めません');
  await expect(refused).toHaveCount(s.matches({ choosing: 'refused' }) ? 1 : 0);
}

test('the deposits import dialog walks its workflow: Import without a file, a refused file, a good one; Cancel', async ({
  browser,
  request,
  baseURL,
}) => {
  const admin = await pageAs(browser, request, baseURL!, 'admin');
  const { page } = admin;
  // The upload is held until the step that answers it, so that the busy dialog can be seen; it
  // then goes on to the server as it was sent.
  const held: Route[] = [];
  await page.route('**/api/settle/brand/deposits/upload', (route) => void held.push(route));
  const answer = async () => {
    await expect.poll(() => held.length, { message: 'an upload request' }).toBeGreaterThan(0);
    await held.shift()!.continue();
  };
  // A new ¥1 transfer, its reference unique to this run: never a duplicate, never any payout's.
  const reference = `E2E${Date.now()}`;
  const files = {
    bad: { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('日付,入金額\r\n2026/02/30,100\r\n') },
    good: {
      name: 'transfer.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`日付,摘要,お預り金額,照会番号\r\n${businessDay(1)},振込,1,${reference}\r\n`),
    },
  };
  // The machine's CHOOSE needs a file; the browser's is the one set on the input.
  const chosen = new File([], 'stand-in.csv');
  try {
    // Yesterday's transfers that paid no payout: where the new one will be listed.
    const day = { beginTime: businessDay(1), endTime: businessDay(1) };
    await page.goto(
      `/settle/brand/deposits?${new URLSearchParams({ ...day, match: 'unmatched' }).toString()}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: ja('payouts.depositsTitle') })).toBeVisible();
    const importButton = (dialog: Locator) =>
      dialog.getByRole('button', { name: ja('payouts.importButton') });
    const choose = (file: (typeof files)['bad']) => (dialog: Locator) =>
      dialog.locator('input[type=file]').setInputFiles(file);
    /**
     * Opens the dialog and takes the steps: each a user's action (or the held request let go)
     * and the machine event it causes; after each, the dialog shows the state the machine
     * itself goes to.
     */
    const walk = async (steps: [ModelEvent, (dialog: Locator) => Promise<unknown>][]) => {
      await page.getByRole('button', { name: ja('payouts.importDeposits') }).click();
      const dialog = page.getByRole('dialog', { name: ja('payouts.importTitle') });
      let [state] = initialTransition(fileUploadMachine, { form: {} });
      await checkUploadState(page, dialog, state);
      for (const [event, act] of steps) {
        await act(dialog);
        [state] = transition(fileUploadMachine, state, event as never);
        await checkUploadState(page, dialog, state);
      }
    };

    await walk([
      [{ type: 'SEND' }, (d) => importButton(d).click()],
      [{ type: 'CHOOSE', file: chosen }, choose(files.bad)],
      [{ type: 'SEND' }, (d) => importButton(d).click()],
      [{ type: 'xstate.error.actor.send', error: null }, answer],
      [{ type: 'CHOOSE', file: chosen }, choose(files.good)],
      [{ type: 'SEND' }, (d) => importButton(d).click()],
      [{ type: 'xstate.done.actor.send', output: null }, answer],
    ]);
    // The list was read again: the new transfer, paying no payout.
    const row = page
      .getByRole('table', { name: ja('payouts.list.depositTable') })
      .getByRole('row')
      .filter({ hasText: reference });
    await expect(row).toContainText(ja('payouts.otherTransfer'));

    await walk([
      [{ type: 'CHOOSE', file: chosen }, choose(files.bad)],
      [{ type: 'CANCEL' }, (d) => d.getByRole('button', { name: ja('common.cancel') }).click()],
    ]);
    expect(held).toEqual([]);
  } finally {
    for (const r of held.splice(0)) await r.abort().catch(() => undefined);
    await admin.close();
  }
});
