import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MerchantNotificationBody, PayerView } from '../../src/contract/merchant';
import type { OrderDetail } from '../../src/contract/orders';
import { merchantNotifications } from '../../server/db/schema';
import { isPrivateAddress, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../server/modules/notifications';
import { json, startServer } from '../unit/httpServer';
import { backends, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import {
  count,
  merchantClient,
  notificationSign,
  notificationsDelivered,
  type MerchantClient,
} from './payments-support';

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

/** A merchant's system: a real HTTP server on 127.0.0.1 that answers as each test says. */
let merchantSite: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  merchantSite = await startServer();
});
afterAll(() => merchantSite.close());
beforeEach(() => merchantSite.reset());

describe.each(backends)('merchant notifications on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let notifyUrl: string;

  const pay = (orderNo: string) =>
    h.call<PayerView>('/pay/qrcode/decide', { orderNo, brand: 'paypay', action: 'pay', subBrand: '' });
  const detail = async (gatewayOrderNo: string) =>
    (
      await h.call<OrderDetail>(
        '/history/orderInfo/get',
        { gatewayOrderNo },
        { token: await h.token('co-admin') },
      )
    ).body.result!;
  /** A merchant-API payment with a notifyUrl, paid by the payer in the sandbox. */
  async function paidOrder(url = notifyUrl) {
    const o = (await m.create({ clientOrderNo: no('n'), amount: 4_200, notifyUrl: url })).body.result!;
    expect((await pay(o.gatewayOrderNo)).body.resultType).toBe('SUCCESS');
    await notificationsDelivered(h);
    return o;
  }

  beforeAll(async () => {
    // The merchant's site is on loopback: allowed here, as KESSAI_NOTIFY_PRIVATE=allow does.
    h = await startHarness(backend, { captcha: false, demoOrders: 0, notifyPrivate: true });
    m = await merchantClient(h, (await orgIds(h.db)).company('株式会社ひのき珈琲'));
    notifyUrl = `${merchantSite.baseURL}/api/merchant/notify`;
  });
  afterAll(() => h?.close());

  it('a paid payment is notified once, signed with the pay secret, and the 2xx ends it', async () => {
    merchantSite.on('/merchant/notify', (_req, res) => json(res, 200, { ok: true }));
    const o = await paidOrder();
    expect(await h.app.deps().notifier.runOnce()).toBe(1);
    expect(merchantSite.seen).toHaveLength(1);
    const [sent] = merchantSite.seen;
    const body = sent.body as MerchantNotificationBody;
    expect(body).toMatchObject({
      notifyType: 'order',
      order: {
        clientOrderNo: o.clientOrderNo,
        gatewayOrderNo: o.gatewayOrderNo,
        status: 'success',
        amount: 4_200,
        currency: 'JPY',
        brand: 'paypay',
      },
    });
    expect(body.order.payUrl).toContain(`/qrcode?orderNo=${o.gatewayOrderNo}`);
    // The merchant checks it as the gateway checks the merchant's requests.
    const ts = String(sent.headers.timestamp);
    expect(Math.abs(Date.now() / 1000 - Number(ts))).toBeLessThan(60);
    expect(sent.headers.sign).toBe(notificationSign(m.paySecret, ts, JSON.stringify(body)));

    const [shown] = (await detail(o.gatewayOrderNo)).notifications;
    expect(shown).toMatchObject({
      notifyId: body.notifyId,
      url: notifyUrl,
      orderStatus: 'success',
      status: 'delivered',
      attempts: 1,
      lastHttpStatus: 200,
      lastError: '',
      nextAttemptAt: null,
    });
    expect(await h.app.deps().notifier.runOnce()).toBe(0);
    expect(merchantSite.seen).toHaveLength(1);
  });

  it('a merchant that does not answer 2xx is tried again, 15 s to 6 h apart, and given up after 8 tries', async () => {
    merchantSite.on('/merchant/notify', (_req, res) => json(res, 503, { busy: true }));
    const o = await paidOrder();
    const notifier = h.app.deps().notifier;
    let now = Date.now();
    expect(await notifier.runOnce(new Date(now))).toBe(1);
    for (const wait of RETRY_DELAYS_MS) {
      // Not before its time …
      expect(await notifier.runOnce(new Date(now + wait - 1_000))).toBe(0);
      now += wait;
      expect(await notifier.runOnce(new Date(now))).toBe(1);
    }
    expect(await notifier.runOnce(new Date(now + 86_400_000))).toBe(0);
    expect(merchantSite.seen).toHaveLength(MAX_ATTEMPTS);
    // Every try carries the same notifyId, for the merchant to dedupe on.
    const ids = new Set(merchantSite.seen.map((s) => (s.body as MerchantNotificationBody).notifyId));
    expect(ids.size).toBe(1);
    const [shown] = (await detail(o.gatewayOrderNo)).notifications;
    expect(shown).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastHttpStatus: 503,
      lastError: 'HTTP 503',
    });
  });

  it('a merchant that answers on the second try is delivered then', async () => {
    let calls = 0;
    merchantSite.on('/merchant/notify', (_req, res) => json(res, ++calls === 1 ? 500 : 204, {}));
    const o = await paidOrder();
    const notifier = h.app.deps().notifier;
    const now = Date.now();
    await notifier.runOnce(new Date(now));
    expect((await detail(o.gatewayOrderNo)).notifications[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastHttpStatus: 500,
      nextAttemptAt: new Date(now + RETRY_DELAYS_MS[0]).toISOString(),
    });
    await notifier.runOnce(new Date(now + RETRY_DELAYS_MS[0]));
    expect((await detail(o.gatewayOrderNo)).notifications[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastHttpStatus: 204,
    });
  });

  it('refunds are notified too; a payment without a notifyUrl, and moves that are no outcome, are not', async () => {
    merchantSite.on('/merchant/notify', (_req, res) => json(res, 200, {}));
    const before = await count(h, 'merchant_notifications');
    const silent = (await m.create({ clientOrderNo: no('silent'), amount: 900 })).body.result!;
    await pay(silent.gatewayOrderNo);
    await notificationsDelivered(h);
    const open = (await m.create({ clientOrderNo: no('open'), amount: 900, notifyUrl })).body.result!;
    expect(open.status).toBe('paying');
    expect(await count(h, 'merchant_notifications')).toBe(before);

    const o = await paidOrder();
    const refund = await m.call('/merchant/refund/refund', {
      clientOrderNo: o.clientOrderNo,
      clientRefundNo: no('r'),
      amount: 1_000,
      remark: 'part',
    });
    expect(refund.body.resultType, refund.body.resultMessage).toBe('SUCCESS');
    await notificationsDelivered(h);
    await h.app.deps().notifier.runOnce();
    const statuses = merchantSite.seen.map((s) => (s.body as MerchantNotificationBody).order.status);
    expect(statuses).toEqual(['success', 'partlyRefunded']);
    expect((merchantSite.seen[1].body as MerchantNotificationBody).order.refundedAmount).toBe(1_000);
  });
});

