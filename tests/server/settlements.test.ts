import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/client';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePeriods } from '../../server/modules/settlements';
import { backends, startHarness, type Harness } from './harness';
import { newCompany, paidOrder, settlementsOf, succeededRefund, tokyo } from './settlements-support';

const ZONE = 'Asia/Tokyo';

describe.each(backends)('settlement closing on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
  });
  afterAll(() => h?.close());

  const close = (through: string) => closePeriods(h.db, { through, zone: ZONE });
  const count = async (q: ReturnType<typeof sql>) =>
    Number(rowsOf<Record<string, unknown>>(await h.db.execute(q))[0].n);

  it('settles the worked example of docs/settlement.md to the yen', async () => {
    const c = await newCompany(h.db, { checkoutPeriod: 'monthly', checkoutLimit: 10_000 });
    const rates = { commission: 325 };
    const d = await paidOrder(h.db, { companyId: c.id, amount: 8000, at: tokyo('2026-10-28 12:00'), rates });
    await paidOrder(h.db, { companyId: c.id, amount: 20_000, at: tokyo('2026-10-29 12:00'), rates });
    await close('2026-10-31');
    const a = await paidOrder(h.db, {
      companyId: c.id,
      amount: 12_800,
      at: tokyo('2026-11-03 10:00'),
      rates,
    });
    const b = await paidOrder(h.db, { companyId: c.id, amount: 5980, at: tokyo('2026-11-10 15:30'), rates });
    await paidOrder(h.db, { companyId: c.id, amount: 3300, at: tokyo('2026-11-20 09:00'), rates });
    await succeededRefund(h.db, d.id, 8000, tokyo('2026-11-05 11:00'));
    await succeededRefund(h.db, b.id, 2000, tokyo('2026-11-25 18:00'));
    expect(a.commissionAmount).toBe(416);
    await close('2026-11-30');
    const [oct, nov] = await settlementsOf(h.db, 'merchant', c.id);
    expect(oct).toMatchObject({ period_begin: '2026-10-01', period_end: '2026-10-31', order_count: 2 });
    // October: 28,000 − (260 + 650) commission − 250 fee = 26,840, paid out: nothing carried.
    expect(Number(oct.transfer_amount)).toBe(26_840);
    expect(Number(oct.carried_out)).toBe(0);
    expect(nov).toMatchObject({
      period_begin: '2026-11-01',
      period_end: '2026-11-30',
      order_count: 3,
      refund_count: 2,
    });
    expect(Number(nov.order_total)).toBe(22_080);
    expect(Number(nov.refund_total)).toBe(10_000);
    expect(Number(nov.commission_total)).toBe(392);
    expect(Number(nov.carried_in)).toBe(0);
    // 22,080 − 10,000 − 392 − 250 = 11,438 ≥ 10,000
    expect(Number(nov.transfer_commission)).toBe(250);
    expect(Number(nov.transfer_amount)).toBe(11_438);
    expect(Number(nov.carried_out)).toBe(0);
    expect(nov.due_date).toBe('2026-12-03');
    expect(String(nov.settlement_no)).toMatch(/^SM20261130\d{6}$/);
  });

  it('closes each period once: a second run changes nothing, and every paid order is in exactly one settlement', async () => {
    const c = await newCompany(h.db, { checkoutPeriod: 'daily' });
    for (let day = 1; day <= 9; day++)
      await paidOrder(h.db, { companyId: c.id, amount: 1000 * day, at: tokyo(`2026-09-0${day} 12:00`) });
    const first = await close('2026-09-30');
    expect(first.settlements).toBeGreaterThanOrEqual(9);
    const snapshot = async () =>
      JSON.stringify(await settlementsOf(h.db, 'merchant', c.id)) +
      (await count(sql`select count(*) as n from settlement_orders`));
    const before = await snapshot();
    await close('2026-09-30');
    expect(await snapshot()).toBe(before);
    expect(
      await count(sql`select count(*) as n from orders o where o.company_id = ${c.id}
        and (select count(*) from settlement_orders s where s.kind = 'merchant' and s.order_id = o.id) <> 1`),
    ).toBe(0);
  });

  it('puts an order recorded after its period closed into the next period', async () => {
    const c = await newCompany(h.db, { checkoutPeriod: 'weekly', checkoutWeekday: 7 });
    await paidOrder(h.db, { companyId: c.id, amount: 5000, at: tokyo('2026-08-05 10:00') });
    await close('2026-08-09');
    // Paid on the 8th, but written after the week of the 3rd–9th was closed.
    const late = await paidOrder(h.db, { companyId: c.id, amount: 700, at: tokyo('2026-08-08 23:59') });
    await close('2026-08-16');
    const [w1, w2] = await settlementsOf(h.db, 'merchant', c.id);
    expect(w1).toMatchObject({ period_begin: '2026-08-03', period_end: '2026-08-09', order_count: 1 });
    expect(w2).toMatchObject({ period_begin: '2026-08-10', period_end: '2026-08-16', order_count: 1 });
    expect(
      await count(
        sql`select count(*) as n from settlement_orders where order_id = ${late.id} and settlement_id = ${Number(w2.id)}`,
      ),
    ).toBe(1);
  });

  it('puts a refund that races a closing run into exactly one settlement', async () => {
    for (let i = 0; i < 8; i++) {
      const c = await newCompany(h.db, { checkoutPeriod: 'daily' });
      const o = await paidOrder(h.db, {
        companyId: c.id,
        amount: 9000,
        at: tokyo('2026-07-01 09:00'),
        rates: { commission: 300 },
      });
      // The refund succeeds in the last second of the day being closed, while the run closes it.
      const [refund] = await Promise.all([
        succeededRefund(h.db, o.id, 1000 + i, new Date(tokyo('2026-07-02 00:00').getTime() - 1000 + i)),
        close('2026-07-01'),
      ]);
      await close('2026-07-03');
      expect(
        await count(
          sql`select count(*) as n from settlement_refunds where kind = 'merchant' and refund_id = ${refund.id}`,
        ),
      ).toBe(1);
      const list = await settlementsOf(h.db, 'merchant', c.id);
      expect(list.reduce((a, x) => a + Number(x.refund_total), 0)).toBe(1000 + i);
    }
  });

  it("closes yesterday's periods as the scheduler's job, once a day", async () => {
    const c = await newCompany(h.db, { checkoutPeriod: 'daily' });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await paidOrder(h.db, { companyId: c.id, amount: 4000, at: twoDaysAgo });
    const jobs = h.app.deps().jobs;
    expect(await jobs.runNow('settlementClose')).toBe(true);
    expect((await settlementsOf(h.db, 'merchant', c.id)).length).toBe(1);
    const [{ cursor }] = rowsOf<Record<string, unknown>>(
      await h.db.execute(sql`select cursor from jobs where name = 'settlementClose'`),
    );
    expect(cursor).toBe(DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate());
  });
});
