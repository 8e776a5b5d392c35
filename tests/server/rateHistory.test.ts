import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import {
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  type MerchantClient,
} from './payments-support';

/**
 * Commission is recomputable (docs/settlement.md, "Money"): payments taken through the merchant
 * API while the company's rates change carry the rates in force when each was paid, and the
 * rate history gives those same rates for each payment's paid time; a refund returns the charges
 * on its part at the order's own rates.
 */
let seq = 0;
const no = () => `RH-${Date.now().toString(36)}-${++seq}`;
type Row = Record<string, unknown>;

describe.each(backends)('rates in force when paid on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let company = 0;
  let admin = '';
  const rows = async (q: ReturnType<typeof sql>) => {
    const r = await h.db.execute(q);
    return (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[];
  };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    company = (await orgIds(h.db)).company('株式会社ひのき珈琲');
    m = await merchantClient(h, company);
    admin = await h.token('admin');
  });
  afterAll(() => h?.close());

  const setRates = async (paypay: string, rebate: string) => {
    const r = await h.call(
      '/org/commissonRateConfig/saveCommissionRate',
      {
        companyId: company,
        rates: [
          { brand: 'paypay', channel: 'offline', rate: paypay },
          { brand: 'paypay', channel: 'online', rate: paypay },
        ],
        rebates: [{ brand: 'paypay', rate: rebate }],
      },
      { token: admin },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
  };
  const pay = async (amount: number) => {
    const o = (await m.create({ clientOrderNo: no(), amount })).body.result!;
    await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'paypay', action: 'pay' });
    await notificationsDelivered(h);
    return orderByGateway(h, o.gatewayOrderNo);
  };

  it("gives each payment the rates of its paid time, as the history says, and a refund returns its part's charges", async () => {
    await setRates('3.25', '0.80');
    const first = await pay(12_800);
    await setRates('2.50', '0.50');
    const second = await pay(12_800);
    expect([first.commissionRate, first.commissionAmount, first.rebateRate, first.rebateAmount]).toEqual([
      325, 416, 80, 102,
    ]);
    expect([second.commissionRate, second.commissionAmount, second.rebateRate, second.rebateAmount]).toEqual([
      250, 320, 50, 64,
    ]);
    // The brand fee of the demo's comprehensive agent for PayPay, fixed too.
    expect(first.feeRate).not.toBeNull();
    for (const o of [first, second]) {
      const [inForce] = await rows(sql`select rate from rate_changes
        where kind = 'commission' and company_id = ${company} and brand = 'paypay' and channel = 'offline'
          and valid_from <= ${o.finishedAt} order by valid_from desc, id desc limit 1`);
      expect(Number(inForce.rate)).toBe(o.commissionRate);
      const [rebate] = await rows(sql`select rate from rate_changes
        where kind = 'rebate' and company_id = ${company} and brand = 'paypay'
          and valid_from <= ${o.finishedAt} order by valid_from desc, id desc limit 1`);
      expect(Number(rebate.rate)).toBe(o.rebateRate);
    }
    // A refund of 2,000 of the first: C(12800) − C(10800) at 3.25 % = 416 − 351.
    const r = await h.call<{ refundStatus: string; gatewayRefundNo: string }>(
      '/pay/refund/refund',
      {
        gatewayOrderNo: first.gatewayOrderNo,
        refundAmount: 2000,
        refundPassword: md5Upper(DEMO_PASSWORD),
        remark: 'rates',
      },
      { token: await h.token('co-admin') },
    );
    expect(r.body.result!.refundStatus).toBe('success');
    const [refund] = await rows(
      sql`select commission_amount, rebate_amount from refunds where gateway_refund_no = ${r.body.result!.gatewayRefundNo}`,
    );
    expect([Number(refund.commission_amount), Number(refund.rebate_amount)]).toEqual([416 - 351, 102 - 86]);
  });
});