describe.each(backends)('merchant notifications to private addresses on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0, notifyPrivate: false });
    m = await merchantClient(h, (await orgIds(h.db)).company('株式会社ひのき珈琲'));
  });
  afterAll(() => h?.close());

  it('are not sent unless allowed: a notifyUrl cannot make the server call into its own network', async () => {
    merchantSite.on('/merchant/notify', (_req, res) => json(res, 200, {}));
    for (const url of [`${merchantSite.baseURL}/api/merchant/notify`, 'http://localhost:9/x']) {
      const o = (await m.create({ clientOrderNo: no('private'), amount: 700, notifyUrl: url })).body.result!;
      await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'paypay', action: 'pay' });
      await notificationsDelivered(h);
    }
    expect(await h.app.deps().notifier.runOnce()).toBe(2);
    expect(merchantSite.seen).toHaveLength(0);
    const rows = await h.db
      .select({ status: merchantNotifications.status, lastError: merchantNotifications.lastError })
      .from(merchantNotifications)
      .orderBy(asc(merchantNotifications.id));
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['failed', '127.0.0.1 is not a public address'],
      ['failed', 'localhost is not a public address'],
    ]);
  });

  it('a notifyUrl that is not http(s) is refused when the payment is created', async () => {
    const r = await m.create({
      clientOrderNo: no('ftp'),
      amount: 700,
      notifyUrl: 'ftp://merchant.example/n',
    });
    expect(r.body.resultType).toBe('INVALID');
    expect(r.body.errors).toHaveProperty('notifyUrl');
  });
});

describe('private addresses', () => {
  it('tells loopback, private, link-local and mapped addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '203.0.113.5', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});
