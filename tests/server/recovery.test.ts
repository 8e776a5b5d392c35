import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MerchantOrder } from '../../src/contract/merchant';
import type { SandboxConnector } from '../../server/connectors/sandbox';
import { auditLog, orders, refunds, sandboxPayments, sandboxRefunds } from '../../server/db/schema';
import { recoverInFlight } from '../../server/modules/recovery';
import { refundableAmount } from '../../server/modules/refunds';
import { createScheduler } from '../../server/platform/jobs';
import { backends, startHarness, type Harness } from './harness';
import { orgIds } from './fixtures';
import { merchantClient, notificationsDelivered, type MerchantClient } from './payments-support';

/**
 * Work in flight after a crash (hardening #12, fault 5), in process: each brand call below is
 * held forever at the point a crash would cut it (before the brand received it, or after the
 * brand acted but before we heard), which leaves our rows exactly as a kill -9 there would.
 * The recovery then drives each to its final state, agreeing with the sandbox brand's books.
 * (tests/server/crashKill.test.ts kills real server processes on PostgreSQL.)
 */

let seq = 0;
const no = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

type Method = 'create' | 'close' | 'refund';

describe.each(backends)('recovery of work in flight on $name', (backend) => {
  let h: Harness;
  let m: MerchantClient;
  let sandbox: SandboxConnector;
  /** The held brand calls, let go (as failures) at the end. */
  const held: (() => void)[] = [];
  const pending: Promise<unknown>[] = [];

  /** The next call of `method` reaches the brand (or not) and then never answers. */
  function holdNext(method: Method, brandReceives: boolean) {
    const original = sandbox[method].bind(sandbox) as (...args: unknown[]) => Promise<unknown>;
    const target = sandbox as unknown as Record<Method, (...args: unknown[]) => Promise<unknown>>;
    target[method] = async (...args: unknown[]) => {
      target[method] = original;
      if (brandReceives) await original(...args);
      await new Promise((_resolve, reject) => held.push(() => reject(new Error('connection lost'))));
      throw new Error('unreachable');
    };
  }

  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the call never reached the brand');
  }

  const orderOf = async (gatewayOrderNo: string) =>
    (await h.db.select().from(orders).where(eq(orders.gatewayOrderNo, gatewayOrderNo)))[0];
  const ledgerOf = async (gatewayOrderNo: string) =>
    (await h.db.select().from(sandboxPayments).where(eq(sandboxPayments.merchantOrderNo, gatewayOrderNo)))[0];

  async function paid(amount = 5000): Promise<MerchantOrder> {
    const r = await m.create({ clientOrderNo: no('P'), amount });
    const order = r.body.result!;
    await h.call('/pay/qrcode/decide', { orderNo: order.gatewayOrderNo, brand: 'paypay', action: 'pay' });
    await notificationsDelivered(h);
    expect((await orderOf(order.gatewayOrderNo)).status).toBe('success');
    return order;
  }
  async function issued(): Promise<MerchantOrder> {
    const r = await m.create({ clientOrderNo: no('I'), amount: 2000 });
    expect(r.body.result!.status).toBe('paying');
    return r.body.result!;
  }

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    m = await merchantClient(h, (await orgIds(h.db)).company('株式会社ひのき珈琲'));
    sandbox = h.app.deps().connectors.sandbox('paypay');
  });
  afterAll(async () => {
    held.forEach((letGo) => letGo());
    await Promise.allSettled(pending);
    await h?.close();
  });

  it('drives every refund, payment and close cut by a crash to the brand’s answer, audited as the system', async () => {
    // A: a refund the brand made, its answer lost.
    const a = await paid(5000);
    holdNext('refund', true);
    pending.push(
      m.call('/merchant/refund/refund', {
        clientOrderNo: a.clientOrderNo,
        clientRefundNo: no('RA'),
        amount: 5000,
      }),
    );
    await until(async () => (await h.db.select().from(sandboxRefunds)).length === 1);
    // B: a refund the brand never received.
    const b = await paid(4000);
    holdNext('refund', false);
    pending.push(
      m.call('/merchant/refund/refund', {
        clientOrderNo: b.clientOrderNo,
        clientRefundNo: no('RB'),
        amount: 1500,
      }),
    );
    await until(async () => (await orderOf(b.gatewayOrderNo)).status === 'refunding');
    // C: a payment the brand created, its answer lost; D: one the brand never received.
    holdNext('create', true);
    const cNo = no('C');
    pending.push(m.create({ clientOrderNo: cNo, amount: 3000 }));
    await until(async () => {
      const [o] = await h.db.select().from(orders).where(eq(orders.clientOrderNo, cNo));
      return Boolean(o && (await ledgerOf(o.gatewayOrderNo)));
    });
    const [c] = await h.db.select().from(orders).where(eq(orders.clientOrderNo, cNo));
    holdNext('create', false);
    const dNo = no('D');
    pending.push(m.create({ clientOrderNo: dNo, amount: 3000 }));
    await until(
      async () => (await h.db.select().from(orders).where(eq(orders.clientOrderNo, dNo))).length === 1,
    );
    const [d] = await h.db.select().from(orders).where(eq(orders.clientOrderNo, dNo));
    // E: a close the brand made, its answer lost.
    const e = await issued();
    holdNext('close', true);
    pending.push(m.call('/merchant/pay/close', { clientOrderNo: e.clientOrderNo }));
    await until(async () => (await ledgerOf(e.gatewayOrderNo)).state === 'CANCELED');
    // F: a payment the payer made at the brand whose notification never came.
    const f = await issued();
    const fRow = await orderOf(f.gatewayOrderNo);
    await sandbox.payer(fRow.brandOrderNo, 'scan', '');
    await sandbox.payer(fRow.brandOrderNo, 'pay', '');

    const before = {
      a: (await orderOf(a.gatewayOrderNo)).status,
      b: (await orderOf(b.gatewayOrderNo)).status,
      c: (await orderOf(c.gatewayOrderNo)).status,
      d: (await orderOf(d.gatewayOrderNo)).status,
      e: (await orderOf(e.gatewayOrderNo)).status,
      f: (await orderOf(f.gatewayOrderNo)).status,
    };
    expect(before).toEqual({
      a: 'refunding',
      b: 'refunding',
      c: 'pendingPayment',
      d: 'pendingPayment',
      e: 'pendingClose',
      f: 'paying',
    });

    // Work younger than the threshold is left to its call.
    expect(await recoverInFlight(h.app.deps(), { olderThanMs: 60_000 })).toEqual({
      refunds: 0,
      orders: 0,
      unreachable: 0,
    });
    const report = await recoverInFlight(h.app.deps(), { olderThanMs: 0 });
    expect(report).toEqual({ refunds: 2, orders: 4, unreachable: 0 });

    const refundOf = async (gatewayOrderNo: string) => {
      const o = await orderOf(gatewayOrderNo);
      const [r] = await h.db.select().from(refunds).where(eq(refunds.orderId, o.id));
      return { o, r };
    };
    const ra = await refundOf(a.gatewayOrderNo);
    const [brandA] = await h.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.merchantRefundNo, ra.r.gatewayRefundNo));
    expect([ra.r.status, ra.r.brandRefundNo, ra.o.status, ra.o.refundedAmount]).toEqual([
      'success',
      brandA.brandRefundNo,
      'refunded',
      5000,
    ]);
    const rb = await refundOf(b.gatewayOrderNo);
    expect([rb.r.status, rb.r.errorCode, rb.o.status, rb.o.refundedAmount]).toEqual([
      'failed',
      'REFUND_NOT_RECEIVED',
      'success',
      0,
    ]);
    // The amount the lost refund held is free again.
    expect(await refundableAmount(h.db, rb.o)).toBe(4000);
    const cNow = await orderOf(c.gatewayOrderNo);
    expect([cNow.status, cNow.brandOrderNo]).toEqual([
      'paying',
      (await ledgerOf(c.gatewayOrderNo)).brandOrderNo,
    ]);
    const dNow = await orderOf(d.gatewayOrderNo);
    expect([dNow.status, dNow.errorCode, await ledgerOf(d.gatewayOrderNo)]).toEqual([
      'failed',
      'BRAND_NOT_RECEIVED',
      undefined,
    ]);
    expect((await orderOf(e.gatewayOrderNo)).status).toBe('closed');
    expect((await orderOf(f.gatewayOrderNo)).status).toBe('success');

    const systemRows = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.loginId, 'system'), eq(auditLog.callPath, 'recovery')));
    const objects = new Set(systemRows.map((r) => r.objectId));
    // A refund's row names the refund (its order's move is part of it).
    for (const o of [c, d, e, f]) expect(objects.has(o.gatewayOrderNo), o.gatewayOrderNo).toBe(true);
    expect(objects.has(ra.r.gatewayRefundNo) && objects.has(rb.r.gatewayRefundNo)).toBe(true);

    // The cut calls answer at last (as failures): nothing recovered is undone.
    held.splice(0).forEach((letGo) => letGo());
    await Promise.allSettled(pending.splice(0));
    expect((await refundOf(a.gatewayOrderNo)).r.status).toBe('success');
    expect((await orderOf(c.gatewayOrderNo)).status).toBe('paying');
    expect((await orderOf(c.gatewayOrderNo)).errorCode).toBe('');
    expect((await orderOf(e.gatewayOrderNo)).status).toBe('closed');
    // Nothing is left for a second run.
    expect(await recoverInFlight(h.app.deps(), { olderThanMs: 0 })).toMatchObject({ refunds: 0, orders: 0 });
  }, 60_000);

  it('runs a job in one of two schedulers on one database at a time', async () => {
    let runs = 0;
    const make = () => {
      const s = createScheduler({ db: h.db, tickMs: 60_000, onError: () => undefined });
      s.register({
        name: 'test-once',
        everyMs: 60_000,
        leaseMs: 60_000,
        run: async () => {
          runs += 1;
          await new Promise((r) => setTimeout(r, 50));
        },
      });
      return s;
    };
    const [one, two] = [make(), make()];
    await one.runNow('test-once').catch(() => false);
    runs = 0;
    // Both due now: one takes it, the other finds it taken (or not due) and skips.
    const now = new Date(Date.now() + 120_000);
    const ran = await Promise.all([one.runDue(now), two.runDue(now)]);
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual(['test-once']);
  });
});
