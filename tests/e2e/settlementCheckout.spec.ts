/**
 * The settlement checkout machine's paths (tests/machines/settlementCheckout.model.ts) walked in
 * Chromium against the real server, on the merchant list. All ~200 shortest paths are the
 * vitest model test's (tests/machines/settlementCheckout.test.ts); here their covering set
 * (`checkoutCoveringSet`, computed from the same paths: every state, every transition and every
 * answer of the server at least once; tests/machines/coveringSets.test.ts fails when one has no
 * walk), each walk named after its steps and checked after each step as a user sees it
 * (settlementCheckoutTestMap).
 *
 * The model's four settlements are real ones of the demo data, picked at the start: its yen
 * one the latest payable yen settlement of 株式会社北海物産, its dollar one that company's payable
 * dollar settlement (SWIFT), its "nothing to transfer" one a 北海物産 settlement carried over,
 * and its unwritable one a settlement of 株式会社おたる硝子, which has no account number (bank
 * details incomplete: another reason the server gives for the same step). settlements.spec
 * pays other companies. Every batch a walk made is reversed when it ends, so each walk starts
 * from the same world.
 *
 * How the steps are mapped
 * - Start: the four ticked on the list (filtered to each company in turn), Pay out pressed.
 *   Every preview and checkout request is held (`page.route`) until the step that answers it,
 *   so loading and submitting are seen.
 * - done:checkoutPreview(two payable): the held preview goes through. (none payable): another
 *   operator (the system admin, through the API) checked the yen and dollar ones out first.
 *   error:checkoutPreview: the request fails on the network (aborted).
 * - DESELECT / SELECT: untick / tick the settlement's box; NEXT, BACK, RETRY, REFRESH (Choose
 *   again), CANCEL, CLOSE: the dialog's buttons. SET_DATE(offered): pick the date offered in the
 *   model's place (its index among the offered bank business days).
 * - SUBMIT(password): type the refund password and press Create payout batch — the wrong one
 *   when the server's answer is to be "wrong password" or "locked". Before it: four wrong
 *   passwords sent through the API (locked); an administrator reset the account's refund
 *   password (password reset).
 * - done:checkout(created): the held request goes through. (made before): it reaches the server
 *   twice — the first answer lost on the way — so the server answers with the batch it made
 *   from the same batch key. error:checkout(conflict): the system admin checks the yen and
 *   dollar ones out through the API first, then the request goes through.
 *   error:checkout(network): the request fails on the network before it reaches the server.
 * - DOWNLOAD(JPY): press the yen file's download button; the Zengin file is downloaded.
 *
 * Accounts: `sysop` (role 10, may pay), signed in once; the locked and password-reset walks
 * `sysop2`, in that order (the reset also ends the lock).
 */
