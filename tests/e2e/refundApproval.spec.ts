/**
 * Maker-checker refunds in the browser (issue #12): user A requests a refund above the
 * company's approval threshold and sees it awaiting approval; user B (another admin of the
 * company) finds it in the approvals list and approves it with their own refund password —
 * the order is refunded — or rejects it with a reason that A then reads on the order.
 * The company is 有限会社さくら薬局, whose threshold is lowered to 1,000 yen for these tests.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import type { OrderRow } from '../../src/contract/orders';
import { FIXTURES, PASSWORD } from './fixtures';
import { openOrder, orderDetail, orderScreen, untouchedPaidOrder } from './support/payments';
import { apiCall, apiLogin, storageOf, tr, type ApiSession } from './support/ui';

const THRESHOLD = 1000;
const t = (key: string, values?: Record<string, unknown>) => tr('jp', key, values);

async function setThreshold(request: APIRequestContext, companyId: number, threshold: number | '') {
  const admin = await apiLogin(request, FIXTURES.payAdmin.loginId);
  const reply = await apiCall(request, admin.token, '/org/refundApproval/save', { companyId, threshold });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
}

/** A paid order of the requester's company with nothing refunded or reserved, above the threshold. */
async function freshOrder(request: APIRequestContext, session: ApiSession, used: Set<string>) {
  for (;;) {
    const order = await untouchedPaidOrder(request, session.token, THRESHOLD + 1, used);
    used.add(order.gatewayOrderNo);
    const detail = await orderDetail(request, session.token, order.gatewayOrderNo);
    if (detail.refunds.length === 0) return order;
  }
}

async function pageAs(browser: Browser, base: string, session: ApiSession) {
  const context = await browser.newContext({ baseURL: base, storageState: storageOf(base, session) });
  return { context, page: await context.newPage() };
}

/** A requests the whole remainder of the order through the refund dialog. */
async function requestRefund(browser: Browser, base: string, session: ApiSession, order: OrderRow) {
  const { context, page } = await pageAs(browser, base, session);
  const s = await openOrder(page, order.gatewayOrderNo);
  await s.refundButton.click();
  await s.next.click();
  await s.password.fill(PASSWORD);
  await s.submit.click();
  await expect(s.outcome).toContainText(t('orderScreens.refund.outcome.sentForApproval'));
  await expect(s.dialog).toContainText(t('payments.refundStatus.awaitingApproval'));
  await s.close.click();
  await expect(s.refundsTable.getByRole('row').nth(1)).toContainText(
    t('payments.refundStatus.awaitingApproval'),
  );
  await expect(page.getByText(t('orderScreens.approval.pendingOnOrder'))).toBeVisible();
  // Reserved: nothing is left to refund while it waits.
  await expect(s.refundButton).toHaveCount(0);
  await context.close();
}

/** B opens the approvals list and the review dialog of the order's refund. */
async function review(browser: Browser, base: string, session: ApiSession, order: OrderRow) {
  const { context, page } = await pageAs(browser, base, session);
  await page.goto('/history/refundApproval');
  await expect(page.getByRole('heading', { name: t('menu.refundApproval'), level: 1 })).toBeVisible();
  const row = page
    .getByRole('table', { name: t('orderScreens.approval.table') })
    .getByRole('row')
    .filter({ hasText: order.gatewayOrderNo });
  await expect(row).toContainText(FIXTURES.approvalRequester.loginId);
  await row.getByRole('button', { name: t('orderScreens.approval.review') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(order.gatewayOrderNo);
  return { context, page, dialog, row };
}

test.describe('refund approval', () => {
  const used = new Set<string>();
  let maker: ApiSession;
  let checker: ApiSession;
  let companyId = 0;

  test.beforeAll(async ({ request }) => {
    maker = await apiLogin(request, FIXTURES.approvalRequester.loginId);
    checker = await apiLogin(request, FIXTURES.approvalChecker.loginId);
    companyId = (await untouchedPaidOrder(request, maker.token)).companyId;
    await setThreshold(request, companyId, THRESHOLD);
  });
  test.afterAll(async ({ request }) => {
    await setThreshold(request, companyId, '');
  });

  test('A requests a large refund and sees it awaiting approval; B approves it in the list and the order is refunded', async ({
    browser,
    request,
    baseURL,
  }) => {
    const order = await freshOrder(request, maker, used);
    await requestRefund(browser, baseURL!, maker, order);

    // A may not approve their own request: the list shows it without a review button.
    const own = await pageAs(browser, baseURL!, maker);
    await own.page.goto('/history/refundApproval');
    const ownRow = own.page.getByRole('row').filter({ hasText: order.gatewayOrderNo });
    await expect(ownRow).toContainText(t('orderScreens.approval.ownRequest'));
    await expect(ownRow.getByRole('button')).toHaveCount(0);
    await own.context.close();

    const b = await review(browser, baseURL!, checker, order);
    await b.dialog.getByRole('button', { name: t('orderScreens.approval.approve') }).click();
    await b.dialog.getByLabel(t('fields.refundPassword'), { exact: true }).fill(PASSWORD);
    await b.dialog.getByRole('button', { name: t('orderScreens.approval.approve') }).click();
    await expect(b.dialog.getByRole('status')).toContainText(
      t('orderScreens.approval.approved', { status: t('payments.refundStatus.success') }),
    );
    await b.dialog.getByRole('button', { name: t('common.close'), exact: true }).click();
    await expect(b.row).toHaveCount(0);

    const s = await openOrder(b.page, order.gatewayOrderNo);
    await expect(s.refundsTable.getByRole('row').nth(1)).toContainText(t('payments.refundStatus.success'));
    await b.context.close();
    const detail = await orderDetail(request, maker.token, order.gatewayOrderNo);
    expect(detail).toMatchObject({ status: 'refunded', refundedAmount: order.amount, refundableAmount: 0 });
  });

  test('B rejects a request with a reason; A reads the reason on the order and the amount is refundable again', async ({
    browser,
    request,
    baseURL,
  }) => {
    const order = await freshOrder(request, maker, used);
    await requestRefund(browser, baseURL!, maker, order);

    const b = await review(browser, baseURL!, checker, order);
    await b.dialog.getByRole('button', { name: t('orderScreens.approval.reject') }).click();
    const reject = b.dialog.getByRole('button', { name: t('orderScreens.approval.reject') });
    // No reason, no rejection.
    await expect(reject).toBeDisabled();
    const reason = 'お客様に金額を確認してから再申請してください';
    await b.dialog.getByLabel(t('orderScreens.approval.reason')).fill(reason);
    await reject.click();
    await expect(b.dialog.getByRole('status')).toContainText(t('orderScreens.approval.rejected'));
    await b.context.close();

    const a = await pageAs(browser, baseURL!, maker);
    const s = await openOrder(a.page, order.gatewayOrderNo);
    const row = s.refundsTable.getByRole('row').nth(1);
    await expect(row).toContainText(t('payments.refundStatus.rejected'));
    await expect(row).toContainText(t('orderScreens.approval.rejectReason', { reason }));
    await expect(orderScreen(a.page).refundButton).toBeVisible();
    await a.context.close();
    const detail = await orderDetail(request, maker.token, order.gatewayOrderNo);
    expect(detail).toMatchObject({ status: 'success', refundableAmount: order.amount });
  });
});
