import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, createTranslator, isMessageKey } from '../../src/i18n';
import { ORDER_EVENTS } from '../../src/contract/orders';
import { generateDemoOrders } from '../../server/demo/orders';
import { DEMO_MERCHANTS } from '../../server/demo/merchants';
import { gatewayNo } from '../../server/platform/numbers';
import { recoverInFlight } from '../../server/modules/recovery';
import { statementReadyAt } from '../../server/connectors/sandboxStatements';
import type { PayBrand } from '../../src/contract/brands';
import { backends, startHarness, type Harness } from './harness';
import { merchantClient } from './payments-support';

/**
 * The demo data a fresh start creates (npm start on an empty data folder) reads like a real
 * Japanese merchant base: nothing in the future, numbers dated in the business time zone,
 * every message a reader sees in the three languages, no placeholder names, branches with
 * their phone and contact, amounts at the prices of each business.
 */
const ZONE = 'Asia/Tokyo';

/**
 * Deadlines, not events: an open payment's expiry, a pre-order's end of validity and a
 * settlement's due date lie ahead of now by design. Every other time column of every table must lie in the past.
 */
const DEADLINES = new Set([
  'orders.expires_at',
  'pre_orders.expire_time',
  'settlements.due_date',
  // Until when a statement's missing rows wait for a late statement; a sandbox payment's expiry.
  'reconciliation_runs.holding_until',
  'sandbox_payments.expires_at',
  // When the fetching job asks again for the late statement.
  'statement_fetches.next_attempt_at',
  // When a brand pays a period and the last day its deposit may come.
  'brand_payouts.due_date',
  'brand_payouts.deposit_by',
]);

/**
 * Business days (dates in the business time zone, Asia/Tokyo here), not instants: in Tokyo's
 * morning today's date is still tomorrow in UTC. They must not lie after today in Tokyo.
 */
const BUSINESS_DAYS = new Set(['order_day_totals.day', 'order_day_deltas.day', 'order_day_expected.day']);

type Row = Record<string, unknown>;

