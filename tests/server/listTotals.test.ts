import { and, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayBrand, PaymentType } from '../../src/contract/brands';
import type { Page } from '../../src/contract/envelope';
import { ORDER_STATUSES, PAY_STATUS_FILTER, type OrderRow } from '../../src/contract/orders';
import type { RefundRow, RefundStatus } from '../../src/contract/refunds';
import { rowsOf } from '../../server/db/client';
import { companies, orders, refunds } from '../../server/db/schema';
import { generateDemoOrders } from '../../server/demo/orders';
import { foldSummaryDeltas, setBusinessZone, summaryCount } from '../../server/modules/summaries';
import { backends, operatorByLogin, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';
import { paidOrder, succeededRefund } from './settlements-support';

/**
 * The order and refund pages take their totals from the summaries when the filters are in the
 * summaries' key (whole business days; company, branch, brand, payment type; all or paid orders;
 * refunds succeeded), and count their rows otherwise: either way the total is the number of rows
 * the list holds, checked here against the rows counted straight from the tables, with the deltas
 * unfolded, folded, and both.
 */

const ZONE = 'Asia/Tokyo';
const LOGINS = ['admin', 'sp-admin', 'ag-op', 'co-admin', 'co-op'] as const;
type Login = (typeof LOGINS)[number] | 'minato-admin';

interface OrderQuery {
  beginTime: string;
  endTime: string;
  status?: '' | '0' | '1' | '2';
  brand?: PayBrand;
  subBrand?: string;
  paymentType?: PaymentType;
  companyId?: number;
  branchUnitId?: number;
  orderNo?: string;
}
interface RefundQuery {
  beginTime: string;
  endTime: string;
  status?: '' | RefundStatus;
  brand?: PayBrand;
  companyId?: number;
  branchUnitId?: number;
  refundNo?: string;
}

describe.each(backends)('list totals from the summaries on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const day = (back: number) => today.minus({ days: back }).toISODate()!;
  const start = (d: string) => DateTime.fromISO(d, { zone: ZONE }).toJSDate();
  const afterEnd = (d: string) => DateTime.fromISO(d, { zone: ZONE }).plus({ days: 1 }).toJSDate();
  const RANGES = [
    { beginTime: day(30), endTime: day(0) },
    { beginTime: day(6), endTime: day(0) },
    { beginTime: day(12), endTime: day(12) },
    { beginTime: day(40), endTime: day(20) },
  ];

  const tokens = new Map<string, string>();
  const token = async (login: string) => {
    if (!tokens.has(login)) tokens.set(login, await h.token(login));
    return tokens.get(login)!;
  };
  async function pageTotal<T>(path: string, login: Login, q: object): Promise<number> {
    const r = await h.call<Page<T>>(path, { pageSize: 1, ...q }, { token: await token(login) });
    if (r.body.resultType !== 'SUCCESS') throw new Error(`${r.body.resultType} ${r.body.resultMessage}`);
    return r.body.result!.total;
  }
  const orderTotal = (login: Login, q: OrderQuery) =>
    pageTotal<OrderRow>('/history/orderInfo/page', login, q);
  const refundTotal = (login: Login, q: RefundQuery) =>
    pageTotal<RefundRow>('/history/refundInfo/page', login, q);

  /** What each login may see of rows carrying a company and a branch, told from its account. */
  async function scopeOf(login: Login, company: AnyPgColumn, branch: AnyPgColumn) {
    const op = await operatorByLogin(h.db, login);
    const ofCompanies = (where: SQL) =>
      inArray(company, h.db.select({ id: companies.id }).from(companies).where(where));
    switch (login) {
      case 'admin':
        return undefined;
      case 'sp-admin':
        return ofCompanies(eq(companies.serviceProviderId, op.serviceProviderId!));
      case 'ag-op':
        return ofCompanies(eq(companies.agentId, op.agentId!));
      case 'co-admin':
      case 'minato-admin':
        return eq(company, op.companyId!);
      case 'co-op':
        return and(eq(company, op.companyId!), eq(branch, op.branchUnitId!));
    }
  }

  /** The orders the page lists, counted from the table. */
  async function ordersCounted(login: Login, q: OrderQuery) {
    const [{ n }] = await h.db
      .select({ n: sql<string>`count(*)` })
      .from(orders)
      .where(
        and(
          q.orderNo ? undefined : gte(orders.createdAt, start(q.beginTime)),
          q.orderNo ? undefined : lt(orders.createdAt, afterEnd(q.endTime)),
          q.status ? inArray(orders.status, [...PAY_STATUS_FILTER[q.status]]) : undefined,
          q.brand ? eq(orders.brand, q.brand) : undefined,
          q.subBrand ? eq(orders.subBrand, q.subBrand) : undefined,
          q.paymentType ? eq(orders.paymentType, q.paymentType) : undefined,
          q.companyId ? eq(orders.companyId, q.companyId) : undefined,
          q.branchUnitId ? eq(orders.branchUnitId, q.branchUnitId) : undefined,
          q.orderNo
            ? or(
                eq(orders.clientOrderNo, q.orderNo),
                eq(orders.gatewayOrderNo, q.orderNo),
                and(ne(orders.brandOrderNo, ''), eq(orders.brandOrderNo, q.orderNo)),
              )
            : undefined,
          await scopeOf(login, orders.companyId, orders.branchUnitId),
        ),
      );
    return Number(n);
  }

  /** The refunds the page lists, counted from the table. */
  async function refundsCounted(login: Login, q: RefundQuery) {
    const [{ n }] = await h.db
      .select({ n: sql<string>`count(*)` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          q.refundNo ? undefined : gte(refunds.createdAt, start(q.beginTime)),
          q.refundNo ? undefined : lt(refunds.createdAt, afterEnd(q.endTime)),
          q.status ? eq(refunds.status, q.status) : undefined,
          q.brand ? eq(orders.brand, q.brand) : undefined,
          q.companyId ? eq(refunds.companyId, q.companyId) : undefined,
          q.branchUnitId ? eq(refunds.branchUnitId, q.branchUnitId) : undefined,
          q.refundNo
            ? or(eq(refunds.gatewayRefundNo, q.refundNo), eq(refunds.clientRefundNo, q.refundNo))
            : undefined,
          await scopeOf(login, refunds.companyId, refunds.branchUnitId),
        ),
      );
    return Number(n);
  }

  /** The filters the summaries hold, for a login (company and branch only where it sees them). */
  const heldFilters = (login: Login): Omit<OrderQuery, 'beginTime' | 'endTime'>[] => {
    const hinoki = ids.company('株式会社ひのき珈琲');
    const ginza = ids.branch('株式会社ひのき珈琲/銀座店');
    return [
      {},
      { brand: 'paypay' },
      { brand: 'wechat', paymentType: 'dynamicQr' },
      { paymentType: 'link' },
      { companyId: hinoki },
      { companyId: hinoki, branchUnitId: ginza, brand: 'paypay' },
      ...(login === 'admin'
        ? [{ companyId: ids.company('株式会社みなと書店'), paymentType: 'staticQr' as const }]
        : []),
    ];
  };

  /** Every held filter of every login over every range: the page's total is the rows counted. */
  async function expectHeldTotalsExact(when: string) {
    for (const login of LOGINS)
      for (const range of RANGES)
        for (const f of heldFilters(login)) {
          for (const status of ['', '0'] as const) {
            const q = { ...range, ...f, status };
            expect([when, login, q, await orderTotal(login, q)]).toEqual([
              when,
              login,
              q,
              await ordersCounted(login, q),
            ]);
          }
          const { paymentType: _type, ...refundFilter } = f;
          const r = { ...range, ...refundFilter, status: 'success' as const };
          expect([when, login, r, await refundTotal(login, r)]).toEqual([
            when,
            login,
            r,
            await refundsCounted(login, r),
          ]);
        }
  }

  const deltaCount = async () =>
    Number(rowsOf<{ n: string }>(await h.db.execute(sql`select count(*) as n from order_day_deltas`))[0].n);

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    await generateDemoOrders(h.db, { count: 1500, days: 45, seed: 31, events: true });
    // Orders and refunds on the very first and last instants of the ranges' days and just
    // outside them (of no branch), and a link's order whose payer has not chosen a brand.
    const hinoki = ids.company('株式会社ひのき珈琲');
    for (const range of RANGES)
      for (const at of [
        start(range.beginTime),
        new Date(start(range.beginTime).getTime() - 1),
        new Date(afterEnd(range.endTime).getTime() - 1),
        afterEnd(range.endTime),
      ]) {
        const o = await paidOrder(h.db, { companyId: hinoki, amount: 1000, at });
        await succeededRefund(h.db, o.id, 100, at);
      }
    await h.db.insert(orders).values({
      companyId: hinoki,
      clientOrderNo: `LT-LINK-${Date.now()}`,
      gatewayOrderNo: `LT-GLINK-${Date.now()}`,
      amount: 2500,
      currency: 'JPY',
      status: 'paying',
      paymentType: 'link',
      brand: '',
      createdAt: start(day(3)),
    });
  }, 300_000);
  afterAll(() => h?.close());

  it('count paid orders as the summaries do', async () => {
    // The page's paid status (PAY_STATUS_FILTER '0') is what the summaries' triggers call paid.
    const paid = rowsOf<{ s: string }>(
      await h.db.execute(
        sql`select s from (values ${sql.join(
          ORDER_STATUSES.map((s) => sql`(${s})`),
          sql`, `,
        )}) v(s) where summary_paid(s)`,
      ),
    ).map((r) => r.s);
    expect(paid.sort()).toEqual([...PAY_STATUS_FILTER['0']].sort());
  });

  it('give the rows counted for every filter the summaries hold, unfolded, folded and both', async () => {
    expect(await deltaCount()).toBeGreaterThan(0);
    await expectHeldTotalsExact('unfolded');
    await foldSummaryDeltas(h.db, 500);
    expect(await deltaCount()).toBe(0);
    await expectHeldTotalsExact('folded');
    // More payments and refunds, and links paid later (their brand chosen then): deltas again,
    // beside the folded totals.
    await generateDemoOrders(h.db, { count: 300, days: 8, seed: 32, events: true });
    await h.db.execute(sql`update orders set status = 'success', brand = 'wechat', sub_brand = 'wechat'
      where payment_type = 'link' and brand = '' and status = 'paying'`);
    expect(await deltaCount()).toBeGreaterThan(0);
    await expectHeldTotalsExact('folded and unfolded');
  }, 600_000);

  it('read the summaries for the filters they hold, and count the rows for the others', async () => {
    // A cell that no row stands behind (a currency no order has): a total that includes it was
    // read from the summaries; one that does not was counted.
    const hinoki = ids.company('株式会社ひのき珈琲');
    const ginza = ids.branch('株式会社ひのき珈琲/銀座店');
    await h.db.execute(sql`insert into order_day_totals (day, company_id, branch_unit_id, brand, currency,
      payment_type, proof, orders, paid_count, refund_count)
      values (${day(2)}, ${hinoki}, ${ginza}, 'paypay', 'XTS', 'dynamicQr', 1, 1000, 100, 10)`);
    try {
      const week = { beginTime: day(6), endTime: day(0) };
      const older = { beginTime: day(20), endTime: day(3) };
      const orderCases: [Login, OrderQuery, number][] = [
        ['admin', week, 1000],
        ['admin', { ...week, status: '0' }, 100],
        ['co-op', { ...week, brand: 'paypay', paymentType: 'dynamicQr' }, 1000],
        ['sp-admin', { ...week, status: '0', companyId: hinoki, branchUnitId: ginza }, 100],
        ['admin', older, 0],
        ['admin', { ...week, brand: 'wechat' }, 0],
        ['minato-admin', week, 0],
        // Not in the summaries: open and failed orders, a sub-brand, a complete order number.
        ['admin', { ...week, status: '1' }, 0],
        ['co-admin', { ...week, status: '2' }, 0],
        ['admin', { ...week, brand: 'paypay', subBrand: 'paypay' }, 0],
      ];
      const [numbered] = await h.db
        .select({ no: orders.gatewayOrderNo })
        .from(orders)
        .where(eq(orders.companyId, hinoki))
        .limit(1);
      orderCases.push(['co-admin', { ...week, orderNo: numbered.no }, 0]);
      for (const [login, q, phantom] of orderCases)
        expect([login, q, await orderTotal(login, q)]).toEqual([
          login,
          q,
          (await ordersCounted(login, q)) + phantom,
        ]);
      const [refunded] = await h.db
        .select({ no: refunds.gatewayRefundNo })
        .from(refunds)
        .where(eq(refunds.companyId, hinoki))
        .limit(1);
      const refundCases: [Login, RefundQuery, number][] = [
        ['admin', { ...week, status: 'success' }, 10],
        ['co-op', { ...week, status: 'success', brand: 'paypay' }, 10],
        ['co-admin', { ...older, status: 'success' }, 0],
        // Not in the summaries: refunds of every status or of another one, a complete number.
        ['admin', week, 0],
        ['admin', { ...week, status: 'failed' }, 0],
        ['co-admin', { ...week, status: 'success', refundNo: refunded.no }, 0],
      ];
      for (const [login, q, phantom] of refundCases)
        expect([login, q, await refundTotal(login, q)]).toEqual([
          login,
          q,
          (await refundsCounted(login, q)) + phantom,
        ]);
    } finally {
      await h.db.execute(sql`delete from order_day_totals where currency = 'XTS'`);
    }
  });

  it('count the rows when the summaries cut business days elsewhere than the server', async () => {
    const hinoki = ids.company('株式会社ひのき珈琲');
    const week = { beginTime: day(6), endTime: day(0) };
    try {
      await setBusinessZone(h.db, 'UTC');
      await h.db.execute(sql`insert into order_day_totals (day, company_id, branch_unit_id, brand, currency,
        payment_type, proof, orders, paid_count, refund_count)
        values (${day(2)}, ${hinoki}, 0, 'paypay', 'XTS', 'dynamicQr', 1, 1000, 100, 10)`);
      for (const login of ['admin', 'co-admin'] as const) {
        for (const status of ['', '0'] as const)
          expect(await orderTotal(login, { ...week, status })).toBe(
            await ordersCounted(login, { ...week, status }),
          );
        expect(await refundTotal(login, { ...week, status: 'success' })).toBe(
          await refundsCounted(login, { ...week, status: 'success' }),
        );
      }
    } finally {
      await h.db.execute(sql`delete from order_day_totals where currency = 'XTS'`);
      await setBusinessZone(h.db, ZONE);
    }
    // In the server's zone again, read from the summaries again.
    expect(await orderTotal('admin', week)).toBe(await ordersCounted('admin', week));
  });

  it('give no count where the database would cut the period elsewhere than the list', async () => {
    const begin = day(6);
    const end = day(0);
    const period = { fromDay: begin, toDay: end, zone: ZONE, from: start(begin), to: afterEnd(end) };
    const held = async (p: typeof period) =>
      rowsOf<{ n: string | null }>(
        await h.db.execute(sql`select ${summaryCount(h.db, { level: 'system' }, 'orders', p, {})} as n`),
      )[0].n;
    expect(Number(await held(period))).toBe(await ordersCounted('admin', { beginTime: begin, endTime: end }));
    expect(await held({ ...period, from: new Date(period.from.getTime() + 3_600_000) })).toBeNull();
    expect(await held({ ...period, to: new Date(period.to.getTime() - 1) })).toBeNull();
    expect(await held({ ...period, zone: 'Asia/Seoul' })).toBeNull();
  });
});