import { expect, test, type APIRequestContext, type Browser, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { formatMoney } from '../../src/contract/money';
import type { SettlementRow } from '../../src/contract/settlements';
import { checkoutSelection, type SettlementCheckoutContext } from '../../src/machines/settlementCheckout';
import { namePaths, type ModelEvent } from '../machines/harness';
import {
  checkoutCoveringSet,
  checkoutPaths,
  DOLLARS,
  TRANSFER_DATES,
  UNWRITABLE,
  YEN,
  ZERO,
} from '../machines/settlementCheckout.model';
import { PASSWORD, WRONG_PASSWORD } from './fixtures';
import { businessDay } from './support/payments';
import {
  apiCheckout,
  apiReverse,
  downloadedBytes,
  parseZengin,
  settlementNow,
  settlementRows,
  settlementScreen,
} from './support/settlements';
import { apiCall, apiLogin, ja, storageOf, type ApiSession } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const paths = checkoutPaths();
const covering = checkoutCoveringSet(paths);
const errorLabelOf = (e: ModelEvent) => (e.error as { label?: string } | undefined)?.label ?? null;
/** The walks: the covering set, named after their steps; the refund-password lock before its reset. */
const WALKS = namePaths(paths)
  .filter(({ path }) => covering.walks.includes(path))
  .map(({ name, path }) => {
    const refusal = path.steps.map((s) => errorLabelOf(s.event as ModelEvent));
    return {
      name,
      steps: path.steps.map((s) => ({ event: s.event as ModelEvent, state: s.state })) as Step[],
      account: refusal.includes('locked') || refusal.includes('password reset') ? 'sysop2' : 'sysop',
      order: refusal.includes('password reset') ? 1 : 0,
    };
  })
  .sort((a, b) => a.order - b.order);

const ctx = (s: AnyMachineSnapshot) => s.context as SettlementCheckoutContext;
const label = (e: ModelEvent) => (typeof e.label === 'string' ? e.label : null);
const outputLabel = (e: ModelEvent) => (e.output as { label?: string } | undefined)?.label ?? null;
const errorLabel = errorLabelOf;

/** The real settlements in the model's places. */
interface World {
  byModelId: Map<number, SettlementRow>;
  admin: ApiSession;
}

async function pickWorld(request: APIRequestContext): Promise<World> {
  const admin = await apiLogin(request, 'admin');
  const open = await settlementRows(request, admin.token, 'merchant', { status: '1' });
  const hokkai = open.filter((r) => r.partyName === '株式会社北海物産' && r.batchId === null);
  const yen = hokkai.find((r) => r.currency === 'JPY' && r.transferAmount > 0);
  const dollars = hokkai.find((r) => r.currency === 'USD' && r.transferAmount > 0);
  const zero = hokkai.find((r) => r.transferAmount === 0);
  const glass = open.find((r) => r.partyName === '株式会社おたる硝子' && r.transferAmount > 0);
  for (const [name, row] of Object.entries({ yen, dollars, zero, glass }))
    expect(row, `a demo settlement for the model's ${name} one`).toBeTruthy();
  return {
    admin,
    byModelId: new Map([
      [YEN, yen!],
      [DOLLARS, dollars!],
      [ZERO, zero!],
      [UNWRITABLE, glass!],
    ]),
  };
}

/** Holds the requests to one call until a step answers them. */
class Held {
  private readonly routes: Route[] = [];
  constructor(
    private readonly page: Page,
    private readonly path: string,
  ) {}
  async install() {
    await this.page.route(`**/api/history/platformCheckoutInfo/${this.path}`, (route) => {
      this.routes.push(route);
    });
  }
  private async next() {
    await expect.poll(() => this.routes.length, { message: `a ${this.path} request` }).toBeGreaterThan(0);
    return this.routes.shift()!;
  }
  async release() {
    await (await this.next()).continue();
  }
  /** A network failure before the request reached the server. */
  async fail() {
    await (await this.next()).abort('failed');
  }
  /** The request reaches the server twice (its first answer lost): the browser gets the second. */
  async twice() {
    const route = await this.next();
    await route.fetch();
    await route.continue();
  }
}

interface Walk {
  page: Page;
  world: World;
  session: ApiSession;
  request: APIRequestContext;
  steps: Step[];
  preview: Held;
  checkout: Held;
  /** The real transfer dates in the model's TRANSFER_DATES places (the default, another). */
  dates: string[];
}

const dialogOf = (page: Page) => settlementScreen(page).dialog;
const real = (w: Walk, modelId: number) => w.world.byModelId.get(modelId)!;

/** The system admin checks the yen and dollar ones out first (another operator, through the API). */
async function takenMeanwhile(w: Walk) {
  const ids = [real(w, YEN).id, real(w, DOLLARS).id];
  const now = await settlementNow(w.request, w.world.admin.token, 'merchant', real(w, YEN).settlementNo);
  if (now.batchId !== null) return;
  const r = await apiCheckout(w.request, w.world.admin.token, 'merchant', ids, await nextBankDay(w));
  expect(r.resultType, r.resultMessage).toBe('SUCCESS');
}

/** A transfer date the server takes: the first one the dialog offered (read once). */
async function nextBankDay(w: Walk) {
  if (w.dates.length) return w.dates[0];
  const r = await apiCall<{ transferDates: string[] }>(
    w.request,
    w.world.admin.token,
    '/history/platformCheckoutInfo/checkoutPreview',
    { ids: [real(w, YEN).id] },
  );
  return r.result.transferDates[0];
}

/** Every batch the walk's settlements are in is reversed: the next walk finds them free. */
async function putBack(request: APIRequestContext, world: World) {
  for (const row of world.byModelId.values()) {
    const now = await settlementNow(request, world.admin.token, 'merchant', row.settlementNo);
    if (now.batchId !== null) await apiReverse(request, world.admin.token, 'merchant', now.batchId);
  }
}

async function loginIdOf(request: APIRequestContext, adminToken: string, loginId: string) {
  const found = await apiCall<{ records: { id: number; loginId: string }[] }>(
    request,
    adminToken,
    '/system/operator/page',
    { loginId },
  );
  return found.result.records.find((r) => r.loginId === loginId)!.id;
}

/** Sets the world up for the step after `index` and performs step `index` as a user would. */
async function perform(w: Walk, index: number) {
  const { page, steps } = w;
  const { event } = steps[index];
  const dialog = dialogOf(page);
  const next = steps[index + 1]?.event;
  const button = (key: string) => dialog.getByRole('button', { name: ja(key), exact: true });
  const box = (modelId: number) =>
    dialog.getByRole('checkbox', { name: new RegExp(real(w, modelId).settlementNo) });
  switch (event.type) {
    case 'xstate.done.actor.checkoutPreview':
      if (outputLabel(event) === 'none payable') await takenMeanwhile(w);
      else await putBack(w.request, w.world);
      return w.preview.release();
    case 'xstate.error.actor.checkoutPreview':
      return w.preview.fail();
    case 'xstate.done.actor.checkout':
      return outputLabel(event) === 'made before' ? w.checkout.twice() : w.checkout.release();
    case 'xstate.error.actor.checkout': {
      const why = errorLabel(event);
      if (why === 'conflict') await takenMeanwhile(w);
      if (why === 'network') return w.checkout.fail();
      return w.checkout.release();
    }
    case 'DESELECT':
      return box(event.id as number).setChecked(false, { force: true });
    case 'SELECT':
      return box(event.id as number).setChecked(true, { force: true });
    case 'NEXT':
      return button('common.nextStep').click();
    case 'BACK':
      return button('common.prevStep').click();
    case 'SET_DATE': {
      const at = TRANSFER_DATES.indexOf(event.date as string);
      return dialog.getByLabel(ja('settlements.checkout.transferDate')).selectOption(w.dates[at]);
    }
    case 'SUBMIT': {
      const why = next && next.type === 'xstate.error.actor.checkout' ? errorLabel(next) : null;
      if (why === 'locked') {
        for (let i = 0; i < 4; i++) {
          const r = await apiCheckout(
            w.request,
            w.session.token,
            'merchant',
            [real(w, YEN).id],
            await nextBankDay(w),
            WRONG_PASSWORD,
          );
          expect(r.resultType).not.toBe('SUCCESS');
        }
      }
      if (why === 'password reset') {
        const id = await loginIdOf(w.request, w.world.admin.token, w.session.user.loginId);
        const r = await apiCall(w.request, w.world.admin.token, '/system/operator/refundPassword', { id });
        expect(r.resultType, r.resultMessage).toBe('SUCCESS');
      }
      const wrong = why === 'wrong password' || why === 'locked';
      await dialog
        .getByLabel(ja('fields.refundPassword'), { exact: true })
        .fill(wrong ? WRONG_PASSWORD : PASSWORD);
      return button('settlements.checkout.submit').click();
    }
    case 'RETRY':
      return button('common.retry').click();
    case 'REFRESH':
      return button('settlements.checkout.backToChoosing').click();
    case 'DOWNLOAD': {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: /zengin.*\.txt/ }).click(),
      ]);
      const file = parseZengin(await downloadedBytes(download));
      const yen = checkoutSelection(ctx(steps[index].state)).selected.filter((i) => i.currency === 'JPY');
      expect(file.count).toBe(yen.length);
      expect(file.total).toBe(yen.reduce((s, i) => s + real(w, i.id).transferAmount, 0));
      return;
    }
    case 'CANCEL': {
      const cancel = dialog.getByRole('button', { name: ja('common.cancel'), exact: true });
      // While loading the dialog has only its close button.
      if (await cancel.count()) return cancel.click();
      return page.keyboard.press('Escape');
    }
    case 'CLOSE':
      return button('common.close').click();
    default:
      throw new Error(`no action for ${event.type}`);
  }
}

