import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT_PER_KIND, type GlobalSearchReply, type SearchHit } from '../../src/contract/search';
import { companies, orders, payLinks, preOrders, refunds, roleRoutes } from '../../server/db/schema';
import { generateDemoOrders } from '../../server/demo/orders';
import { isBankBusinessDay } from '../../server/platform/bankDays';
import { backends, DEMO_PASSWORD, md5Upper, startHarness, type Harness } from './harness';
import { orgIds, type OrgIds } from './fixtures';
import { syntheticSettlement } from './settlements-support';

/**
 * The global search (/search/global): every kind of record by number or name, all time, within
 * the caller's screens and tenant scope; another tenant's record is simply not among the hits.
 */
describe.each(backends)('global search on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  let hinoki: number;
  let minato: number;
  /** An order of hinoki's 銀座店 made 50 days ago, with a brand number and a refund. */
  let old: typeof orders.$inferSelect;
  let oldRefund: typeof refunds.$inferSelect;
  /** An order of minato's (another tenant). */
  let foreign: typeof orders.$inferSelect;

  const search = async (login: string, keyword: string) => {
    const r = await h.call<GlobalSearchReply>('/search/global', { keyword }, { token: await h.token(login) });
    if (r.body.resultType !== 'SUCCESS') throw new Error(`${r.body.resultType} ${r.body.resultMessage}`);
    return r.body.result!.hits;
  };
  const of = <K extends SearchHit['kind']>(hits: SearchHit[], kind: K) =>
    hits.filter((x): x is Extract<SearchHit, { kind: K }> => x.kind === kind);

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    ids = await orgIds(h.db);
    hinoki = ids.company('株式会社ひのき珈琲');
    minato = ids.company('株式会社みなと書店');
    await generateDemoOrders(h.db, { count: 1500, days: 60, seed: 11, events: false });
    const ginza = ids.branch('株式会社ひのき珈琲/銀座店');
    const before = DateTime.now().minus({ days: 45 }).toJSDate();
    [old] = await h.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.branchUnitId, ginza),
          lt(orders.createdAt, before),
          ne(orders.brandOrderNo, ''),
          sql`exists (select 1 from refunds r where r.order_id = ${orders.id})`,
        ),
      )
      .limit(1);
    [oldRefund] = await h.db.select().from(refunds).where(eq(refunds.orderId, old.id)).limit(1);
    [foreign] = await h.db.select().from(orders).where(eq(orders.companyId, minato)).limit(1);
  });
  afterAll(() => h?.close());

  it('finds an order of any day by its gateway, merchant or brand number, and the gateway’s typed in lower case', async () => {
    for (const keyword of [
      old.gatewayOrderNo,
      old.gatewayOrderNo.toLowerCase(),
      old.clientOrderNo,
      old.brandOrderNo,
    ]) {
      for (const login of ['admin', 'sp-admin', 'co-admin', 'co-op']) {
        const orderHits = of(await search(login, keyword), 'order');
        expect(
          orderHits.map((x) => x.gatewayOrderNo),
          `${login} ${keyword}`,
        ).toEqual([old.gatewayOrderNo]);
        expect(orderHits[0]).toMatchObject({
          amount: old.amount,
          currency: old.currency,
          status: old.status,
          companyName: '株式会社ひのき珈琲',
        });
      }
    }
  });

  it('finds a refund by its numbers, naming its order (whose page it opens)', async () => {
    for (const keyword of [oldRefund.gatewayRefundNo, oldRefund.clientRefundNo]) {
      const hits = of(await search('co-admin', keyword), 'refund');
      expect(hits.map((x) => [x.gatewayRefundNo, x.gatewayOrderNo])).toEqual([
        [oldRefund.gatewayRefundNo, old.gatewayOrderNo],
      ]);
    }
  });

  it('never shows another tenant’s record: their numbers and names find nothing', async () => {
    for (const keyword of [foreign.gatewayOrderNo, foreign.clientOrderNo]) {
      expect(await search('co-admin', keyword)).toEqual([]);
      expect(await search('ag-admin', keyword)).toEqual([]);
      expect(of(await search('admin', keyword), 'order').map((x) => x.gatewayOrderNo)).toContain(
        foreign.gatewayOrderNo,
      );
    }
    // A company operator of 銀座店 does not find an order of its company's other branch.
    const [otherBranch] = await h.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.companyId, hinoki), ne(orders.branchUnitId, ids.branch('株式会社ひのき珈琲/銀座店'))),
      )
      .limit(1);
    expect(of(await search('co-op', otherBranch.gatewayOrderNo), 'order')).toEqual([]);
    expect(of(await search('co-admin', otherBranch.gatewayOrderNo), 'order')).toHaveLength(1);
    // Companies by name: the agency sees the companies it brought in, never minato.
    const agencyNames = of(await search('ag-admin', '株式会社'), 'company').map((x) => x.name);
    expect(agencyNames).not.toContain('株式会社みなと書店');
    expect(of(await search('admin', 'みなと'), 'company').map((x) => x.id)).toEqual([minato]);
    expect(of(await search('ag-admin', 'みなと'), 'company')).toEqual([]);
  });

  it('searches only the kinds whose screens the role holds', async () => {
    // The company operator has no company list: a name finds no company, even its own.
    expect(of(await search('co-op', 'ひのき'), 'company')).toEqual([]);
    // Without the order screen, no orders; the refunds screen still finds the refund.
    await h.db
      .delete(roleRoutes)
      .where(and(eq(roleRoutes.operatorType, 30), eq(roleRoutes.routePath, '/history/order')));
    try {
      expect(of(await search('co-op', old.gatewayOrderNo), 'order')).toEqual([]);
      expect(of(await search('co-op', oldRefund.gatewayRefundNo), 'refund')).toHaveLength(1);
    } finally {
      await h.db.insert(roleRoutes).values({ operatorType: 30, routePath: '/history/order' });
    }
    expect(of(await search('co-op', old.gatewayOrderNo), 'order')).toHaveLength(1);
  });

  it('finds URL payments and pre-orders by number, all time', async () => {
    const coAdmin = await h.token('co-admin');
    const link = await h.call<{ gatewayOrderNo: string; clientOrderNo: string }>(
      '/pay/pay/create',
      { amount: 3300, subject: '請求書', clientOrderNo: 'SEARCH-LINK-1' },
      { token: coAdmin },
    );
    const pre = await h.call<{ gatewayPayNo: string; clientPayNo: string }>(
      '/history/preOrder/create',
      { orderAmount: 2500, clientPayNo: 'SEARCH-PRE-1' },
      { token: coAdmin },
    );
    const linkNo = link.body.result!.gatewayOrderNo;
    const payNo = pre.body.result!.gatewayPayNo;
    await h.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '200 days'` })
      .where(eq(orders.gatewayOrderNo, linkNo));
    await h.db
      .update(preOrders)
      .set({ createdAt: sql`now() - interval '200 days'` })
      .where(eq(preOrders.gatewayPayNo, payNo));
    for (const keyword of [linkNo, 'SEARCH-LINK-1']) {
      const hits = await search('co-admin', keyword);
      expect(of(hits, 'link').map((x) => x.gatewayOrderNo)).toEqual([linkNo]);
      // A URL payment is an order too: the order list finds it as well.
      expect(of(hits, 'order').map((x) => x.gatewayOrderNo)).toEqual([linkNo]);
      expect(await search('minato-admin', keyword)).toEqual([]);
    }
    for (const keyword of [payNo, 'SEARCH-PRE-1']) {
      expect(of(await search('co-admin', keyword), 'preOrder').map((x) => x.gatewayPayNo)).toEqual([payNo]);
      expect(await search('minato-admin', keyword)).toEqual([]);
    }
    // The company operator has neither screen.
    expect(of(await search('co-op', linkNo), 'link')).toEqual([]);
    expect(of(await search('co-op', payNo), 'preOrder')).toEqual([]);
    expect(await h.db.select().from(payLinks).where(eq(payLinks.companyId, hinoki))).not.toHaveLength(0);
  });

  it('finds a settlement by its number and a payout batch by #id, for the roles of the settlement screens', async () => {
    const id = await syntheticSettlement(h.db, 'merchant', hinoki);
    const theirs = await syntheticSettlement(h.db, 'merchant', minato);
    const no = (n: number) => `ST${String(n).padStart(10, '0')}`;
    const mine = of(await search('admin', no(id).toLowerCase()), 'settlement');
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        settlementNo: no(id),
        settlementKind: 'merchant',
        partyName: '株式会社ひのき珈琲',
        amount: 1000,
        currency: 'JPY',
      }),
    ]);
    // A provider sees its own companies' settlements only; a company role has no settlement screen.
    expect(of(await search('sp-admin', no(id)), 'settlement').map((x) => x.id)).toEqual([id]);
    expect(of(await search('sp-admin', no(theirs)), 'settlement')).toEqual([]);
    expect(of(await search('pg-admin', no(theirs)), 'settlement').map((x) => x.id)).toEqual([theirs]);
    expect(of(await search('co-admin', no(id)), 'settlement')).toEqual([]);

    let day = DateTime.now().setZone('Asia/Tokyo').plus({ days: 1 });
    while (!isBankBusinessDay(day.toISODate()!)) day = day.plus({ days: 1 });
    const checkout = await h.call<{ batch: { id: number } }>(
      '/history/platformCheckoutInfo/checkout',
      {
        ids: [id],
        transferDate: day.toISODate(),
        refundPassword: md5Upper(DEMO_PASSWORD),
        batchKey: 'search-batch-0123456789',
      },
      { token: await h.token('admin') },
    );
    const batch = checkout.body.result!.batch.id;
    for (const keyword of [`#${batch}`, `${batch}`.padStart(2, '0')]) {
      expect(of(await search('admin', keyword), 'batch')).toEqual([
        expect.objectContaining({
          id: batch,
          batchKind: 'merchant',
          status: 'checkedOut',
          settlementCount: 1,
          firstSettlementId: id,
        }),
      ]);
      expect(of(await search('co-admin', keyword), 'batch')).toEqual([]);
      expect(of(await search('pg-admin', keyword), 'batch')).toEqual([]);
    }
  });

  it('finds companies by the beginning of the name (with or without its legal form), the English name, the M-ID or the id', async () => {
    const [hinokiRow] = await h.db.select().from(companies).where(eq(companies.id, hinoki));
    await h.db.update(companies).set({ mid: 'MID-SEARCH-77' }).where(eq(companies.id, hinoki));
    // An id of one digit is asked as #3: a keyword has two characters at least.
    const keywords = ['ひのき', '株式会社ひの', 'MID-SEARCH-77', `#${hinoki}`];
    if (hinokiRow.nameEn) keywords.push(hinokiRow.nameEn.slice(0, 4).toUpperCase());
    for (const keyword of keywords) {
      expect(
        of(await search('admin', keyword), 'company').map((x) => x.id),
        keyword,
      ).toContain(hinoki);
    }
    // The middle of a name is not its beginning.
    expect(of(await search('admin', 'のき珈'), 'company')).toEqual([]);
    // LIKE's wildcards are taken as themselves.
    expect(of(await search('admin', '%%'), 'company')).toEqual([]);
  });

  it('gives at most a few results of each kind', async () => {
    const hits = await search('admin', '株式会社');
    expect(of(hits, 'company')).toHaveLength(SEARCH_LIMIT_PER_KIND);
  });

  it('refuses an empty, one-letter or overlong keyword and unknown parameters at the field, and needs a session', async () => {
    const token = await h.token('admin');
    for (const [body, field] of [
      [{ keyword: '' }, 'keyword'],
      [{ keyword: ' a ' }, 'keyword'],
      [{ keyword: 'x'.repeat(65) }, 'keyword'],
      [{ keyword: 'ab', kind: 'order' }, 'kind'],
    ] as const) {
      const r = await h.call('/search/global', body, { token });
      expect([r.body.resultType, Object.keys(r.body.errors ?? {})]).toEqual(['INVALID', [field]]);
    }
    expect((await h.call('/search/global', { keyword: 'ab' })).body.resultType).toBe('UNAUTHENCATED');
  });
});
