import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayerPreOrderView } from '../../src/contract/merchant';
import type { OrderDetail } from '../../src/contract/orders';
import type { PreOrderCreated } from '../../src/contract/preorders';
import type { PayLinkCreated } from '../../src/contract/links';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import {
  count,
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  type MerchantClient,
} from './payments-support';
import { csv, upload } from './uploads-support';

/**
 * Input a person or a merchant's system can send to the payment calls that once got a 500 or
 * was taken for something else than what was written (an adversarial audit of session 6):
 * each gets a clear, localised refusal and changes nothing.
 */

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const RANGE = { beginTime: '2026-11-01', endTime: '2026-11-20' };
const PAGES = [
  '/history/orderInfo/page',
  '/history/refundInfo/page',
  '/history/urlOrderPay/page',
  '/history/preOrder/page',
];

describe.each(backends)('bad input to the payment calls on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let coAdmin = '';

  async function paidOrder(amount: number) {
    const o = (await m.create({ clientOrderNo: no('o'), amount })).body.result!;
    await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'paypay', action: 'pay' });
    await notificationsDelivered(h);
    return orderByGateway(h, o.gatewayOrderNo);
  }
  const refund = (body: Record<string, unknown>) =>
    h.call<{ amount: number; created: boolean }>(
      '/pay/refund/refund',
      { refundPassword: md5Upper(DEMO_PASSWORD), ...body },
      { token: coAdmin },
    );

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    m = await merchantClient(h, (await orgIds(h.db)).company('株式会社ひのき珈琲'));
    coAdmin = await h.token('co-admin');
  });
  afterAll(() => h?.close());

  it('a sort field that every object has (__proto__, constructor) is not a column', async () => {
    for (const path of PAGES)
      for (const sortField of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const r = await h.call(path, { ...RANGE, sortField }, { token: coAdmin });
        expect([r.status, r.body.resultType, r.body.errors?.sortField], `${path} ${sortField}`).toEqual([
          200,
          'INVALID',
          '並べ替え項目の値が正しくありません',
        ]);
      }
  });

  it('days that do not exist or fall outside the years held are dates in error, and a reversed range says so', async () => {
    for (const path of [...PAGES, '/history/orderInfo/exportCSVFile', '/history/refundInfo/exportExcel']) {
      for (const beginTime of ['0000-01-01', '0001-01-01', '2026-02-30', '2026-13-01', '1999-12-31']) {
        const r = await h.call(path, { beginTime, endTime: beginTime }, { token: coAdmin });
        expect([r.status, r.body.resultType], `${path} ${beginTime}`).toEqual([200, 'INVALID']);
        expect(r.body.errors?.beginTime, `${path} ${beginTime}`).toBe(
          '開始日は年-月-日の形式で入力してください',
        );
      }
      const reversed = await h.call(
        path,
        { beginTime: '2026-11-25', endTime: '2026-11-20' },
        { token: coAdmin },
      );
      expect(reversed.body.errors?.endTime, path).toBe('終了日は開始日以降の日付を指定してください');
    }
  });

  it('a brand setting list with a null entry is refused, not a server error', async () => {
    const companyId = (await orgIds(h.db)).company('株式会社ひのき珈琲');
    const r = await h.call(
      '/org/brandSetting/save',
      { companyId, settings: [null] },
      { token: await h.token('admin') },
    );
    expect([r.status, r.body.resultType]).toEqual([200, 'INVALID']);
  });

  it('a broken multipart body is a bad request in the caller’s language, not a server error', async () => {
    const bodies: [string, string][] = [
      [
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\namount',
      ],
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=', 'garbage'],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/pay/pay/uploadFile',
        headers: { 'content-type': contentType, 'x-submit-token': coAdmin, 'accept-language': 'en' },
        payload,
      });
      expect([res.statusCode, res.json().resultType, res.json().resultMessage], contentType).toEqual([
        400,
        'INVALID',
        'The request is malformed',
      ]);
    }
  });

  it('amounts are written in decimal: "1e3", "0x10" and " 1 2 " are not 1000, 16 and 12', async () => {
    const before = await count(h, 'orders');
    for (const amount of ['1e3', '0x10', ' 1 2 ', 'Infinity', '1_000']) {
      const r = await h.call('/pay/pay/create', { amount, subject: 'x' }, { token: coAdmin });
      expect([r.body.resultType, r.body.errors?.amount], amount).toEqual([
        'INVALID',
        '金額の形式が正しくありません',
      ]);
      const merchant = await m.create({ clientOrderNo: no('m'), amount });
      expect(merchant.body.resultType, amount).toBe('INVALID');
      const pre = await h.call(
        '/history/preOrder/create',
        { orderAmount: 500, useTimes: amount },
        { token: coAdmin },
      );
      expect(pre.body.resultType, amount).toBe('INVALID');
    }
    expect(await count(h, 'orders')).toBe(before);
    // Digits in a string are still a number (form-encoded bodies, file cells).
    const written = await h.call<PayLinkCreated>(
      '/pay/pay/create',
      { amount: ' 1200 ', subject: 'x' },
      { token: coAdmin },
    );
    expect(written.body.result?.amount).toBe(1200);

    const file = csv([
      ['clientOrderNo', 'amount', 'subject'],
      [no('up'), '1e3', 'science'],
      [no('up'), '0x10', 'hex'],
    ]);
    const up = await upload(h, '/pay/pay/uploadFile', coAdmin, { name: 'links.csv', data: file });
    expect(up.body.resultType).toBe('INVALID');
    expect(await count(h, 'orders')).toBe(before + 1);
  });

  it('a refund amount of "1e3" refunds nothing', async () => {
    const o = await paidOrder(1500);
    const r = await refund({ gatewayOrderNo: o.gatewayOrderNo, refundAmount: '1e3' });
    expect([r.body.resultType, r.body.errors?.refundAmount]).toEqual([
      'INVALID',
      '返金金額の形式が正しくありません',
    ]);
    expect((await orderByGateway(h, o.gatewayOrderNo)).refundedAmount).toBe(0);
    const merchantRefund = await m.call('/merchant/refund/refund', {
      clientOrderNo: o.clientOrderNo,
      clientRefundNo: no('r'),
      amount: '2e2',
    });
    expect(merchantRefund.body.resultType).toBe('INVALID');
    // Above the remainder: said under the field the merchant sent (amount), in its language.
    const above = await m.call(
      '/merchant/refund/refund',
      { clientOrderNo: o.clientOrderNo, clientRefundNo: no('r'), amount: 99_999 },
      { headers: { 'accept-language': 'en' } },
    );
    expect(above.body.resultType).toBe('INVALID');
    expect(Object.keys(above.body.errors ?? {})).toEqual(['amount']);
    expect(above.body.errors?.amount).toContain('1,500');
  });

  it('a client refund number already used is another refund even when the new one asks for the full remainder', async () => {
    const o = await paidOrder(1000);
    const clientRefundNo = no('R');
    const first = await refund({ gatewayOrderNo: o.gatewayOrderNo, refundAmount: 300, clientRefundNo });
    expect(first.body.result).toMatchObject({ amount: 300, created: true });
    const full = await refund({
      gatewayOrderNo: o.gatewayOrderNo,
      refundAmount: 700,
      fullRefund: true,
      clientRefundNo,
    });
    expect([full.body.resultType, full.body.resultMessage]).toEqual([
      'FAIL',
      'この加盟店返金番号は別の内容の返金で使用されています',
    ]);
    // The same refund asked again is the same refund.
    const retry = await refund({ gatewayOrderNo: o.gatewayOrderNo, refundAmount: 300, clientRefundNo });
    expect(retry.body.result).toMatchObject({ amount: 300, created: false });
    expect((await orderByGateway(h, o.gatewayOrderNo)).refundedAmount).toBe(300);
  });

  it('a pre-order’s payments never take a client order number a merchant or a console user can give', async () => {
    const clientPayNo = no('CLASH');
    const p = await h.call<PreOrderCreated>(
      '/history/preOrder/create',
      { orderAmount: 800, useTimes: 2, clientPayNo },
      { token: coAdmin },
    );
    expect(p.body.resultType).toBe('SUCCESS');
    // The number the first use once took, given to a URL payment and a merchant payment.
    const link = await h.call(
      '/pay/pay/create',
      { amount: 100, subject: 'x', clientOrderNo: `${clientPayNo}-1` },
      { token: coAdmin },
    );
    expect(link.body.resultType).toBe('SUCCESS');
    const paid = await h.call<PayerPreOrderView>('/pay/qrcode/decide', {
      code: p.body.result!.gatewayPayNo,
      brand: 'paypay',
      action: 'pay',
    });
    expect(paid.body.resultType, paid.body.resultMessage).toBe('SUCCESS');
    const use = await orderByGateway(h, paid.body.result!.order!.orderNo);
    expect(use.clientOrderNo).toBe(`${clientPayNo}.1`);
    const merchantTry = await m.create({ clientOrderNo: `${clientPayNo}.1`, amount: 100 });
    expect(merchantTry.body.resultType).toBe('INVALID');
  });

  it('the order detail holds the fields of its contract, not the record’s others', async () => {
    const o = await paidOrder(600);
    const detail = await h.call<OrderDetail>(
      '/history/orderInfo/get',
      { gatewayOrderNo: o.gatewayOrderNo },
      { token: coAdmin },
    );
    for (const key of ['notifyUrl', 'preOrderId', 'updatedAt'])
      expect(detail.body.result, key).not.toHaveProperty(key);
  });

  it('an order asked for by neither id nor number is refused naming the number', async () => {
    for (const body of [{}, { id: null }, { gatewayOrderNo: '' }]) {
      const r = await h.call('/history/orderInfo/get', body, { token: coAdmin });
      expect([r.body.resultType, r.body.resultMessage], JSON.stringify(body)).toEqual([
        'INVALID',
        'ゲートウェイ注文番号は必須です',
      ]);
    }
  });

  it('null where a number or text is expected is "required", in the caller’s language', async () => {
    const r = await h.call('/history/orderInfo/page', { ...RANGE, pageSize: null }, { token: coAdmin });
    expect(r.body.resultType).toBe('INVALID');
    expect(r.body.errors?.pageSize).not.toMatch(/null/);
  });
});
