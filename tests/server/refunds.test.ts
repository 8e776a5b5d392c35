import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../src/contract/orders';
import { operators, orders, refunds } from '../../server/db/schema';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';
import {
  count,
  merchantClient,
  notificationsDelivered,
  orderByGateway,
  setBehaviour,
  type MerchantClient,
} from './payments-support';

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const PASSWORD = md5Upper(DEMO_PASSWORD);

describe.each(backends)('console refunds on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let ids: OrgIds;
  let coAdmin = '';

  /** A paid order of ひのき珈琲 (branch 銀座店 unless told). */
  async function paidOrder(amount: number, branch = '株式会社ひのき珈琲/銀座店', currency = 'JPY') {
    const o = (await m.create({ clientOrderNo: no('o'), amount, currency, branchUnitId: ids.branch(branch) }))
      .body.result!;
    await h.call('/pay/qrcode/decide', { orderNo: o.gatewayOrderNo, brand: 'paypay', action: 'pay' });
    await notificationsDelivered(h);
    const row = await orderByGateway(h, o.gatewayOrderNo);
    expect(row.status).toBe('success');
    return row;
  }

  const refund = (token: string, body: Record<string, unknown>) =>
    h.call<{
      refundStatus: string;
      orderStatus: string;
      gatewayRefundNo: string;
      created: boolean;
      amount: number;
    }>('/pay/refund/refund', { refundPassword: PASSWORD, ...body }, { token });

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    m = await merchantClient(h, ids.company('株式会社ひのき珈琲'));
    coAdmin = await h.token('co-admin');
  });
  afterAll(() => h?.close());

  it('refuses bad input and amounts above the remainder with a clear error, writing nothing', async () => {
    const o = await paidOrder(1200);
    const before = [await count(h, 'refunds'), await count(h, 'audit_log')];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ refundAmount: 'abc' }, 'refundAmount', '返金金額の形式が正しくありません'],
      [{ refundAmount: -1 }, 'refundAmount', '返金金額は1以上にしてください'],
      [{ refundAmount: 0 }, 'refundAmount', '返金金額は1以上にしてください'],
      [{ refundAmount: 1.5 }, 'refundAmount', '返金金額は整数で入力してください'],
      [{ refundAmount: 1201 }, 'refundAmount', '返金金額は返金可能残額（1,200円）以下にしてください'],
      [
        { refundAmount: 100, fullRefund: true },
        'refundAmount',
        '全額返金の金額は返金可能残額（1,200円）と同じにしてください',
      ],
      [{ refundAmount: 100, refundPassword: '' }, 'refundPassword', '返金パスワードは必須です'],
      [
        { refundAmount: 100, refundPassword: 'plain' },
        'refundPassword',
        '返金パスワードの形式が正しくありません',
      ],
    ];
    for (const [patch, field, text] of cases) {
      const r = await refund(coAdmin, { gatewayOrderNo: o.gatewayOrderNo, ...patch });
      expect([patch, r.body.resultType, r.body.errors?.[field]]).toEqual([patch, 'INVALID', text]);
    }
    expect([await count(h, 'refunds'), await count(h, 'audit_log')]).toEqual(before);
    expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
  });

  it('refuses a refund while the refund password must be changed, with its own result type, writing nothing', async () => {
    const o = await paidOrder(800);
    await h.createOperator({
      loginId: 'refund-reset',
      operatorType: 20,
      companyId: ids.company('株式会社ひのき珈琲'),
      mustChangeRefundPassword: true,
    });
    const token = await h.token('refund-reset');
    const before = [await count(h, 'refunds'), await count(h, 'audit_log')];
    const r = await refund(token, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 100 });
    expect(r.body).toMatchObject({
      resultType: 'REFUND_PASSWORD_CHANGE_REQUIRED',
      resultMessage: '返金パスワードが再発行されています。返金パスワードを変更してから返金してください',
    });
    expect([await count(h, 'refunds'), await count(h, 'audit_log')]).toEqual(before);
    expect((await orderByGateway(h, o.gatewayOrderNo)).status).toBe('success');
  });

  it('refunds in parts to refunded, idempotent on the client refund number, audited, shown in the detail', async () => {
    const o = await paidOrder(1000);
    const clientRefundNo = no('cr');
    const r1 = await refund(coAdmin, {
      gatewayOrderNo: o.gatewayOrderNo,
      refundAmount: 300,
      clientRefundNo,
      remark: 'chipped cup',
    });
    expect(r1.body.result).toMatchObject({
      refundStatus: 'success',
      orderStatus: 'partlyRefunded',
      created: true,
    });
    const again = await refund(coAdmin, {
      gatewayOrderNo: o.gatewayOrderNo,
      refundAmount: 300,
      clientRefundNo,
    });
    expect(again.body.result).toMatchObject({
      gatewayRefundNo: r1.body.result!.gatewayRefundNo,
      created: false,
    });
    const other = await refund(coAdmin, {
      gatewayOrderNo: o.gatewayOrderNo,
      refundAmount: 200,
      clientRefundNo,
    });
    expect(other.body.resultType).toBe('FAIL');
    const full = await refund(coAdmin, {
      gatewayOrderNo: o.gatewayOrderNo,
      refundAmount: 700,
      fullRefund: true,
    });
    expect(full.body.result).toMatchObject({ refundStatus: 'success', orderStatus: 'refunded' });
    const more = await refund(coAdmin, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 1 });
    expect(more.body.resultType).toBe('FAIL');

    const detail = (await h.call<OrderDetail>('/history/orderInfo/get', { id: o.id }, { token: coAdmin }))
      .body.result!;
    expect(detail).toMatchObject({ status: 'refunded', refundedAmount: 1000, refundableAmount: 0 });
    expect(detail.refunds.map((r) => [r.amount, r.status, r.remark, r.operatorLoginId])).toEqual([
      [300, 'success', 'chipped cup', 'co-admin'],
      [700, 'success', '', 'co-admin'],
    ]);
    expect(detail.events.map((e) => e.toStatus).slice(-4)).toEqual([
      'refunding',
      'partlyRefunded',
      'refunding',
      'refunded',
    ]);
    const audits = await h.db.execute(
      sql`select count(*)::int as n from audit_log where object_type = 'refund' and action = 'create' and login_id = 'co-admin'`,
    );
    expect((audits as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(2);
  });

  it('keeps refunds inside the scope and to the roles that may refund', async () => {
    const shibuya = await paidOrder(500, '株式会社ひのき珈琲/渋谷店');
    const coOp = await h.token('co-op');
    expect(
      (await refund(coOp, { gatewayOrderNo: shibuya.gatewayOrderNo, refundAmount: 1 })).body.resultType,
    ).toBe('NOT_FOUND');
    for (const login of ['ag-admin', 'ag-op', 'sp-op']) {
      const r = await refund(await h.token(login), {
        gatewayOrderNo: shibuya.gatewayOrderNo,
        refundAmount: 1,
      });
      expect([login, r.body.resultType]).toEqual([login, 'NO_ACCESS']);
    }
    const minato = await h.token('minato-admin');
    expect(
      (await refund(minato, { gatewayOrderNo: shibuya.gatewayOrderNo, refundAmount: 1 })).body.resultType,
    ).toBe('NOT_FOUND');
    const ginza = await paidOrder(500);
    expect(
      (await refund(coOp, { gatewayOrderNo: ginza.gatewayOrderNo, refundAmount: 1 })).body.result,
    ).toMatchObject({
      refundStatus: 'success',
    });
    expect((await orderByGateway(h, shibuya.gatewayOrderNo)).refundedAmount).toBe(0);
  });

  it('locks refunds for 30 minutes after 5 wrong refund passwords, with the time in the message', async () => {
    const o = await paidOrder(800);
    const op = await h.createOperator({
      loginId: no('refunder'),
      operatorType: 20,
      serviceProviderId: ids.provider('Sakura Payment Services'),
      companyId: ids.company('株式会社ひのき珈琲'),
    });
    const [{ loginId }] = await h.db
      .select({ loginId: operators.loginId })
      .from(operators)
      .where(eq(operators.id, op));
    const token = await h.token(loginId);
    const before = await count(h, 'refunds');
    const wrong = md5Upper('not-the-refund-password');
    const messages: string[] = [];
    const results: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await refund(token, {
        gatewayOrderNo: o.gatewayOrderNo,
        refundAmount: 10,
        refundPassword: wrong,
      });
      expect(r.body.resultType).toBe('FAIL');
      messages.push(r.body.resultMessage!);
      results.push(r.body.result);
    }
    // The console's refund machine reads these, not the message text.
    expect(results.slice(0, 4)).toEqual([4, 3, 2, 1].map((triesLeft) => ({ triesLeft })));
    expect(results[4]).toEqual({ lockedUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(messages.slice(0, 4)).toEqual(
      [4, 3, 2, 1].map((n) => `返金パスワードが正しくありません（残り${n}回）`),
    );
    expect(messages[4]).toMatch(
      /^返金パスワードを続けて間違えたため、\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} まで返金できません$/,
    );
    const right = await refund(token, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 10 });
    expect(right.body.resultMessage).toBe(messages[4]);
    expect(right.body.result).toEqual(results[4]);
    const [row] = await h.db.select().from(operators).where(eq(operators.id, op));
    const minutes = (row.refundLockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await count(h, 'refunds')).toBe(before);
    // Once the lock has run out the right password refunds again.
    await h.db
      .update(operators)
      .set({ refundLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(operators.id, op));
    expect(
      (await refund(token, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 10 })).body.resultType,
    ).toBe('SUCCESS');
  });

  /** A company admin of ひのき珈琲 made for one test: its id and a session token. */
  async function refunder() {
    const loginId = no('refunder');
    const id = await h.createOperator({
      loginId,
      operatorType: 20,
      serviceProviderId: ids.provider('Sakura Payment Services'),
      companyId: ids.company('株式会社ひのき珈琲'),
    });
    return { id, token: await h.token(loginId) };
  }

  /** Counts the app's Argon2 checks while `run` runs. */
  async function countingChecks<T>(run: () => Promise<T>): Promise<{ checks: number; result: T }> {
    const deps = h.app.deps();
    const original = deps.hasher;
    let checks = 0;
    deps.hasher = {
      ...original,
      verify: (hash, digest) => {
        checks += 1;
        return original.verify(hash, digest);
      },
    };
    try {
      const result = await run();
      return { checks, result };
    } finally {
      deps.hasher = original;
    }
  }

  it('50 concurrent wrong refund passwords get at most 5 checks and lock refunds; the right one in the burst is refused', async () => {
    const o = await paidOrder(5000);
    const { id, token } = await refunder();
    const wrong = md5Upper('not-the-refund-password');
    const before = await count(h, 'refunds');
    const { checks, result: replies } = await countingChecks(() =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          refund(token, {
            gatewayOrderNo: o.gatewayOrderNo,
            refundAmount: 10,
            // The right password sent behind 29 wrong ones.
            ...(i === 30 ? {} : { refundPassword: wrong }),
          }),
        ),
      ),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect(replies.every((r) => r.body.resultType === 'FAIL')).toBe(true);
    // Each was checked or found the lock; none was turned away as busy.
    const messages = replies.map((r) => r.body.resultMessage!);
    expect(messages.filter((m) => m.startsWith('返金パスワードが正しくありません'))).toHaveLength(4);
    expect(messages.filter((m) => m.startsWith('返金パスワードを続けて間違えたため'))).toHaveLength(46);
    const [row] = await h.db.select().from(operators).where(eq(operators.id, id));
    expect(row.refundLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(row.refundCheckUntil).toBeNull();
    expect(await count(h, 'refunds')).toBe(before);
    expect((await orderByGateway(h, o.gatewayOrderNo)).refundedAmount).toBe(0);
  });

  it('concurrent refunds with the right refund password all go through without locking the account', async () => {
    const o = await paidOrder(5000);
    const { id, token } = await refunder();
    const { checks, result: replies } = await countingChecks(() =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          refund(token, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 100 }),
        ),
      ),
    );
    expect(replies.map((r) => r.body.resultType)).toEqual(Array(8).fill('SUCCESS'));
    expect(checks).toBe(8);
    const [row] = await h.db.select().from(operators).where(eq(operators.id, id));
    expect(row).toMatchObject({ refundFailedCount: 0, refundLockedUntil: null, refundCheckUntil: null });
    expect((await orderByGateway(h, o.gatewayOrderNo)).refundedAmount).toBe(800);
  });

  it('a refund-password check left by a killed process holds the account only until its lease ends', async () => {
    const o = await paidOrder(700);
    const { id, token } = await refunder();
    // Another process took the lease and died: refunds wait for it, then answer busy.
    await h.db
      .update(operators)
      .set({ refundCheckUntil: new Date(Date.now() + 60_000) })
      .where(eq(operators.id, id));
    // The refund waits up to 8 s for the lease before it answers busy: the clock is moved past
    // that while it waits, instead of the test waiting it (the wait polls the database meanwhile).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    let busy: Awaited<ReturnType<typeof refund>>;
    try {
      const waiting = refund(token, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 10 });
      await new Promise((r) => setTimeout(r, 200));
      vi.setSystemTime(Date.now() + 9_000);
      busy = await waiting;
    } finally {
      vi.useRealTimers();
    }
    expect(busy.body).toMatchObject({
      resultType: 'FAIL',
      resultMessage: 'ほかの返金のパスワードを確認しています。少し待ってからもう一度お試しください',
    });
    await h.db
      .update(operators)
      .set({ refundCheckUntil: new Date(Date.now() - 1) })
      .where(eq(operators.id, id));
    const done = await refund(token, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 10 });
    expect(done.body.resultType).toBe('SUCCESS');
    const [row] = await h.db.select().from(operators).where(eq(operators.id, id));
    expect(row).toMatchObject({ refundFailedCount: 0, refundCheckUntil: null });
  });

  it('follows a refund the brand is still processing until getOrderSync finds it settled', async () => {
    const o = await paidOrder(900);
    await setBehaviour(h, ids.company('株式会社ひのき珈琲'), 'paypay', 'slow');
    const r = await refund(coAdmin, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 400 });
    expect([r.body.resultType, r.body.resultMessage]).toEqual([
      'SUCCESS',
      '返金を受け付けました。決済ブランドで処理中です',
    ]);
    expect(r.body.result).toMatchObject({ refundStatus: 'refunding', orderStatus: 'refunding' });
    // Another refund may start while the first is in flight; together they stay within the amount.
    const over = await refund(coAdmin, { gatewayOrderNo: o.gatewayOrderNo, refundAmount: 501 });
    expect(over.body.resultType).toBe('INVALID');
    const sync = await h.call<OrderDetail>(
      '/history/orderInfo/getOrderSync',
      { id: o.id },
      { token: coAdmin },
    );
    expect(sync.body.result).toMatchObject({
      status: 'partlyRefunded',
      refundedAmount: 400,
      refundableAmount: 500,
    });
    expect(sync.body.result!.refunds.map((x) => x.status)).toEqual(['success']);
    await setBehaviour(h, ids.company('株式会社ひのき珈琲'), 'paypay', 'normal');
  });

  it('never refunds more than was paid when 20 refunds of one order race', async () => {
    const o = await paidOrder(1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_v, i) =>
        refund(coAdmin, {
          gatewayOrderNo: o.gatewayOrderNo,
          refundAmount: 100,
          clientRefundNo: `race-${o.id}-${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.body.resultType === 'SUCCESS');
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.body.resultType !== 'SUCCESS')) {
      expect(['INVALID', 'FAIL']).toContain(r.body.resultType);
    }
    const [after] = await h.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
    const [{ total }] = await h.db
      .select({ total: sql<string>`sum(${refunds.amount})` })
      .from(refunds)
      .where(eq(refunds.orderId, o.id));
    expect(Number(total)).toBe(1000);
  });
});
