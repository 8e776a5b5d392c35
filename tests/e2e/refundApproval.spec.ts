/**
 * Maker-checker refunds in the browser (issue #12): user A requests a refund above the
 * company's approval threshold and sees it awaiting approval; user B (another admin of the
 * company) finds it in the approvals list and approves it with their own refund password —
 * the order is refunded — or rejects it with a reason that A then reads on the order.
 * The company is 有限会社さくら薬局, whose threshold is lowered to 1,000 yen for these tests.
 */
import { expect, test, type APIRequestContext, type Browser, type Page, type Route } from '@playwright/test';
import md5 from 'md5';
import type { AnyMachineSnapshot } from 'xstate';
import type { OrderRow } from '../../src/contract/orders';
import { outcomeOf } from '../machines/coveringWalks';
import type { ModelEvent } from '../machines/harness';
import { refundApprovalWalks } from '../machines/refundApproval.model';
import { APPROVER_PATH_ACCOUNTS, FIXTURES, PASSWORD, WRONG_PASSWORD, type Fixture } from './fixtures';
import { apiRefund, openOrder, orderDetail, orderScreen, untouchedPaidOrder } from './support/payments';
import { apiCall, apiLogin, storageOf, submitLogin, tr, type ApiSession } from './support/ui';

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
  await expect(s.outcome).toContainText(t('refunds.refund.outcome.sentForApproval'));
  await expect(s.dialog).toContainText(t('refunds.statuses.awaitingApproval'));
  await s.close.click();
  await expect(s.refundsTable.getByRole('row').nth(1)).toContainText(t('refunds.statuses.awaitingApproval'));
  await expect(page.getByText(t('refunds.approval.pendingOnOrder'))).toBeVisible();
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
    .getByRole('table', { name: t('refunds.approval.table') })
    .getByRole('row')
    .filter({ hasText: order.gatewayOrderNo });
  await expect(row).toContainText(FIXTURES.approvalRequester.loginId);
  await row.getByRole('button', { name: t('refunds.approval.review') }).click();
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
    await expect(ownRow).toContainText(t('refunds.approval.ownRequest'));
    await expect(ownRow.getByRole('button')).toHaveCount(0);
    await own.context.close();

    const b = await review(browser, baseURL!, checker, order);
    await b.dialog.getByRole('button', { name: t('refunds.approval.approve') }).click();
    await b.dialog.getByLabel(t('fields.refundPassword'), { exact: true }).fill(PASSWORD);
    await b.dialog.getByRole('button', { name: t('refunds.approval.approve') }).click();
    await expect(b.dialog.getByRole('status')).toContainText(
      t('refunds.approval.approved', { status: t('refunds.statuses.success') }),
    );
    await b.dialog.getByRole('button', { name: t('common.close'), exact: true }).click();
    await expect(b.row).toHaveCount(0);

    const s = await openOrder(b.page, order.gatewayOrderNo);
    await expect(s.refundsTable.getByRole('row').nth(1)).toContainText(t('refunds.statuses.success'));
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
    await b.dialog.getByRole('button', { name: t('refunds.approval.reject') }).click();
    const reject = b.dialog.getByRole('button', { name: t('refunds.approval.reject') });
    // No reason, no rejection.
    await expect(reject).toBeDisabled();
    const reason = 'お客様に金額を確認してから再申請してください';
    await b.dialog.getByLabel(t('refunds.approval.reason')).fill(reason);
    await reject.click();
    await expect(b.dialog.getByRole('status')).toContainText(t('refunds.approval.rejected'));
    await b.context.close();

    const a = await pageAs(browser, baseURL!, maker);
    const s = await openOrder(a.page, order.gatewayOrderNo);
    const row = s.refundsTable.getByRole('row').nth(1);
    await expect(row).toContainText(t('refunds.statuses.rejected'));
    await expect(row).toContainText(t('refunds.approval.rejectReason', { reason }));
    await expect(orderScreen(a.page).refundButton).toBeVisible();
    await a.context.close();
    const detail = await orderDetail(request, maker.token, order.gatewayOrderNo);
    expect(detail).toMatchObject({ status: 'success', refundableAmount: order.amount });
  });
});

