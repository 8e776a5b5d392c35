/**
 * Payment limits (issue #12; docs/api.md "Payment limits"): every creation path meets the
 * company's per-payment limits of its kind and channel, the absolute maximum of the contract,
 * and the daily all-value limit — refused above with the limit named, accepted at exactly it —
 * and the daily limit holds under concurrent payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PayLinkCreated } from '../../src/contract/links';
import type { LimitRefusal } from '../../src/contract/limits';
import { paymentLimitFields } from '../../src/contract/limits';
import { MAX_PAYMENT_MINOR } from '../../src/contract/money';
import type { PayerPreOrderView } from '../../src/contract/merchant';
import type { PreOrderCreated } from '../../src/contract/preorders';
import type { UploadRefusal } from '../../src/contract/uploads';
import { companies } from '../../server/db/schema';
import { createPayment, dayTotal, PaymentLimitExceeded } from '../../server/modules/payments';
import { systemActor } from '../../server/platform/audit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { prepareDatabase } from '../../server/demo/prepare';
import {
  backends,
  freshPostgresDatabase,
  startHarness,
  TEST_SANDBOX_KEY,
  TEST_SECRET_KEY,
  type Harness,
} from './harness';
import { orgIds } from './fixtures';
import { count, merchantClient, type MerchantClient } from './payments-support';
import { csv, upload } from './uploads-support';

const WORKING: Record<string, string> = { ja: 'jp', 'zh-cn': 'zh_cn', en: 'en' };
let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

type Limits = Partial<Record<(typeof LIMIT_NAMES)[number], number | null>>;
const LIMIT_NAMES = [
  'limitOffline',
  'limitOnline',
  'limitAutoDebit',
  'limitStaticCode',
  'limitDynamicCode',
  'limitLink',
  'limitAll',
] as const;

describe('which limits a payment meets', () => {
  it('maps each payment type to its code kind and its channel', () => {
    expect(paymentLimitFields('link', false)).toEqual(['limitLink', 'limitOnline']);
    expect(paymentLimitFields('link', true)).toEqual(['limitDynamicCode', 'limitOnline']);
    expect(paymentLimitFields('dynamicQr', false)).toEqual(['limitDynamicCode', 'limitOffline']);
    expect(paymentLimitFields('staticQr', false)).toEqual(['limitStaticCode', 'limitOffline']);
    expect(paymentLimitFields('cpm', false)).toEqual(['limitOffline']);
    expect(paymentLimitFields('card', false)).toEqual(['limitOnline']);
  });

  it('keeps every absolute maximum far inside exact integers', () => {
    for (const max of Object.values(MAX_PAYMENT_MINOR)) {
      expect(Number.isSafeInteger(max * 100)).toBe(true);
      expect(max).toBeLessThan(9_007_199_254_740_991);
    }
  });
});

describe.each(backends)('payment limits on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let coAdmin: string;
  let hinoki: number;

  /** Sets the company's limits: the ones named, every other one none. */
  const setLimits = async (limits: Limits) => {
    const all = Object.fromEntries(LIMIT_NAMES.map((n) => [n, limits[n] ?? null]));
    await h.db.update(companies).set(all).where(eq(companies.id, hinoki));
  };
  /** The console answers in the user's working language. */
  const speak = (lang: string) =>
    h.call('/system/profile/language', { workingLanguage: WORKING[lang] }, { token: coAdmin });
  const asUser = async <T>(lang: string, call: () => Promise<T>): Promise<T> => {
    if (lang !== 'ja') await speak(lang);
    try {
      return await call();
    } finally {
      if (lang !== 'ja') await speak('ja');
    }
  };
  const link = (body: Record<string, unknown>, lang = 'ja') =>
    asUser(lang, () =>
      h.call<PayLinkCreated>(
        '/pay/pay/create',
        { subject: '限度額テスト', clientOrderNo: no('L'), ...body },
        { token: coAdmin },
      ),
    );
  const preOrder = (body: Record<string, unknown>, lang = 'ja') =>
    asUser(lang, () =>
      h.call<PreOrderCreated>(
        '/history/preOrder/create',
        { clientPayNo: no('P'), ...body },
        { token: coAdmin },
      ),
    );
  const merchant = (body: Record<string, unknown>, lang = 'ja') =>
    m.call<unknown>(
      '/merchant/pay/create',
      { clientOrderNo: no('M'), currency: 'JPY', subject: 'limit', ...body },
      { headers: { 'accept-language': lang } },
    );
  const todayJpy = () => dayTotal(h.db, 'Asia/Tokyo', hinoki, 'JPY');

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    hinoki = (await orgIds(h.db)).company('株式会社ひのき珈琲');
    coAdmin = await h.token('co-admin');
    m = await merchantClient(h, hinoki);
  });
  afterAll(() => h?.close());

  it('refuses a URL payment above the link limit at its amount field, in ja, zh-cn and en; accepts exactly it', async () => {
    await setLimits({ limitLink: 100_000 });
    const before = await count(h, 'orders');
    const ja = await link({ amount: 100_001 });
    expect(ja.body.resultType).toBe('INVALID');
    expect(ja.body.errors).toEqual({ amount: '金額がこの加盟店のリンク決済上限（100,000円）を超えています' });
    const zh = await link({ amount: 100_001 }, 'zh-cn');
    expect(zh.body.errors?.amount).toBe('金额超过该商户的链接支付限额（100,000日元）');
    const en = await link({ amount: 20_000_00, currency: 'USD' }, 'en');
    expect(en.body.errors?.amount).toBe("The amount exceeds this merchant's link payment limit ($1,000.00)");
    expect(await count(h, 'orders')).toBe(before);
    const exact = await link({ amount: 100_000 });
    expect(exact.body.resultType).toBe('SUCCESS');
    expect(exact.body.result).toMatchObject({ amount: 100_000, created: true });
    const usd = await link({ amount: 100_000, currency: 'USD' });
    expect(usd.body.resultType).toBe('SUCCESS');
  });

  it('refuses a URL payment above the online limit, and 0 closes a channel', async () => {
    await setLimits({ limitOnline: 50_000, limitOffline: 1 });
    const over = await link({ amount: 50_001 }, 'en');
    expect(over.body.errors?.amount).toBe(
      "The amount exceeds this merchant's online payment limit (¥50,000)",
    );
    expect((await link({ amount: 50_000 })).body.resultType).toBe('SUCCESS');
    await setLimits({ limitLink: 0 });
    const closed = await link({ amount: 1 }, 'en');
    expect(closed.body.errors?.amount).toBe("The amount exceeds this merchant's link payment limit (¥0)");
  });

  it('refuses a pre-order above the dynamic code limit at orderAmount; its payments meet the limit again', async () => {
    await setLimits({ limitDynamicCode: 30_000, limitOnline: 40_000 });
    const over = await preOrder({ orderAmount: 30_001 });
    expect(over.body.resultType).toBe('INVALID');
    expect(over.body.errors).toEqual({
      orderAmount: '金額がこの加盟店の動的コード決済上限（30,000円）を超えています',
    });
    const exact = await preOrder({ orderAmount: 30_000, useTimes: 3 });
    expect(exact.body.resultType).toBe('SUCCESS');
    const code = exact.body.result!.gatewayPayNo;
    // The payer pays at exactly the limit.
    const paid = await h.call<PayerPreOrderView>('/pay/qrcode/decide', {
      code,
      brand: 'paypay',
      action: 'pay',
    });
    expect(paid.body.resultType).toBe('SUCCESS');
    // The limit is lowered: the next payment of the pre-order is refused on the payer page.
    await setLimits({ limitDynamicCode: 20_000 });
    const made = await count(h, 'orders');
    const refused = await h.call<PayerPreOrderView>(
      '/pay/qrcode/decide',
      { code, brand: 'paypay', action: 'pay' },
      { lang: 'en' },
    );
    expect(refused.body.resultType).toBe('FAIL');
    expect(refused.body.resultMessage).toBe(
      "The amount exceeds this merchant's dynamic code payment limit (¥20,000)",
    );
    expect(await count(h, 'orders')).toBe(made);
  });

  it('answers the merchant API with FAIL and LIMIT_EXCEEDED naming the limit; accepts exactly it', async () => {
    await setLimits({ limitDynamicCode: 30_000, limitOffline: 20_000, limitLink: 10_000 });
    let before = await count(h, 'orders');
    const qr = await merchant({ amount: 20_001, paymentType: 'dynamicQr', brand: 'paypay' }, 'en');
    expect(qr.body.resultType).toBe('FAIL');
    expect(qr.body.resultMessage).toBe("The amount exceeds this merchant's offline payment limit (¥20,000)");
    expect(qr.body.result).toEqual({
      errorCode: 'LIMIT_EXCEEDED',
      limit: 'limitOffline',
      limitAmount: 20_000,
      currency: 'JPY',
    } satisfies LimitRefusal);
    const atOffline = await merchant({ amount: 20_000, paymentType: 'dynamicQr', brand: 'paypay' });
    expect(atOffline.body.resultType).toBe('SUCCESS');
    before += 1;
    await setLimits({ limitDynamicCode: 15_000, limitOffline: 20_000, limitLink: 10_000 });
    const code = await merchant({ amount: 15_001, paymentType: 'dynamicQr', brand: 'paypay' });
    expect(code.body.resultMessage).toBe('金額がこの加盟店の動的コード決済上限（15,000円）を超えています');
    expect((code.body.result as LimitRefusal).limit).toBe('limitDynamicCode');
    const viaLink = await merchant({ amount: 10_001, paymentType: 'link' }, 'zh-cn');
    expect(viaLink.body.resultMessage).toBe('金额超过该商户的链接支付限额（10,000日元）');
    expect(await count(h, 'orders')).toBe(before);
    expect(
      (await merchant({ amount: 15_000, paymentType: 'dynamicQr', brand: 'paypay' })).body.resultType,
    ).toBe('SUCCESS');
    const exact = { clientOrderNo: no('M'), amount: 10_000, paymentType: 'link' };
    expect((await merchant(exact)).body.resultType).toBe('SUCCESS');
    // The same payment asked again answers with it, whatever the limits are now.
    await setLimits({ limitLink: 0 });
    const again = await merchant(exact);
    expect(again.body.resultType).toBe('SUCCESS');
    expect(again.body.resultMessage).toBe('この加盟店注文番号の決済は作成済みです');
  });

  it('refuses a static code payment above the static code limit where a payment is created', async () => {
    await setLimits({ limitStaticCode: 5_000 });
    const payment = (amount: number) =>
      createPayment(
        h.app.deps(),
        {
          companyId: hinoki,
          branchUnitId: null,
          clientOrderNo: no('S'),
          amount,
          currency: 'JPY',
          paymentType: 'staticQr',
          brand: '',
          subject: 'static',
          expireMinutes: 15,
          notifyUrl: '',
        },
        systemActor('test'),
      );
    const err = await payment(5_001).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentLimitExceeded);
    expect((err as PaymentLimitExceeded).refusal).toMatchObject({
      limit: 'limitStaticCode',
      limitAmount: 5_000,
    });
    expect((await payment(5_000)).created).toBe(true);
  });

  it('refuses every row of an upload above a limit, by row, and writes nothing', async () => {
    await setLimits({ limitLink: 10_000 });
    const before = await count(h, 'orders');
    const r = await asUser('en', () =>
      upload<UploadRefusal>(h, '/pay/pay/uploadFile', coAdmin, {
        name: 'links.csv',
        data: csv([
          ['amount', 'subject'],
          [10_000, 'ok'],
          [10_001, 'over'],
        ]),
      }),
    );
    expect(r.body.resultType).toBe('INVALID');
    expect(r.body.result!.rows).toEqual([
      {
        row: 3,
        field: 'amount',
        message: "The amount exceeds this merchant's link payment limit (¥10,000)",
      },
    ]);
    expect(await count(h, 'orders')).toBe(before);
    await setLimits({ limitDynamicCode: 10_000 });
    const pre = await upload<UploadRefusal>(h, '/history/preOrder/uploadFile', coAdmin, {
      name: 'pre.csv',
      data: csv([['orderAmount'], [10_001]]),
    });
    expect(pre.body.result!.rows).toEqual([
      {
        row: 2,
        field: 'orderAmount',
        message: '金額がこの加盟店の動的コード決済上限（10,000円）を超えています',
      },
    ]);
  });

  it('refuses 9,007,199,254,740,991 USD and anything above the absolute maximum even with no limits', async () => {
    await setLimits({});
    const before = await count(h, 'orders');
    const huge = await link({ amount: 9_007_199_254_740_991, currency: 'USD' }, 'en');
    expect(huge.body.resultType).toBe('INVALID');
    expect(huge.body.errors?.amount).toBe(
      'Amount must be at most the maximum of one payment ($10,000,000.00)',
    );
    const justOver = await link({ amount: MAX_PAYMENT_MINOR.USD + 1, currency: 'USD' }, 'en');
    expect(justOver.body.errors?.amount).toBe(
      'Amount must be at most the maximum of one payment ($10,000,000.00)',
    );
    const pre = await preOrder({ orderAmount: MAX_PAYMENT_MINOR.JPY + 1 }, 'en');
    expect(Object.keys(pre.body.errors ?? {})).toEqual(['orderAmount']);
    const api = await merchant({ amount: 9_007_199_254_740_991, currency: 'USD', paymentType: 'link' });
    expect(api.body.resultType).toBe('INVALID');
    expect(Object.keys(api.body.errors ?? {})).toEqual(['amount']);
    expect(await count(h, 'orders')).toBe(before);
    // Below the contract, where a payment is created, too.
    const direct = await createPayment(
      h.app.deps(),
      {
        companyId: hinoki,
        branchUnitId: null,
        clientOrderNo: no('X'),
        amount: MAX_PAYMENT_MINOR.JPY + 1,
        currency: 'JPY',
        paymentType: 'cpm',
        brand: '',
        subject: 'x',
        expireMinutes: 15,
        notifyUrl: '',
      },
      systemActor('test'),
    ).catch((e: unknown) => e);
    expect((direct as PaymentLimitExceeded).refusal).toMatchObject({ limit: 'paymentMax' });
    const exact = await link({ amount: MAX_PAYMENT_MINOR.USD, currency: 'USD' });
    expect(exact.body.resultType).toBe('SUCCESS');
  });

  it('keeps a day’s total of one currency within the all-value limit; failed and closed payments give it back', async () => {
    const used = Number(await todayJpy());
    await setLimits({ limitAll: used + 10_000 });
    expect((await link({ amount: 6_000 })).body.resultType).toBe('SUCCESS');
    const fill = await link({ amount: 4_000 });
    expect(fill.body.resultType).toBe('SUCCESS');
    const over = await link({ amount: 1 }, 'en');
    expect(over.body.errors?.amount).toBe(
      `This payment would take today's total above this merchant's daily overall limit (¥${(used + 10_000).toLocaleString('en')}); ¥0 is left today`,
    );
    const api = await merchant({ amount: 1, paymentType: 'link' });
    expect((api.body.result as LimitRefusal).limit).toBe('limitAll');
    // Another currency (no EUR payment yet today) is a total of its own.
    expect((await link({ amount: 10_000, currency: 'EUR' })).body.resultType).toBe('SUCCESS');
    // A closed payment took no money: its amount is free again.
    const closed = await h.call(
      '/pay/pay/close',
      { gatewayOrderNo: fill.body.result!.gatewayOrderNo },
      { token: coAdmin },
    );
    expect(closed.body.resultType).toBe('SUCCESS');
    expect((await link({ amount: 4_001 })).body.resultType).toBe('INVALID');
    expect((await link({ amount: 4_000 })).body.resultType).toBe('SUCCESS');
  });

  it('lets 20 concurrent payments that each fit take no more than the daily limit together', async () => {
    const used = Number(await todayJpy());
    const limit = used + 10_000;
    await setLimits({ limitAll: limit });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? merchant({ amount: 1_000, paymentType: 'link' }) : link({ amount: 1_000 }),
      ),
    );
    const accepted = replies.filter((r) => r.body.resultType === 'SUCCESS').length;
    expect(accepted).toBe(10);
    expect(
      replies
        .filter((r) => r.body.resultType !== 'SUCCESS')
        .every((r) => ['FAIL', 'INVALID'].includes(r.body.resultType)),
    ).toBe(true);
    expect(Number(await todayJpy())).toBe(limit);
  });
});

