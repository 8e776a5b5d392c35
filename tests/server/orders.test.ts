import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOfSubBrand, PAY_BRANDS, SUB_BRANDS } from '../../src/contract/brands';
import { commissionOf, formatAmount, formatMoney, parseAmount } from '../../src/contract/money';
import {
  canTransition,
  isFinalStatus,
  nextStatus,
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAY_STATUS_FILTER,
  type OrderDetail,
  type OrderRow,
  type OrderStatus,
} from '../../src/contract/orders';
import { canRefundTransition, type RefundRow } from '../../src/contract/refunds';
import type { Page } from '../../src/contract/envelope';
import { branchUnits, companies, orders, refunds } from '../../server/db/schema';
import { generateDemoOrders } from '../../server/demo/orders';
import { backends, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';

describe('the order state machine (src/contract/orders.ts)', () => {
  it('names only known statuses and events, and the final ones allow nothing', () => {
    for (const [from, moves] of Object.entries(ORDER_TRANSITIONS)) {
      expect(ORDER_STATUSES).toContain(from);
      for (const [event, to] of Object.entries(moves)) {
        expect(ORDER_EVENTS).toContain(event);
        expect(ORDER_STATUSES).toContain(to);
      }
    }
    expect(ORDER_STATUSES.filter((s) => isFinalStatus(s)).sort()).toEqual([
      'closed',
      'failed',
      'refunded',
      'timeout',
    ]);
  });

  it('reaches every status from pendingPayment', () => {
    const seen = new Set<OrderStatus>(['pendingPayment']);
    const queue: OrderStatus[] = ['pendingPayment'];
    while (queue.length) {
      for (const to of Object.values(ORDER_TRANSITIONS[queue.shift()!])) {
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
      }
    }
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('allows the paths of a payment and a refund and refuses the rest', () => {
    expect(nextStatus('pendingPayment', 'issue')).toBe('paying');
    expect(nextStatus('paying', 'scan')).toBe('customerPaying');
    expect(nextStatus('customerPaying', 'confirm')).toBe('inPayment');
    expect(nextStatus('inPayment', 'paid')).toBe('success');
    expect(nextStatus('success', 'refundStart')).toBe('refunding');
    expect(nextStatus('refunding', 'refundSettledPart')).toBe('partlyRefunded');
    expect(nextStatus('refunding', 'refundSettledAll')).toBe('refunded');
    expect(nextStatus('refunding', 'refundSettledNone')).toBe('success');
    expect(nextStatus('pendingClose', 'paid')).toBe('success');
    expect(nextStatus('failed', 'paid')).toBeNull();
    expect(nextStatus('timeout', 'paid')).toBeNull();
    expect(nextStatus('closed', 'refundStart')).toBeNull();
    expect(nextStatus('refunded', 'refundStart')).toBeNull();
    expect(nextStatus('paying', 'refundStart')).toBeNull();
    expect(nextStatus('success', 'expire')).toBeNull();
    expect(canTransition('paying', 'success')).toBe(true);
    expect(canTransition('success', 'failed')).toBe(false);
    expect(canTransition('refunded', 'partlyRefunded')).toBe(false);
    expect(canRefundTransition('waiting', 'refunding')).toBe(true);
    expect(canRefundTransition('success', 'failed')).toBe(false);
  });

  it('covers every status in the payment-status filter once', () => {
    const all = Object.values(PAY_STATUS_FILTER).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((s) => !['pendingPayment'].includes(s)).length).toBeGreaterThan(10);
  });
});

describe('money (src/contract/money.ts)', () => {
  it('formats minor units with the symbols of spec point 9', () => {
    expect(formatMoney(123456, 'JPY')).toBe('123,456円');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(5000, 'KRW')).toBe('₩5,000');
    expect(formatMoney(100, 'CNY')).toBe('1.00元');
    expect(formatMoney(-250, 'GBP')).toBe('-£2.50');
    expect(formatMoney('9007199254740991', 'USD')).toBe('$90,071,992,547,409.91');
    expect(formatAmount(99, 'MYR')).toBe('0.99');
  });

  it('parses typed amounts exactly and refuses what is not an amount of the currency', () => {
    expect(parseAmount('1,234.5', 'USD')).toBe('123450');
    expect(parseAmount('0.07', 'USD')).toBe('7');
    expect(parseAmount('1200', 'JPY')).toBe('1200');
    expect(parseAmount('12.5', 'JPY')).toBeNull();
    expect(parseAmount('1.005', 'USD')).toBeNull();
    expect(parseAmount('-1', 'USD')).toBeNull();
    expect(parseAmount('abc', 'USD')).toBeNull();
    expect(parseAmount('90071992547409.92', 'USD')).toBeNull();
    // 0.1 + 0.2 in floating point is not 0.3; here it is.
    expect(Number(parseAmount('0.1', 'USD')) + Number(parseAmount('0.2', 'USD'))).toBe(
      Number(parseAmount('0.3', 'USD')),
    );
  });

  it('computes commission in whole minor units, half up', () => {
    expect(commissionOf(10_000, 325)).toBe(325);
    expect(commissionOf(999, 325)).toBe(32);
    expect(commissionOf(1000, 5)).toBe(1);
    expect(commissionOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('knows each sub-brand’s brand', () => {
    for (const b of PAY_BRANDS) for (const s of SUB_BRANDS[b]) expect(brandOfSubBrand(s)).toBe(b);
  });
});

describe.each(backends)('order and refund history on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  const zone = 'Asia/Tokyo';
  const today = DateTime.now().setZone(zone);
  const range = { beginTime: today.minus({ days: 30 }).toISODate()!, endTime: today.toISODate()! };
  const from = today.minus({ days: 30 }).startOf('day').toJSDate();
  const to = today.plus({ days: 1 }).startOf('day').toJSDate();

  const page = async (login: string, q: Record<string, unknown>) => {
    const r = await h.call<Page<OrderRow>>(
      '/history/orderInfo/page',
      { ...range, pageSize: 100, ...q },
      {
        token: await h.token(login),
      },
    );
    if (r.body.resultType !== 'SUCCESS') throw new Error(`${r.body.resultType} ${r.body.resultMessage}`);
    return r.body.result!;
  };
  const countWhere = async (...conds: Parameters<typeof and>) => {
    const [{ n }] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), ...conds));
    return Number(n);
  };

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    await generateDemoOrders(h.db, { count: 2500, days: 60, seed: 7, events: true });
  });
  afterAll(() => h?.close());

  it('pages the last 31 days with the total, newest first, for the system', async () => {
    const p = await page('admin', {});
    expect(p.total).toBe(await countWhere());
    expect(p.records).toHaveLength(100);
    const times = p.records.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const p2 = await page('admin', { pageNum: 2 });
    expect(p2.records.map((r) => r.id).filter((id) => p.records.some((r) => r.id === id))).toEqual([]);
  });

  it('filters by payment status, brand, sub-brand, payment type, company, branch and any order number', async () => {
    for (const status of ['0', '1', '2'] as const) {
      const p = await page('admin', { status });
      expect(p.total).toBe(await countWhere(inArray(orders.status, [...PAY_STATUS_FILTER[status]])));
      for (const r of p.records) expect(PAY_STATUS_FILTER[status]).toContain(r.status);
    }
    const wechat = await page('admin', { brand: 'wechat', subBrand: 'alipay' });
    expect(wechat.total).toBe(await countWhere(eq(orders.brand, 'wechat'), eq(orders.subBrand, 'alipay')));
    const links = await page('admin', { paymentType: 'link' });
    expect(links.records.every((r) => r.paymentType === 'link')).toBe(true);
    const hinoki = ids.company('株式会社ひのき珈琲');
    const ginza = ids.branch('株式会社ひのき珈琲/銀座店');
    const byBranch = await page('admin', { companyId: hinoki, branchUnitId: ginza });
    expect(byBranch.total).toBe(await countWhere(eq(orders.branchUnitId, ginza)));
    expect(
      byBranch.records.every((r) => r.branchUnitName === '銀座店' && r.companyName === '株式会社ひのき珈琲'),
    ).toBe(true);
    const one = byBranch.records.find((r) => r.brandOrderNo)!;
    for (const n of [one.clientOrderNo, one.gatewayOrderNo, one.brandOrderNo]) {
      const p = await page('admin', { orderNo: n });
      expect(p.records.map((r) => r.id)).toEqual([one.id]);
    }
    const asc = (await page('admin', { sortField: 'amount', sortOrder: 'asc' })).records.map((r) => r.amount);
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
  });

  it('keeps every role inside its scope', async () => {
    const hinoki = ids.company('株式会社ひのき珈琲');
    const ginza = ids.branch('株式会社ひのき珈琲/銀座店');
    const coOp = await page('co-op', {});
    expect(coOp.total).toBe(await countWhere(eq(orders.branchUnitId, ginza)));
    const coAdmin = await page('co-admin', {});
    expect(coAdmin.total).toBe(await countWhere(eq(orders.companyId, hinoki)));
    const agencyCompanies = await h.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.agentId, ids.agent('Kanto Merchant Solutions')));
    const agent = await page('ag-op', {});
    expect(agent.total).toBe(
      await countWhere(
        inArray(
          orders.companyId,
          agencyCompanies.map((c) => c.id),
        ),
      ),
    );
    // Another tenant's company as a filter finds nothing; its order is NOT_FOUND.
    const minato = ids.company('株式会社みなと書店');
    expect((await page('co-admin', { companyId: minato })).total).toBe(0);
    const [foreign] = await h.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.companyId, minato))
      .limit(1);
    const r = await h.call(
      '/history/orderInfo/get',
      { id: foreign.id },
      { token: await h.token('co-admin') },
    );
    expect(r.body.resultType).toBe('NOT_FOUND');
    const branches = await h.db
      .select({ id: branchUnits.id })
      .from(branchUnits)
      .where(eq(branchUnits.companyId, hinoki));
    expect(
      coAdmin.records.every((o) => branches.some((b) => b.id === o.branchUnitId) || o.branchUnitId === null),
    ).toBe(true);
  });

  it('answers each call with its own values and scope when the page statements are reused', async () => {
    // The page's statements are built once per shape (scope, status, which filters, sort):
    // calls of one shape, back to back, must still get their own values and their own scope.
    const hinoki = ids.company('株式会社ひのき珈琲');
    const minato = ids.company('株式会社みなと書店');
    for (const company of [hinoki, minato, hinoki]) {
      const p = await page('admin', { companyId: company, status: '0' });
      expect(p.total).toBe(
        await countWhere(eq(orders.companyId, company), inArray(orders.status, [...PAY_STATUS_FILTER['0']])),
      );
      expect(p.records.every((r) => r.companyId === company)).toBe(true);
    }
    const older = await page('admin', {
      beginTime: today.minus({ days: 59 }).toISODate()!,
      endTime: today.minus({ days: 29 }).toISODate()!,
    });
    expect(older.records.every((r) => r.createdAt < to.toISOString())).toBe(true);
    expect(older.records.some((r) => r.createdAt < from.toISOString())).toBe(true);
    const second = await page('admin', { pageNum: 2, pageSize: 10 });
    const first = await page('admin', { pageNum: 1, pageSize: 10 });
    expect(second.records.map((r) => r.id)).not.toEqual(first.records.map((r) => r.id));
    // Two company administrators: the same filters, two scopes, neither sees the other's orders.
    for (const [login, company] of [
      ['co-admin', hinoki],
      ['minato-admin', minato],
      ['co-admin', hinoki],
    ] as const) {
      const p = await page(login, { status: '0' });
      expect(p.total).toBe(
        await countWhere(eq(orders.companyId, company), inArray(orders.status, [...PAY_STATUS_FILTER['0']])),
      );
      expect(p.records.every((r) => r.companyId === company)).toBe(true);
    }
  });

  it('finds a complete order number on any day within the scope, whatever the period, and no other tenant’s', async () => {
    // An order of 50 days ago, far outside the default week the list shows.
    const hinoki = ids.company('株式会社ひのき珈琲');
    const [old] = await h.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.companyId, hinoki),
          lt(orders.createdAt, today.minus({ days: 45 }).toJSDate()),
          sql`${orders.brandOrderNo} <> ''`,
        ),
      )
      .limit(1);
    const week = { beginTime: today.minus({ days: 6 }).toISODate()!, endTime: today.toISODate()! };
    for (const orderNo of [old.gatewayOrderNo, old.clientOrderNo, old.brandOrderNo]) {
      for (const login of ['admin', 'co-admin', 'sp-admin']) {
        const p = await page(login, { ...week, orderNo });
        expect(p.records.map((r) => r.id)).toContain(old.id);
      }
      // Another company's administrator: not found, though the number exists.
      expect((await page('minato-admin', { ...week, orderNo })).total).toBe(0);
    }
    // The rest of the filters still apply, and the range is still checked.
    expect((await page('admin', { ...week, orderNo: old.gatewayOrderNo, companyId: 999_999 })).total).toBe(0);
    const long = await h.call(
      '/history/orderInfo/page',
      { beginTime: '2026-01-01', endTime: '2026-03-01', orderNo: old.gatewayOrderNo },
      { token: await h.token('admin') },
    );
    expect([long.body.resultType, Object.keys(long.body.errors ?? {})]).toEqual(['INVALID', ['endTime']]);
    // Without a number, the period holds: the old order is not in the week.
    const plain = await page('co-admin', week);
    expect(plain.records.map((r) => r.id)).not.toContain(old.id);
  });

  it('finds a complete refund number, or its order’s number, on any day within the scope', async () => {
    const [old] = await h.db
      .select({
        id: refunds.id,
        gatewayRefundNo: refunds.gatewayRefundNo,
        clientRefundNo: refunds.clientRefundNo,
        gatewayOrderNo: orders.gatewayOrderNo,
        companyId: refunds.companyId,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refunds.companyId, ids.company('株式会社ひのき珈琲')),
          lt(refunds.createdAt, today.minus({ days: 40 }).toJSDate()),
        ),
      )
      .limit(1);
    expect(old).toBeDefined();
    const week = { beginTime: today.minus({ days: 6 }).toISODate()!, endTime: today.toISODate()! };
    const refundPage = async (login: string, refundNo: string) => {
      const r = await h.call<Page<RefundRow>>(
        '/history/refundInfo/page',
        { ...week, refundNo, pageSize: 100 },
        { token: await h.token(login) },
      );
      return r.body.result!;
    };
    for (const refundNo of [old.gatewayRefundNo, old.clientRefundNo, old.gatewayOrderNo]) {
      expect((await refundPage('co-admin', refundNo)).records.map((r) => r.id)).toContain(old.id);
      expect((await refundPage('admin', refundNo)).records.map((r) => r.id)).toContain(old.id);
      expect((await refundPage('minato-admin', refundNo)).total).toBe(0);
    }
  });

  it('refuses ranges over 31 days, bad dates and unknown filters with field errors', async () => {
    const token = await h.token('admin');
    const long = await h.call(
      '/history/orderInfo/page',
      { beginTime: '2026-01-01', endTime: '2026-02-01' },
      { token },
    );
    expect([long.body.resultType, Object.keys(long.body.errors ?? {})]).toEqual(['INVALID', ['endTime']]);
    const bad = await h.call(
      '/history/orderInfo/page',
      { ...range, status: '3', brand: 'cash', sortField: 'secret' },
      { token },
    );
    expect(bad.body.resultType).toBe('INVALID');
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['brand', 'status']);
    const sort = await h.call('/history/orderInfo/page', { ...range, sortField: 'secret' }, { token });
    expect(Object.keys(sort.body.errors ?? {})).toEqual(['sortField']);
  });

  it('shows an order with every field, its refunds and its timeline', async () => {
    const [o] = await h.db.select().from(orders).where(eq(orders.status, 'partlyRefunded')).limit(1);
    const d = (
      await h.call<OrderDetail>(
        '/history/orderInfo/get',
        { gatewayOrderNo: o.gatewayOrderNo },
        { token: await h.token('admin') },
      )
    ).body.result!;
    expect(d).toMatchObject({
      id: o.id,
      amount: o.amount,
      status: 'partlyRefunded',
      refundableAmount: o.amount - o.refundedAmount,
    });
    for (const k of [
      'commissionRate',
      'commissionAmount',
      'rebateRate',
      'auditStatus',
      'auditResult',
      'settlementNo',
      'errorCode',
      'receiptNo',
      'subBrand',
      'paymentType',
    ])
      expect(d).toHaveProperty(k);
    expect(d.refunds.length).toBeGreaterThan(0);
    // The demo timeline walks the transition table: created, sent to the brand, paid, refunded in part.
    expect(d.events.map((e) => e.toStatus)).toEqual([
      'pendingPayment',
      'paying',
      'success',
      'refunding',
      'partlyRefunded',
    ]);
    expect(d.events.map((e) => e.event)).toEqual([
      'create',
      'issue',
      'paid',
      'refundStart',
      'refundSettledPart',
    ]);
  });

  it('pages refunds in scope with their filters', async () => {
    const token = await h.token('admin');
    const r = await h.call<Page<RefundRow>>(
      '/history/refundInfo/page',
      { ...range, pageSize: 100 },
      { token },
    );
    const [{ n }] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to)));
    expect(r.body.result!.total).toBe(Number(n));
    const failed = await h.call<Page<RefundRow>>(
      '/history/refundInfo/page',
      { ...range, status: 'failed' },
      { token },
    );
    expect(failed.body.result!.records.every((x) => x.status === 'failed')).toBe(true);
    const coOp = await h.call<Page<RefundRow>>(
      '/history/refundInfo/page',
      { ...range, pageSize: 100 },
      { token: await h.token('co-op') },
    );
    const ginza = ids.branch('株式会社ひのき珈琲/銀座店');
    const own = await h.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.branchUnitId, ginza), gte(refunds.createdAt, from), lt(refunds.createdAt, to)));
    expect(coOp.body.result!.total).toBe(own.length);
  });

  it('generates demo orders of every status with consistent refunds', async () => {
    const rows = await h.db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .groupBy(orders.status);
    expect(rows.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const bad = await h.db.execute(sql`
      select o.id from orders o
      left join refunds r on r.order_id = o.id and r.status = 'success'
      group by o.id having o.refunded_amount <> coalesce(sum(r.amount), 0)`);
    expect((bad as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
