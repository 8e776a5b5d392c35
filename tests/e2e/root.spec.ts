/**
 * The root actor's generated paths (tests/machines/root.model.ts: rootPaths('refund')) walked
 * in Chromium against the real server: the console's one actor system, seen from the refund
 * beside the session. Not every generated path: a covering subset (below), one test per path,
 * named after its steps, each with its own two company admins (ROOT_PATH_ACCOUNTS: `alice` 2n,
 * `bob` 2n + 1, same company) and its own two paid orders A and B of that company (never
 * refunded here: nothing is submitted). After each step the page is checked for what the
 * model's next state means to a user; the console exposes no actor for tests, so "the root
 * kept the refund" is always something a user sees: its dialog on its order.
 *
 * How the steps are mapped
 * - signIn(alice): the login form, as an account whose refund password an administrator
 *   reset through the API before the path (the session then says it must be changed; the
 *   reply's password is what the change screen asks for). signIn(bob): the login form, as one
 *   who need not change it.
 * - logout: the user card's "Log out" and its confirmation.
 * - expire: the idle expiry — `page.clock` (installed before the first page) moves on the
 *   idle warning's 840 s, then its 60 s lead (the session expires), then the 2 s to the login
 *   page.
 * - refundPasswordChanged: on the change-refund-password screen (already shown after `wait`,
 *   else through the user card) the current refund password is changed; every session of the
 *   user ends, straight to the login page.
 * - open(A) / open(B): the order's detail (an in-app navigation, as the console's links do) and
 *   "Refund". Back on the order whose refund waits for the change, its dialog is shown again
 *   without a press: the kept one (the Refund button is under it). The same order's open while
 *   its dialog is shown: the dialog covers the button, so the press is dispatched to the covered
 *   button (a second press arriving as the dialog opens); before it, bob's dialog is moved on to
 *   its password step, so the kept refund (still there) and a fresh one (the amount step) differ.
 * - close: the dialog's Close. While the refund waits, the user is elsewhere: back on its order
 *   (its dialog comes back, as for open), then Close.
 * - leave: the browser's Back from the order detail. While the refund waits: back on its order
 *   first (its dialog comes back), then Back.
 * - wait: the dialog's "Change refund password" (the change screen opens, the refund waits).
 *
 * What is checked after each step: signed out, the login form and no console; signed in, the
 * console and then the refund: none — no dialog on the order it was for (visited if the step
 * left it); running — its order with the dialog at the change (alice) or at the amount step
 * (bob; at the password step when the same order's open kept it); waiting — the change screen
 * without dialog, or its dialog back on its order (visited after the path's last step). After a
 * login forced by the change, the refund the model keeps is shown on its order at its password
 * step (it heard of the change; the model's stand-in session does not tell it). A path that ends
 * signed out with a refund opened before has an epilogue: the same user signs in again and the
 * model's next state is checked (logout and expire keep nothing; what they stopped is seen then).
 *
 * Which paths: `rootWalks()` (tests/machines/root.model.ts) — of rootPaths('refund')'s 66 (one
 * per model state and event: the shortest way there plus that event; vitest walks them all on the
 * real root, tests/machines/root.test.ts), the covering set the harness's `pickWalks` chooses
 * among those the browser can walk: every transition of the root as `rootTransitionOf` tells
 * them apart (signed in or out; the refund none, running or waiting; what `admit`, `openRefund`,
 * `endWorkflows`, `endWorkflowsKeepingWaiting` and `leaveRefund` branch on) and every model state
 * walked at least once, 13 walks. The steps the browser cannot cause are listed with their reason
 * (ROOT_NOT_WALKABLE: logout under the modal refund dialog; the refund-password change or
 * another order's Refund while a refund runs — both leave the order detail first; close, leave
 * or the logins after them once the change ended the session; the same order's open while a
 * refund that must wait for the change runs — walked as bob). tests/machines/coveringSets.session.test.ts
 * fails when a transition is neither walked nor explained.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  expected,
  initialState,
  rootWalks,
  type RootModelEvent,
  type RootModelState,
  type RootPath,
} from '../machines/root.model';
import { sessionDelays } from '../machines/session.model';
import { FIXTURES, PASSWORD, ROOT_PATH_ACCOUNTS, type Fixture } from './fixtures';
import { orderScreen, untouchedPaidOrder } from './support/payments';
import { apiCall, apiLogin, ja, logOut, loginForm, openUserCard, submitLogin, toast } from './support/ui';

type Login = 'alice' | 'bob';
type Key = 'A' | 'B';
type Step = RootPath['steps'][number];

// ---------------------------------------------------------------------------------------------
// The browser side.

interface Walk {
  page: Page;
  accounts: Record<Login, Fixture>;
  /** Each account's refund password as it stands now. */
  refundPassword: Record<Login, string>;
  orders: Record<Key, string>;
  /** Who signed in last (the epilogue signs in again as them). */
  lastLogin: Login | null;
  /** The order of the last refund the model had (where a stopped one is looked for). */
  lastRefundOrder: Key | null;
}

