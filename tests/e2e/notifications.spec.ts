/**
 * Merchant notifications end to end: a payment made through the signed merchant API with a
 * notifyUrl (a real HTTP server of the test, on loopback — the browser tests' server allows
 * private addresses), paid on the payer's page, is POSTed to the merchant signed with the pay
 * secret by the server's notifier, and the console's order detail shows it received.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { MerchantNotificationBody, MerchantOrder } from '../../src/contract/merchant';
import type { PayLinkCreated } from '../../src/contract/links';
import { decide, expectOutcome, payerPage } from './support/links';
import { merchantCall, merchantCredentials, notificationSign } from './support/merchant';
import { apiCall, apiLogin, ja, signedInPage } from './support/ui';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

test('a paid merchant payment is notified, signed, and the order detail shows it received', async ({
  browser,
  baseURL,
  request,
}) => {
  const received: Received[] = [];
  const site = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('SUCCESS');
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const notifyUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/kessai/notify`;
  const console = await signedInPage(browser, request, baseURL!, 'co-admin');
  try {
    const co = await apiLogin(request, 'co-admin');
    const probe = await apiCall<PayLinkCreated>(request, co.token, '/pay/pay/create', {
      amount: 100,
      subject: 'E2E通知 会社',
    });
    const creds = await merchantCredentials(
      request,
      await apiLogin(request, 'admin'),
      probe.result.companyId,
    );
    const clientOrderNo = `E2E-NOTIFY-${Date.now()}`;
    const order = await merchantCall<MerchantOrder>(request, creds, '/merchant/pay/create', {
      clientOrderNo,
      amount: 3_600,
      currency: 'JPY',
      paymentType: 'dynamicQr',
      brand: 'paypay',
      subject: 'E2E通知',
      notifyUrl,
    });

    const payer = await payerPage(browser, baseURL!);
    await payer.goto(order.payUrl);
    await decide(payer, 'pay');
    await expectOutcome(payer, 'paid');
    await payer.context().close();

    // The server's notifier looks every 2 s.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [sent] = received;
    const body = JSON.parse(sent.body) as MerchantNotificationBody;
    expect(body.order).toMatchObject({
      clientOrderNo,
      gatewayOrderNo: order.gatewayOrderNo,
      status: 'success',
    });
    expect(sent.headers.sign).toBe(
      notificationSign(creds.paySecret, String(sent.headers.timestamp), sent.body),
    );

    await console.goto(`/history/order/${order.gatewayOrderNo}`);
    const card = console.getByRole('table', { name: ja('orders.notifications.title') });
    const row = card.getByRole('row').filter({ hasText: ja('orders.notifications.status.delivered') });
    await expect(row).toBeVisible();
    await expect(row).toContainText(ja('orders.statuses.success'));
    await expect(row).toContainText('HTTP 200');
    await expect(console.getByText(ja('orders.notifications.to', { url: notifyUrl }))).toBeVisible();
  } finally {
    await console.context().close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  }
});
