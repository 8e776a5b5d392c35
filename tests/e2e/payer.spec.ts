/**
 * The payer machine's walks (tests/machines/payer.model.ts: payerWalks) on the payer's page
 * (/qrcode, a 375 px phone, Japanese) against the real server, one test per walk: the covering
 * set of its generated paths, every state and transition at least once (coveringSets.pay.test.ts
 * fails when one has no walk; every path is walked in tests/machines/payer.test.ts).
 *
 * How the steps are mapped
 * - The page's calls (/pay/qrcode/get, /pay/qrcode/decide) are held (page.route) until the
 *   path's next step says how the server answers; the answer is then the real server's, after
 *   the world was set for it: a step that fails for the network aborts the held call.
 * - done:loadView(open): a URL payment of co-admin's company, just created.
 * - done:loadView(settling): a dynamic-QR PayPay payment made through the signed merchant API,
 *   closed by the merchant while PayPay is "slow" (pendingClose), then PayPay made
 *   unreachable, so every read keeps it settling. done:askAgain(settling) reads it so;
 *   done:askAgain(paid) makes PayPay answer again first, and the read settles it (closed).
 * - done:loadView(failed pre-order): a pre-order whose first payment PayPay declined, opened
 *   with that payment's number in the link (`?code=…&orderNo=…`).
 * - error:loadView(missing) at the start: a link to an order that does not exist.
 * - The linkless start (the model's `ref: null`): /qrcode naming no payment, invalid at once.
 * - DECIDE: PayPay, then Pay or Cancel; done:decide(settling): PayPay takes the payment (it
 *   is confirmed and the brand's notice is on its way); done:decide(failed): PayPay declines;
 *   error:decide(unreachable): PayPay cannot be reached. A DECIDE or AGAIN the machine does not
 *   take is checked as the buttons not being there.
 * - after:pollInterval: page.clock moves 1.5 s and the page's next read is held. The model asks
 *   twice before "not known yet"; the page asks 80 times: the step into `stale` answers the
 *   other 79 reads the same way.
 * - RETRY: Retry (loading failed) or Check again (not known yet).
 *
 * Paths never chosen (PAYER_NOT_WALKABLE; coveringSets.pay.test.ts pins the list):
 * - error:loadView(missing) after the page has shown the payment (2 paths): a payment the
 *   server has shown is never deleted, so it cannot become "not found"; the same event at the
 *   start is walked.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { PayLinkCreated } from '../../src/contract/links';
import type { MerchantOrder, PayerPreOrderView } from '../../src/contract/merchant';
import type { PreOrderCreated } from '../../src/contract/preorders';
import type { SandboxBehaviour } from '../../src/contract/brands';
import { POLL_LIMIT, POLL_MS, type PayerContext } from '../../src/machines/payer';
import type { ModelEvent } from '../machines/harness';
import { input as modelInput, payerWalks } from '../machines/payer.model';
import { payerPage } from './support/links';
import { merchantCall, merchantCredentials } from './support/merchant';
import { setSandbox } from './support/payments';
import { apiCall, apiLogin, ja, type ApiSession } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const label = (e: ModelEvent) => ((e.output ?? e.error ?? e) as { label?: string }).label ?? '';
const run = String(Date.now()).slice(-7);
let serial = 0;

type Scenario = 'open' | 'settling' | 'failedPreOrder' | 'network' | 'missing' | 'linkless';

interface Walk {
  page: Page;
  request: APIRequestContext;
  admin: ApiSession;
  companyId: number;
  scenario: Scenario;
  steps: readonly Step[];
  gets: Route[];
  decides: Route[];
}

const behave = (w: Walk, behaviour: SandboxBehaviour) =>
  setSandbox(w.request, w.admin.token, w.companyId, 'paypay', behaviour);

/** Makes the world of the path's first step and returns the payer's link. */
async function prepare(w: Walk, co: ApiSession): Promise<string> {
  const number = `${run}-${++serial}`;
  switch (w.scenario) {
    case 'linkless':
      return '/qrcode';
    case 'missing':
      return '/qrcode?orderNo=K00000000000000000000';
    case 'open':
    case 'network': {
      const r = await apiCall<PayLinkCreated>(w.request, co.token, '/pay/pay/create', {
        amount: 2500,
        subject: `E2E支払者 ${number}`,
      });
      expect(r.resultType, r.resultMessage).toBe('SUCCESS');
      return r.result.payLink;
    }
    case 'settling': {
      const creds = await merchantCredentials(w.request, w.admin, w.companyId);
      const clientOrderNo = `E2E-PAYER-${number}`;
      const order = await merchantCall<MerchantOrder>(w.request, creds, '/merchant/pay/create', {
        clientOrderNo,
        amount: 1800,
        currency: 'JPY',
        paymentType: 'dynamicQr',
        brand: 'paypay',
        subject: `E2E処理中 ${number}`,
      });
      expect(order.status).toBe('paying');
      await behave(w, 'slow');
      const closing = await merchantCall<MerchantOrder>(w.request, creds, '/merchant/pay/close', {
        clientOrderNo,
      });
      expect(closing.status).toBe('pendingClose');
      await behave(w, 'down');
      return `/qrcode?orderNo=${order.gatewayOrderNo}`;
    }
    case 'failedPreOrder': {
      const r = await apiCall<PreOrderCreated>(w.request, co.token, '/history/preOrder/create', {
        orderAmount: 1500,
        useTimes: 2,
        remark: `E2E再支払 ${number}`,
      });
      expect(r.resultType, r.resultMessage).toBe('SUCCESS');
      const code = r.result.gatewayPayNo;
      await behave(w, 'decline');
      const res = await w.request.post('/api/pay/qrcode/decide', {
        data: { code, orderNo: '', brand: 'paypay', subBrand: 'paypay', action: 'pay' },
      });
      const decided = (await res.json()) as { resultType: string; result: PayerPreOrderView };
      expect(decided.resultType).toBe('SUCCESS');
      expect(decided.result.order?.status).toBe('failed');
      await behave(w, 'normal');
      return `/qrcode?code=${code}&orderNo=${decided.result.order!.orderNo}`;
    }
  }
}

