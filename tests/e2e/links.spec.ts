import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../../src/contract/money';
import {
  csvFile,
  decide,
  decodeQrPng,
  dialog,
  download,
  expectOutcome,
  payerPage,
  shownLink,
} from './support/links';
import { ja, openMenu, signedInPage, toast } from './support/ui';

/**
 * Invoice / URL payments (/manage/url) as the company admin `co-admin`, against the real
 * server: a payment is created, its link and QR code (downloaded PNG decoded back to the link)
 * are paid on the payer's page in the sandbox and seen paid in the dialog and the list; another
 * one is closed; an upload with bad rows names them and creates nothing, a good one creates all.
 */

const run = String(Date.now()).slice(-7);

async function openUrlPayments(page: Page) {
  await page.goto('/');
  await openMenu(page, 'jp', 'menu.links', 'menu.paymentManagement');
  await expect(page.getByRole('heading', { name: ja('menu.links'), level: 1 })).toBeVisible();
}

/** Fills the New URL payment dialog and presses Create; returns the created dialog. */
async function createPayment(page: Page, fields: { amount: string; subject: string; clientOrderNo: string }) {
  await page.getByRole('button', { name: ja('links.url.newTitle') }).click();
  const form = page.getByRole('form', { name: ja('links.url.newTitle') });
  await form.getByLabel(ja('fields.amount'), { exact: true }).fill(fields.amount);
  await form.getByLabel(ja('fields.subject'), { exact: true }).fill(fields.subject);
  await form.getByLabel(ja('fields.payerName'), { exact: true }).fill('山田 花子');
  await form.getByLabel(ja('fields.payerEmail'), { exact: true }).fill('hanako@example.jp');
  await form.getByLabel(ja('fields.clientOrderNo'), { exact: true }).fill(fields.clientOrderNo);
  await page.getByRole('button', { name: ja('links.url.create'), exact: true }).click();
  const created = dialog(page, 'links.url.createdTitle');
  await expect(created).toBeVisible();
  return created;
}

/** The list filtered by one order number. */
async function searchOrder(page: Page, orderNo: string) {
  const search = page.getByRole('search', { name: ja('common.filters') });
  await search.getByLabel(ja('links.orderNoFilter'), { exact: true }).fill(orderNo);
  await search.getByRole('button', { name: ja('common.search'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`orderNo=${orderNo}`));
}

const table = (page: Page) => page.getByRole('table', { name: ja('links.url.table') });

test('create a URL payment, download its QR code, pay it on the payer page, see it paid', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedInPage(browser, request, baseURL!, 'co-admin');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openUrlPayments(page);
  const clientOrderNo = `E2E-URL-${run}-1`;
  const created = await createPayment(page, { amount: '12,345', subject: `E2E請求 ${run}`, clientOrderNo });
  await expect(created.getByText(formatMoney(12345, 'JPY'))).toBeVisible();
  const link = await shownLink(created);
  const orderNo = new URL(link).searchParams.get('orderNo')!;

  // The QR code: shown, and the downloaded PNG (named after the order) decodes to the link.
  await expect(created.getByRole('img', { name: ja('links.qrAlt', { number: orderNo }) })).toBeVisible();
  const png = await download(page, created.getByRole('button', { name: ja('links.downloadQr') }));
  expect(png.name).toBe(`${orderNo}.png`);
  expect(decodeQrPng(png.bytes)).toBe(link);

  // Copy puts the link on the clipboard.
  await created.getByRole('button', { name: ja('links.copyLink') }).click();
  await expect(toast(page, ja('links.copied'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The payer opens the link on a phone and pays in the sandbox.
  const payer = await payerPage(browser, baseURL!);
  await payer.goto(link);
  await expect(payer.getByRole('heading', { level: 1 })).toHaveText(/.+/);
  await expect(payer.getByText(`E2E請求 ${run}`)).toBeVisible();
  await expect(payer.getByLabel(ja('payer.amount'))).toHaveText(formatMoney(12345, 'JPY'));
  await decide(payer, 'pay');
  await expectOutcome(payer, 'paid');
  await payer.context().close();

  // The console's dialog sees it paid (the machine's USED) and the list says so.
  await expect(created.getByRole('status')).toHaveText(ja('links.url.phase.used'), { timeout: 15_000 });
  await expect(created.getByRole('button', { name: ja('links.url.close') })).toHaveCount(0);
  await created.getByRole('button', { name: ja('common.close'), exact: true }).click();
  await searchOrder(page, orderNo);
  const row = table(page).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText(ja('orders.statuses.success'));
  await page.context().close();
});

test('close an unpaid URL payment from the dialog and from the list', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedInPage(browser, request, baseURL!, 'co-admin');
  await openUrlPayments(page);
  const created = await createPayment(page, {
    amount: '800',
    subject: `E2E閉じる ${run}`,
    clientOrderNo: `E2E-URL-${run}-2`,
  });
  const link = await shownLink(created);
  await created.getByRole('button', { name: ja('links.url.close') }).click();
  const confirm = page.getByRole('alertdialog', { name: ja('links.url.closeTitle') });
  await confirm.getByRole('button', { name: ja('links.url.closeConfirm') }).click();
  await expect(created.getByRole('status')).toHaveText(ja('links.url.phase.closed'));
  await expect(created.getByRole('button', { name: ja('links.copyLink') })).toBeDisabled();

  // The payer's page says it was closed.
  const payer = await payerPage(browser, baseURL!);
  await payer.goto(link);
  await expectOutcome(payer, 'closed');
  await payer.context().close();

  // A third one, closed from its row in the list.
  await created.getByRole('button', { name: ja('links.url.new') }).click();
  const form = page.getByRole('form', { name: ja('links.url.newTitle') });
  await form.getByLabel(ja('fields.amount'), { exact: true }).fill('900');
  await form.getByLabel(ja('fields.subject'), { exact: true }).fill(`E2E一覧から閉じる ${run}`);
  await page.getByRole('button', { name: ja('links.url.create'), exact: true }).click();
  const third = dialog(page, 'links.url.createdTitle');
  const orderNo = new URL(await shownLink(third)).searchParams.get('orderNo')!;
  await third.getByRole('button', { name: ja('common.close'), exact: true }).click();
  await searchOrder(page, orderNo);
  await table(page)
    .getByRole('button', { name: ja('links.url.closeOf', { number: orderNo }) })
    .click();
  await page
    .getByRole('alertdialog', { name: ja('links.url.closeTitle') })
    .getByRole('button', { name: ja('links.url.closeConfirm') })
    .click();
  await expect(toast(page, ja('links.url.closed', { number: orderNo }))).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: orderNo })).toContainText(
    ja('orders.statuses.closed'),
  );
  await page.context().close();
});

