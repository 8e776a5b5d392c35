import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, RATE_CHANNELS, type Brand, type RateChannel } from '../../src/contract/commission';
import type { BrandSettings } from '../../src/contract/brandSettings';
import type { PayerView } from '../../src/contract/merchant';
import { backends, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import {
  count,
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  type MerchantClient,
} from './payments-support';

/**
 * No payment without its commission (issue #29, docs/settlement.md "Money"): a company takes a
 * payment through a brand only where it has a commission rate for each wallet or scheme the
 * payment may be charged under, in the payment's channel — refused, with nothing written, at the
 * merchant API, the console's URL payments and pre-orders and the payer's choice; and every paid
 * order carries its rate, brand by brand.
 */
let seq = 0;
const no = (p: string) => `CR-${p}-${Date.now().toString(36)}-${++seq}`;

/** The wallet or scheme a payer pays with for each commission brand, and its brand. */
const PAID_WITH: Record<Brand, { brand: string; subBrand: string }> = {
  wechat: { brand: 'wechat', subBrand: 'wechat' },
  alipay: { brand: 'wechat', subBrand: 'alipay' },
  unionpay: { brand: 'wechat', subBrand: 'unionpay' },
  alipayplus: { brand: 'alipayplus', subBrand: 'gcash' },
  paypay: { brand: 'paypay', subBrand: 'paypay' },
  card: { brand: 'card', subBrand: 'visa' },
};
/** A distinct rate for each brand and channel: 3.01 %, 3.02 %, … */
const rateOf = (brand: Brand, channel: RateChannel) =>
  300 + BRANDS.indexOf(brand) * 2 + RATE_CHANNELS.indexOf(channel) + 1;
const percent = (h: number) => `${Math.trunc(h / 100)}.${String(h % 100).padStart(2, '0')}`;

describe.each(backends)('no payment without its commission rate on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let company = 0;
  let admin = '';
  let coAdmin = '';

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    company = (await orgIds(h.db)).company('株式会社ひのき珈琲');
    m = await merchantClient(h, company);
    admin = await h.token('admin');
    coAdmin = await h.token('co-admin');
  });
  afterAll(() => h?.close());

  /** Every rate but those left out, through the rate editor (its history and audit with it). */
  const setRates = async (without: { brand: Brand; channel?: RateChannel }[] = []) => {
    const rates = BRANDS.flatMap((brand) =>
      RATE_CHANNELS.filter(
        (channel) => !without.some((w) => w.brand === brand && (w.channel ?? channel) === channel),
      ).map((channel) => ({ brand, channel, rate: percent(rateOf(brand, channel)) })),
    );
    const r = await h.call(
      '/org/commissonRateConfig/saveCommissionRate',
      { companyId: company, rates, rebates: [] },
      { token: admin },
    );
    expect(r.body.resultType, r.body.resultMessage).toBe('SUCCESS');
  };
  const written = async () => ({
    orders: await count(h, 'orders'),
    links: await count(h, 'pay_links'),
    preOrders: await count(h, 'pre_orders'),
  });
  const link = (lang = 'ja') =>
    h.call<{ gatewayOrderNo: string }>(
      '/pay/pay/create',
      { amount: 3300, currency: 'JPY', subject: 'rates' },
      { token: coAdmin, lang },
    );

  it('pays every brand and wallet, offline and online, each at its own rate', async () => {
    await setRates();
    for (const brand of BRANDS) {
      const { brand: payBrand, subBrand } = PAID_WITH[brand];
      // Offline: the merchant's dynamic code through the brand.
      const qr = (await m.create({ clientOrderNo: no('qr'), brand: payBrand, amount: 10_000 })).body.result!;
      await h.call('/pay/qrcode/decide', {
        orderNo: qr.gatewayOrderNo,
        brand: payBrand,
        subBrand,
        action: 'pay',
      });
      // Online: a URL payment whose payer chooses the brand and wallet.
      const url = (await link()).body.result!;
      const chose = await h.call<PayerView>('/pay/qrcode/decide', {
        orderNo: url.gatewayOrderNo,
        brand: payBrand,
        subBrand,
        action: 'pay',
      });
      expect(chose.body.resultType, chose.body.resultMessage).toBe('SUCCESS');
      await notificationsDelivered(h);
      const offline = await orderByGateway(h, qr.gatewayOrderNo);
      const online = await orderByGateway(h, url.gatewayOrderNo);
      expect([
        brand,
        offline.status,
        offline.subBrand,
        offline.commissionRate,
        offline.commissionAmount,
      ]).toEqual([
        brand,
        'success',
        subBrand,
        rateOf(brand, 'offline'),
        Math.floor((10_000 * rateOf(brand, 'offline') + 5000) / 10_000),
      ]);
      expect([brand, online.status, online.commissionRate]).toEqual([
        brand,
        'success',
        rateOf(brand, 'online'),
      ]);
    }
  });

  it('refuses a payment through a brand with no rate in its channel, at every door, writing nothing', async () => {
    for (const brand of BRANDS) {
      const { brand: payBrand, subBrand } = PAID_WITH[brand];
      // No offline rate for this brand: the merchant's dynamic code is refused.
      await setRates([{ brand, channel: 'offline' }]);
      const before = await written();
      const refused = await m.create({ clientOrderNo: no('refused'), brand: payBrand });
      expect([
        brand,
        refused.body.resultType,
        (refused.body.result as { errorCode?: string })?.errorCode,
      ]).toEqual([brand, 'FAIL', 'NO_COMMISSION_RATE']);
      expect(refused.body.resultMessage).toContain('オフライン');
      expect(await written()).toEqual(before);
      // The same brand online is still taken: a link's payer may choose it.
      const url = (await link()).body.result!;
      const ok = await h.call<PayerView>('/pay/qrcode/decide', {
        orderNo: url.gatewayOrderNo,
        brand: payBrand,
        subBrand,
        action: 'pay',
      });
      expect([brand, ok.body.resultType]).toEqual([brand, 'SUCCESS']);

      // No online rate: the payer's page does not offer the wallet, and choosing it anyway changes nothing.
      await setRates([{ brand, channel: 'online' }]);
      const next = (await link('en')).body.result!;
      const page = await h.call<PayerView>('/pay/qrcode/get', { orderNo: next.gatewayOrderNo });
      const offered = page.body.result!.brands.find((b) => b.brand === payBrand)?.subBrands ?? [];
      expect([brand, offered.includes(subBrand)]).toEqual([brand, false]);
      const choice = await h.call<PayerView>(
        '/pay/qrcode/decide',
        { orderNo: next.gatewayOrderNo, brand: payBrand, subBrand, action: 'pay' },
        { lang: 'en' },
      );
      expect([brand, choice.body.resultType]).toEqual([brand, 'FAIL']);
      expect(choice.body.resultMessage).toMatch(/^This merchant has no commission rate for .+ \(Online\)/);
      expect(await orderByGateway(h, next.gatewayOrderNo)).toMatchObject({
        status: 'pendingPayment',
        brand: '',
        brandOrderNo: '',
      });
    }
  });

  it('names what a Chinese-wallet payment lacks before the wallet is known', async () => {
    await setRates([{ brand: 'unionpay', channel: 'offline' }]);
    const r = await m.call('/merchant/pay/create', {
      clientOrderNo: no('wallets'),
      amount: 1200,
      currency: 'JPY',
      paymentType: 'dynamicQr',
      brand: 'wechat',
    });
    expect(r.body.result).toEqual({
      errorCode: 'NO_COMMISSION_RATE',
      brand: 'wechat',
      channel: 'offline',
      missing: ['unionpay'],
    });
    expect(r.body.resultMessage).toBe(
      'この加盟店には銀聯（オフライン）の手数料率が設定されていないため、この決済は受け付けられません。プラットフォームに手数料率の設定を依頼してください',
    );
    // The company's page says which brands take payments, and what each lacks.
    const settings = await h.call<BrandSettings>(
      '/org/brandSetting/get',
      { companyId: company },
      { token: admin },
    );
    expect(settings.body.result!.readiness).toEqual([
      { brand: 'wechat', missing: { online: [], offline: ['unionpay'] } },
      { brand: 'alipayplus', missing: { online: [], offline: [] } },
      { brand: 'paypay', missing: { online: [], offline: [] } },
      { brand: 'card', missing: { online: [], offline: [] } },
    ]);
  });

  it('takes no URL payment or pre-order while no brand has an online rate', async () => {
    await setRates(BRANDS.map((brand) => ({ brand, channel: 'online' as const })));
    const before = await written();
    const refused = await link();
    expect([refused.body.resultType, refused.body.resultMessage]).toEqual([
      'FAIL',
      'この加盟店にはオンライン決済の手数料率が設定された決済ブランドがないため、決済を受け付けられません。プラットフォームに手数料率の設定を依頼してください',
    ]);
    const preOrder = await h.call('/history/preOrder/create', { orderAmount: 2500 }, { token: coAdmin });
    expect([preOrder.body.resultType, preOrder.body.resultMessage]).toEqual([
      'FAIL',
      'この加盟店にはオンライン決済の手数料率が設定された決済ブランドがないため、決済を受け付けられません。プラットフォームに手数料率の設定を依頼してください',
    ]);
    expect(await written()).toEqual(before);
    // One brand's online rate is enough for both; its payers are offered that brand alone.
    await setRates(
      BRANDS.filter((b) => b !== 'paypay').map((brand) => ({ brand, channel: 'online' as const })),
    );
    const made = await link();
    expect(made.body.resultType).toBe('SUCCESS');
    const page = await h.call<PayerView>('/pay/qrcode/get', { orderNo: made.body.result!.gatewayOrderNo });
    expect(page.body.result!.brands).toEqual([{ brand: 'paypay', subBrands: ['paypay'] }]);
    expect(
      (await h.call('/history/preOrder/create', { orderAmount: 2500 }, { token: coAdmin })).body.resultType,
    ).toBe('SUCCESS');
  });

  it('charges a payment accepted before its rate was removed at the last rate in force', async () => {
    await setRates();
    const o = (await m.create({ clientOrderNo: no('removed'), brand: 'paypay', amount: 8_000 })).body.result!;
    await setRates([{ brand: 'paypay' }]);
    await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'paypay', action: 'pay' });
    await notificationsDelivered(h);
    const paid = await orderByGateway(h, o.gatewayOrderNo);
    expect([paid.status, paid.commissionRate, paid.commissionAmount]).toEqual([
      'success',
      rateOf('paypay', 'offline'),
      Math.floor((8_000 * rateOf('paypay', 'offline') + 5000) / 10_000),
    ]);
  });
});