/**
 * Two server processes on one PostgreSQL database (two apps, each with its own pool, as in
 * twoProcesses.test.ts): concurrent payments created through both never pass the daily limit.
 */
// Registered when the suite has a PostgreSQL server (PGlite is one process's database).
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl)
  describe('the daily limit across two processes on PostgreSQL', () => {
    let handles: DatabaseHandle[] = [];
    let apps: FastifyInstance[] = [];
    let drop = async () => {};

    beforeAll(async () => {
      const config = loadConfig(
        {},
        {
          staticDir: '/nonexistent-kessai-static',
          logLevel: 'warn',
          argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
          secretKey: TEST_SECRET_KEY,
          sandboxKey: TEST_SANDBOX_KEY,
          demoOrders: 0,
        },
      );
      const fresh = await freshPostgresDatabase(postgresUrl);
      drop = fresh.drop;
      handles = [await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url })];
      await Promise.all(handles.map((handle) => prepareDatabase(handle, config)));
      apps = await Promise.all(handles.map((handle) => buildApp({ db: handle.db, config })));
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(handles.map((handle) => handle.close()));
      await drop();
    });

    it('accepts at most the limit of 20 payments made at once through both', async () => {
      const companyId = (await orgIds(handles[0].db)).company('株式会社ひのき珈琲');
      const limit = Number(await dayTotal(handles[0].db, 'Asia/Tokyo', companyId, 'JPY')) + 10_000;
      await handles[0].db
        .update(companies)
        .set({ limitLink: null, limitOnline: null, limitAll: limit })
        .where(eq(companies.id, companyId));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          createPayment(
            apps[i % 2].deps(),
            {
              companyId,
              branchUnitId: null,
              clientOrderNo: no('TWO'),
              amount: 1_500,
              currency: 'JPY',
              paymentType: 'link',
              brand: '',
              subject: 'two processes',
              expireMinutes: 15,
              notifyUrl: '',
            },
            systemActor('test'),
          ),
        ),
      );
      const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
      const refused = outcomes.filter(
        (o) => o.status === 'rejected' && o.reason instanceof PaymentLimitExceeded,
      ).length;
      // 6 × 1,500 = 9,000 fit; a seventh would pass 10,000.
      expect([accepted, refused]).toEqual([6, 14]);
      expect(Number(await dayTotal(handles[1].db, 'Asia/Tokyo', companyId, 'JPY'))).toBeLessThanOrEqual(
        limit,
      );
    });
  });
