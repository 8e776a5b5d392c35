/**
 * The pre-order machine's test paths (tests/machines/preOrder.model.ts: preOrderPaths()) walked
 * in Chromium against the real server, as `co-admin` on /manage/onepay: one test per path,
 * named after its steps; after each step the state is checked as a user sees it
 * (preOrderTestMap).
 *
 * How the steps are mapped
 * - CREATE: fill the New pre-order form (amount 5,000 JPY, validity 2 hours, the use times the
 *   next step's reply has) and press Create. The create request is held (`page.route`) until
 *   the next step, so the busy Create button can be seen.
 * - done:createPreOrder: the held request goes on to the server. error:createPreOrder(refused):
 *   the form's client pay number was used before (through the API) for another amount, and
 *   the server refuses it (conflict) — the message is shown above the form.
 * - COPY_LINK: press Copy link; the clipboard holds the link. DOWNLOAD_QR: press Download; the
 *   PNG, named after the pay number, decodes to the link.
 * - CLOSE: press Close (the machine asks for a confirmation); CONFIRM_CLOSE / CANCEL_CLOSE:
 *   press the confirmation's Close / Cancel. The close request is held until the next step.
 *   USED while the confirmation is open: the payer pays meanwhile (the row is still read).
 * - done:closePreOrder: the held request goes on. error:closePreOrder(refused): while it was
 *   held the pre-order stopped taking payments, so the server refuses — when a USED step
 *   follows, because the payer paid the remaining uses meanwhile; otherwise because another
 *   user closed it (through the API).
 * - USED: the payer opens the link on a phone (a new 375 px context), pays in the sandbox, and
 *   the dialog's refreshed row counts the use.
 * - after:validity: `page.clock` (installed before the first navigation) fast-forwards the
 *   2-hour validity, past the server's expireTime, in steps of 14.5 minutes, answering the console's idle warning with
 *   "Stay signed in" after each (what a user watching the dialog does).
 * - NEW: press "Create another".
 *
 * Paths not walked (listed with their reason; a test pins the list):
 * - CLOSE → error:closePreOrder(refused) → USED ⇒ created.open with 2 uses and none made: the
 *   real server refuses a close only when the pre-order no longer takes payments (closed,
 *   used up or expired), so no payment can follow the refusal and leave it open.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PreOrderContext } from '../../src/machines/preOrder';
import { namePaths, type ModelEvent } from '../machines/harness';
import { request as draft, preOrderPaths } from '../machines/preOrder.model';
import { decide, decodeQrPng, dialog, download, expectOutcome, payerPage, shownLink } from './support/links';
import { apiCall, apiLogin, ja, storageOf } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const NOT_WALKABLE = {
  paymentAfterRefusal:
    'the real server refuses a close only when the pre-order takes no more payments, so no payment can follow the refusal and leave it open',
} as const;
type NotWalkable = keyof typeof NOT_WALKABLE;

const ctx = (s: AnyMachineSnapshot) => s.context as PreOrderContext;

function notWalkable(steps: readonly Step[]): NotWalkable | null {
  const refused = steps.findIndex((s) => s.event.type === 'xstate.error.actor.closePreOrder');
  if (refused < 0) return null;
  // Only the payment that used it up can follow the refusal (paid while the close was on its
  // way); after it, or after any other step, the pre-order takes no more payments.
  const later = steps.slice(refused + 1).findIndex((s) => s.event.type === 'USED');
  if (later < 0) return null;
  if (later === 0 && steps[refused + 1].state.matches('used')) return null;
  return 'paymentAfterRefusal';
}

const run = String(Date.now()).slice(-7);
const notWalked: { name: string; reason: NotWalkable }[] = [];

/** Holds one kind of request until a step lets it through. */
class Held {
  private readonly routes: Route[] = [];
  constructor(
    private readonly page: Page,
    private readonly path: string,
  ) {}
  async install() {
    await this.page.route(`**/api${this.path}`, (route) => void this.routes.push(route));
  }
  async release() {
    await expect.poll(() => this.routes.length, { message: `a request to ${this.path}` }).toBeGreaterThan(0);
    await this.routes.shift()!.continue();
  }
  async abortAll() {
    for (const r of this.routes.splice(0)) await r.abort().catch(() => undefined);
  }
}