test('upload: bad rows are named and nothing is created; a good file creates every row', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedInPage(browser, request, baseURL!, 'co-admin');
  await openUrlPayments(page);
  const header = [
    'clientOrderNo',
    'amount',
    'currency',
    'subject',
    'payerName',
    'payerEmail',
    'remark',
    'expireHours',
  ];
  const good = (n: number) => [`E2E-UP-${run}-${n}`, '1500', 'JPY', `一括 ${n}`, '', '', '', '48'];

  // The template is a CSV with the contract's columns.
  await page.getByRole('button', { name: ja('links.upload.open') }).click();
  const upload = dialog(page, 'links.url.uploadTitle');
  const template = await download(page, upload.getByRole('button', { name: ja('links.upload.template') }));
  expect(
    template.bytes
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\n')[0],
  ).toBe(header.join(','));

  await upload
    .getByLabel(ja('links.upload.file'))
    .setInputFiles(
      csvFile('bad.csv', [
        header,
        good(1),
        [`E2E-UP-${run}-2`, 'abc', 'JPY', '金額が数字でない', '', '', '', ''],
        good(3),
        [`E2E-UP-${run}-4`, '700', 'JPY', '', '', 'not-an-email', '', ''],
      ]),
    );
  await upload.getByRole('button', { name: ja('links.upload.send') }).click();
  const bad = upload.getByRole('table', { name: ja('links.upload.badRows') });
  await expect(bad).toBeVisible();
  const rowNumbers = await bad.locator('tbody tr td:first-child').allTextContents();
  expect([...new Set(rowNumbers)]).toEqual(['3', '5']);
  await expect(upload.getByText(ja('links.upload.nothingCreated'))).toBeVisible();
  await upload.getByRole('button', { name: ja('common.cancel') }).click();
  await searchOrder(page, `E2E-UP-${run}-1`);
  await expect(table(page).getByText(ja('common.empty'))).toBeVisible();

  // The corrected file creates all of its rows.
  await page.getByRole('button', { name: ja('links.upload.open') }).click();
  await dialog(page, 'links.url.uploadTitle')
    .getByLabel(ja('links.upload.file'))
    .setInputFiles(csvFile('good.csv', [header, good(1), good(3)]));
  await dialog(page, 'links.url.uploadTitle')
    .getByRole('button', { name: ja('links.upload.send') })
    .click();
  await expect(toast(page, ja('links.upload.created', { count: 2 }))).toBeVisible();
  for (const n of [1, 3]) {
    await searchOrder(page, `E2E-UP-${run}-${n}`);
    await expect(
      table(page)
        .getByRole('row')
        .filter({ hasText: `E2E-UP-${run}-${n}` }),
    ).toContainText(`一括 ${n}`);
  }
  await page.context().close();
});

test('every refused field is marked at the field, whether the browser or the server found it; no banner then', async ({
  browser,
  baseURL,
  request,
}) => {
  // sysop works for every company in scope, so the dialog asks for the company.
  const page = await signedInPage(browser, request, baseURL!, 'sysop');
  try {
    await page.goto('/manage/url');
    await page.getByRole('button', { name: ja('links.url.newTitle') }).click();
    const form = page.getByRole('form', { name: ja('links.url.newTitle') });
    const company = form.getByLabel(ja('fields.companyId'), { exact: true });
    const amount = form.getByLabel(ja('fields.amount'), { exact: true });
    const subject = form.getByLabel(ja('fields.subject'), { exact: true });
    const create = page.getByRole('button', { name: ja('links.url.create'), exact: true });
    const required = (field: string) => ja('validation.required', { field: ja(field) });

    // The browser: every required field, the company too.
    await create.click();
    await expect(company).toHaveAccessibleErrorMessage(required('fields.companyId'));
    await expect(amount).toHaveAccessibleErrorMessage(required('fields.amount'));
    await expect(subject).toHaveAccessibleErrorMessage(required('fields.subject'));
    await expect(form.getByRole('alert')).toHaveCount(0);

    // The server: a request without the company (as a script would send it) is refused at the field.
    await amount.fill('1,200');
    await subject.fill(`Field errors ${run}`);
    await page.route('**/api/pay/pay/create', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, companyId: null }) });
    });
    await company.selectOption({ label: '株式会社ひのき珈琲' });
    await create.click();
    await expect(company).toHaveAccessibleErrorMessage(required('fields.companyId'));
    await expect(company).toBeFocused();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await page.unroute('**/api/pay/pay/create');

    // The server: an amount above the company's link limit (¥300,000), at the amount field.
    await amount.fill('300,001');
    await create.click();
    const refusal = ja('server.limits.limitLink', { limit: formatMoney(300_000, 'JPY') });
    await expect(amount).toHaveAccessibleErrorMessage(refusal);
    await expect(company).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});