const orderPath = (w: Walk, key: Key) => `/history/order/${w.orders[key]}`;
const onOrder = (w: Walk, key: Key) => new URL(w.page.url()).pathname === orderPath(w, key);
const onChangeScreen = (w: Walk) => new URL(w.page.url()).pathname === '/changeRefundPassword';
const shellMenu = (page: Page) =>
  // Under a modal dialog the shell is hidden from the accessibility tree, not from the eye.
  page.getByRole('button', { name: ja('shell.userMenu'), includeHidden: true });
const refundButton = (page: Page) =>
  page.getByRole('button', { name: ja('refunds.refund.open'), exact: true, includeHidden: true });
const changeLink = (page: Page) =>
  orderScreen(page).dialog.getByRole('link', { name: ja('menu.changeRefundPassword') });
const changeForm = (page: Page) => page.getByRole('form', { name: ja('menu.changeRefundPassword') });

/** What a console link does: an in-app navigation (a typed address would reload the app). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** The order's detail, loaded (its Refund button rendered: a kept dialog comes with it). */
async function showOrder(w: Walk, key: Key) {
  if (!onOrder(w, key)) await navigateInApp(w.page, orderPath(w, key));
  await expect(w.page).toHaveURL(new RegExp(`${orderPath(w, key)}$`));
  await expect(refundButton(w.page)).toBeAttached();
}

async function expectNoDialogOn(w: Walk, key: Key) {
  await showOrder(w, key);
  await expect(orderScreen(w.page).dialog).toHaveCount(0);
}

/** The dialog of a refund that must wait for the change (fresh, or kept while it waits). */
async function expectAtChange(page: Page) {
  const s = orderScreen(page);
  await expect(s.dialog).toBeVisible();
  await expect(s.alert).toContainText(ja('refunds.refund.rejected.passwordReset'));
  await expect(changeLink(page)).toHaveAttribute('href', '/changeRefundPassword');
}

async function expectPasswordStep(page: Page) {
  const s = orderScreen(page);
  await expect(s.dialog).toBeVisible();
  await expect(s.password).toBeVisible();
  await expect(s.password).toBeEnabled();
}

async function expectAmountStep(page: Page) {
  const s = orderScreen(page);
  await expect(s.dialog.getByRole('form', { name: ja('refunds.refund.title.editing') })).toBeVisible();
  await expect(s.password).toHaveCount(0);
}