/** What a user sees in each state (settlementCheckoutTestMap). */
async function check(w: Walk, s: AnyMachineSnapshot) {
  const dialog = dialogOf(w.page);
  const c = ctx(s);
  const alert = dialog.getByRole('alert');
  const button = (key: string) => dialog.getByRole('button', { name: ja(key), exact: true });
  if (s.matches('closed')) return expect(dialog).toBeHidden();
  await expect(dialog).toBeVisible();
  if (s.matches('loading'))
    return expect(
      dialog.getByRole('status').filter({ hasText: ja('settlements.checkout.loading') }),
    ).toBeVisible();
  if (s.matches('loadFailed')) {
    await expect(alert).toContainText(ja('settlements.checkout.loadFailed'));
    return expect(button('common.retry')).toBeVisible();
  }
  if (s.matches('choosing')) {
    const shown = checkoutSelection(c);
    const cannot = dialog.getByRole('region', { name: ja('settlements.checkout.cannotPay') });
    for (const item of shown.unpayable) await expect(cannot).toContainText(real(w, item.id).settlementNo);
    if (shown.payable.length === 0) {
      await expect(dialog).toContainText(ja('settlements.checkout.nonePayable'));
    } else {
      for (const item of shown.payable) {
        const box = dialog.getByRole('checkbox', { name: new RegExp(real(w, item.id).settlementNo) });
        if (shown.selected.some((i) => i.id === item.id)) await expect(box).toBeChecked();
        else await expect(box).not.toBeChecked();
      }
    }
    for (const total of shown.totals) {
      const amount = shown.selected
        .filter((i) => i.currency === total.currency)
        .reduce((sum, i) => sum + real(w, i.id).transferAmount, 0);
      await expect(dialog.getByRole('status', { name: ja('settlements.checkout.payable') })).toContainText(
        ja('settlements.checkout.totalOf', {
          currency: total.currency,
          count: total.count,
          amount: formatMoney(amount, total.currency),
        }),
      );
    }
    const nextButton = button('common.nextStep');
    return shown.selected.length > 0 ? expect(nextButton).toBeEnabled() : expect(nextButton).toBeDisabled();
  }
  if (s.matches('reviewing')) {
    const select = dialog.getByLabel(ja('settlements.checkout.transferDate'));
    if (!w.dates.length) {
      // The model's first date is the default (the next bank business day), its second another
      // one offered: the real default, then the next day the dialog offers after it.
      const offered = await select
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
      const first = await select.inputValue();
      w.dates = [first, offered[offered.indexOf(first) + 1]];
    }
    await expect(select).toHaveValue(w.dates[TRANSFER_DATES.indexOf(c.transferDate)]);
    for (const item of checkoutSelection(c).selected)
      await expect(dialog).toContainText(formatMoney(real(w, item.id).transferAmount, item.currency));
    return expect(button('common.prevStep')).toBeVisible();
  }
  if (s.matches('authorising')) {
    // Empty each time it is reached: the password is typed again (the submit waits for it).
    await expect(dialog.getByLabel(ja('fields.refundPassword'), { exact: true })).toHaveValue('');
    await expect(button('common.prevStep')).toBeEnabled();
    return expect(button('settlements.checkout.submit')).toBeDisabled();
  }
  if (s.matches('submitting')) {
    await expect(dialog.locator('button[type=submit]')).toBeDisabled();
    return expect(button('common.prevStep')).toBeDisabled();
  }
  if (s.matches('done')) {
    await expect(dialog.getByRole('status').filter({ hasText: /#\d+/ })).toBeVisible();
    const made = await settlementNow(w.request, w.world.admin.token, 'merchant', real(w, YEN).settlementNo);
    expect(made.batchId).not.toBeNull();
    const key = c.outcome?.created ? 'settlements.checkout.done' : 'settlements.checkout.doneAgain';
    await expect(dialog.getByRole('status').filter({ hasText: ja(key, { id: made.batchId }) })).toBeVisible();
    return expect(dialog.getByRole('button', { name: /zengin.*\.txt/ })).toBeVisible();
  }
  if (s.matches('conflict')) {
    await expect(alert).toContainText(real(w, YEN).settlementNo);
    await expect(alert).toContainText(real(w, DOLLARS).settlementNo);
    return expect(button('settlements.checkout.backToChoosing')).toBeVisible();
  }
  if (s.matches({ rejected: 'wrongPassword' })) {
    await expect(alert).toContainText(ja('settlements.checkout.rejected.wrongPassword'));
    await expect(alert).toContainText(ja('settlements.checkout.triesLeft', { count: 4 }));
    return expect(button('common.retry')).toBeVisible();
  }
  if (s.matches({ rejected: 'locked' })) {
    await expect(alert).toContainText(ja('settlements.checkout.rejected.locked'));
    return expect(button('common.retry')).toHaveCount(0);
  }
  if (s.matches({ rejected: 'passwordReset' })) {
    await expect(alert).toContainText(ja('settlements.checkout.rejected.passwordReset'));
    return expect(dialog.getByRole('link', { name: ja('menu.changeRefundPassword') })).toBeVisible();
  }
  if (s.matches('failed')) {
    await expect(alert).toContainText(ja('settlements.checkout.failed'));
    await expect(button('common.retry')).toBeVisible();
    return expect(button('settlements.checkout.backToChoosing')).toBeVisible();
  }
  throw new Error(`no check for ${JSON.stringify(s.value)}`);
}

/** The merchant list with the four settlements ticked, the dialog opened (its preview held). */
async function openDialog(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  world: World,
  loginId: string,
) {
  const session = sessions.get(loginId) ?? (await apiLogin(request, loginId));
  sessions.set(loginId, session);
  const context = await browser.newContext({
    baseURL,
    storageState: storageOf(baseURL, session, 'jp'),
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const screen = settlementScreen(page);
  const hokkai = world.byModelId.get(YEN)!;
  const glass = world.byModelId.get(UNWRITABLE)!;
  const period = { beginTime: businessDay(74), endTime: businessDay(0) };
  await page.goto(
    `/settle/actuarial?${new URLSearchParams({ ...period, partyId: String(hokkai.partyId), status: '1' })}`,
  );
  for (const id of [YEN, DOLLARS, ZERO])
    await screen.rowBox(world.byModelId.get(id)!.settlementNo).check({ force: true });
  await screen.select('fields.companyId').selectOption(String(glass.partyId));
  await screen.search();
  await screen.rowBox(glass.settlementNo).check({ force: true });
  const preview = new Held(page, 'checkoutPreview');
  const checkout = new Held(page, 'checkout');
  await preview.install();
  await checkout.install();
  await screen.payOut.click();
  return { page, session, preview, checkout };
}

let world: World;
/** Each account signed in once (through the API) for the walks: none of them is about signing in. */
const sessions = new Map<string, ApiSession>();

test.beforeAll(async ({ request }) => {
  world = await pickWorld(request);
});

for (const walk of WALKS) {
  const { steps } = walk;
  test(walk.name, async ({ browser, request, baseURL }) => {
    const opened = await openDialog(browser, request, baseURL!, world, walk.account);
    const w: Walk = { ...opened, world, request, steps, dates: [] };
    try {
      await check(w, steps[0].state);
      for (let i = 1; i < steps.length; i++) {
        await test.step(
          steps[i].event.type + (label(steps[i].event) ? `(${label(steps[i].event)})` : ''),
          async () => {
            await perform(w, i);
            await check(w, steps[i].state);
          },
        );
      }
    } finally {
      await w.page.context().close();
      await putBack(request, world);
    }
  });
}