describe.each(backends)('the demo data on $name', (backend) => {
  let h: Harness;
  let seededBy: number;
  /** Before the seed began: what a brand had out by then, the seed found out. */
  let seedStart: number;
  const rows = async <T extends Row>(q: ReturnType<typeof sql>) =>
    ((await h.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** The brand calls held unanswered (a crash's), let go at the end. */
  const held: (() => void)[] = [];
  const cut: Promise<unknown>[] = [];

  beforeAll(async () => {
    seedStart = Date.now();
    h = await startHarness(backend, { captcha: false, demoStatements: true }, { mfa: 'demo' });
    seededBy = Date.now();
  }, 120_000);
  afterAll(async () => {
    held.forEach((letGo) => letGo());
    await Promise.allSettled(cut);
    await h?.close();
  });

  it('charges every paid order its commission and lists it in its agency’s settlement, whatever its rebate', async () => {
    const [unrated] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders
        where status in ('success', 'partlyRefunded', 'refunded', 'refunding') and commission_rate is null`);
    expect(unrated.n).toBe(0);
    // Every paid order of an agency's company in a period the agency has closed is in its settlement.
    const missing = await rows<{ brand: string; n: number }>(sql`
      select o.brand, count(*)::int as n from orders o
        join companies c on c.id = o.company_id
        join settlement_orders sm on sm.order_id = o.id and sm.kind = 'merchant'
        join settlement_cursors cur on cur.kind = 'agent' and cur.party_id = c.agent_id and cur.currency = o.currency
        where (o.finished_at at time zone ${ZONE})::date <= cur.closed_through
          and not exists (select 1 from settlement_orders sa where sa.order_id = o.id and sa.kind = 'agent')
        group by o.brand`);
    expect(missing).toEqual([]);
    // Among them Alipay+'s, on which the demo agencies earn no rebate.
    const [plus] = await rows<{ n: number }>(sql`
      select count(*)::int as n from settlement_orders sa join orders o on o.id = sa.order_id
        where sa.kind = 'agent' and o.brand = 'alipayplus' and o.rebate_rate is null`);
    expect(plus.n).toBeGreaterThan(0);
  });

  it('has no time in the future in any column of any table (deadlines apart)', async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
      ORDER BY table_name, column_name`);
    const names = columns.map((c) => `${c.table_name}.${c.column_name}`);
    for (const d of DEADLINES) expect(names, 'a deadline column that exists').toContain(d);
    for (const d of BUSINESS_DAYS) expect(names, 'a business day column that exists').toContain(d);
    expect(names).toContain('refunds.created_at');
    const future: string[] = [];
    for (const c of columns) {
      const name = `${c.table_name}.${c.column_name}`;
      if (DEADLINES.has(name)) continue;
      const after = BUSINESS_DAYS.has(name)
        ? sql`(${new Date(seededBy).toISOString()}::timestamptz AT TIME ZONE 'Asia/Tokyo')::date`
        : sql`${new Date(seededBy).toISOString()}::timestamptz`;
      const [{ n }] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)} WHERE ${sql.identifier(c.column_name)} > ${after}`,
      );
      if (Number(n) > 0) future.push(`${name}: ${n}`);
    }
    expect(future).toEqual([]);
    // The data is there to be checked: orders, refunds of every kind, timelines.
    const [counts] = await rows<{ orders: number; refunds: number; events: number }>(sql`
      SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM refunds) AS refunds,
             (SELECT count(*)::int FROM order_events) AS events`);
    expect(counts.orders).toBeGreaterThan(3000);
    expect(counts.refunds).toBeGreaterThan(100);
    expect(counts.events).toBeGreaterThan(counts.orders * 2);
  });

  it("matches 90 days of every brand's statements: mostly clean, each exception code a few times, two files refused, PayPay's latest late, Alipay+'s latest holding rows", async () => {
    const runs = await rows<{ brand: string; n: number; refused: number; clean: number }>(sql`
      SELECT brand, count(*)::int AS n, count(*) FILTER (WHERE status = 'refused')::int AS refused,
        count(*) FILTER (WHERE (counts->>'1')::int = (SELECT count(*) FROM reconciliation_results x WHERE x.run_id = r.id))::int AS clean
      FROM reconciliation_runs r WHERE replaced_by_run_id IS NULL GROUP BY brand ORDER BY brand`);
    // PayPay takes yen only (its statement has no currency column): no PayPay order of the demo
    // is in another currency, so every PayPay day has its statement, but the latest, which is late.
    const [paypayForeign] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders WHERE brand = 'paypay' AND currency <> 'JPY'`);
    expect(paypayForeign.n).toBe(0);
    expect(runs.map((r) => [r.brand, r.n])).toEqual([
      ['alipayplus', 90],
      ['card', 90],
      ['paypay', 89],
      ['wechat', 90],
    ]);
    // WeChat Pay's corrupt file and Alipay+'s file with an unreadable row.
    expect(runs.reduce((a, r) => a + r.refused, 0)).toBe(2);
    for (const r of runs) expect(r.clean / r.n, `${r.brand}: most days clean`).toBeGreaterThan(0.85);
    const codes = await rows<{ code: number; n: number }>(sql`
      SELECT code, count(*)::int AS n FROM reconciliation_results x
        JOIN reconciliation_runs r ON r.id = x.run_id AND r.replaced_by_run_id IS NULL
      WHERE code IS NOT NULL AND code <> 1 GROUP BY code ORDER BY code`);
    expect(codes.map((c) => c.code)).toEqual([100, 200, 300, 400, 500, 600]);
    for (const c of codes) expect(c.n, `code ${c.code}`).toBeLessThan(30);
    // Alipay+'s latest statement lacks two rows, still in the holding pool: not audited yet.
    const [held] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM reconciliation_results x
        JOIN reconciliation_runs r ON r.id = x.run_id AND r.replaced_by_run_id IS NULL
      WHERE x.code IS NULL AND r.brand = 'alipayplus'`);
    expect(held.n).toBe(2);
    // Its pool lasts: the job that ends pools, run now as a started server runs it, leaves the
    // day waiting (and finds no other day to match again).
    expect(await h.app.deps().jobs.runNow('holdingPool')).toBe(true);
    const holding = await rows<{ brand: string; held: number; lasts: boolean }>(sql`
      SELECT brand, (counts->>'held')::int AS held, holding_until > now() AS lasts FROM reconciliation_runs
      WHERE replaced_by_run_id IS NULL AND (counts->>'held')::int > 0`);
    expect(holding).toEqual([{ brand: 'alipayplus', held: 2, lasts: true }]);
    // PayPay's latest day has no statement yet: its orders are not audited.
    const [late] = await rows<{ day: string }>(sql`
      SELECT max(business_day)::text AS day FROM reconciliation_runs WHERE brand = 'paypay'`);
    const [other] = await rows<{ day: string }>(sql`
      SELECT max(business_day)::text AS day FROM reconciliation_runs WHERE brand = 'card'`);
    expect(late.day < other.day).toBe(true);
    // The fetching job found it not ready and asks again when the brand now says it will be.
    const [waiting] = await rows<{ day: string; later: boolean }>(sql`
      SELECT business_day::text AS day, next_attempt_at > now() AS later FROM statement_fetches
      WHERE brand = 'paypay' AND state = 'waiting'`);
    expect(waiting).toEqual({ day: other.day, later: true });
    // The older exceptions were resolved by the system admin with a comment, the recent stay open.
    const [resolved] = await rows<{ done: number; open: number; uncommented: number; audits: number }>(sql`
      SELECT count(*) FILTER (WHERE x.resolution IS NOT NULL)::int AS done,
        count(*) FILTER (WHERE x.resolution IS NULL)::int AS open,
        count(*) FILTER (WHERE x.resolution IS NOT NULL AND coalesce(x.resolution_comment, '') = '')::int AS uncommented,
        (SELECT count(*)::int FROM audit_log WHERE object_type = 'reconciliationResult' AND action = 'resolve') AS audits
      FROM reconciliation_results x JOIN reconciliation_runs r ON r.id = x.run_id AND r.replaced_by_run_id IS NULL
      WHERE x.code IS NOT NULL AND x.code <> 1`);
    expect(resolved.done).toBeGreaterThan(5);
    expect(resolved.open).toBeGreaterThan(3);
    expect(resolved.uncommented).toBe(0);
    expect(resolved.audits).toBe(resolved.done);
    // Orders with an open exception were held back from every merchant settlement.
    const [settledHeld] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM order_audits a JOIN settlement_orders so ON so.order_id = a.order_id AND so.kind = 'merchant'
      WHERE a.audit_status = 2`);
    expect(settledHeld.n).toBe(0);
  });

  it('has every closed brand payout’s payment statement and its deposit, but for one payout whose deposit never came', async () => {
    const [p] = await rows<{
      total: number;
      noStatement: number;
      differ: number;
      missing: number;
      missingBrand: string;
    }>(sql`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE net IS NULL)::int AS "noStatement",
        count(*) FILTER (WHERE net <> settlement_net)::int AS differ,
        count(*) FILTER (WHERE deposit_id IS NULL AND coalesce(net, settlement_net) > 0 AND deposit_by < (now() AT TIME ZONE 'Asia/Tokyo')::date)::int AS missing,
        min(brand) FILTER (WHERE deposit_id IS NULL AND coalesce(net, settlement_net) > 0 AND deposit_by < (now() AT TIME ZONE 'Asia/Tokyo')::date) AS "missingBrand"
      FROM brand_payouts WHERE settlement_net IS NOT NULL`);
    // Two months at least of four brands' payouts, each statement received once the brand has it
    // out (the day after the period, at the brand's hour) and agreeing with us. A period that has
    // just ended (the first hours of a month) has no statement yet, by design.
    expect(p.total).toBeGreaterThanOrEqual(8);
    expect(p).toMatchObject({ differ: 0, missing: 1, missingBrand: 'paypay' });
    const withoutStatement = await rows<{ brand: PayBrand; period_end: string }>(sql`
      SELECT brand, period_end::text AS period_end FROM brand_payouts
      WHERE settlement_net IS NOT NULL AND net IS NULL`);
    expect(
      withoutStatement.filter((w) => statementReadyAt(w.brand, w.period_end).getTime() <= seedStart),
      'payouts whose statement was out when the demo was made but was not fetched',
    ).toEqual([]);
    expect(p.noStatement).toBe(withoutStatement.length);
    // The bank's statement: one import by the admin, every other deposit a payout's or another transfer.
    const [d] = await rows<{ imports: number; audits: number; other: number }>(sql`
      SELECT (SELECT count(*)::int FROM bank_deposit_imports) AS imports,
        (SELECT count(*)::int FROM audit_log WHERE object_type = 'bankDepositImport' AND action = 'create') AS audits,
        (SELECT count(*)::int FROM bank_deposits d WHERE NOT EXISTS (SELECT 1 FROM brand_payouts p WHERE p.deposit_id = d.id)) AS other`);
    expect(d).toEqual({ imports: 1, audits: 1, other: 3 });
  });

  it('dates gateway numbers by the business day and time of their creation, like the gateway does', async () => {
    // 16:30 UTC is 01:30 the next day in Tokyo.
    expect(gatewayNo('K', ZONE, new Date('2026-11-23T16:30:00Z'))).toMatch(/^K20261124013000\d{10}$/);
    const orders = await rows<{ no: string; at: Date | string }>(
      sql`SELECT gateway_order_no AS no, created_at AS at FROM orders`,
    );
    const refunds = await rows<{ no: string; at: Date | string }>(
      sql`SELECT gateway_refund_no AS no, created_at AS at FROM refunds`,
    );
    const preOrders = await rows<{ no: string; at: Date | string }>(
      sql`SELECT gateway_pay_no AS no, created_at AS at FROM pre_orders`,
    );
    const wrong = [
      ...orders.map((o) => ['K', o] as const),
      ...refunds.map((r) => ['RF', r] as const),
      ...preOrders.map((p) => ['P', p] as const),
    ].filter(([prefix, { no, at }]) => {
      const local = DateTime.fromJSDate(new Date(at), { zone: ZONE }).toFormat('yyyyMMddHHmmss');
      return !new RegExp(`^${prefix}${local}\\d{10}$`).test(no);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(new Set(orders.map((o) => o.no)).size).toBe(orders.length);
  });

  it('shows every result code, event and source of the demo data in the three languages', async () => {
    const codes = await rows<{ code: string }>(sql`
      SELECT error_code AS code FROM orders WHERE error_code <> ''
      UNION SELECT error_code FROM refunds WHERE error_code <> ''`);
    const events = await rows<{ event: string }>(sql`SELECT DISTINCT event FROM order_events`);
    const sources = await rows<{ source: string }>(sql`SELECT DISTINCT source FROM order_events`);
    expect(codes.map((c) => c.code).sort()).toEqual(['EXPIRED', 'INSUFFICIENT_BALANCE', 'REFUND_REFUSED']);
    const keys = [
      ...codes.map((c) => `orders.resultCode.${c.code}`),
      ...events.map((e) => `orders.events.${e.event}`),
      ...sources.map((s) => `orders.sources.${s.source}`),
    ];
    for (const e of events) expect(['create', ...ORDER_EVENTS]).toContain(e.event);
    expect(sources.map((s) => s.source)).not.toContain('demo');
    for (const key of keys) {
      expect(isMessageKey(key), key).toBe(true);
      const texts = CATALOGUES.map((lang) => createTranslator(lang)(key as never));
      for (const text of texts) expect(text, key).not.toBe(key);
      expect(new Set(texts).size, `${key} in three languages`).toBe(3);
    }
  });

  it('has no placeholder names or numbers in any text column', async () => {
    // Not the secrets and digests (`…_enc`, `…_secret`, `…hash`: the encrypted secrets, the
    // authenticator secrets, the argon2 password hashes): their base64 is random, and has held
    // "TeST" (an encrypted secret) and "ztestV" (a password hash's digest).
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('character varying', 'text')
        AND column_name NOT LIKE '%\_enc' AND column_name NOT LIKE '%\_secret'
        AND column_name NOT LIKE '%hash'
      ORDER BY table_name, column_name`);
    const found: string[] = [];
    for (const c of columns) {
      const hits = await rows<{ v: string }>(
        sql`SELECT ${sql.identifier(c.column_name)} AS v FROM ${sql.identifier(c.table_name)}
            WHERE ${sql.identifier(c.column_name)} ~* '(demo|dummy|placeholder|test|sample)'
               OR (${c.column_name.endsWith('_no')} AND ${sql.identifier(c.column_name)} ~ '^(D|DR|DRF|DRP)[0-9]')
            LIMIT 3`,
      );
      for (const hit of hits) found.push(`${c.table_name}.${c.column_name}: ${hit.v}`);
    }
    expect(found).toEqual([]);
  });

  it('fills the business details of every organisation and branch', async () => {
    const empty = await rows<{ what: string }>(sql`
      SELECT 'branch ' || name AS what FROM branch_units WHERE phone = '' OR contact_name = '' OR address = '' OR code = ''
      UNION ALL SELECT 'company ' || name FROM companies
        WHERE phone = '' OR contact_name = '' OR address = '' OR name_en = '' OR contact_email = '' OR homepage = ''
      UNION ALL SELECT 'agency ' || name FROM agents WHERE phone = '' OR contact_name = '' OR address = '' OR name_en = ''
      UNION ALL SELECT 'provider ' || name FROM service_providers WHERE phone = '' OR contact_name = '' OR address = ''`);
    expect(empty).toEqual([]);
    const [{ branches }] = await rows<{ branches: number }>(
      sql`SELECT count(*)::int AS branches FROM branch_units`,
    );
    expect(branches).toBe(15);
  });

  it('sells at the prices of each business: whole yen, few small amounts, a café cheaper than a hotel', async () => {
    const jpy = await rows<{ company: string; amount: number; subject: string; no: string }>(sql`
      SELECT c.name AS company, o.amount::int AS amount, o.subject, o.client_order_no AS no
      FROM orders o JOIN companies c ON c.id = o.company_id WHERE o.currency = 'JPY'`);
    const all = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
    expect(jpy.length / Number(all[0].n)).toBeGreaterThan(0.95);
    const small = jpy.filter((o) => o.amount < 300).length;
    expect(small / jpy.length).toBeLessThan(0.05);
    const median = (company: string) => {
      const a = jpy
        .filter((o) => o.company === company)
        .map((o) => o.amount)
        .sort((x, y) => x - y);
      return a[Math.floor(a.length / 2)];
    };
    const cafe = median('株式会社ひのき珈琲');
    const hotel = median('株式会社富士山ホテルズ');
    expect(cafe).toBeGreaterThanOrEqual(500);
    expect(cafe).toBeLessThanOrEqual(2_000);
    expect(hotel).toBeGreaterThanOrEqual(8_000);
    // Each merchant's own products and order numbers; the URL payments and pre-orders of
    // ひのき珈琲 (INV-…, REQ-…) are its invoices.
    const style: Record<string, RegExp> = {
      株式会社ひのき珈琲: /^(HNK\d{2}-\d{6}-\d{4,}|INV-\d{4}-\d{4}|REQ-[A-Z0-9-]+(\.\d+)?)$/,
      有限会社さくら薬局: /^SKR-\d{8}-\d{6,}$/,
      株式会社富士山ホテルズ: /^R\d{4}-\d{5,}$/,
      株式会社みなと書店: /^MNT\d{12,}$/,
      合同会社あおば雑貨: /^AOBA-\d{8}-\d{4,}$/,
      株式会社北海物産: /^HB-\d{4}-\d{6,}$/,
      株式会社おたる硝子: /^OTG\d{8}-\d{3,}$/,
    };
    for (const m of DEMO_MERCHANTS) {
      const mine = jpy.filter((o) => o.company === m.company);
      expect(mine.length, m.company).toBeGreaterThan(100);
      expect(mine.filter((o) => !style[m.company].test(o.no)).slice(0, 3), m.company).toEqual([]);
      const products = new Set(m.items.map((i) => i.name));
      const own = mine.filter((o) => !/^(INV|REQ)-/.test(o.no));
      expect(own.filter((o) => !products.has(o.subject)).slice(0, 3), m.company).toEqual([]);
    }
  });
  // Last: it changes the demo data the others read.
  it("leaves no work in flight its brand does not know: the recovery finishes the demo's as any other", async () => {
    const inFlight = () =>
      rows<{ kind: string; status: string; n: number }>(sql`
        select 'order' as kind, status, count(*)::int as n from orders
          where status in ('pendingPayment', 'paying', 'customerPaying', 'inPayment', 'pendingClose')
            and brand <> ''
          group by status
        union all
        select 'refund', status, count(*)::int from refunds
          where status in ('waiting', 'refunding') group by status
        order by 1, 2`);
    const before = await inFlight();
    // The demo shows payments and refunds on their way.
    expect(before.filter((r) => r.kind === 'order').length).toBeGreaterThan(0);
    const processing = before.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.n, 0);
    expect(processing).toBeGreaterThan(0);
    // A refund a user starts on a paid demo order, cut off before its brand received it (a kill -9).
    const [demo] = await rows<{ company_id: number; client_order_no: string }>(sql`
      select company_id, client_order_no from orders
        where demo and status = 'success' and brand = 'paypay' and refunded_amount = 0 order by id limit 1`);
    const m = await merchantClient(h, demo.company_id);
    const sandbox = h.app.deps().connectors.sandbox('paypay');
    const original = sandbox.refund.bind(sandbox);
    sandbox.refund = () =>
      new Promise((_resolve, reject) => held.push(() => reject(new Error('connection lost'))));
    cut.push(
      m.call('/merchant/refund/refund', {
        clientOrderNo: demo.client_order_no,
        clientRefundNo: 'R-2026-0001',
        amount: 100,
      }),
    );
    for (let i = 0; i < 400 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    sandbox.refund = original;
    expect(held.length).toBe(1);

    const report = await recoverInFlight(h.app.deps(), { olderThanMs: 0 });
    expect(report.unreachable).toBe(0);
    expect(report.refunds).toBe(processing + 1);
    const [cutOff] = await rows<{ status: string; error_code: string }>(
      sql`select status, error_code from refunds where client_refund_no = 'R-2026-0001'`,
    );
    expect(cutOff).toEqual({ status: 'failed', error_code: 'REFUND_NOT_RECEIVED' });
    // The seeded refunds were with their brands: each succeeded; none is left in flight.
    expect((await inFlight()).filter((r) => r.kind === 'refund')).toEqual([]);
    const [unknown] = await rows<{ n: number }>(sql`
      select (select count(*) from orders where error_code = 'BRAND_NOT_RECEIVED')
        + (select count(*) from refunds where error_code = 'REFUND_NOT_RECEIVED' and client_refund_no <> 'R-2026-0001') as n`);
    expect(Number(unknown.n)).toBe(0);
    // An open payment past its expiry has timed out at its brand; the others wait for their payer.
    const [stale] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders
        where status in ('pendingPayment', 'paying', 'customerPaying', 'inPayment', 'pendingClose')
          and brand <> '' and expires_at <= now()`);
    expect(stale.n).toBe(0);
  });
});