async function changeRefundPassword(w: Walk, login: Login) {
  if (!onChangeScreen(w)) {
    const card = await openUserCard(w.page);
    await card.getByRole('button', { name: ja('menu.changeRefundPassword') }).click();
  }
  const form = changeForm(w.page);
  const fresh = `e2eRoot${String(Date.now()).slice(-6)}x1`;
  await form.getByLabel(ja('passwordForm.oldRefund'), { exact: true }).fill(w.refundPassword[login]);
  await form.getByLabel(ja('fields.newPassword'), { exact: true }).fill(fresh);
  await form.getByLabel(ja('fields.confirmPassword'), { exact: true }).fill(fresh);
  await form.getByRole('button', { name: ja('passwordForm.submit') }).click();
  await expect(w.page).toHaveURL(/\/login/);
  w.refundPassword[login] = fresh;
}

async function perform(w: Walk, before: RootModelState, step: Step) {
  const { page } = w;
  const e = step.event;
  const s = orderScreen(page);
  switch (e.type) {
    case 'signIn':
      await expect(loginForm(page).form).toBeVisible();
      await submitLogin(page, w.accounts[e.login].loginId, PASSWORD);
      await expect(shellMenu(page)).toBeVisible();
      w.lastLogin = e.login;
      return;
    case 'logout':
      return logOut(page);
    case 'expire':
      await page.clock.fastForward(sessionDelays.idleWarningDelay);
      await expect(page.getByRole('alertdialog', { name: ja('shell.idleTitle') })).toBeVisible();
      await page.clock.fastForward(sessionDelays.idleWarningLead);
      await expect(toast(page, ja('common.sessionTimeout')).first()).toBeVisible();
      await page.clock.fastForward(sessionDelays.logoutRedirectDelay);
      return;
    case 'refundPasswordChanged':
      return changeRefundPassword(w, before.loginId!);
    case 'open': {
      const running = before.child?.key === e.key ? before.child : null;
      if (running?.waiting) {
        // Back on the order: its kept refund's dialog is shown without a press.
        await showOrder(w, e.key);
        await expect(s.dialog).toBeVisible();
        return;
      }
      if (running) {
        // bob's dialog moves on to its password step: a fresh refund would start over.
        await s.amount.fill('1');
        await s.next.click();
        await expectPasswordStep(page);
        await refundButton(page).dispatchEvent('click');
        return;
      }
      await showOrder(w, e.key);
      await refundButton(page).click();
      await expect(s.dialog).toBeVisible();
      return;
    }
    case 'close':
      if (before.child?.waiting) {
        await showOrder(w, before.child.key);
        await expectAtChange(page);
      }
      return s.close.click();
    case 'leave':
      if (before.child?.waiting) {
        await showOrder(w, before.child.key);
        await expectAtChange(page);
      }
      await page.goBack();
      await expect(page).not.toHaveURL(new RegExp(`${orderPath(w, before.child!.key)}$`));
      return;
    case 'wait':
      await changeLink(page).click();
      await expect(page).toHaveURL(/\/changeRefundPassword$/);
      return;
    case 'done':
      throw new Error('the refund does not end itself');
  }
}

/** What the user sees of the model's next state. */
async function check(w: Walk, step: Step, last: boolean) {
  const { page } = w;
  const e = step.event;
  const next = step.expected.next;
  const s = orderScreen(page);
  if (next.child) w.lastRefundOrder = next.child.key;
  if (next.root === 'signedOut') {
    await expect(loginForm(page).form).toBeVisible();
    await expect(shellMenu(page)).toHaveCount(0);
    await expect(s.dialog).toHaveCount(0);
    return;
  }
  await expect(shellMenu(page)).toBeVisible();
  const child = next.child;
  if (!child) {
    // No refund: none on the order it was for (also after leaving it).
    if (w.lastRefundOrder) await expectNoDialogOn(w, w.lastRefundOrder);
    else await expect(s.dialog).toHaveCount(0);
    return;
  }
  if (!child.waiting) {
    await expect(page).toHaveURL(new RegExp(`${orderPath(w, child.key)}$`));
    if (e.type === 'open' && step.expected.replaced === false) await expectPasswordStep(page);
    else if (child.mustChange) await expectAtChange(page);
    else await expectAmountStep(page);
    return;
  }
  if (e.type === 'signIn') {
    // The login the change forced: back on the order, the kept refund at its password step.
    await expect(page).toHaveURL(new RegExp(`${orderPath(w, child.key)}$`));
    await expectPasswordStep(page);
    return;
  }
  if (onChangeScreen(w)) {
    await expect(changeForm(page)).toBeVisible();
    await expect(s.dialog).toHaveCount(0);
  } else if (onOrder(w, child.key)) {
    await expectAtChange(page);
  } else {
    await expect(s.dialog).toHaveCount(0);
  }
  // At the end, the refund is still there: its dialog on its order.
  if (last && !onOrder(w, child.key)) {
    await showOrder(w, child.key);
    await expectAtChange(page);
  }
}

