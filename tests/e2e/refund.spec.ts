/**
 * The refund machine's walks (tests/machines/refund.model.ts: refundWalks) in Chromium against
 * the real server: the covering set of its generated paths — every state and transition at
 * least once (tests/machines/coveringSets.pay.test.ts fails when one has no walk; every path is
 * walked in tests/machines/refund.test.ts). One test per walk, named after its steps, each on a
 * paid demo order of the company and with its own company-admin account (REFUND_PATH_ACCOUNTS:
 * wrong passwords count). After each step the dialog is checked as a user sees it
 * (refundTestMap).
 *
 * How the steps are mapped
 * - Start: the order's detail page, "Refund" pressed: the dialog's first step.
 * - CHANGE(amount 400 | 0): type that amount; CHANGE(amount 1001), above the model's 1,000
 *   yen remainder: type the order's remainder + 1. The model's remainder is the order's: the
 *   dialog opens with it typed and "Full refund" ticked; the box stays ticked exactly while the
 *   amount is the remainder (checked after each step), and unticking it empties the amount.
 * - CHANGE(full refund | partial refund): tick or untick "Full refund".
 * - CONTINUE: press Next when the amount allows it; otherwise Next is disabled (checked).
 * - BACK / EDIT / RETRY: the dialog's buttons.
 * - SUBMIT(password): type the refund password and press Refund. The request is held
 *   (page.route) until the next step's answer, so "submitting" is seen. Before it, the world
 *   is set up for that answer: the company's sandbox brand `normal` (success), `slow`
 *   (refunding), `refundFail` (the brand refuses); another operator refunds all but 1 yen of
 *   the order through the API (over the remainder); a wrong password is typed (wrong
 *   password); five wrong passwords were sent through the API first (locked); an
 *   administrator reset the account's refund password through the API (password reset).
 * - done/error:submitRefund and done/error:syncOrder: the held request goes through.
 * - after:syncDelay: `page.clock` moves 5 s. Before it, the sandbox is set for the sync's
 *   answer: `normal` (the refund succeeds), `refundFail` (the brand fails it), `down`
 *   (the sync fails, the dialog keeps following).
 *
 * - done:submitRefund(awaitingApproval): before SUBMIT the company's approval threshold is set
 *   to 0 (every console refund needs approval) through the API, and set back to the platform
 *   default when the path ends; these paths run as admins of 有限会社さくら薬局
 *   (APPROVAL_PATH_ACCOUNTS), a company no other browser test refunds in.
 *
 * - CHANGE_PASSWORD: press "Change refund password" in the dialog: the change screen opens
 *   while the refund waits in the console's actor system (awaitingPasswordChange is checked
 *   there). PASSWORD_CHANGED: on that screen the reset refund password (the administrator's
 *   reset reply) is changed to a new one; every session ends, the user logs in again through
 *   the form and lands back on the order with the refund at its password step.
 * - The must-change paths (mustChangePaths(): the session says at login that the refund
 *   password must be changed): the administrator resets it through the API before the user
 *   signs in, so the dialog opens at the change it needs.
 *
 * Paths never chosen (REFUND_NOT_WALKABLE; coveringSets.pay.test.ts pins the list):
 * - done:syncOrder(refunding) (2 paths): the sandbox completes a processing refund whenever
 *   it is asked (queryRefund answers SUCCESS or FAILED), so a sync never finds it still
 *   refunding; the transition back to waiting is walked by error:syncOrder(brand down).
 */