interface Walk {
  page: Page;
  token: string;
  baseURL: string;
  clientPayNo: string;
  link: string;
  /** Uses paid so far on the server. */
  paid: number;
}

const created = (page: Page) => dialog(page, 'preorders.createdTitle');
const newForm = (page: Page) => page.getByRole('form', { name: ja('preorders.newTitle') });

async function payOnce(w: Walk) {
  const payer = await payerPage(w.page.context().browser()!, w.baseURL);
  try {
    await payer.goto(w.link);
    await decide(payer, 'pay');
    await expectOutcome(payer, 'paid');
    w.paid += 1;
  } finally {
    await payer.context().close();
  }
}

async function fillForm(w: Walk, useTimes: number) {
  const form = newForm(w.page);
  await form.getByLabel(ja('fields.orderAmount'), { exact: true }).fill('5,000');
  await form.getByLabel(ja('fields.validityHours'), { exact: true }).fill(String(draft.validityHours));
  await form.getByLabel(ja('fields.useTimes'), { exact: true }).fill(String(useTimes));
  await form.getByLabel(ja('fields.clientPayNo'), { exact: true }).fill(w.clientPayNo);
  await form.getByLabel(ja('fields.remark'), { exact: true }).fill(draft.remark);
  await w.page.getByRole('button', { name: ja('preorders.create'), exact: true }).click();
}

/** What a user sees in each state (preOrderTestMap). */
async function checkState(w: Walk, s: AnyMachineSnapshot) {
  const { page } = w;
  const createButton = page.getByRole('button', { name: ja('preorders.create'), exact: true });
  if (s.matches('draft')) {
    await expect(newForm(page)).toBeVisible();
    await expect(createButton).toBeEnabled();
    if (ctx(s).error)
      await expect(newForm(page).getByRole('alert')).toHaveText(ja('server.preorders.conflict'));
    else await expect(newForm(page).getByRole('alert')).toHaveCount(0);
    return;
  }
  if (s.matches('creating')) {
    await expect(createButton).toBeDisabled();
    return;
  }
  const confirm = page.getByRole('alertdialog', { name: ja('preorders.closeTitle') });
  if (s.matches({ created: 'confirmingClose' })) {
    await expect(confirm).toBeVisible();
    const c = ctx(s);
    // The dialog behind the confirmation still counts the uses (hidden from the accessibility tree).
    await expect(
      page.getByText(ja('preorders.usedOf', { used: c.usedTimes, total: c.preOrder!.useTimes })),
    ).toBeVisible({ timeout: 15_000 });
    return;
  }
  await expect(confirm).toHaveCount(0);
  const box = created(page);
  await expect(box).toBeVisible();
  w.link = await shownLink(box);
  const c = ctx(s);
  // A use shows once the dialog reads the row again (every 5 s).
  await expect(
    box.getByText(ja('preorders.usedOf', { used: c.usedTimes, total: c.preOrder!.useTimes })),
  ).toBeVisible({ timeout: 15_000 });
  const copy = box.getByRole('button', { name: ja('links.copyLink') });
  const close = box.getByRole('button', { name: ja('preorders.close') });
  if (s.matches('created')) {
    await expect(box.getByRole('status')).toHaveText(ja('preorders.phase.open'));
    await expect(copy).toBeEnabled();
    if (s.matches({ created: 'open' })) await expect(close).toBeEnabled();
    else await expect(close).toBeDisabled();
    return;
  }
  const end = ['used', 'expired', 'closed'].find((e) => s.matches(e))!;
  await expect(box.getByRole('status')).toHaveText(ja(`preorders.phase.${end}`), {
    timeout: 15_000,
  });
  await expect(copy).toBeDisabled();
  await expect(close).toHaveCount(0);
  await expect(page.getByRole('button', { name: ja('preorders.new') })).toBeVisible();
}