/** An administrator resets the account's refund password; the reply says the new one. */
async function resetRefundPassword(request: APIRequestContext, loginId: string) {
  const admin = await apiLogin(request, FIXTURES.payAdmin.loginId);
  const found = await apiCall<{ records: { id: number; loginId: string }[] }>(
    request,
    admin.token,
    '/system/operator/page',
    { loginId },
  );
  const id = found.result.records.find((r) => r.loginId === loginId)!.id;
  const reset = await apiCall<{ password: string }>(request, admin.token, '/system/operator/refundPassword', {
    id,
  });
  expect(reset.resultType, reset.resultMessage).toBe('SUCCESS');
  return reset.result.password;
}

/** Orders a path of this file has used. */
const taken = new Set<string>();

async function walkPath(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  path: RootPath,
  n: number,
) {
  const accounts = { alice: ROOT_PATH_ACCOUNTS[2 * n], bob: ROOT_PATH_ACCOUNTS[2 * n + 1] };
  const session = await apiLogin(request, accounts.bob.loginId);
  const orders = {} as Record<Key, string>;
  for (const key of ['A', 'B'] as const) {
    const order = await untouchedPaidOrder(request, session.token, 1001, taken);
    taken.add(order.gatewayOrderNo);
    orders[key] = order.gatewayOrderNo;
  }
  const alice = path.steps.some((x) => x.event.type === 'signIn' && x.event.login === 'alice');
  const refundPassword = {
    alice: alice ? await resetRefundPassword(request, accounts.alice.loginId) : PASSWORD,
    bob: PASSWORD,
  };
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const w: Walk = { page, accounts, refundPassword, orders, lastLogin: null, lastRefundOrder: null };
  try {
    await page.clock.install();
    await page.goto('/login');
    let state = initialState;
    for (const [i, step] of path.steps.entries()) {
      const title = `${step.event.type}${'login' in step.event ? `(${step.event.login})` : ''}${'key' in step.event ? `(${step.event.key})` : ''}`;
      await test.step(title, async () => {
        await perform(w, state, step);
        await check(w, step, i === path.steps.length - 1);
      });
      state = step.expected.next;
    }
    // Signed out with a refund opened before: the same user signs in again to see what was kept.
    if (state.root === 'signedOut' && w.lastRefundOrder && w.lastLogin) {
      const event: RootModelEvent = { type: 'signIn', login: w.lastLogin };
      const step: Step = { event, expected: expected('refund', state, event) };
      await test.step(`epilogue: signIn(${w.lastLogin})`, async () => {
        await perform(w, state, step);
        await check(w, step, true);
      });
    }
  } finally {
    await context.close();
  }
}

const { walks } = rootWalks();

test.describe('root paths (refund beside the session)', () => {
  if (2 * walks.length > ROOT_PATH_ACCOUNTS.length) throw new Error('add root path accounts in fixtures.ts');
  walks.forEach((path, n) => {
    test(path.name, async ({ browser, request, baseURL }) => {
      await walkPath(browser, request, baseURL!, path, n);
    });
  });
});
