/**
 * The home dashboard (`/report/reportDashBoard/index`, docs/reports.md): the window's figures and
 * the previous period's from the order and refund summaries, within the caller's scope, per
 * currency; today's trend by hour from the order table's indexes (the open day); what waits for
 * the caller.
 */
import { and, count, countDistinct, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { PayBrand } from '../../../src/contract/brands';
import { can } from '../../../src/contract/capabilities';
import { ORDER_LIST } from '../../../src/contract/lists/orders';
import { RANGE_DAYS_DEFAULT } from '../../../src/contract/paging';
import { roleMayUse } from '../../../src/contract/routes';
import {
  PROOF_STATES,
  WINDOW_DAYS,
  type AttentionItem,
  type CurrencyFigures,
  type DashboardQuery,
  type DashboardReply,
  type Measures,
  type ProofSplit,
} from '../../../src/contract/reports';
import { rowsOf, type Executor } from '../../db/client';
import {
  branchUnits,
  brandPayouts,
  companies,
  orderAudits,
  orderDayCompanyTotals,
  orderDayDeltas,
  orderDayTotals,
  merchantNotifications,
  OPEN_STATUSES_SQL,
  orders,
  refunds,
  settlements,
  statementFetches,
} from '../../db/schema';
import type { Principal } from '../../platform/principal';
import { ordersIn, scopeOf, type Scope } from '../../platform/scope';
import { settlementsIn } from '../settlements';

const PAID = ['success', 'refunding', 'partlyRefunded', 'refunded'] as const;

const emptyMeasures = (): Measures => ({
  orders: 0,
  paidCount: 0,
  paidAmount: 0,
  commission: 0,
  rebate: 0,
  refundCount: 0,
  refundAmount: 0,
  refundCommission: 0,
  refundRebate: 0,
});
const emptySplit = (): ProofSplit => ({ provisional: 0, matched: 0, settled: 0, paidOut: 0 });

interface CellRow {
  day: string;
  currency: string;
  brand: PayBrand | '';
  proof: number;
  org: number;
  orders: string;
  paid_count: string;
  paid_amount: string;
  commission: string;
  rebate: string;
  refund_count: string;
  refund_amount: string;
  refund_commission: string;
  refund_rebate: string;
}

/**
 * The summary cells of [from, to] in scope (folded totals and unfolded deltas, one statement),
 * by day, currency, brand, proof and organisation (the company, or the branch for `byBranch`).
 */
async function cells(db: Executor, scope: Scope, from: string, to: string, byBranch: boolean) {
  const part = (t: typeof orderDayTotals | typeof orderDayDeltas | typeof orderDayCompanyTotals) =>
    sql`select day, currency, brand, proof, ${'branchUnitId' in t && byBranch ? t.branchUnitId : t.companyId} as org,
        orders, paid_count, paid_amount, commission, rebate, refund_count, refund_amount,
        refund_commission, refund_rebate
      from ${t} where ${and(
        gte(t.day, from),
        lte(t.day, to),
        ordersIn(db, scope, t.companyId, 'branchUnitId' in t ? t.branchUnitId : undefined),
      )}`;
  // Per company (the platform, a provider, an agency): the roll-up, a ninth of the cells.
  const folded = byBranch ? orderDayTotals : orderDayCompanyTotals;
  return rowsOf<CellRow>(
    await db.execute(sql`
      select day::text as day, currency, brand, proof, org,
        sum(orders) as orders, sum(paid_count) as paid_count, sum(paid_amount) as paid_amount,
        sum(commission) as commission, sum(rebate) as rebate, sum(refund_count) as refund_count,
        sum(refund_amount) as refund_amount, sum(refund_commission) as refund_commission,
        sum(refund_rebate) as refund_rebate
      from (${part(folded)} union all ${part(orderDayDeltas)}) x
      group by day, currency, brand, proof, org`),
  );
}

function add(m: Measures, r: CellRow) {
  m.orders += Number(r.orders);
  m.paidCount += Number(r.paid_count);
  m.paidAmount += Number(r.paid_amount);
  m.commission += Number(r.commission);
  m.rebate += Number(r.rebate);
  m.refundCount += Number(r.refund_count);
  m.refundAmount += Number(r.refund_amount);
  m.refundCommission += Number(r.refund_commission);
  m.refundRebate += Number(r.refund_rebate);
}

const proofName = (proof: number) => PROOF_STATES[proof - 1];

/** Today's payments and refunds by hour (the open day, read live from the order table's indexes). */
async function hourly(db: Executor, scope: Scope, zone: string, start: Date, end: Date) {
  const paid = rowsOf<{ currency: string; hour: string; n: string; amount: string }>(
    await db.execute(sql`
      select currency, to_char(created_at at time zone ${zone}, 'YYYY-MM-DD"T"HH24') as hour,
        count(*) as n, sum(amount) as amount
      from ${orders}
      where ${and(
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        inArray(orders.status, [...PAID]),
        ordersIn(db, scope),
      )}
      group by 1, 2`),
  );
  const refunded = rowsOf<{ currency: string; hour: string; amount: string }>(
    await db.execute(sql`
      select currency, to_char(created_at at time zone ${zone}, 'YYYY-MM-DD"T"HH24') as hour,
        sum(amount) as amount
      from ${refunds}
      where ${and(
        gte(refunds.createdAt, start),
        lt(refunds.createdAt, end),
        eq(refunds.status, 'success'),
        ordersIn(db, scope, refunds.companyId, refunds.branchUnitId),
      )}
      group by 1, 2`),
  );
  return { paid, refunded };
}

/**
 * Yesterday until this time of day, per currency (today's comparison: a day in progress against
 * the same hours of the day before), read live like today's hours.
 */
async function sameTimeYesterday(db: Executor, scope: Scope, start: Date, until: Date) {
  const range = (column: typeof orders.createdAt | typeof refunds.createdAt) =>
    and(gte(column, start), lt(column, until));
  const paid = sql`${orders.status} in ('success', 'refunding', 'partlyRefunded', 'refunded')`;
  const byCurrency = new Map<string, Measures>();
  const of = (currency: string) => {
    let m = byCurrency.get(currency);
    if (!m) byCurrency.set(currency, (m = emptyMeasures()));
    return m;
  };
  for (const r of rowsOf<Record<string, string>>(
    await db.execute(sql`
      select currency, count(*) as orders, count(*) filter (where ${paid}) as paid_count,
        coalesce(sum(amount) filter (where ${paid}), 0) as paid_amount,
        coalesce(sum(commission_amount) filter (where ${paid}), 0) as commission,
        coalesce(sum(rebate_amount) filter (where ${paid}), 0) as rebate
      from ${orders} where ${and(range(orders.createdAt), ordersIn(db, scope))}
      group by currency`),
  ))
    Object.assign(of(r.currency), {
      orders: Number(r.orders),
      paidCount: Number(r.paid_count),
      paidAmount: Number(r.paid_amount),
      commission: Number(r.commission),
      rebate: Number(r.rebate),
    });
  for (const r of rowsOf<Record<string, string>>(
    await db.execute(sql`
      select currency, count(*) as n, sum(amount) as amount, coalesce(sum(commission_amount), 0) as commission,
        coalesce(sum(rebate_amount), 0) as rebate
      from ${refunds}
      where ${and(
        range(refunds.createdAt),
        eq(refunds.status, 'success'),
        ordersIn(db, scope, refunds.companyId, refunds.branchUnitId),
      )}
      group by currency`),
  ))
    Object.assign(of(r.currency), {
      refundCount: Number(r.n),
      refundAmount: Number(r.amount),
      refundCommission: Number(r.commission),
      refundRebate: Number(r.rebate),
    });
  return byCurrency;
}

/**
 * What waits for this user, within its scope: only what its role may act on (can(), or for the
 * links the role's use of their screen). `today` and `endOfToday`: the business day's bounds.
 */
async function attention(
  db: Executor,
  principal: Principal,
  scope: Scope,
  today: string,
  zone: string,
  now: Date,
  endOfToday: Date,
): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  if (can(principal, 'approveRefund')) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'awaitingApproval'),
          ordersIn(db, scope, refunds.companyId, refunds.branchUnitId),
        ),
      );
    items.push({ key: 'refundApprovals', count: Number(n), href: '/history/refundApproval' });
  }
  if (can(principal, 'reconcile')) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(orderAudits)
      .innerJoin(orders, eq(orders.id, orderAudits.orderId))
      .where(and(eq(orderAudits.auditStatus, 2), ordersIn(db, scope)));
    items.push({ key: 'reconciliationExceptions', count: Number(n), href: '/history/walletCheck' });
    // Brand days whose statement has not come: the fetching still waits for it, or gave up. The
    // platform's own records (no tenant in them): `reconcile` is a system role's capability.
    const [missing] = await db
      .select({ n: count() })
      .from(statementFetches)
      .where(and(ne(statementFetches.state, 'done'), lt(statementFetches.businessDay, today)));
    items.push({ key: 'statementDaysMissing', count: Number(missing.n), href: '/history/walletCheck' });
  }
  if (can(principal, 'payOut')) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(settlements)
      .where(
        and(
          settlementsIn(scope, 'merchant'),
          eq(settlements.status, 1),
          isNull(settlements.batchId),
          sql`${settlements.transferAmount} > 0`,
        ),
      );
    items.push({ key: 'settlementsToCheckOut', count: Number(n), href: '/settle/actuarial' });
  }
  if (can(principal, 'brandSettlements')) {
    // The brands' payouts whose deposit should have come by now and has not been matched (the
    // platform's own records: `brandSettlements` is the system administrator's).
    const [{ n }] = await db
      .select({ n: count() })
      .from(brandPayouts)
      .where(and(isNull(brandPayouts.depositId), lt(brandPayouts.depositBy, today)));
    items.push({ key: 'payoutsWithoutDeposit', count: Number(n), href: '/settle/brand/payouts' });
  }
  if (roleMayUse('/manage/url', principal.operatorType)) {
    // URL payments still open that expire before today ends.
    const [{ n }] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.paymentType, 'link'),
          sql`${orders.status} in ${OPEN_STATUSES_SQL}`,
          gte(orders.expiresAt, now),
          lt(orders.expiresAt, endOfToday),
          ordersIn(db, scope),
        ),
      );
    items.push({ key: 'linksExpiringToday', count: Number(n), href: '/manage/url' });
  }
  if (can(principal, 'write') && roleMayUse(ORDER_LIST.route, principal.operatorType)) {
    // Orders of the order list's longest range whose notification to the merchant's system was
    // given up on (its tries ran out): the list with the same filter holds exactly these. For
    // the administrators (the merchant's integration is theirs to mend), not the operators.
    const from = DateTime.fromISO(today, { zone }).minus({ days: RANGE_DAYS_DEFAULT - 1 });
    const [{ n }] = await db
      .select({ n: countDistinct(merchantNotifications.orderId) })
      .from(merchantNotifications)
      .innerJoin(orders, eq(orders.id, merchantNotifications.orderId))
      .where(
        and(
          eq(merchantNotifications.status, 'failed'),
          gte(orders.createdAt, from.toJSDate()),
          lt(orders.createdAt, endOfToday),
          ordersIn(db, scope),
        ),
      );
    items.push({
      key: 'notificationsGivenUp',
      count: Number(n),
      href: `${ORDER_LIST.route}?beginTime=${from.toISODate()}&endTime=${today}&notify=failed`,
    });
  }
  return items;
}