describe('the demo orders are the same for the same clock', () => {
  it('makes the same rows on two fresh databases', async () => {
    const now = new Date('2026-11-24T08:13:00+09:00');
    const make = async () => {
      const h = await startHarness(backends[0], { captcha: false, demoOrders: 0 }, { mfa: 'demo' });
      try {
        await generateDemoOrders(h.db, { count: 400, days: 30, events: true, now });
        const res = await h.db.execute(sql`
            SELECT o.client_order_no, o.gateway_order_no, o.amount, o.status, o.subject, o.created_at,
                   r.gateway_refund_no, r.amount AS refund, r.created_at AS refunded_at
            FROM orders o LEFT JOIN refunds r ON r.order_id = o.id ORDER BY o.id, r.id`);
        return (res as unknown as { rows: Record<string, unknown>[] }).rows;
      } finally {
        await h.close();
      }
    };
    const [a, b] = [await make(), await make()];
    expect(a.length).toBeGreaterThanOrEqual(400);
    expect(a.filter((r) => r.gateway_refund_no).length).toBeGreaterThan(10);
    expect(b).toEqual(a);
    // Every time lies before that clock, the refunds too.
    for (const r of a) {
      expect(new Date(r.created_at as string).getTime()).toBeLessThan(now.getTime());
      if (r.refunded_at) expect(new Date(r.refunded_at as string).getTime()).toBeLessThan(now.getTime());
    }
  }, 120_000);
});