import { expect, test, type APIRequestContext, type Browser, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { SandboxBehaviour } from '../../src/contract/brands';
import { formatAmount } from '../../src/contract/money';
import type { OrderRow } from '../../src/contract/orders';
import { outcomeOf } from '../machines/coveringWalks';
import type { ModelEvent } from '../machines/harness';
import { refundWalks } from '../machines/refund.model';
import {
  APPROVAL_PATH_ACCOUNTS,
  FIXTURES,
  PASSWORD,
  REFUND_PATH_ACCOUNTS,
  WRONG_PASSWORD,
  type Fixture,
} from './fixtures';
import {
  apiRefund,
  openOrder,
  orderDetail,
  orderScreen,
  setSandbox,
  untouchedPaidOrder,
} from './support/payments';
import { apiCall, apiLogin, ja, storageOf, submitLogin } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const SYNC_DELAY_MS = 5_000;

/** Holds one kind of request until a step lets it through. */
class Held {
  private readonly routes: Route[] = [];
  constructor(
    private readonly page: Page,
    private readonly pattern: string,
  ) {}
  async start() {
    await this.page.route(this.pattern, (route) => {
      this.routes.push(route);
    });
  }
  async release() {
    await expect
      .poll(() => this.routes.length, { message: `a request to ${this.pattern}` })
      .toBeGreaterThan(0);
    await this.routes.shift()!.continue();
  }
}

interface Walk {
  page: Page;
  request: APIRequestContext;
  steps: readonly Step[];
  order: OrderRow;
  account: Fixture;
  adminToken: string;
  otherToken: string;
  submit: Held;
  sync: Held;
  /** The remainder when the dialog opened (what the machine's input holds). */
  remainder: number;
  /** The refund password an administrator's reset set (what the change screen asks for). */
  resetPassword: string | null;
}

/** An administrator resets the account's refund password; the reply says the new one. */
async function resetRefundPassword(request: APIRequestContext, adminToken: string, loginId: string) {
  const found = await apiCall<{ records: { id: number; loginId: string }[] }>(
    request,
    adminToken,
    '/system/operator/page',
    { loginId },
  );
  const id = found.result.records.find((r) => r.loginId === loginId)!.id;
  const reset = await apiCall<{ password: string }>(request, adminToken, '/system/operator/refundPassword', {
    id,
  });
  expect(reset.resultType, reset.resultMessage).toBe('SUCCESS');
  return reset.result.password;
}

function changeScreen(page: Page) {
  const f = page.getByRole('form', { name: ja('menu.changeRefundPassword') });
  return {
    form: f,
    old: f.getByLabel(ja('passwordForm.oldRefund'), { exact: true }),
    next: f.getByLabel(ja('fields.newPassword'), { exact: true }),
    confirm: f.getByLabel(ja('fields.confirmPassword'), { exact: true }),
    submit: f.getByRole('button', { name: ja('passwordForm.submit') }),
  };
}

async function approvalThreshold(w: Walk, threshold: number | '') {
  const reply = await apiCall(w.request, w.adminToken, '/org/refundApproval/save', {
    companyId: w.order.companyId,
    threshold,
  });
  expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
}

const sandbox = (w: Walk, behaviour: SandboxBehaviour) =>
  setSandbox(w.request, w.adminToken, w.order.companyId, w.order.brand, behaviour);

async function perform(w: Walk, i: number) {
  const s = orderScreen(w.page);
  const { event } = w.steps[i];
  const before = w.steps[i - 1].state;
  const next = outcomeOf(w.steps[i + 1]);
  switch (event.type) {
    case 'CHANGE': {
      const values = event.values as { amount?: number; fullRefund?: boolean };
      if (values.amount !== undefined) {
        const typed = values.amount > 1000 ? w.remainder + 1 : values.amount;
        await s.amount.fill(String(typed));
        return;
      }
      if ((await s.fullRefundBox.isChecked()) !== values.fullRefund) await s.fullRefund.click();
      return;
    }
    case 'CONTINUE':
      if (before.can({ type: 'CONTINUE' })) await s.next.click();
      else await expect(s.next).toBeDisabled();
      return;
    case 'BACK':
      return s.back.click();
    case 'EDIT':
      return s.edit.click();
    case 'RETRY':
      return s.retry.click();
    case 'CHANGE_PASSWORD':
      return s.dialog.getByRole('link', { name: s.t('menu.changeRefundPassword') }).click();
    case 'PASSWORD_CHANGED': {
      const c = changeScreen(w.page);
      const fresh = `e2eRefund${String(Date.now()).slice(-6)}x1`;
      await c.old.fill(w.resetPassword!);
      await c.next.fill(fresh);
      await c.confirm.fill(fresh);
      await c.submit.click();
      // Every session ended: the login page; after it, back to the order.
      await expect(w.page).toHaveURL(/\/login/);
      await submitLogin(w.page, w.account.loginId, PASSWORD);
      await expect(w.page).toHaveURL(new RegExp(`/history/order/${w.order.gatewayOrderNo}$`));
      return;
    }
    case 'SUBMIT': {
      let password = PASSWORD;
      if (next.includes('(success)')) await sandbox(w, 'normal');
      if (next.includes('done.actor.submitRefund(refunding)')) await sandbox(w, 'slow');
      if (next.includes('(brand refused)')) await sandbox(w, 'refundFail');
      // Every refund of the company needs approval (threshold 0) until the path ends.
      if (next.includes('(awaitingApproval)')) await approvalThreshold(w, 0);
      if (next.includes('(wrong password)')) password = WRONG_PASSWORD;
      if (next.includes('(over remainder)')) {
        const reply = await apiRefund(w.request, w.otherToken, {
          gatewayOrderNo: w.order.gatewayOrderNo,
          refundAmount: w.remainder - 1,
          password: PASSWORD,
        });
        expect(reply.resultType, reply.resultMessage).toBe('SUCCESS');
      }
      if (next.includes('(password reset)')) {
        w.resetPassword = await resetRefundPassword(w.request, w.adminToken, w.account.loginId);
      }
      if (next.includes('(locked)')) {
        const own = await apiLogin(w.request, w.account.loginId);
        for (let n = 0; n < 5; n++) {
          await apiRefund(w.request, own.token, {
            gatewayOrderNo: w.order.gatewayOrderNo,
            refundAmount: 1,
            password: WRONG_PASSWORD,
          });
        }
      }
      await s.password.fill(password);
      await s.submit.click();
      return;
    }
    case 'xstate.done.actor.submitRefund':
    case 'xstate.error.actor.submitRefund':
      return w.submit.release();
    case 'xstate.done.actor.syncOrder':
    case 'xstate.error.actor.syncOrder':
      return w.sync.release();
    default:
      if (event.type.startsWith('xstate.after.syncDelay')) {
        if (next.includes('(success)')) await sandbox(w, 'normal');
        if (next.includes('(failed)')) await sandbox(w, 'refundFail');
        if (next.includes('(brand down)')) await sandbox(w, 'down');
        await w.page.clock.fastForward(SYNC_DELAY_MS);
        return;
      }
      throw new Error(`no browser action for ${event.type}`);
  }
}

/** What a user sees in each state (refundTestMap). */
async function check(w: Walk, state: AnyMachineSnapshot) {
  const s = orderScreen(w.page);
  if (state.matches('awaitingPasswordChange')) {
    // The change screen; the refund waits (no dialog here).
    await expect(w.page).toHaveURL(/\/changeRefundPassword$/);
    await expect(changeScreen(w.page).form).toBeVisible();
    await expect(s.dialog).toHaveCount(0);
    return;
  }
  await expect(s.dialog).toBeVisible();
  if (state.matches('editing')) {
    await expect(s.dialog.getByRole('form', { name: s.t('refunds.refund.title.editing') })).toBeVisible();
    // The amount and the box in step: the remainder with the box ticked, else unticked; empty
    // after unticking it.
    await expect(s.amount).toBeEnabled();
    const { amount, fullRefund } = state.context as { amount: number | null; fullRefund: boolean };
    if (fullRefund) {
      await expect(s.fullRefundBox).toBeChecked();
      await expect(s.amount).toHaveValue(formatAmount(w.remainder, w.order.currency));
    } else await expect(s.fullRefundBox).not.toBeChecked();
    if (amount === null) await expect(s.amount).toHaveValue('');
    if (state.can({ type: 'CONTINUE' })) await expect(s.next).toBeEnabled();
    else await expect(s.next).toBeDisabled();
    return;
  }
  if (state.matches('enteringPassword')) {
    await expect(s.password).toBeVisible();
    await expect(s.password).toBeEnabled();
    await expect(s.back).toBeEnabled();
    return;
  }
  if (state.matches('submitting')) {
    await expect(s.submit).toHaveAttribute('data-loading', '');
    await expect(s.password).toBeDisabled();
    return;
  }
  if (state.matches({ rejected: 'overRemainder' })) {
    await expect(s.alert).toContainText(s.t('refunds.refund.rejected.overRemainder'));
    await expect(s.edit).toBeVisible();
    await expect(s.retry).toHaveCount(0);
    return;
  }
  if (state.matches({ rejected: 'wrongPassword' })) {
    await expect(s.alert).toContainText(s.t('refunds.refund.rejected.wrongPassword'));
    await expect(s.alert).toContainText(s.t('refunds.refund.triesLeft', { count: 4 }));
    await expect(s.retry).toBeVisible();
    await expect(s.edit).toBeVisible();
    return;
  }
  if (state.matches({ rejected: 'locked' })) {
    await expect(s.alert).toContainText(s.t('refunds.refund.rejected.locked'));
    await expect(s.alert).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(s.edit).toHaveCount(0);
    await expect(s.retry).toHaveCount(0);
    await expect(s.close).toBeVisible();
    return;
  }
  if (state.matches({ rejected: 'passwordReset' })) {
    await expect(s.alert).toContainText(s.t('refunds.refund.rejected.passwordReset'));
    await expect(s.dialog.getByRole('link', { name: s.t('menu.changeRefundPassword') })).toHaveAttribute(
      'href',
      '/changeRefundPassword',
    );
    await expect(s.edit).toHaveCount(0);
    await expect(s.retry).toHaveCount(0);
    await expect(s.close).toBeVisible();
    return;
  }
  if (state.matches('failed')) {
    await expect(s.alert).toContainText(s.t('refunds.refund.failed'));
    await expect(s.retry).toBeVisible();
    await expect(s.edit).toBeVisible();
    return;
  }
  if (state.matches({ succeeded: 'sentForApproval' })) {
    await expect(s.outcome).toContainText(s.t('refunds.refund.outcome.sentForApproval'));
    await expect(s.dialog).toContainText(s.t('refunds.statuses.awaitingApproval'));
    await refundListed(w, 'awaitingApproval');
    // Reserved: the order's refundable amount no longer includes it; the brand was not asked.
    const detail = await orderDetail(w.request, w.adminToken, w.order.gatewayOrderNo);
    const amount = detail.refunds.find((r) => r.status === 'awaitingApproval')!.amount;
    expect(detail.refundableAmount).toBe(w.remainder - amount);
    expect(detail.status).toBe('success');
    return;
  }
  if (state.matches({ succeeded: 'success' })) {
    await expect(s.outcome).toContainText(s.t('refunds.refund.outcome.success'));
    await expect(s.dialog).toContainText(s.t('refunds.statuses.success'));
    await refundListed(w, 'success');
    return;
  }
  if (state.matches({ succeeded: 'failed' })) {
    await expect(s.outcome).toContainText(s.t('refunds.refund.outcome.failed'));
    await expect(s.dialog).toContainText(s.t('refunds.statuses.failed'));
    await refundListed(w, 'failed');
    return;
  }
  if (state.matches('succeeded')) {
    // refunding or syncing: the dialog follows the brand.
    await expect(s.outcome).toContainText(s.t('refunds.refund.outcome.refunding'));
    await expect(s.dialog).toContainText(s.t('refunds.statuses.refunding'));
    return;
  }
  throw new Error(`no check for ${JSON.stringify(state.value)}`);
}

/** The refund is in the order's refund list with its settled status (the detail reloaded). */
async function refundListed(w: Walk, status: 'success' | 'failed' | 'awaitingApproval') {
  const s = orderScreen(w.page);
  const refundNo = (await s.dialog
    .getByText(/^RF\w+/)
    .first()
    .textContent())!.trim();
  // Behind the modal dialog the page is hidden from the accessibility tree.
  const table = w.page.getByRole('table', { name: s.t('orders.detail.refunds'), includeHidden: true });
  await expect(table.getByRole('row', { includeHidden: true }).filter({ hasText: refundNo })).toContainText(
    s.t(`refunds.statuses.${status}`),
  );
}

/** Orders a path of this file has used. */
const taken = new Set<string>();

async function walkPath(
  browser: Browser,
  request: APIRequestContext,
  base: string,
  steps: readonly Step[],
  account: Fixture,
  mustChange = false,
) {
  const admin = await apiLogin(request, FIXTURES.payAdmin.loginId);
  // Reset before the login: the session's user info says the refund password must be changed.
  const resetPassword = mustChange ? await resetRefundPassword(request, admin.token, account.loginId) : null;
  const session = await apiLogin(request, account.loginId);
  const other = await apiLogin(request, FIXTURES.payOther.loginId);
  // A refund awaiting approval leaves the order "paid, nothing refunded": never pick one twice.
  const order = await untouchedPaidOrder(request, session.token, 1001, taken);
  taken.add(order.gatewayOrderNo);
  const context = await browser.newContext({ baseURL: base, storageState: storageOf(base, session) });
  const page = await context.newPage();
  const w: Walk = {
    page,
    request,
    steps,
    order,
    account,
    adminToken: admin.token,
    otherToken: other.token,
    submit: new Held(page, '**/api/pay/refund/refund'),
    sync: new Held(page, '**/api/history/orderInfo/getOrderSync'),
    remainder: (await orderDetail(request, session.token, order.gatewayOrderNo)).refundableAmount,
    resetPassword,
  };
  try {
    await w.submit.start();
    await w.sync.start();
    await page.clock.install();
    const s = await openOrder(page, order.gatewayOrderNo);
    await s.refundButton.click();
    await check(w, steps[0].state);
    for (let i = 1; i < steps.length; i++) {
      await test.step(`${steps[i].event.type} ⇒ ${JSON.stringify(steps[i].state.value)}`, async () => {
        await perform(w, i);
        await check(w, steps[i].state);
      });
    }
  } finally {
    await sandbox(w, 'normal');
    await approvalThreshold(w, '');
    await context.close();
  }
}

test.describe('refund walks', () => {
  let approvals = 0;
  let others = 0;
  for (const { name, path, start } of refundWalks.named) {
    const steps = path.steps as unknown as Step[];
    // Walks sent for approval run in a company of their own (its threshold is lowered for them).
    const account = steps.some((s) => outcomeOf(s) === 'xstate.done.actor.submitRefund(awaitingApproval)')
      ? APPROVAL_PATH_ACCOUNTS[approvals++]
      : REFUND_PATH_ACCOUNTS[others++];
    if (!account) throw new Error('add refund path accounts in fixtures.ts');
    const mustChange = start === 'mustChange';
    test(
      mustChange ? `must change the refund password: ${name}` : name,
      async ({ browser, request, baseURL }) => {
        await walkPath(browser, request, baseURL!, steps, account, mustChange);
      },
    );
  }
});