async function held(queue: Route[], what: string) {
  await expect.poll(() => queue.length, { message: `the page's ${what} call` }).toBeGreaterThan(0);
  return queue.shift()!;
}

/**
 * Lets the page's 1.5 s pass until it reads again. The previous read's reply may still be on
 * its way into the page (the wait starts when it arrives), so time moves in steps until the
 * read is there.
 */
async function nextRead(w: Walk) {
  await expect
    .poll(
      async () => {
        if (w.gets.length === 0) await w.page.clock.fastForward(POLL_MS);
        return w.gets.length;
      },
      { message: 'the page reads again' },
    )
    .toBeGreaterThan(0);
}

const payButton = (page: Page) => page.getByRole('button', { name: ja('payer.pay'), exact: true });
const cancelButton = (page: Page) => page.getByRole('button', { name: ja('payer.cancel'), exact: true });
const againButton = (page: Page) => page.getByRole('button', { name: ja('payer.again') });
const outcome = (page: Page, phase: string) =>
  page.getByRole('status').filter({ hasText: ja(`payer.outcome.${phase}`) });

async function perform(w: Walk, i: number) {
  const { event } = w.steps[i];
  const before = w.steps[i - 1].state;
  const next = w.steps[i].state;
  switch (event.type) {
    case 'xstate.done.actor.loadView':
    case 'xstate.done.actor.askAgain': {
      // The settled read: PayPay answers again, and the read closes the payment.
      if (label(event) === 'paid') await behave(w, 'normal');
      await (await held(w.gets, 'read')).continue();
      if (next.matches({ ready: 'stale' })) {
        // The model gives up after two reads; the page after 80.
        for (let n = modelInput.pollLimit!; n < POLL_LIMIT; n++) {
          await nextRead(w);
          await (await held(w.gets, 'read')).continue();
        }
      }
      return;
    }
    case 'xstate.error.actor.loadView':
    case 'xstate.error.actor.askAgain':
      if (label(event) === 'missing') {
        expect(w.scenario, 'a payment shown is never "not found"').toBe('missing');
        return (await held(w.gets, 'read')).continue();
      }
      return (await held(w.gets, 'read')).abort('internetdisconnected');
    case 'DECIDE': {
      if (!before.can(event as never)) {
        await expect(payButton(w.page)).toHaveCount(0);
        await expect(cancelButton(w.page)).toHaveCount(0);
        return;
      }
      await w.page.getByText(ja('orders.brands.paypay'), { exact: true }).click();
      const action = (event.decision as { action: string }).action;
      await (action === 'pay' ? payButton(w.page) : cancelButton(w.page)).click();
      return;
    }
    case 'xstate.done.actor.decide':
      if (label(event) === 'failed') await behave(w, 'decline');
      await (await held(w.decides, 'decision')).continue();
      return;
    case 'xstate.error.actor.decide':
      await behave(w, 'down');
      await (await held(w.decides, 'decision')).continue();
      return;
    case 'AGAIN':
      if (!before.can(event as never)) return expect(againButton(w.page)).toHaveCount(0);
      await againButton(w.page).click();
      // A new payment: the pre-order is read without the failed one the link named.
      await expect.poll(() => w.gets.length).toBeGreaterThan(0);
      expect(w.gets[0].request().postDataJSON()).toMatchObject({ orderNo: '', code: expect.any(String) });
      return;
    case 'RETRY':
      if (before.matches({ ready: 'stale' }))
        return w.page.getByRole('button', { name: ja('payer.check') }).click();
      return w.page.getByRole('button', { name: ja('common.retry') }).click();
    default:
      if (event.type.startsWith('xstate.after.pollInterval')) return nextRead(w);
      throw new Error(`no browser action for ${event.type}`);
  }
}

