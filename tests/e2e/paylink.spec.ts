import { expect, test, type Page } from '@playwright/test';
import type { PayLinkCreated } from '../../src/contract/links';
import type { PreOrderCreated } from '../../src/contract/preorders';
import { formatMoney } from '../../src/contract/money';
import { decide, expectOutcome, payerPage } from './support/links';
import { apiCall, apiLogin, ja, signedInPage, tr } from './support/ui';

/**
 * The payer's page (/qrcode, public, no session) on a 375 px phone against the real server:
 * missing and unknown links, the language (from the browser, else Japanese; the payer's
 * choice), cancel → failed, a pre-order paid use by use until it takes no more payments.
 */

const run = String(Date.now()).slice(-7);

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function newPayLink(request: Parameters<typeof apiLogin>[0], subject: string, amount = 2500) {
  const { token } = await apiLogin(request, 'co-admin');
  const reply = await apiCall<PayLinkCreated>(request, token, '/pay/pay/create', { amount, subject });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
  return reply.result;
}

test('a missing or unknown link shows the invalid-link view', async ({ browser, baseURL }) => {
  const page = await payerPage(browser, baseURL!);
  await page.goto('/qrcode');
  await expect(page.getByRole('heading', { name: ja('payer.invalidTitle') })).toBeVisible();
  await expect(page.getByText(ja('payer.missingBody'))).toBeVisible();
  await page.goto('/qrcode?orderNo=G0000000000000000');
  await expect(page.getByText(ja('payer.invalidBody'))).toBeVisible();
  await page.goto('/qrcode?code=P0000000000000000');
  await expect(page.getByText(ja('payer.invalidBody'))).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.context().close();
});

test('the language follows the browser, else Japanese, and the payer can change it', async ({
  browser,
  baseURL,
  request,
}) => {
  const link = await newPayLink(request, `E2E言語 ${run}`);
  const path = new URL(link.payLink, baseURL).pathname + new URL(link.payLink, baseURL).search;
  for (const [locale, lang] of [
    ['en-GB', 'en'],
    ['zh-CN', 'zh_cn'],
    ['fr-FR', 'jp'],
  ] as const) {
    const page = await payerPage(browser, baseURL!, locale);
    await page.goto(path);
    await expect(page.getByRole('button', { name: tr(lang, 'payer.pay'), exact: true })).toBeVisible();
    await expect(page.getByText(tr(lang, 'payer.payTo'))).toBeVisible();
    await page.context().close();
  }
  const page = await payerPage(browser, baseURL!, 'ja-JP');
  await page.goto(path);
  await page
    .getByRole('group', { name: ja('payer.language') })
    .getByRole('button', { name: 'EN' })
    .click();
  await expect(page.getByRole('button', { name: tr('en', 'payer.pay'), exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoHorizontalOverflow(page);
  await page.context().close();
});

test('the payer cancels: the payment failed and nothing can be paid any more', async ({
  browser,
  baseURL,
  request,
}) => {
  const link = await newPayLink(request, `E2E取消 ${run}`, 4321);
  const page = await payerPage(browser, baseURL!);
  await page.goto(link.payLink);
  await expect(page.getByLabel(ja('payer.amount'))).toHaveText(formatMoney(4321, 'JPY'));
  await decide(page, 'cancel');
  await expectOutcome(page, 'failed');
  await expect(page.getByRole('button', { name: ja('payer.pay'), exact: true })).toHaveCount(0);
  await page.reload();
  await expectOutcome(page, 'failed');
  await page.context().close();
});

test('a pre-order takes its uses one by one, then says it takes no more payments', async ({
  browser,
  baseURL,
  request,
}) => {
  const { token } = await apiLogin(request, 'co-admin');
  const reply = await apiCall<PreOrderCreated>(request, token, '/history/preOrder/create', {
    orderAmount: 1200,
    useTimes: 2,
    remark: `E2Eランチ ${run}`,
  });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
  // The merchant's list says how far the pre-order is used: none, some uses left, used up.
  const console = await signedInPage(browser, request, baseURL!, 'co-admin');
  const expectUseStatus = async (key: string) => {
    await console.goto(`/manage/onepay?payNo=${reply.result.gatewayPayNo}`);
    const table = console.getByRole('table', { name: ja('preorders.table') });
    const row = table.getByRole('row').filter({ hasText: reply.result.gatewayPayNo });
    await expect(row).toBeVisible();
    const headers = await table.getByRole('columnheader').allTextContents();
    const column = headers.indexOf(ja('preorders.useStatus'));
    expect(column, 'the use-status column').toBeGreaterThanOrEqual(0);
    await expect(row.getByRole('cell').nth(column)).toHaveText(ja(`preorders.useStatusShown.${key}`));
  };
  await expectUseStatus('unused');
  for (const left of [2, 1]) {
    const page = await payerPage(browser, baseURL!);
    await page.goto(reply.result.payLink);
    await expect(page.getByText(`E2Eランチ ${run}`)).toBeVisible();
    await expect(page.getByText(ja('payer.remaining', { count: left }))).toBeVisible();
    await decide(page, 'pay', 'orders.brands.wechat');
    await expectOutcome(page, 'paid');
    await expectNoHorizontalOverflow(page);
    await page.context().close();
    await expectUseStatus(left === 2 ? 'inUse' : 'used');
  }
  await console.context().close();
  const page = await payerPage(browser, baseURL!);
  await page.goto(reply.result.payLink);
  await expectOutcome(page, 'used');
  await expect(page.getByRole('button', { name: ja('payer.pay'), exact: true })).toHaveCount(0);
  await page.context().close();
});
