import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantOrder, MerchantRefundResult, PayerView } from '../../src/contract/merchant';
import type { OrderDetail } from '../../src/contract/orders';
import { sign as sandboxSign } from '../../server/connectors/sandbox';
import { backends, startHarness, TEST_SANDBOX_KEY, type Harness } from './harness';
import { orgIds } from './fixtures';
import {
  count,
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  setBehaviour,
  sign,
  type MerchantClient,
} from './payments-support';

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

describe.each(backends)('merchant API and sandbox brands on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let companyId: number;

  const decide = (orderNo: string, brand: string, action: 'pay' | 'cancel', subBrand = '') =>
    h.call<PayerView>('/pay/qrcode/decide', { orderNo, brand, action, subBrand });

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    companyId = (await orgIds(h.db)).company('株式会社ひのき珈琲');
    m = await merchantClient(h, companyId);
  });
  afterAll(() => h?.close());

  describe('authentication', () => {
    it('refuses missing headers, a wrong token, a bad signature, an old timestamp and a replay, writing nothing', async () => {
      const before = await count(h, 'orders');
      const body = { clientOrderNo: no('auth'), amount: 100, currency: 'JPY', paymentType: 'link' };
      const bare = await h.call('/merchant/pay/create', body);
      expect(bare.body.resultType).toBe('UNAUTHENCATED');
      const token = await m.call('/merchant/pay/create', body, { token: 'at_wrong' });
      expect(token.body.resultType).toBe('UNAUTHENCATED');
      const badSign = await m.call('/merchant/pay/create', body, { sign: 'a'.repeat(64) });
      expect([badSign.body.resultType, badSign.body.resultMessage]).toEqual([
        'UNAUTHENCATED',
        '署名が正しくありません',
      ]);
      const old = await m.call('/merchant/pay/create', body, {
        timestamp: Math.floor(Date.now() / 1000) - 301,
      });
      expect([old.body.resultType, old.body.resultMessage]).toEqual([
        'UNAUTHENCATED',
        'タイムスタンプが有効期間（5分）外です',
      ]);
      const future = await m.call('/merchant/pay/create', body, {
        timestamp: Math.floor(Date.now() / 1000) + 400,
      });
      expect(future.body.resultType).toBe('UNAUTHENCATED');
      // The signature covers the body: another body under the same signature is refused.
      const ts = String(Math.floor(Date.now() / 1000));
      const tampered = await m.call(
        '/merchant/pay/create',
        { ...body, amount: 1 },
        {
          timestamp: Number(ts),
          sign: sign(m.paySecret, ts, '/merchant/pay/create', JSON.stringify(body)),
        },
      );
      expect(tampered.body.resultType).toBe('UNAUTHENCATED');
      expect(await count(h, 'orders')).toBe(before);

      const first = await m.call('/merchant/pay/create', body, { timestamp: Number(ts) });
      expect(first.body.resultType).toBe('SUCCESS');
      const replay = await m.call('/merchant/pay/create', body, { timestamp: Number(ts) });
      expect([replay.body.resultType, replay.body.resultMessage]).toEqual([
        'UNAUTHENCATED',
        'この署名は既に使用されています',
      ]);
      expect(await count(h, 'orders')).toBe(before + 1);
    });

    it('answers in English when asked', async () => {
      const r = await m.call(
        '/merchant/pay/query',
        { clientOrderNo: 'x' },
        {
          sign: 'b'.repeat(64),
          headers: { 'accept-language': 'en' },
        },
      );
      expect(r.body.resultMessage).toBe('Bad signature');
    });
  });

  describe('creating payments', () => {
    it('refuses bad input with field errors and writes nothing', async () => {
      const before = await count(h, 'orders');
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: 'abc' }, 'amount'],
        [{ amount: -5 }, 'amount'],
        [{ amount: 0 }, 'amount'],
        [{ amount: 12.5 }, 'amount'],
        [{ currency: 'XXX' }, 'currency'],
        [{ brand: '' }, 'brand'],
        [{ clientOrderNo: 'has space' }, 'clientOrderNo'],
        [{ paymentType: 'card' }, 'paymentType'],
        // PayPay takes yen only.
        [{ brand: 'paypay', currency: 'USD', amount: 1999 }, 'brand'],
      ];
      for (const [patch, field] of cases) {
        const r = await m.create({ clientOrderNo: no('bad'), ...patch });
        expect([field, r.body.resultType, Object.keys(r.body.errors ?? {})]).toEqual([
          field,
          'INVALID',
          [field],
        ]);
      }
      expect(await count(h, 'orders')).toBe(before);
    });

    it('creates a dynamic QR payment at the brand and is idempotent on the client order number', async () => {
      const clientOrderNo = no('qr');
      const r = await m.create({ clientOrderNo, subject: 'Coffee beans' });
      expect(r.body.resultType).toBe('SUCCESS');
      const o = r.body.result!;
      expect(o).toMatchObject({
        clientOrderNo,
        status: 'paying',
        brand: 'paypay',
        amount: 1200,
        currency: 'JPY',
      });
      expect(o.brandOrderNo).toMatch(/^\d{19}$/);
      expect(o.payUrl).toBe(`/qrcode?orderNo=${o.gatewayOrderNo}`);
      const again = await m.create({ clientOrderNo, subject: 'Coffee beans' });
      expect(again.body.result!.gatewayOrderNo).toBe(o.gatewayOrderNo);
      expect(again.body.resultMessage).toBe('この加盟店注文番号の決済は作成済みです');
      const other = await m.create({ clientOrderNo, amount: 1300 });
      expect(other.body.resultType).toBe('FAIL');
      const q = await m.call<MerchantOrder>('/merchant/pay/query', { clientOrderNo });
      expect(q.body.result!.status).toBe('paying');
    });
  });

  it('a signature covers the call: one made for a query is no close, and a query and a close of one second both pass', async () => {
    const body = { clientOrderNo: no('path'), amount: 300, currency: 'JPY', paymentType: 'link' };
    expect((await m.create(body)).body.resultType).toBe('SUCCESS');
    const ref = { clientOrderNo: body.clientOrderNo };
    const ts = String(Math.floor(Date.now() / 1000));
    const querySign = sign(m.paySecret, ts, '/merchant/pay/query', JSON.stringify(ref));
    const asClose = await m.call('/merchant/pay/close', ref, { timestamp: Number(ts), sign: querySign });
    expect([asClose.body.resultType, asClose.body.resultMessage]).toEqual([
      'UNAUTHENCATED',
      '署名が正しくありません',
    ]);
    const query = await m.call('/merchant/pay/query', ref, { timestamp: Number(ts) });
    expect(query.body.resultType).toBe('SUCCESS');
    const close = await m.call('/merchant/pay/close', ref, { timestamp: Number(ts) });
    expect(close.body.resultType, close.body.resultMessage).toBe('SUCCESS');
  });

  describe('the payer and the brand', () => {
    it('pays: customer paying → in payment → paid by the signed notification, with the commission in force', async () => {
      const o = (await m.create({ clientOrderNo: no('pay'), amount: 10_000 })).body.result!;
      const view = await h.call<PayerView>('/pay/qrcode/get', { orderNo: o.gatewayOrderNo });
      expect(view.body.result).toMatchObject({
        merchantName: '株式会社ひのき珈琲',
        amount: 10_000,
        status: 'paying',
      });
      const d = await decide(o.gatewayOrderNo, 'paypay', 'pay');
      expect(d.body.result!.status).toBe('inPayment');
      await notificationsDelivered(h);
      const paid = await orderByGateway(h, o.gatewayOrderNo);
      expect(paid.status).toBe('success');
      expect(paid.subBrand).toBe('paypay');
      expect(paid.receiptNo).not.toBe('');
      expect(paid.commissionRate).not.toBeNull();
      expect(paid.commissionAmount).toBe(Math.floor((10_000 * paid.commissionRate! + 5000) / 10_000));
      const admin = await h.token('admin');
      const detail = await h.call<OrderDetail>(
        '/history/orderInfo/get',
        { gatewayOrderNo: o.gatewayOrderNo },
        { token: admin },
      );
      expect(detail.body.result!.events.map((e) => e.toStatus)).toEqual([
        'pendingPayment',
        'paying',
        'customerPaying',
        'inPayment',
        'success',
      ]);
      // A second payment attempt on a paid order is refused.
      expect((await decide(o.gatewayOrderNo, 'paypay', 'pay')).body.resultType).toBe('FAIL');
    });

    it('reaches failed (payer cancels, brand fails, brand declines), timeout and pendingPayment (brand down)', async () => {
      const cancelled = (await m.create({ clientOrderNo: no('cancel') })).body.result!;
      await decide(cancelled.gatewayOrderNo, 'paypay', 'cancel');
      await notificationsDelivered(h);
      expect(await orderByGateway(h, cancelled.gatewayOrderNo)).toMatchObject({
        status: 'failed',
        errorCode: 'PAYER_CANCELED',
      });

      await setBehaviour(h, companyId, 'paypay', 'fail');
      const failing = (await m.create({ clientOrderNo: no('fail') })).body.result!;
      await decide(failing.gatewayOrderNo, 'paypay', 'pay');
      await notificationsDelivered(h);
      expect(await orderByGateway(h, failing.gatewayOrderNo)).toMatchObject({
        status: 'failed',
        errorCode: 'INSUFFICIENT_BALANCE',
      });

      // Set from the console (company settings), as the system or provider admin does.
      const saved = await h.call(
        '/org/brandSetting/save',
        { companyId, settings: [{ brand: 'paypay', connector: 'sandbox', sandboxBehaviour: 'decline' }] },
        { token: await h.token('sp-admin') },
      );
      expect(saved.body.resultType).toBe('SUCCESS');
      const company = await h.call(
        '/org/brandSetting/save',
        { companyId, settings: [{ brand: 'paypay', connector: 'sandbox', sandboxBehaviour: 'down' }] },
        { token: await h.token('co-admin') },
      );
      expect(company.body.resultType).toBe('NO_ACCESS');
      const declined = await m.create({ clientOrderNo: no('decline') });
      expect(declined.body.result).toMatchObject({ status: 'failed', errorCode: 'DECLINED' });

      await setBehaviour(h, companyId, 'paypay', 'timeout');
      const slow = (await m.create({ clientOrderNo: no('timeout') })).body.result!;
      const q = await m.call<MerchantOrder>('/merchant/pay/query', { clientOrderNo: slow.clientOrderNo });
      expect(q.body.result).toMatchObject({ status: 'timeout' });

      await setBehaviour(h, companyId, 'paypay', 'down');
      const clientOrderNo = no('down');
      const down = await m.create({ clientOrderNo });
      expect(down.body.resultType).toBe('FAIL');
      const [row] = await h.db
        .execute(
          (await import('drizzle-orm'))
            .sql`select status, error_code from orders where client_order_no = ${clientOrderNo}`,
        )
        .then((r) => (r as unknown as { rows: { status: string; error_code: string }[] }).rows);
      expect(row).toEqual({ status: 'pendingPayment', error_code: 'BRAND_UNAVAILABLE' });
      await setBehaviour(h, companyId, 'paypay', 'normal');
    });

    it('closes: at once, or pendingClose until getOrderSync finds it closed', async () => {
      const a = (await m.create({ clientOrderNo: no('close') })).body.result!;
      const closed = await m.call<MerchantOrder>('/merchant/pay/close', { clientOrderNo: a.clientOrderNo });
      expect(closed.body.result!.status).toBe('closed');
      const again = await m.call('/merchant/pay/close', { clientOrderNo: a.clientOrderNo });
      expect(again.body.resultType).toBe('FAIL');

      await setBehaviour(h, companyId, 'paypay', 'slow');
      const b = (await m.create({ clientOrderNo: no('close-slow') })).body.result!;
      const pending = await m.call<MerchantOrder>('/merchant/pay/close', { clientOrderNo: b.clientOrderNo });
      expect(pending.body.result!.status).toBe('pendingClose');
      const coAdmin = await h.token('co-admin');
      const sync = await h.call<OrderDetail>(
        '/history/orderInfo/getOrderSync',
        { gatewayOrderNo: b.gatewayOrderNo },
        { token: coAdmin },
      );
      expect(sync.body.result!.status).toBe('closed');
      await setBehaviour(h, companyId, 'paypay', 'normal');
    });

    it('lets the payer choose the brand of a link, and getUrl gives its page (spec point 7)', async () => {
      const link = (
        await m.create({
          clientOrderNo: no('link'),
          paymentType: 'link',
          brand: '',
          currency: 'USD',
          amount: 1999,
        })
      ).body.result!;
      expect(link.status).toBe('pendingPayment');
      const url = await m.call<{ url: string }>(
        '/history/orderInfo/getUrl',
        { clientOrderNo: link.clientOrderNo },
        {
          headers: { url: 'https://shop.example/done' },
        },
      );
      expect(url.body.result!.url).toBe(
        `/qrcode?orderNo=${link.gatewayOrderNo}&returnUrl=${encodeURIComponent('https://shop.example/done')}`,
      );
      const badUrl = await m.call(
        '/history/orderInfo/getUrl',
        { clientOrderNo: link.clientOrderNo },
        {
          headers: { url: 'javascript:alert(1)' },
        },
      );
      expect(badUrl.body.resultType).toBe('INVALID');
      // A dollar payment: PayPay (yen only) is not offered, and asking for it anyway changes nothing.
      const page = await h.call<PayerView>(
        '/pay/qrcode/get',
        { orderNo: link.gatewayOrderNo },
        { lang: 'en' },
      );
      expect(page.body.result!.brands.map((b) => b.brand)).toEqual(['wechat', 'alipayplus', 'card']);
      const paypay = await h.call<PayerView>(
        '/pay/qrcode/decide',
        { orderNo: link.gatewayOrderNo, brand: 'paypay', action: 'pay', subBrand: 'paypay' },
        { lang: 'en' },
      );
      expect([paypay.body.resultType, paypay.body.resultMessage]).toEqual([
        'FAIL',
        'This payment brand does not take payments in USD',
      ]);
      expect(await orderByGateway(h, link.gatewayOrderNo)).toMatchObject({
        status: 'pendingPayment',
        brand: '',
        brandOrderNo: '',
      });
      await decide(link.gatewayOrderNo, 'alipayplus', 'pay', 'gcash');
      await notificationsDelivered(h);
      expect(await orderByGateway(h, link.gatewayOrderNo)).toMatchObject({
        status: 'success',
        brand: 'alipayplus',
        subBrand: 'gcash',
      });
      const paidUrl = await m.call('/history/orderInfo/getUrl', { clientOrderNo: link.clientOrderNo });
      expect(paidUrl.body.resultType).toBe('FAIL');
    });
  });

  describe('notifications', () => {
    it('refuses a bad signature, and a late or repeated notice changes nothing', async () => {
      const o = (await m.create({ clientOrderNo: no('notify') })).body.result!;
      const forged = JSON.stringify({
        brandOrderNo: o.brandOrderNo,
        merchantOrderNo: o.gatewayOrderNo,
        state: 'COMPLETED',
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const bad = await h.app.inject({
        method: 'POST',
        url: '/api/notify/paypay',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-timestamp': ts,
          'x-sandbox-signature': 'f'.repeat(64),
        },
        payload: forged,
      });
      expect(bad.statusCode).toBe(401);
      const wrongKey = await h.app.inject({
        method: 'POST',
        url: '/api/notify/paypay',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-timestamp': ts,
          'x-sandbox-signature': sandboxSign('not-the-key', ts, forged),
        },
        payload: forged,
      });
      expect(wrongKey.statusCode).toBe(401);
      expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('paying');

      await decide(o.gatewayOrderNo, 'paypay', 'pay');
      await notificationsDelivered(h);
      expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
      // The brand's notice once more (a retry), then a contradicting late one: both acknowledged, nothing moves.
      const sandbox = h.app.deps().connectors.sandbox('paypay');
      expect(await sandbox.notify(o.brandOrderNo)).toBe(200);
      const late = JSON.stringify({
        brandOrderNo: o.brandOrderNo,
        merchantOrderNo: o.gatewayOrderNo,
        state: 'EXPIRED',
      });
      const lateRes = await h.app.inject({
        method: 'POST',
        url: '/api/notify/paypay',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-timestamp': ts,
          'x-sandbox-signature': sandboxSign(TEST_SANDBOX_KEY, ts, late),
        },
        payload: late,
      });
      expect(lateRes.statusCode).toBe(200);
      expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
      const unknown = await h.app.inject({
        method: 'POST',
        url: '/api/notify/nobrand',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('delivers the notification over HTTP when the server listens', async () => {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const o = (await m.create({ clientOrderNo: no('http') })).body.result!;
      await decide(o.gatewayOrderNo, 'paypay', 'pay');
      await notificationsDelivered(h);
      expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
    });
  });

  describe('merchant refunds', () => {
    it('refunds within the remainder, idempotent on the client refund number', async () => {
      const o = (await m.create({ clientOrderNo: no('mr'), amount: 1200 })).body.result!;
      await decide(o.gatewayOrderNo, 'paypay', 'pay');
      await notificationsDelivered(h);
      const refund = (amount: unknown, clientRefundNo: string) =>
        m.call<MerchantRefundResult>('/merchant/refund/refund', {
          clientOrderNo: o.clientOrderNo,
          clientRefundNo,
          amount,
        });
      const r1no = no('r');
      const r1 = await refund(500, r1no);
      expect(r1.body.result).toMatchObject({ status: 'success', amount: 500, orderStatus: 'partlyRefunded' });
      const r1again = await refund(500, r1no);
      expect(r1again.body.result!.gatewayRefundNo).toBe(r1.body.result!.gatewayRefundNo);
      const before = await count(h, 'refunds');
      for (const bad of ['abc', -1, 0, 701]) {
        const r = await refund(bad, no('bad'));
        expect([bad, r.body.resultType]).toEqual([bad, 'INVALID']);
      }
      expect(await count(h, 'refunds')).toBe(before);
      const r2 = await refund(700, no('r'));
      expect(r2.body.result).toMatchObject({ status: 'success', orderStatus: 'refunded' });
      const q = await m.call<MerchantRefundResult>('/merchant/refund/query', { clientRefundNo: r1no });
      expect(q.body.result).toMatchObject({ amount: 500, status: 'success', orderStatus: 'refunded' });
      const none = await refund(1, no('r'));
      expect(none.body.resultType).toBe('FAIL');
    });

    it('records a refund the brand refuses as failed and leaves the order paid', async () => {
      const o = (await m.create({ clientOrderNo: no('rf') })).body.result!;
      await decide(o.gatewayOrderNo, 'paypay', 'pay');
      await notificationsDelivered(h);
      await setBehaviour(h, companyId, 'paypay', 'refundFail');
      const r = await m.call('/merchant/refund/refund', {
        clientOrderNo: o.clientOrderNo,
        clientRefundNo: no('rf'),
        amount: 100,
      });
      expect(r.body.resultType).toBe('FAIL');
      expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
      await setBehaviour(h, companyId, 'paypay', 'normal');
    });
  });

  it('describes the merchant API as OpenAPI 3 at /api/docs', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(r.statusCode).toBe(200);
    const doc = r.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      h.app.apiCalls
        .filter((c) => c.ownAuth)
        .map((c) => c.path)
        .sort(),
    );
  });
});