/** What the payment shown really is, for the model's stand-ins. */
function shownPhase(w: Walk, context: PayerContext): string {
  const phase = context.view!.phase;
  // The settling payment ends closed (the merchant closed it); the model says "paid".
  return w.scenario === 'settling' && phase === 'paid' ? 'closed' : phase;
}

async function check(w: Walk, i: number) {
  const state = w.steps[i].state;
  const context = state.context as PayerContext;
  const page = w.page;
  if (state.matches('loading')) {
    await expect(page.getByText(ja('app.loading'))).toBeVisible();
  } else if (state.matches('invalid')) {
    await expect(page.getByRole('heading', { name: ja('payer.invalidTitle') })).toBeVisible();
    // A link naming no payment is invalid at once: nothing was asked of the server.
    if (w.scenario === 'linkless') {
      await expect(page.getByText(ja('payer.missingBody'))).toBeVisible();
      expect(w.gets).toHaveLength(0);
    }
  } else if (state.matches('loadFailed')) {
    await expect(page.getByRole('heading', { name: ja('common.loadFailed') })).toBeVisible();
    await expect(page.getByRole('button', { name: ja('common.retry') })).toBeVisible();
  } else if (state.matches({ ready: 'choosing' })) {
    const phase = shownPhase(w, context);
    if (phase === 'payable') {
      await expect(payButton(page)).toBeEnabled();
      await expect(cancelButton(page)).toBeEnabled();
    } else {
      await expect(outcome(page, phase)).toBeVisible();
      await expect(payButton(page)).toHaveCount(0);
    }
    if (state.can({ type: 'AGAIN' })) await expect(againButton(page)).toBeVisible();
    else await expect(againButton(page)).toHaveCount(0);
    const refusal = page.getByRole('alert');
    if (context.error) await expect(refusal).toHaveText(ja('server.payments.brandUnavailable'));
    else await expect(refusal).toHaveCount(0);
  } else if (state.matches({ ready: 'deciding' })) {
    await expect(cancelButton(page)).toBeDisabled();
  } else if (state.matches({ ready: 'stale' })) {
    await expect(outcome(page, 'processing')).toContainText(ja('payer.outcomeBody.stale'));
    await expect(page.getByRole('button', { name: ja('payer.check') })).toBeVisible();
  } else if (state.matches('ready')) {
    // watching, asking: the brand is settling it.
    await expect(outcome(page, 'processing')).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
  } else {
    throw new Error(`no check for ${JSON.stringify(state.value)}`);
  }
}

function scenarioOf(steps: readonly Step[]): Scenario {
  if (steps.length < 2) return 'linkless';
  const first = steps[1].event;
  if (first.type === 'xstate.error.actor.loadView') return label(first) === 'missing' ? 'missing' : 'network';
  return ({ open: 'open', settling: 'settling', 'failed pre-order': 'failedPreOrder' } as const)[
    label(first) as 'open'
  ];
}

test.describe('payer walks', () => {
  for (const { name, path } of payerWalks.named) {
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, baseURL, request }) => {
      const admin = await apiLogin(request, 'admin');
      const co = await apiLogin(request, 'co-admin');
      const probe = await apiCall<PayLinkCreated>(request, co.token, '/pay/pay/create', {
        amount: 100,
        subject: `E2E会社 ${run}`,
      });
      const page = await payerPage(browser, baseURL!);
      const w: Walk = {
        page,
        request,
        admin,
        companyId: probe.result.companyId,
        scenario: scenarioOf(steps),
        steps,
        gets: [],
        decides: [],
      };
      try {
        const link = await prepare(w, co);
        await page.route('**/api/pay/qrcode/get', (route) => void w.gets.push(route));
        await page.route('**/api/pay/qrcode/decide', (route) => void w.decides.push(route));
        await page.clock.install();
        await page.goto(link);
        await check(w, 0);
        for (let i = 1; i < steps.length; i++) {
          await test.step(`${steps[i].event.type} ⇒ ${JSON.stringify(steps[i].state.value)}`, async () => {
            await perform(w, i);
            await check(w, i);
          });
        }
      } finally {
        await behave(w, 'normal');
        await page.context().close();
      }
    });
  }
});
