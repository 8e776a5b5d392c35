/**
 * The pre-order machine's walks (tests/machines/preOrder.model.ts: preOrderWalks) in Chromium
 * against the real server, as `co-admin` on /manage/onepay (signed in through the API): the
 * covering set of its generated paths, every state and transition at least once
 * (coveringSets.pay.test.ts fails when one has no walk; every path is walked in
 * tests/machines/preOrder.test.ts). One test per walk, named after its steps; after each step
 * the state is checked as a user sees it (preOrderTestMap). The watcher that reads an open
 * link's row every 5 s (preOrderWatch) is walked the same way at the end of the file.
 *
 * Time is the page's clock (`page.clock`, installed before the first navigation): where a use
 * shows only once the dialog reads its row again, the clock moves on 5 s at a time until it
 * does, instead of waiting for it.
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
 * - USED: the payer pays the link in the sandbox (the payer page's own API, as the phone page
 *   calls it: the page itself is walked in payer.spec.ts and paylink.spec.ts), and the dialog's
 *   refreshed row counts the use.
 * - after:validity: `page.clock` fast-forwards the
 *   2-hour validity, past the server's expireTime, in steps of 14.5 minutes, answering the console's idle warning with
 *   "Stay signed in" after each (what a user watching the dialog does).
 * - NEW: press "Create another".
 *
 * Paths never chosen (PRE_ORDER_NOT_WALKABLE; coveringSets.pay.test.ts pins the list):
 * - CLOSE → error:closePreOrder(refused) → USED ⇒ created.open with 2 uses and none made: the
 *   real server refuses a close only when the pre-order no longer takes payments (closed,
 *   used up or expired), so no payment can follow the refusal and leave it open.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PayerPreOrderView } from '../../src/contract/merchant';
import type { PreOrderContext } from '../../src/machines/preOrder';
import { REFRESH_MS } from '../../src/machines/preOrderWatch';
import type { ModelEvent } from '../machines/harness';
import { request as draft, preOrderWalks } from '../machines/preOrder.model';
import { preOrderWatchWalks, reads } from '../machines/preOrderWatch.model';
import { decodeQrPng, dialog, download, shownLink } from './support/links';
import { apiCall, apiLogin, ja, storageOf } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const ctx = (s: AnyMachineSnapshot) => s.context as PreOrderContext;

const run = String(Date.now()).slice(-7);

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

/**
 * The payer pays one use of the link (PayPay in the sandbox) as the payer's page does: decides,
 * then reads the payment again until it is paid.
 */
async function payOnce(w: Walk) {
  const code = new URL(w.link).searchParams.get('code');
  const call = async (path: string, data: object) => {
    const res = await w.page.request.post(`/api/pay/qrcode/${path}`, { data });
    const reply = (await res.json()) as { resultType: string; result: PayerPreOrderView };
    expect(reply.resultType).toBe('SUCCESS');
    return reply.result;
  };
  const decided = await call('decide', {
    code,
    orderNo: '',
    brand: 'paypay',
    subBrand: 'paypay',
    action: 'pay',
  });
  const orderNo = decided.order!.orderNo;
  await expect
    .poll(async () => (await call('get', { code, orderNo })).order?.status, { timeout: 20_000 })
    .toBe('success');
  w.paid += 1;
}

/**
 * The dialog reads its row again every 5 s (preOrderWatch): the page's clock moves on 5 s at a
 * time until `shown` is there (a read's answer takes real time to arrive).
 */