/**
 * Two hours pass on the page's clock. While the link is open (or its close is being confirmed)
 * the dialog reads its row every 5 s, and each reply tells the console the server saw the user
 * (a new token restarts the idle timer): a user watching the dialog is never warned. Time then
 * moves in steps shorter than the idle warning's delay (14 minutes), each waiting for the
 * dialog's next read to be answered, as it would have been in real time.
 *
 * While a close is on its way nothing is read: the warning comes, and the user watching the
 * dialog answers it with "Stay signed in", so time moves in steps that end between the warning
 * and the automatic logout.
 */
async function passValidity(page: Page, watching: boolean) {
  const idle = page.getByRole('alertdialog', { name: ja('shell.idleTitle') });
  const step = watching ? 10 * 60_000 : 14.5 * 60_000;
  let left = draft.validityHours * 3_600_000;
  while (left > 0) {
    const last = left <= step;
    // The read due in this step (or one already on its way) answered after the jump.
    let jumped = false;
    const read =
      watching && !last
        ? page.waitForResponse((r) => jumped && r.url().includes('/history/preOrder/page') && r.ok(), {
            timeout: 30_000,
          })
        : null;
    await page.clock.fastForward(Math.min(step, left));
    jumped = true;
    left -= step;
    if (read) {
      const reply = await read;
      await reply.finished();
      // One task later the page has taken the reply's token (restarting its idle timer).
      await page.evaluate(
        () =>
          new Promise((done) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => done(null);
            channel.port2.postMessage(0);
          }),
      );
    }
    if (watching) continue;
    // The warning is due: give the page the (real) time to show it before looking, or the next
    // step would pass its deadline unanswered.
    await idle.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    const stay = idle.getByRole('button', { name: ja('shell.staySignedIn') });
    await expect(async () => {
      // A click dispatched on the button itself: a key press would go to whatever has the focus
      // once the warning has gone (the created dialog's Close button, ending the walk).
      if (await stay.isVisible()) await stay.dispatchEvent('click', undefined, { timeout: 1_000 });
      // Its exit animation's timers run on the page's clock, its CSS animation in real time.
      await page.clock.runFor(1_000);
      await expect(idle).toBeHidden({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  }
  await expect(idle).toHaveCount(0);
}

async function walkPath(w: Walk, steps: readonly Step[], held: { create: Held; close: Held }) {
  const { page } = w;
  for (let i = 0; i < steps.length; i++) {
    const { event } = steps[i];
    switch (true) {
      case event.type === 'xstate.init':
        await page.getByRole('button', { name: ja('preorders.newTitle') }).click();
        break;
      case event.type === 'CREATE': {
        const next = steps[i + 1].event;
        const useTimes = (next.output as { useTimes?: number } | undefined)?.useTimes ?? draft.useTimes;
        if (next.type === 'xstate.error.actor.createPreOrder') {
          // The number exists already with another amount: the server refuses the form's.
          const earlier = await apiCall(page.request, w.token, '/history/preOrder/create', {
            clientPayNo: w.clientPayNo,
            orderAmount: 1000,
            useTimes,
          });
          expect(earlier.resultType).toBe('SUCCESS');
        }
        await fillForm(w, useTimes);
        break;
      }
      case event.type === 'xstate.done.actor.createPreOrder':
      case event.type === 'xstate.error.actor.createPreOrder':
        await held.create.release();
        break;
      case event.type === 'COPY_LINK':
        await created(page)
          .getByRole('button', { name: ja('links.copyLink') })
          .click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(w.link);
        break;
      case event.type === 'DOWNLOAD_QR': {
        const png = await download(page, created(page).getByRole('button', { name: ja('links.downloadQr') }));
        const payNo = new URL(w.link).searchParams.get('code');
        expect(png.name).toBe(`${payNo}.png`);
        expect(decodeQrPng(png.bytes)).toBe(w.link);
        break;
      }
      case event.type === 'CLOSE':
        await created(page)
          .getByRole('button', { name: ja('preorders.close') })
          .click();
        break;
      case event.type === 'CONFIRM_CLOSE':
        await page
          .getByRole('alertdialog', { name: ja('preorders.closeTitle') })
          .getByRole('button', { name: ja('preorders.closeConfirm') })
          .click();
        break;
      case event.type === 'CANCEL_CLOSE':
        await page
          .getByRole('alertdialog', { name: ja('preorders.closeTitle') })
          .getByRole('button', { name: ja('common.cancel') })
          .click();
        break;
      case event.type === 'xstate.done.actor.closePreOrder':
        await held.close.release();
        break;
      case event.type === 'xstate.error.actor.closePreOrder': {
        const s = steps[i].state;
        if (steps[i + 1]?.event.type === 'USED') {
          // The payer pays the remaining uses while the close is on its way.
          const left = ctx(s).preOrder!.useTimes - w.paid;
          for (let n = 0; n < left; n++) await payOnce(w);
        } else {
          const payNo = new URL(w.link).searchParams.get('code');
          const other = await apiCall(page.request, w.token, '/history/preOrder/close', {
            gatewayPayNo: payNo,
          });
          expect(other.resultType).toBe('SUCCESS');
        }
        await held.close.release();
        await expect(created(page).getByRole('alert')).toBeVisible();
        break;
      }
      case event.type === 'USED':
        // After a refused close the uses were paid already; the refreshed row shows them.
        if (steps[i - 1].event.type !== 'xstate.error.actor.closePreOrder') await payOnce(w);
        break;
      case event.type.startsWith('xstate.after.validity'):
        {
          const before = steps[i - 1].state;
          await passValidity(
            page,
            before.matches({ created: 'open' }) || before.matches({ created: 'confirmingClose' }),
          );
          break;
        }
        break;
      case event.type === 'NEW':
        await page.getByRole('button', { name: ja('preorders.new') }).click();
        break;
      default:
        throw new Error(`no browser action for ${event.type}`);
    }
    await checkState(w, steps[i].state);
  }
}

test.describe('pre-order paths', () => {
  namePaths(preOrderPaths()).forEach(({ name, path }, n) => {
    const steps = path.steps as unknown as Step[];
    const reason = notWalkable(steps);
    if (reason !== null) {
      notWalked.push({ name, reason });
      return;
    }
    test(name, async ({ browser, baseURL, request }) => {
      const session = await apiLogin(request, 'co-admin');
      const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, session) });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      const held = {
        create: new Held(page, '/history/preOrder/create'),
        close: new Held(page, '/history/preOrder/close'),
      };
      try {
        await held.create.install();
        await held.close.install();
        if (steps.some((s) => s.event.type.startsWith('xstate.after.'))) await page.clock.install();
        await page.goto('/manage/onepay');
        await expect(page.getByRole('heading', { name: ja('menu.preorders'), level: 1 })).toBeVisible();
        const w: Walk = {
          page,
          token: session.token,
          baseURL: baseURL!,
          clientPayNo: `E2E-PO-${run}-${n}`,
          link: '',
          paid: 0,
        };
        await walkPath(w, steps, held);
      } finally {
        await held.create.abortAll();
        await held.close.abortAll();
        await context.close();
      }
    });
  });
});

test('the browser walks every pre-order path but the documented ones', () => {
  // A new path the browser cannot walk must be looked at and documented, not dropped silently.
  const count = (r: NotWalkable) => notWalked.filter((p) => p.reason === r).length;
  expect((Object.keys(NOT_WALKABLE) as NotWalkable[]).map((r) => [r, count(r)])).toEqual([
    ['paymentAfterRefusal', 4],
  ]);
});
