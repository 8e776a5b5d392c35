/**
 * "Sync with brand" on the order detail (src/screens/orders/useOrderSync.ts: one call, so a hook,
 * not a workflow machine — issue #30), in Chromium against the real server as `co-admin` (signed
 * in through the API) on a paid order's detail. The request is held (`page.route`) until the
 * test lets it go, so the busy button is seen. What the server does (asking the brand, the
 * order's status and its message) is proved in tests/server; here what a user sees of each
 * reply: the server's message, the console's own "Synced" when the server gave none (and the
 * reply's order shown in place of the old one), and a failure's message with the button ready
 * again.
 */
import { expect, test, type Route } from '@playwright/test';
import { openOrder, untouchedPaidOrder } from './support/payments';
import { apiLogin, ja, storageOf, toast } from './support/ui';

const BRAND_DOWN = 'The brand did not answer';

test('Sync with brand: busy while the server asks, then its message (or “Synced”) and the order as it now is; a failure’s message', async ({
  browser,
  baseURL,
  request,
}) => {
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
  const button = page.getByRole('button', { name: ja('orders.detail.sync') });
  /** Presses the button: it is busy until the held request is answered. */
  const press = async () => {
    await button.click();
    await expect(button).toBeDisabled();
    return next();
  };
  try {
    await openOrder(page, order.gatewayOrderNo);
    await expect(button).toBeEnabled();

    // The server's reply with its message (the brand's status is unchanged).
    await (await press()).continue();
    await expect(toast(page, ja('server.orders.unchanged')).first()).toBeVisible();
    await expect(button).toBeEnabled();

    // No message: the console's own words; the reply's order replaces the one shown.
    const silent = await press();
    const reply = await silent.fetch();
    const body = (await reply.json()) as { result: { subject: string } };
    const subject = `${body.result.subject} (E2E synced)`;
    await silent.fulfill({
      response: reply,
      json: { ...body, resultMessage: '', result: { ...body.result, subject } },
    });
    await expect(toast(page, ja('orders.detail.synced')).first()).toBeVisible();
    await expect(page.getByText(subject)).toBeVisible();
    await expect(button).toBeEnabled();

    // A failure: its message, the order as it was, the button ready to try again.
    await (await press()).fulfill({ json: { resultType: 'FAIL', resultMessage: BRAND_DOWN, result: null } });
    await expect(toast(page, BRAND_DOWN).first()).toBeVisible();
    await expect(page.getByText(subject)).toBeVisible();
    await expect(button).toBeEnabled();
  } finally {
    for (const r of held.splice(0)) await r.abort().catch(() => undefined);
    await context.close();
  }
});