async function afterReads(page: Page, shown: Locator) {
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        await page.clock.fastForward(REFRESH_MS);
        return shown.isVisible();
      },
      { message: 'the dialog reads its row again', timeout: 20_000 },
    )
    .toBe(true);
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
    await afterReads(
      page,
      page.getByText(ja('preorders.usedOf', { used: c.usedTimes, total: c.preOrder!.useTimes })),
    );
    return;
  }
  await expect(confirm).toHaveCount(0);
  const box = created(page);
  await expect(box).toBeVisible();
  w.link = await shownLink(box);
  const c = ctx(s);
  // A use shows once the dialog reads the row again (every 5 s).
  await afterReads(
    page,
    box.getByText(ja('preorders.usedOf', { used: c.usedTimes, total: c.preOrder!.useTimes })),
  );
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
  await afterReads(page, box.getByRole('status').filter({ hasText: ja(`preorders.phase.${end}`) }));
  await expect(box.getByRole('status')).toHaveText(ja(`preorders.phase.${end}`));
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

test.describe('pre-order walks', () => {
  preOrderWalks.named.forEach(({ name, path }, n) => {
    const steps = path.steps as unknown as Step[];
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
        await page.clock.install();
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

/**
 * The watcher's walks (tests/machines/preOrderWatch.model.ts: preOrderWatchWalks), its covering
 * set, in the created dialog of a pre-order for five payments with one paid already (the model's
 * start: one use seen). The watcher's reads of the row (the list call naming the pay number) are
 * held until the step says how they end:
 * - after:refresh: the page's clock moves 5 s until the next read is on its way.
 * - done:readUses(no new use): the read goes through; done:readUses(2 new uses): the payer pays
 *   twice first, then it goes through; error:readUses: the read fails for the network.
 * After each step the dialog counts the uses seen (nothing is shown of a failed read).
 */
test.describe('pre-order watch walks', () => {
  preOrderWatchWalks.named.forEach(({ name, path }, n) => {
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, baseURL, request }) => {
      const session = await apiLogin(request, 'co-admin');
      const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, session) });
      const page = await context.newPage();
      const w: Walk = {
        page,
        token: session.token,
        baseURL: baseURL!,
        clientPayNo: `E2E-POW-${run}-${n}`,
        link: '',
        paid: 0,
      };
      // The model's pre-order: five uses.
      const useTimes = (reads.none.record.row as { useTimes: number }).useTimes;
      const box = created(page);
      const counted = (used: number) => box.getByText(ja('preorders.usedOf', { used, total: useTimes }));
      try {
        await page.clock.install();
        await page.goto('/manage/onepay');
        await page.getByRole('button', { name: ja('preorders.newTitle') }).click();
        await fillForm(w, useTimes);
        w.link = await shownLink(box);
        await payOnce(w);
        await afterReads(page, counted(1));
        const heldReads: Route[] = [];
        await page.route('**/api/history/preOrder/page', (route) => {
          const body = route.request().postDataJSON() as { payNo?: string } | null;
          if (body?.payNo) heldReads.push(route);
          else void route.continue();
        });
        const held = async () => {
          await expect.poll(() => heldReads.length, { message: 'a read of the row' }).toBeGreaterThan(0);
          return heldReads.shift()!;
        };
        for (const [i, step] of steps.entries()) {
          const { event, state } = step;
          const seen = (state.context as { seen: number }).seen;
          if (event.type.startsWith('xstate.after.refresh')) {
            await expect
              .poll(
                async () => {
                  if (heldReads.length === 0) await page.clock.fastForward(REFRESH_MS);
                  return heldReads.length;
                },
                { message: 'the dialog reads its row again' },
              )
              .toBeGreaterThan(0);
          } else if (event.type === 'xstate.done.actor.readUses') {
            const read = event.output as { usedTimes: number } | null;
            while (w.paid < (read?.usedTimes ?? 0)) await payOnce(w);
            await (await held()).continue();
          } else if (event.type === 'xstate.error.actor.readUses') {
            await (await held()).abort('internetdisconnected');
          } else if (i > 0) throw new Error(`no browser action for ${event.type}`);
          // The dialog counts the uses the watcher has seen; the link stays open.
          await expect(counted(seen)).toBeVisible();
          await expect(box.getByRole('status')).toHaveText(ja('preorders.phase.open'));
          await expect(box.getByRole('alert')).toHaveCount(0);
        }
      } finally {
        await context.close();
      }
    });
  });
});
