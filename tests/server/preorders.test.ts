import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from '../../src/contract/envelope';
import type { PayerPreOrderView, PayerView } from '../../src/contract/merchant';
import type { PreOrderCreated, PreOrderRow } from '../../src/contract/preorders';
import type { UploadRefusal, UploadReply } from '../../src/contract/uploads';
import { auditLog, orders, preOrders } from '../../server/db/schema';
import { applyEvent, createPayment, move } from '../../server/modules/payments';
import { systemActor } from '../../server/platform/audit';
import { backends, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import { count, notificationsDelivered, setBehaviour } from './payments-support';
import { csv, upload, xlsx, XLSX_TYPE } from './uploads-support';

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (d: number) =>
  new Date(Date.now() + 9 * 3_600_000 - d * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('pre-orders on $name', (backend) => {
  let h: Harness;
  let admin: string;
  let coAdmin: string;
  let coOp: string;
  let hinoki: number;
  let minato: number;

  const create = (body: Record<string, unknown>, token = coAdmin) =>
    h.call<PreOrderCreated>('/history/preOrder/create', { orderAmount: 2500, ...body }, { token });
  const page = (body: Record<string, unknown>, token = coAdmin) =>
    h.call<Page<PreOrderRow>>(
      '/history/preOrder/page',
      { beginTime: daysAgo(1), endTime: today(), pageSize: 100, ...body },
      { token },
    );
  const getByCode = (code: string, orderNo = '') =>
    h.call<PayerPreOrderView>('/pay/qrcode/get', { code, ...(orderNo ? { orderNo } : {}) });
  const pay = (code: string, orderNo = '', action: 'pay' | 'cancel' = 'pay') =>
    h.call<PayerPreOrderView>('/pay/qrcode/decide', {
      code,
      brand: 'paypay',
      action,
      ...(orderNo ? { orderNo } : {}),
    });
  const record = async (gatewayPayNo: string) =>
    (await h.db.select().from(preOrders).where(eq(preOrders.gatewayPayNo, gatewayPayNo)))[0];
  const useOrders = async (id: number) =>
    h.db.select().from(orders).where(eq(orders.preOrderId, id)).orderBy(orders.id);

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    const ids = await orgIds(h.db);
    hinoki = ids.company('株式会社ひのき珈琲');
    minato = ids.company('株式会社みなと書店');
    admin = await h.token('admin');
    coAdmin = await h.token('co-admin');
    coOp = await h.token('co-op');
  });
  afterAll(() => h?.close());

  it('creates a pre-order with the defaults, its pay link and an audit row, idempotent on the client pay number', async () => {
    const r = await create({ remark: 'セミナー参加費' });
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.resultMessage).toBe('事前注文を作成しました');
    const p = r.body.result!;
    expect(p).toMatchObject({
      created: true,
      orderAmount: 2500,
      currency: 'JPY',
      validityHours: 24,
      useTimes: 1,
      usedTimes: 0,
      useStatus: 0,
      useStartTime: null,
      useFinishTime: null,
      state: 'open',
      remark: 'セミナー参加費',
      companyId: hinoki,
      closedAt: null,
    });
    expect(p.gatewayPayNo).toMatch(/^P\d+/);
    expect(p.clientPayNo).toBe(p.gatewayPayNo.slice(0, 48));
    expect(p.payLink).toBe(`/qrcode?code=${p.gatewayPayNo}`);
    expect((Date.parse(p.expireTime) - Date.parse(p.createdAt)) / 3_600_000).toBeCloseTo(24, 1);
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'preOrder'), eq(auditLog.objectId, p.gatewayPayNo)));
    expect(audit.map((a) => a.action)).toEqual(['create']);

    const clientPayNo = no('REQ');
    const first = await create({ clientPayNo, useTimes: 3, validityHours: 2, currency: 'USD' });
    const rows = await count(h, 'pre_orders');
    const again = await create({ clientPayNo, useTimes: 3, validityHours: 2, currency: 'USD' });
    expect(again.body.result).toMatchObject({
      created: false,
      gatewayPayNo: first.body.result!.gatewayPayNo,
    });
    expect(again.body.resultMessage).toBe('この加盟店支払番号の事前注文は作成済みです');
    const other = await create({ clientPayNo, orderAmount: 1 });
    expect([other.body.resultType, other.body.resultMessage]).toEqual([
      'FAIL',
      'この加盟店支払番号は別の内容の事前注文で使用されています',
    ]);
    expect(await count(h, 'pre_orders')).toBe(rows);
  });

  it('refuses bad input on every field and writes nothing', async () => {
    const before = await count(h, 'pre_orders');
    const cases: [Record<string, unknown>, string][] = [
      [{ orderAmount: undefined }, 'orderAmount'],
      [{ orderAmount: 'abc' }, 'orderAmount'],
      [{ orderAmount: 0 }, 'orderAmount'],
      [{ orderAmount: -100 }, 'orderAmount'],
      [{ orderAmount: 10.5 }, 'orderAmount'],
      [{ validityHours: 0 }, 'validityHours'],
      [{ validityHours: 721 }, 'validityHours'],
      [{ useTimes: 0 }, 'useTimes'],
      [{ useTimes: 10_000 }, 'useTimes'],
      [{ useTimes: 'many' }, 'useTimes'],
      [{ remark: 'x'.repeat(256) }, 'remark'],
      [{ currency: 'yen' }, 'currency'],
      [{ clientPayNo: 'x'.repeat(49) }, 'clientPayNo'],
      [{ clientPayNo: '予約 1' }, 'clientPayNo'],
      [{ usedTimes: 1 }, 'usedTimes'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect(r.body.resultType, JSON.stringify(body)).toBe('INVALID');
      expect(Object.keys(r.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const missing = await h.call('/history/preOrder/create', {}, { token: coAdmin });
    expect(missing.body.errors!.orderAmount).toBe('注文金額は必須です');
    expect(await count(h, 'pre_orders')).toBe(before);
  });

  it('keeps every role inside its tenant', async () => {
    const before = await count(h, 'pre_orders');
    expect((await create({ companyId: minato })).body.resultType).toBe('NOT_FOUND');
    expect((await create({}, coOp)).body.resultType).toBe('NO_ACCESS');
    expect((await create({}, admin)).body.resultType).toBe('INVALID');
    expect(await count(h, 'pre_orders')).toBe(before);
    const theirs = await create({ companyId: minato }, admin);
    expect(theirs.body.result!.companyName).toBe('株式会社みなと書店');
    const mine = (await page({})).body.result!;
    expect(mine.records.every((r) => r.companyId === hinoki)).toBe(true);
    expect(mine.records.map((r) => r.gatewayPayNo)).not.toContain(theirs.body.result!.gatewayPayNo);
    const close = await h.call(
      '/history/preOrder/close',
      { gatewayPayNo: theirs.body.result!.gatewayPayNo },
      { token: coAdmin },
    );
    expect(close.body.resultType).toBe('NOT_FOUND');
    expect((await record(theirs.body.result!.gatewayPayNo)).closedAt).toBeNull();
    expect((await page({}, coOp)).body.resultType).toBe('NO_ACCESS');
    const tooLong = await page({ beginTime: daysAgo(40) });
    expect(tooLong.body.resultType).toBe('INVALID');
  });

  it('finds a complete pay number made on any day, within the caller’s scope only', async () => {
    const r = (await create({ clientPayNo: no('OLD') })).body.result!;
    await h.db
      .update(preOrders)
      .set({ createdAt: sql`now() - interval '100 days'` })
      .where(eq(preOrders.gatewayPayNo, r.gatewayPayNo));
    expect((await page({})).body.result!.records.map((x) => x.gatewayPayNo)).not.toContain(r.gatewayPayNo);
    for (const payNo of [r.gatewayPayNo, r.clientPayNo]) {
      expect((await page({ payNo })).body.result!.records.map((x) => x.gatewayPayNo)).toEqual([
        r.gatewayPayNo,
      ]);
      expect((await page({ payNo }, admin)).body.result!.total).toBe(1);
      expect((await page({ payNo }, await h.token('minato-admin'))).body.result!.total).toBe(0);
    }
  });

  it('counts a use only when its order is paid; used up, it refuses further payments', async () => {
    const p = (await create({ useTimes: 2, remark: '月謝' })).body.result!;
    const view = await getByCode(p.gatewayPayNo);
    expect(view.body.result).toMatchObject({
      code: p.gatewayPayNo,
      merchantName: '株式会社ひのき珈琲',
      amount: 2500,
      currency: 'JPY',
      useTimes: 2,
      usedTimes: 0,
      remainingUses: 2,
      status: 'open',
      orderNo: '',
      order: null,
    });

    // A payment the brand fails is no use.
    await setBehaviour(h, hinoki, 'paypay', 'fail');
    const failed = await pay(p.gatewayPayNo);
    await setBehaviour(h, hinoki, 'paypay', 'normal');
    expect(failed.body.resultType).toBe('SUCCESS');
    const failedNo = failed.body.result!.orderNo;
    await notificationsDelivered(h);
    const afterFail = await getByCode(p.gatewayPayNo, failedNo);
    expect(afterFail.body.result!.order!.status).toBe('failed');
    expect(afterFail.body.result!.usedTimes).toBe(0);
    expect((await record(p.gatewayPayNo)).useStartTime).toBeNull();

    // The payer tries again: a new order for the use, paid, counted.
    const first = await pay(p.gatewayPayNo, failedNo);
    expect(first.body.result!.orderNo).not.toBe(failedNo);
    await notificationsDelivered(h);
    const one = await getByCode(p.gatewayPayNo, first.body.result!.orderNo);
    expect(one.body.result).toMatchObject({ usedTimes: 1, remainingUses: 1, status: 'open' });
    expect(one.body.result!.order!.status).toBe('success');
    const mid = await record(p.gatewayPayNo);
    expect([mid.usedTimes, mid.useStatus, mid.useFinishTime]).toEqual([1, 0, null]);
    expect(mid.useStartTime).not.toBeNull();

    const second = await pay(p.gatewayPayNo);
    await notificationsDelivered(h);
    const done = await record(p.gatewayPayNo);
    expect([done.usedTimes, done.useStatus]).toEqual([2, 1]);
    expect(done.useFinishTime).not.toBeNull();
    const orderNos = (await useOrders(done.id)).map((o) => [o.clientOrderNo, o.status, o.amount]);
    expect(orderNos).toEqual([
      [`${p.clientPayNo}.1`, 'failed', 2500],
      [`${p.clientPayNo}.2`, 'success', 2500],
      [`${p.clientPayNo}.3`, 'success', 2500],
    ]);
    expect(second.body.result!.orderNo).toBe((await useOrders(done.id))[2].gatewayOrderNo);

    const refused = await pay(p.gatewayPayNo);
    expect([refused.body.resultType, refused.body.resultMessage]).toEqual([
      'FAIL',
      'この事前注文は利用回数の上限まで使用されています',
    ]);
    expect((await getByCode(p.gatewayPayNo)).body.result!.status).toBe('used');
    expect(await useOrders(done.id)).toHaveLength(3);
    const listed = (await page({ useStatus: '1', payNo: p.clientPayNo })).body.result!.records;
    expect(listed.map((r) => [r.state, r.usedTimes, r.useStatus])).toEqual([['used', 2, 1]]);
    expect((await page({ useStatus: '0', payNo: p.clientPayNo })).body.result!.total).toBe(0);
    const close = await h.call(
      '/history/preOrder/close',
      { gatewayPayNo: p.gatewayPayNo },
      { token: coAdmin },
    );
    expect(close.body.resultType).toBe('FAIL');
  });

  it('keeps following the payer’s open order of this visit, and a cancel without one changes nothing', async () => {
    const p = (await create({ useTimes: 1 })).body.result!;
    const cancel = await pay(p.gatewayPayNo, '', 'cancel');
    expect(cancel.body.result).toMatchObject({ orderNo: '', order: null, status: 'open' });
    expect(await useOrders((await record(p.gatewayPayNo)).id)).toHaveLength(0);
    // Another pre-order's order is not this visit's order.
    const other = (await create({})).body.result!;
    const paidOther = await pay(other.gatewayPayNo);
    await notificationsDelivered(h);
    const view = await getByCode(p.gatewayPayNo, paidOther.body.result!.orderNo);
    expect(view.body.result).toMatchObject({ orderNo: '', order: null });
    const order = await h.call<PayerView>('/pay/qrcode/get', { orderNo: paidOther.body.result!.orderNo });
    expect(order.body.result!.status).toBe('success');
  });

  it('refuses an expired pre-order and a closed one', async () => {
    const expired = (await create({})).body.result!;
    await h.db
      .update(preOrders)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(preOrders.gatewayPayNo, expired.gatewayPayNo));
    const r = await pay(expired.gatewayPayNo);
    expect([r.body.resultType, r.body.resultMessage]).toEqual([
      'FAIL',
      'この事前注文は有効期限が切れています',
    ]);
    expect((await getByCode(expired.gatewayPayNo)).body.result!.status).toBe('expired');
    const closeExpired = await h.call(
      '/history/preOrder/close',
      { gatewayPayNo: expired.gatewayPayNo },
      { token: coAdmin },
    );
    expect(closeExpired.body.resultType).toBe('FAIL');

    const open = (await create({ useTimes: 5 })).body.result!;
    await pay(open.gatewayPayNo);
    await notificationsDelivered(h);
    const closed = await h.call<PreOrderRow>(
      '/history/preOrder/close',
      { gatewayPayNo: open.gatewayPayNo },
      { token: coAdmin },
    );
    expect(closed.body.resultType).toBe('SUCCESS');
    expect(closed.body.resultMessage).toBe('事前注文をクローズしました');
    expect(closed.body.result).toMatchObject({ state: 'closed', usedTimes: 1, useStatus: 0 });
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, open.gatewayPayNo), eq(auditLog.action, 'update')));
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toEqual({ state: 'open', usedTimes: 1 });
    const refused = await pay(open.gatewayPayNo);
    expect([refused.body.resultType, refused.body.resultMessage]).toEqual([
      'FAIL',
      'この事前注文はクローズされています',
    ]);
    const twice = await h.call(
      '/history/preOrder/close',
      { gatewayPayNo: open.gatewayPayNo },
      { token: coAdmin },
    );
    expect(twice.body.resultType).toBe('FAIL');
    expect(await useOrders(closed.body.result!.id)).toHaveLength(1);
    const unknown = await getByCode('P-none');
    expect([unknown.body.resultType, unknown.body.resultMessage]).toEqual([
      'NOT_FOUND',
      '事前注文が見つかりません',
    ]);
  });

  it('gives a use back when the brand cannot be reached, so the next payer is not held up', async () => {
    const p = (await create({ useTimes: 1 })).body.result!;
    await setBehaviour(h, hinoki, 'paypay', 'down');
    const down = await pay(p.gatewayPayNo);
    await setBehaviour(h, hinoki, 'paypay', 'normal');
    expect([down.body.resultType, down.body.resultMessage]).toEqual([
      'FAIL',
      '決済ブランドに接続できません。しばらくしてから再度お試しください',
    ]);
    const id = (await record(p.gatewayPayNo)).id;
    expect((await useOrders(id)).map((o) => [o.status, o.errorCode])).toEqual([
      ['failed', 'BRAND_UNAVAILABLE'],
    ]);
    const retry = await pay(p.gatewayPayNo);
    expect(retry.body.resultType).toBe('SUCCESS');
    await notificationsDelivered(h);
    expect((await record(p.gatewayPayNo)).usedTimes).toBe(1);
  });

  it('lets parallel payers of a single-use pre-order make exactly one payment', async () => {
    const p = (await create({ useTimes: 1 })).body.result!;
    const results = await Promise.all(Array.from({ length: 8 }, () => pay(p.gatewayPayNo)));
    await notificationsDelivered(h);
    const ok = results.filter((r) => r.body.resultType === 'SUCCESS');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.body.resultType !== 'SUCCESS'))
      expect([
        '残りの利用回数はすべて支払い手続き中です。しばらくしてから再度お試しください',
        'この事前注文は利用回数の上限まで使用されています',
      ]).toContain(r.body.resultMessage);
    const after = await record(p.gatewayPayNo);
    expect([after.usedTimes, after.useStatus]).toEqual([1, 1]);
    expect((await useOrders(after.id)).map((o) => o.status)).toEqual(['success']);
  });

  it('never counts more uses than allowed, even when two orders of a single use are paid at once', async () => {
    const p = (await create({ useTimes: 1 })).body.result!;
    const rec = await record(p.gatewayPayNo);
    const deps = h.app.deps();
    const made = [];
    for (const n of [1, 2]) {
      const { order } = await createPayment(
        deps,
        {
          companyId: hinoki,
          branchUnitId: null,
          clientOrderNo: `${p.clientPayNo}-x${n}`,
          amount: 2500,
          currency: 'JPY',
          paymentType: 'link',
          brand: '',
          subject: '',
          expireMinutes: 15,
          notifyUrl: '',
          preOrderId: rec.id,
        },
        systemActor('test'),
      );
      await move(
        h.db,
        order.id,
        (tx, o) => applyEvent(tx, o, 'issue', 'test', { brand: 'paypay', brandOrderNo: `B-${n}-${o.id}` }),
        systemActor('test'),
      );
      made.push(order.id);
    }
    const paid = await Promise.all(
      made.map((id) => move(h.db, id, (tx, o) => applyEvent(tx, o, 'paid', 'test'), systemActor('test'))),
    );
    expect(paid.map((o) => o.status)).toEqual(['success', 'success']);
    expect(paid.map((o) => o.errorCode).sort()).toEqual(['', 'PRE_ORDER_USED_UP']);
    const after = await record(p.gatewayPayNo);
    expect([after.usedTimes, after.useStatus]).toEqual([1, 1]);
    // The table itself refuses a count above the uses.
    await expect(
      h.db.update(preOrders).set({ usedTimes: 2 }).where(eq(preOrders.id, rec.id)),
    ).rejects.toThrow();
    await expect(
      h.db.update(preOrders).set({ useStatus: 0 }).where(eq(preOrders.id, rec.id)),
    ).rejects.toThrow();
    expect((await record(p.gatewayPayNo)).usedTimes).toBe(1);
  });

  describe('uploads', () => {
    it('creates every row of a CSV and of an XLSX', async () => {
      const before = await count(h, 'pre_orders');
      const prefix = no('PCSV');
      const file = csv(
        [
          ['clientPayNo', 'orderAmount', 'currency', 'validityHours', 'useTimes', 'remark'],
          [`${prefix}-1`, 3000, 'JPY', 48, 10, '料理教室 12月'],
          [`${prefix}-2`, 1500, '', '', '', ''],
        ],
        true,
      );
      const r = await upload<UploadReply>(h, '/history/preOrder/uploadFile', coAdmin, {
        name: 'p.csv',
        data: file,
      });
      expect(r.body.resultType).toBe('SUCCESS');
      expect(r.body.result!.count).toBe(2);
      const rows = (await page({ payNo: `${prefix}-2` })).body.result!.records;
      expect(rows[0]).toMatchObject({ orderAmount: 1500, currency: 'JPY', validityHours: 24, useTimes: 1 });
      const data = await xlsx([
        ['orderAmount', 'useTimes', 'remark'],
        [800, 3, 'ワークショップ'],
      ]);
      const x = await upload<UploadReply>(h, '/history/preOrder/uploadFile', coAdmin, {
        name: 'p.xlsx',
        type: XLSX_TYPE,
        data,
      });
      expect(x.body.result!.count).toBe(1);
      expect(await count(h, 'pre_orders')).toBe(before + 3);
    });

    it('reports every bad row and writes nothing; refuses a broken file', async () => {
      const before = await count(h, 'pre_orders');
      const file = csv([
        ['orderAmount', 'useTimes', 'validityHours'],
        [1000, 1, 24],
        ['', 1, 24],
        [1000, 0, 24],
        [1000, 1, 24],
        [1000, 1, 9999],
      ]);
      const r = await upload<UploadRefusal>(
        h,
        '/history/preOrder/uploadFile',
        coAdmin,
        { name: 'p.csv', data: file },
        {},
        'en',
      );
      expect(r.body.resultType).toBe('INVALID');
      expect(r.body.result!.rows.map((e) => [e.row, e.field])).toEqual([
        [3, 'orderAmount'],
        [4, 'useTimes'],
        [6, 'validityHours'],
      ]);
      expect(await count(h, 'pre_orders')).toBe(before);
      const broken = await upload(h, '/history/preOrder/uploadFile', coAdmin, {
        name: 'p.xlsx',
        data: Buffer.from('504b0304deadbeef', 'hex'),
      });
      expect(broken.body.resultType).toBe('INVALID');
      expect(broken.body.errors!.file).toContain('Excelファイルを読み取れません');
      const admin1 = await upload(h, '/history/preOrder/uploadFile', admin, {
        name: 'p.csv',
        data: csv([['orderAmount'], [1]]),
      });
      expect(admin1.body.resultType).toBe('INVALID');
      expect(Object.keys(admin1.body.errors!)).toEqual(['companyId']);
      expect(await count(h, 'pre_orders')).toBe(before);
      const n = await h.db.execute(
        sql`select count(*)::int as n from pre_orders where used_times > use_times`,
      );
      expect(Number((n as unknown as { rows: { n: number }[] }).rows[0].n)).toBe(0);
    });
  });
});