/**
 * The refund approval machine's walks (tests/machines/refundApproval.model.ts:
 * refundApprovalWalks) in the browser: the covering set of its generated paths, every state and
 * transition at least once (coveringSets.pay.test.ts fails when one has no walk; every path is
 * walked in tests/machines/refundApproval.test.ts). Each on a fresh refund awaiting approval
 * (requested through the API by the requester), as its own approver (APPROVER_PATH_ACCOUNTS: wrong passwords count). The
 * approve and reject requests are held (page.route) so "submitting" is seen. Before SUBMIT the
 * world is set for the answer: a wrong password typed (wrong password); five wrong approvals
 * sent through the API first (locked); the approver's refund password reset by an administrator
 * (password reset); another approver decides it through the API first (already decided).
 * CHANGE_PASSWORD: the dialog's "Change refund password" opens the change screen while the
 * approval waits in the console's actor system; PASSWORD_CHANGED: the reset password (the
 * administrator's reply) is changed there, every session ends, the approver logs in again and
 * lands back on the list with the approval at its password step.
 */
type Step = { event: ModelEvent; state: AnyMachineSnapshot };

class Held {
  private readonly routes: Route[] = [];
  constructor(
    private readonly page: Page,
    private readonly pattern: string,
  ) {}
  start = () => this.page.route(this.pattern, (route) => void this.routes.push(route));
  async release() {
    await expect.poll(() => this.routes.length, { message: this.pattern }).toBeGreaterThan(0);
    await this.routes.shift()!.continue();
  }
}

interface PathWalk {
  page: Page;
  request: APIRequestContext;
  steps: readonly Step[];
  account: Fixture;
  refundNo: string;
  held: { approve: Held; reject: Held };
  /** The refund password an administrator's reset set (what the change screen asks for). */
  resetPassword: string | null;
}

function approvalDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  const button = (key: string) => dialog.getByRole('button', { name: t(key), exact: true });
  return {
    dialog,
    approve: button('refunds.approval.approve'),
    reject: button('refunds.approval.reject'),
    back: button('common.prevStep'),
    retry: button('refunds.refund.retry'),
    close: button('common.close'),
    password: dialog.getByLabel(t('fields.refundPassword'), { exact: true }),
    reason: dialog.getByLabel(t('refunds.approval.reason')),
    alert: dialog.getByRole('alert'),
    status: dialog.getByRole('status'),
  };
}

async function performStep(w: PathWalk, i: number) {
  const d = approvalDialog(w.page);
  const { event } = w.steps[i];
  const before = w.steps[i - 1].state;
  const next = outcomeOf(w.steps[i + 1]);
  switch (event.type) {
    case 'APPROVE':
      return d.approve.click();
    case 'REJECT':
      return d.reject.click();
    case 'BACK':
      return d.back.click();
    case 'RETRY':
      return d.retry.click();
    case 'CHANGE_REASON':
      return d.reason.fill(String(event.reason));
    case 'SUBMIT_REASON':
      if (!before.can({ type: 'SUBMIT_REASON' })) return expect(d.reject).toBeDisabled();
      if (next.includes('(already decided)')) await decideElsewhere(w);
      return d.reject.click();
    case 'SUBMIT': {
      let password = PASSWORD;
      if (next.includes('(wrong password)')) password = WRONG_PASSWORD;
      if (next.includes('(already decided)')) await decideElsewhere(w);
      if (next.includes('(locked)')) {
        const own = await apiLogin(w.request, w.account.loginId);
        for (let n = 0; n < 5; n++)
          await apiCall(w.request, own.token, '/pay/refund/approve', {
            gatewayRefundNo: w.refundNo,
            refundPassword: md5(WRONG_PASSWORD).toUpperCase(),
          });
      }
      if (next.includes('(password reset)'))
        w.resetPassword = await resetRefundPassword(w.request, w.account);
      await d.password.fill(password);
      return d.approve.click();
    }
    case 'CHANGE_PASSWORD':
      return d.dialog.getByRole('link', { name: t('menu.changeRefundPassword') }).click();
    case 'PASSWORD_CHANGED': {
      const f = w.page.getByRole('form', { name: t('menu.changeRefundPassword') });
      const fresh = `e2eApprove${String(Date.now()).slice(-6)}x1`;
      await f.getByLabel(t('passwordForm.oldRefund'), { exact: true }).fill(w.resetPassword!);
      await f.getByLabel(t('fields.newPassword'), { exact: true }).fill(fresh);
      await f.getByLabel(t('fields.confirmPassword'), { exact: true }).fill(fresh);
      await f.getByRole('button', { name: t('passwordForm.submit') }).click();
      // Every session ended: the login page; after it, back to the approval list.
      await expect(w.page).toHaveURL(/\/login/);
      await submitLogin(w.page, w.account.loginId, PASSWORD);
      await expect(w.page).toHaveURL(/\/history\/refundApproval$/);
      return;
    }
    case 'xstate.done.actor.approveRefund':
    case 'xstate.error.actor.approveRefund':
      return w.held.approve.release();
    case 'xstate.done.actor.rejectRefund':
    case 'xstate.error.actor.rejectRefund':
      return w.held.reject.release();
    default:
      throw new Error(`no browser action for ${event.type}`);
  }
}

