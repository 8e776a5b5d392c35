/**
 * The order-sync machine's test paths (tests/machines/orderSync.model.ts: orderSyncPaths())
 * walked in Chromium against the real server, as `co-admin` on a paid order's detail: one test
 * per path, named after its steps; after each step the state is checked as a user sees it
 * (orderSyncTestMap).
 *
 * How the steps are mapped
 * - xstate.init: open the order detail (the root spawns its sync).
 * - SYNC: press "Sync with brand"; the request is held (`page.route`) until the next step, so
 *   the busy button can be seen.
 * - done:syncOrder(updated): the held request goes on to the server, whose reply carries its
 *   message (the brand's status is unchanged: "unchanged"). done:syncOrder(no message): the
 *   server's reply with its message taken out, so the console's own "Synced" is shown.
 * - error:syncOrder(failed): the held request is answered with the model's failure.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { namePaths, type ModelEvent } from '../machines/harness';
import { failures, orderSyncPaths } from '../machines/orderSync.model';
import { openOrder, untouchedPaidOrder } from './support/payments';
import { apiLogin, ja, storageOf, toast } from './support/ui';

type Step = { event: ModelEvent; state: AnyMachineSnapshot };

const syncButton = (page: Page) => page.getByRole('button', { name: ja('orders.detail.sync') });

async function checkState(page: Page, s: AnyMachineSnapshot, event: ModelEvent) {
  const button = syncButton(page);
  if (s.matches('syncing')) {
    await expect(button).toBeDisabled();
    return;
  }
  await expect(button).toBeEnabled();
  if (event.type === 'xstate.done.actor.syncOrder') {
    const message = (event.output as { message: string }).message
      ? ja('server.orders.unchanged')
      : ja('orders.detail.synced');
    await expect(toast(page, message).first()).toBeVisible();
  }
  if (event.type === 'xstate.error.actor.syncOrder')
    await expect(toast(page, failures.brandDown.message).first()).toBeVisible();
}

test.describe('order sync paths', () => {
  for (const { name, path } of namePaths(orderSyncPaths())) {
    const steps = path.steps as unknown as Step[];
    test(name, async ({ browser, baseURL, request }) => {
      const session = await apiLogin(request, 'co-admin');
      const order = await untouchedPaidOrder(request, session.token);
      const context = await browser.newContext({ baseURL, storageState: storageOf(baseURL!, session) });
      const page = await context.newPage();
      const held: Route[] = [];
      await page.route('**/api/history/orderInfo/getOrderSync', (route) => void held.push(route));
      const next = async () => {
        await expect.poll(() => held.length, { message: 'a sync request' }).toBeGreaterThan(0);
        return held.shift()!;
      };
      try {
        for (const { event, state } of steps) {
          switch (event.type) {
            case 'xstate.init':
              await openOrder(page, order.gatewayOrderNo);
              break;
            case 'SYNC':
              await syncButton(page).click();
              break;
            case 'xstate.done.actor.syncOrder': {
              const route = await next();
              if ((event.output as { message: string }).message) await route.continue();
              else {
                const reply = await route.fetch();
                const body = (await reply.json()) as Record<string, unknown>;
                await route.fulfill({ response: reply, json: { ...body, resultMessage: '' } });
              }
              break;
            }
            case 'xstate.error.actor.syncOrder':
              await (
                await next()
              ).fulfill({
                json: { resultType: 'FAIL', resultMessage: failures.brandDown.message, result: null },
              });
              break;
            default:
              throw new Error(`no browser action for ${event.type}`);
          }
          await checkState(page, state, event);
        }
      } finally {
        for (const r of held.splice(0)) await r.abort().catch(() => undefined);
        await context.close();
      }
    });
  }
});