export async function dashboard(
  db: Executor,
  principal: Principal,
  zone: string,
  q: DashboardQuery,
  now = new Date(),
): Promise<DashboardReply> {
  const scope = scopeOf(principal);
  const byBranch = scope.level === 'company';
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  const w = WINDOW_DAYS[q.window];
  const length = w.from - w.to + 1;
  const day = (back: number) => today.minus({ days: back }).toISODate()!;
  const from = day(w.from);
  const to = day(w.to);
  const previousFrom = day(w.from + length);
  const previousTo = day(w.to + length);

  // Today is compared with yesterday until this time of day; the other windows with whole days.
  const hoursSoFar = q.window === 'today';
  const previousUntil = hoursSoFar ? DateTime.fromJSDate(now).minus({ days: 1 }) : null;
  const rows = await cells(db, scope, hoursSoFar ? from : previousFrom, to, byBranch);
  const figures = new Map<string, CurrencyFigures & { orgs: Map<number, { n: number; amount: number }> }>();
  const of = (currency: string) => {
    let f = figures.get(currency);
    if (!f) {
      f = {
        currency,
        current: emptyMeasures(),
        previous: emptyMeasures(),
        paidProof: emptySplit(),
        refundProof: emptySplit(),
        byBrand: [],
        trend: [],
        top: [],
        orgs: new Map(),
      };
      figures.set(currency, f);
    }
    return f;
  };
  const trendByDay = new Map<string, Map<string, { n: number; paid: number; refunded: number }>>();
  for (const r of rows) {
    const f = of(r.currency);
    if (r.day < from) {
      add(f.previous, r);
      continue;
    }
    add(f.current, r);
    if (r.proof > 0) {
      f.paidProof[proofName(r.proof)] += Number(r.paid_amount);
      f.refundProof[proofName(r.proof)] += Number(r.refund_amount);
    }
    let b = f.byBrand.find((x) => x.brand === r.brand);
    if (!b) f.byBrand.push((b = { brand: r.brand, paidCount: 0, paidAmount: 0, refundAmount: 0 }));
    b.paidCount += Number(r.paid_count);
    b.paidAmount += Number(r.paid_amount);
    b.refundAmount += Number(r.refund_amount);
    const o = f.orgs.get(r.org) ?? { n: 0, amount: 0 };
    o.n += Number(r.paid_count);
    o.amount += Number(r.paid_amount);
    f.orgs.set(r.org, o);
    let days = trendByDay.get(r.currency);
    if (!days) trendByDay.set(r.currency, (days = new Map()));
    const t = days.get(r.day) ?? { n: 0, paid: 0, refunded: 0 };
    t.n += Number(r.paid_count);
    t.paid += Number(r.paid_amount);
    t.refunded += Number(r.refund_amount);
    days.set(r.day, t);
  }

  if (previousUntil) {
    const yesterday = await sameTimeYesterday(
      db,
      scope,
      today.minus({ days: 1 }).toJSDate(),
      previousUntil.toJSDate(),
    );
    for (const [currency, m] of yesterday) of(currency).previous = m;
  }

  if (q.window === 'today') {
    const start = today.toJSDate();
    const live = await hourly(db, scope, zone, start, today.plus({ days: 1 }).toJSDate());
    const hours = new Map<string, Map<string, { n: number; paid: number; refunded: number }>>();
    const at = (currency: string, hour: string) => {
      let m = hours.get(currency);
      if (!m) hours.set(currency, (m = new Map()));
      let h = m.get(hour);
      if (!h) m.set(hour, (h = { n: 0, paid: 0, refunded: 0 }));
      return h;
    };
    for (const p of live.paid)
      Object.assign(at(p.currency, p.hour), { n: Number(p.n), paid: Number(p.amount) });
    for (const r of live.refunded) at(r.currency, r.hour).refunded = Number(r.amount);
    for (const f of figures.values()) {
      const m = hours.get(f.currency) ?? new Map();
      f.trend = Array.from({ length: 24 }, (_, i) => {
        const hour = today.plus({ hours: i }).toFormat("yyyy-MM-dd'T'HH");
        const h = m.get(hour);
        return { at: hour, paidCount: h?.n ?? 0, paidAmount: h?.paid ?? 0, refundAmount: h?.refunded ?? 0 };
      });
    }
  } else {
    for (const f of figures.values()) {
      const days = trendByDay.get(f.currency) ?? new Map();
      f.trend = Array.from({ length }, (_, i) => {
        const d = day(w.from - i);
        const t = days.get(d);
        return { at: d, paidCount: t?.n ?? 0, paidAmount: t?.paid ?? 0, refundAmount: t?.refunded ?? 0 };
      });
    }
  }

  // The top organisations by paid amount, named.
  const ids = new Set<number>();
  const tops = new Map<string, [number, { n: number; amount: number }][]>();
  for (const f of figures.values()) {
    const top = [...f.orgs.entries()]
      .filter(([id, o]) => id > 0 && o.n > 0)
      .sort((a, b) => b[1].amount - a[1].amount || a[0] - b[0])
      .slice(0, 5);
    tops.set(f.currency, top);
    for (const [id] of top) ids.add(id);
  }
  const names = new Map<number, string>();
  if (ids.size > 0) {
    const table = byBranch ? branchUnits : companies;
    for (const r of await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, [...ids])))
      names.set(r.id, r.name);
  }

  const currencies = [...figures.values()]
    .filter(
      (f) =>
        f.current.orders > 0 ||
        f.current.refundCount > 0 ||
        f.previous.orders > 0 ||
        f.previous.refundCount > 0,
    )
    .sort((a, b) => b.current.paidAmount - a.current.paidAmount || a.currency.localeCompare(b.currency))
    .map(({ orgs: _orgs, ...f }) => ({
      ...f,
      byBrand: f.byBrand
        .filter((b) => b.paidCount > 0 || b.refundAmount > 0)
        .sort((a, b) => b.paidAmount - a.paidAmount || a.brand.localeCompare(b.brand)),
      top: (tops.get(f.currency) ?? []).map(([id, o]) => ({
        id,
        name: names.get(id) ?? '',
        paidCount: o.n,
        paidAmount: o.amount,
      })),
    }));

  return {
    window: q.window,
    from,
    to,
    previousFrom,
    previousTo,
    previousUntil: previousUntil ? previousUntil.toISO()! : null,
    timeZone: zone,
    asOf: now.toISOString(),
    topKind: byBranch ? 'branches' : 'companies',
    currencies,
    attention: await attention(db, principal, scope, day(0), zone, now, today.plus({ days: 1 }).toJSDate()),
  };
}