/** Another approver rejects the refund first: this one is then told it was decided. */
async function decideElsewhere(w: PathWalk) {
  const other = await apiLogin(w.request, FIXTURES.approvalChecker.loginId);
  const reply = await apiCall(w.request, other.token, '/pay/refund/reject', {
    gatewayRefundNo: w.refundNo,
    reason: 'decided elsewhere',
  });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
}

/** An administrator resets the account's refund password; the one-time password it gets. */
async function resetRefundPassword(request: APIRequestContext, account: Fixture): Promise<string> {
  const admin = await apiLogin(request, FIXTURES.payAdmin.loginId);
  const found = await apiCall<{ records: { id: number; loginId: string }[] }>(
    request,
    admin.token,
    '/system/operator/page',
    { loginId: account.loginId },
  );
  const id = found.result.records.find((r) => r.loginId === account.loginId)!.id;
  const reset = await apiCall<{ password: string }>(request, admin.token, '/system/operator/refundPassword', {
    id,
  });
  expect(reset.resultType, reset.resultMessage).toBe('SUCCESS');
  return reset.result.password;
}

async function checkState(w: PathWalk, state: AnyMachineSnapshot) {
  const d = approvalDialog(w.page);
  if (state.matches('awaitingPasswordChange')) {
    // The change screen, the dialog gone with the list (the approval waits in the actor system).
    await expect(w.page).toHaveURL(/\/changeRefundPassword$/);
    await expect(w.page.getByRole('form', { name: t('menu.changeRefundPassword') })).toBeVisible();
    await expect(d.dialog).toHaveCount(0);
    return;
  }
  await expect(d.dialog).toBeVisible();
  if (state.matches('choosing')) {
    await expect(d.approve).toBeEnabled();
    await expect(d.reject).toBeEnabled();
    await expect(d.alert).toHaveCount(0);
    return;
  }
  if (state.matches({ approving: 'enteringPassword' })) {
    await expect(d.password).toBeEnabled();
    await expect(d.alert).toHaveCount(0);
    return;
  }
  if (state.matches({ approving: 'submitting' }) || state.matches({ rejecting: 'submitting' })) {
    await expect(state.matches('approving') ? d.approve : d.reject).toHaveAttribute('data-loading', '');
    return;
  }
  if (state.matches({ approving: 'wrongPassword' })) {
    await expect(d.alert).toContainText(t('refunds.refund.rejected.wrongPassword'));
    await expect(d.alert).toContainText(t('refunds.refund.triesLeft', { count: 4 }));
    await expect(d.retry).toBeVisible();
    return;
  }
  if (state.matches({ rejecting: 'enteringReason' })) {
    await expect(d.reason).toBeVisible();
    if (state.can({ type: 'SUBMIT_REASON' })) await expect(d.reject).toBeEnabled();
    else await expect(d.reject).toBeDisabled();
    return;
  }
  if (state.matches({ refused: 'locked' })) {
    await expect(d.alert).toContainText(t('refunds.refund.rejected.locked'));
    await expect(d.back).toHaveCount(0);
    await expect(d.close).toBeVisible();
    return;
  }
  if (state.matches({ refused: 'passwordReset' })) {
    await expect(d.alert).toContainText(t('refunds.refund.rejected.passwordReset'));
    await expect(d.dialog.getByRole('link', { name: t('menu.changeRefundPassword') })).toBeVisible();
    await expect(d.back).toHaveCount(0);
    return;
  }
  if (state.matches('failed')) {
    await expect(d.alert).toContainText(t('refunds.approval.failed'));
    await expect(d.alert).toContainText(t('server.refunds.approval.alreadyDecided'));
    await expect(d.back).toBeVisible();
    return;
  }
  if (state.matches('approved')) {
    await expect(d.status).toContainText(
      t('refunds.approval.approved', { status: t('refunds.statuses.success') }),
    );
    return;
  }
  if (state.matches('rejected')) {
    await expect(d.status).toContainText(t('refunds.approval.rejected'));
    return;
  }
  throw new Error(`no check for ${JSON.stringify(state.value)}`);
}

test.describe('refund approval paths', () => {
  const used = new Set<string>();
  let companyId = 0;
  test.beforeAll(async ({ request }) => {
    const maker = await apiLogin(request, FIXTURES.approvalRequester.loginId);
    companyId = (await untouchedPaidOrder(request, maker.token)).companyId;
    await setThreshold(request, companyId, THRESHOLD);
  });
  test.afterAll(async ({ request }) => {
    await setThreshold(request, companyId, '');
  });

  /** One path walked by one approver; `mustChange`: its refund password was reset before the login. */
  async function walkApproval(
    { browser, request, baseURL }: { browser: Browser; request: APIRequestContext; baseURL: string },
    steps: Step[],
    account: Fixture,
    mustChange: boolean,
  ) {
    const maker = await apiLogin(request, FIXTURES.approvalRequester.loginId);
    const order = await freshOrder(request, maker, used);
    const requested = await apiRefund(request, maker.token, {
      gatewayOrderNo: order.gatewayOrderNo,
      refundAmount: THRESHOLD + 1,
      password: PASSWORD,
    });
    expect(requested.result.refundStatus).toBe('awaitingApproval');
    // Reset before the login: the session's user info says the refund password must be changed.
    const resetPassword = mustChange ? await resetRefundPassword(request, account) : null;
    const session = await apiLogin(request, account.loginId);
    const { context, page } = await pageAs(browser, baseURL, session);
    const w: PathWalk = {
      page,
      request,
      steps,
      account,
      refundNo: requested.result.gatewayRefundNo,
      held: {
        approve: new Held(page, '**/api/pay/refund/approve'),
        reject: new Held(page, '**/api/pay/refund/reject'),
      },
      resetPassword,
    };
    try {
      await w.held.approve.start();
      await w.held.reject.start();
      await page.goto('/history/refundApproval');
      await page
        .getByRole('row')
        .filter({ hasText: order.gatewayOrderNo })
        .getByRole('button', { name: t('refunds.approval.review') })
        .click();
      await checkState(w, w.steps[0].state);
      for (let i = 1; i < w.steps.length; i++) {
        await test.step(`${w.steps[i].event.type} ⇒ ${JSON.stringify(w.steps[i].state.value)}`, async () => {
          await performStep(w, i);
          await checkState(w, w.steps[i].state);
        });
      }
    } finally {
      await context.close();
    }
  }

  if (refundApprovalWalks.named.length > APPROVER_PATH_ACCOUNTS.length)
    throw new Error('add approver path accounts in fixtures.ts');
  refundApprovalWalks.named.forEach(({ name, path, start }, n) => {
    // The must-change start: the approver's refund password was reset before the login.
    const mustChange = start === 'mustChange';
    test(
      mustChange ? `must change the refund password: ${name}` : name,
      async ({ browser, request, baseURL }) => {
        await walkApproval(
          { browser, request, baseURL: baseURL! },
          path.steps as unknown as Step[],
          APPROVER_PATH_ACCOUNTS[n],
          mustChange,
        );
      },
    );
  });
});
