import { DateTime } from 'luxon';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PayBrand } from '../../../src/contract/brands';
import { DEPOSIT_WINDOW_BUSINESS_DAYS, type PayoutFetchReply } from '../../../src/contract/payouts';
import { DUE_BUSINESS_DAYS } from '../../../src/contract/settlements';
import { parsePaymentStatement } from '../../connectors/paymentStatement';
import { StatementNotReady, type BrandConnector } from '../../connectors/types';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { brandPayouts } from '../../db/schema';
import type { Audit } from '../../platform/audit';
import { businessDaysAfter } from '../../platform/bankDays';
import { contentHash } from '../../formats';

/**
 * The brands' payouts (docs/reconciliation.md, "Payouts"): one row per brand, currency and
 * period end holds our brand settlements' net, the brand's payment statement and the deposit
 * matched to it. Kept up to date by `refreshPayouts` (our side, after closings), `storeStatement`
 * (theirs) and `matchDeposits` (the bank's), every change audited (`brandPayout`).
 */

/** The last day a deposit may arrive for a payout due on `due`. */
export const depositByOf = (due: string) => businessDaysAfter(due, DEPOSIT_WINDOW_BUSINESS_DAYS);
/** When a brand pays for a period ending on `end`: as our settlements' due date, the third bank business day after. */
export const dueOf = (end: string) => businessDaysAfter(end, DUE_BUSINESS_DAYS);

/**
 * Our side: every brand settlement's net, summed per brand, currency and period end; each payout
 * made or changed by it audited (`brandPayout`/`update`).
 */
export async function refreshPayouts(tx: Tx, audit: Audit): Promise<void> {
  const ours = rowsOf<{
    brand: PayBrand;
    currency: string;
    period_end: string;
    period_begin: string;
    due_date: string;
    net: string;
    n: number;
    first_id: string;
  }>(
    await tx.execute(sql`select brand, currency, period_end::text as period_end,
        min(period_begin)::text as period_begin, min(due_date)::text as due_date,
        sum(transfer_amount)::bigint as net, count(*)::int as n, min(id) as first_id
      from settlements where kind = 'brand' group by brand, currency, period_end`),
  );
  if (ours.length === 0) return;
  const values = ours.map(
    (r) =>
      sql`(${r.brand}, ${r.currency}, ${r.period_begin}::date, ${r.period_end}::date, ${r.due_date}::date,
        ${depositByOf(r.due_date)}::date, ${Number(r.net)}, ${r.n}, ${Number(r.first_id)})`,
  );
  const changed = rowsOf<{
    id: string;
    settlement_net: string;
    settlement_count: number;
    settlement_id: string;
  }>(
    await tx.execute(sql`insert into brand_payouts
      (brand, currency, period_begin, period_end, due_date, deposit_by, settlement_net, settlement_count, settlement_id)
    values ${sql.join(values, sql`, `)}
    on conflict (brand, currency, period_end) do update set
      settlement_net = excluded.settlement_net, settlement_count = excluded.settlement_count,
      settlement_id = excluded.settlement_id, period_begin = least(brand_payouts.period_begin, excluded.period_begin),
      due_date = excluded.due_date, deposit_by = excluded.deposit_by, updated_at = now()
    where brand_payouts.settlement_net is distinct from excluded.settlement_net
      or brand_payouts.settlement_count <> excluded.settlement_count
      or brand_payouts.settlement_id is distinct from excluded.settlement_id
      or brand_payouts.due_date <> excluded.due_date
    returning id, settlement_net, settlement_count, settlement_id`),
  );
  for (const c of changed)
    await audit({
      objectType: 'brandPayout',
      objectId: Number(c.id),
      action: 'update',
      before: null,
      after: {
        settlementNet: Number(c.settlement_net),
        settlements: c.settlement_count,
        settlementId: Number(c.settlement_id),
      },
    });
}

export interface StatementFileIn {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The brand's payment statement of a period: each currency's line stored on its payout (made
 * when we closed no settlement for it). A line that changes a stored one is audited with both.
 * Refused whole (null) when the file does not parse.
 */
export async function storeStatement(
  tx: Tx,
  audit: Audit,
  brand: PayBrand,
  file: StatementFileIn,
  now: Date,
  /** The period asked for: its payouts without a line are paid nothing. */
  options: { period?: { begin: string; end: string } } = {},
): Promise<{ stored: number } | { refused: string }> {
  const parsed = parsePaymentStatement(file.bytes);
  if (!parsed.ok) return { refused: `line ${parsed.line}: ${parsed.reason}: ${parsed.detail}` };
  const hash = contentHash(file.bytes);
  let stored = 0;
  // A currency we have a payout for and the statement has no line for: the brand pays nothing.
  const period = options.period;
  const lines = [...parsed.lines];
  if (period) {
    const waiting = await tx
      .select({ currency: brandPayouts.currency })
      .from(brandPayouts)
      .where(and(eq(brandPayouts.brand, brand), eq(brandPayouts.periodEnd, period.end)));
    for (const w of waiting)
      if (!lines.some((l) => l.currency === w.currency && l.periodEnd === period.end))
        lines.push({
          brand,
          periodBegin: period.begin,
          periodEnd: period.end,
          currency: w.currency,
          paymentCount: 0,
          refundCount: 0,
          gross: 0,
          fee: 0,
          net: 0,
        });
  }
  for (const l of lines) {
    if (l.brand !== brand) return { refused: `line for ${l.brand} in ${brand}'s statement` };
    const due = dueOf(l.periodEnd);
    const [before] = await tx
      .select()
      .from(brandPayouts)
      .where(
        and(
          eq(brandPayouts.brand, brand),
          eq(brandPayouts.currency, l.currency),
          eq(brandPayouts.periodEnd, l.periodEnd),
        ),
      )
      .for('update');
    const statement = {
      paymentCount: l.paymentCount,
      refundCount: l.refundCount,
      gross: l.gross,
      fee: l.fee,
      net: l.net,
      statementFile: file.fileName.slice(0, 255),
      statementHash: hash,
      statementSource: 'fetch' as const,
      statementAt: now,
      updatedAt: now,
    };
    if (!before) {
      const [made] = await tx
        .insert(brandPayouts)
        .values({
          brand,
          currency: l.currency,
          periodBegin: l.periodBegin,
          periodEnd: l.periodEnd,
          dueDate: due,
          depositBy: depositByOf(due),
          ...statement,
        })
        .returning({ id: brandPayouts.id });
      await audit({
        objectType: 'brandPayout',
        objectId: made.id,
        action: 'update',
        before: null,
        after: l,
      });
    } else if (before.statementHash !== hash || before.net !== l.net) {
      await tx.update(brandPayouts).set(statement).where(eq(brandPayouts.id, before.id));
      await audit({
        objectType: 'brandPayout',
        objectId: before.id,
        action: 'update',
        before: before.net === null ? null : { gross: before.gross, fee: before.fee, net: before.net },
        after: l,
      });
    } else continue;
    stored += 1;
  }
  return { stored };
}

/**
 * Each of the brands' payouts whose statement has not come and whose period has ended,
 * fetched from the brand's connector: stored, or noted as not published yet (its time).
 */
export async function fetchDueStatements(
  db: Db,
  opts: {
    brands: readonly PayBrand[];
    connectorOf: (brand: PayBrand) => BrandConnector;
    now: Date;
    audit: (tx: Tx) => Audit;
    onRefused?: (brand: PayBrand, periodEnd: string, reason: string) => void;
  },
): Promise<PayoutFetchReply> {
  const due = await db
    .selectDistinct({
      brand: brandPayouts.brand,
      periodBegin: brandPayouts.periodBegin,
      periodEnd: brandPayouts.periodEnd,
    })
    .from(brandPayouts)
    .where(and(inArray(brandPayouts.brand, [...opts.brands]), isNull(brandPayouts.net)))
    .orderBy(asc(brandPayouts.periodEnd), asc(brandPayouts.brand));
  // One file per brand and period end: its earliest beginning (currencies began apart).
  const periods = new Map<string, { brand: PayBrand; begin: string; end: string }>();
  for (const d of due) {
    const key = `${d.brand}/${d.periodEnd}`;
    const seen = periods.get(key);
    if (!seen || d.periodBegin < seen.begin)
      periods.set(key, { brand: d.brand, begin: d.periodBegin, end: d.periodEnd });
  }
  const reply: PayoutFetchReply = { fetched: 0, notReady: [] };
  for (const p of periods.values()) {
    let file;
    try {
      file = await opts
        .connectorOf(p.brand)
        .fetchPaymentStatement({ begin: p.begin, end: p.end }, { now: opts.now });
    } catch (err) {
      if (err instanceof StatementNotReady)
        reply.notReady.push({ brand: p.brand, periodEnd: p.end, readyAt: err.readyAt.toISOString() });
      // A brand that fails (down, refusing) is asked again next time; the other periods go on.
      else opts.onRefused?.(p.brand, p.end, err instanceof Error ? err.message : String(err));
      continue;
    }
    const outcome = await db.transaction(async (tx) => {
      const audit = opts.audit(tx);
      const stored = await storeStatement(tx, audit, p.brand, file, opts.now, {
        period: { begin: p.begin, end: p.end },
      });
      if ('stored' in stored) await matchDeposits(tx, opts.now, audit);
      return stored;
    });
    if ('refused' in outcome) opts.onRefused?.(p.brand, p.end, outcome.refused);
    else reply.fetched += 1;
  }
  return reply;
}

/**
 * Deposits matched to payouts (docs/reconciliation.md, "Bank deposits"): a payout of a positive
 * amount (the statement's net, else ours) takes a deposit of that currency and amount dated
 * after its period and no later than its deposit-by day, the one nearest its due date (then the
 * first imported). A match that no longer holds (the amount changed) is undone first; matches
 * that hold stay. Under a table lock: two imports at once match one after the other.
 */
export async function matchDeposits(tx: Tx, now: Date, audit: Audit): Promise<number> {
  await tx.execute(sql`lock table brand_payouts in share row exclusive mode`);
  const broken = rowsOf<{ id: string; deposit_id: string }>(
    await tx.execute(sql`select p.id, p.deposit_id from brand_payouts p join bank_deposits d on d.id = p.deposit_id
      where d.amount <> coalesce(p.net, p.settlement_net) or d.currency <> p.currency
        or d.value_date <= p.period_end or d.value_date > p.deposit_by`),
  );
  for (const b of broken) {
    await tx
      .update(brandPayouts)
      .set({ depositId: null, matchedAt: null, updatedAt: now })
      .where(eq(brandPayouts.id, Number(b.id)));
    await audit({
      objectType: 'brandPayout',
      objectId: Number(b.id),
      action: 'reconcile',
      before: { depositId: Number(b.deposit_id) },
      after: { depositId: null },
    });
  }
  // The candidates in SQL (a payout's currency and amount, dated in its window, not taken by
  // another payout), each payout's nearest to its due date first, then the first imported; the
  // payouts in order (oldest period first). The assignment walks them: a deposit goes to the
  // first payout that wants it. Only the candidates leave the database, not every free deposit.
  const candidates = rowsOf<{
    payout_id: string;
    deposit_id: string;
    value_date: string;
    amount: string;
    reference: string;
  }>(
    await tx.execute(sql`select p.id as payout_id, d.id as deposit_id, d.value_date::text as value_date,
        d.amount, d.reference
      from brand_payouts p
      join bank_deposits d on d.currency = p.currency and d.amount = coalesce(p.net, p.settlement_net)
        and d.value_date > p.period_end and d.value_date <= p.deposit_by
      where p.deposit_id is null and coalesce(p.net, p.settlement_net) > 0
        and not exists (select 1 from brand_payouts q where q.deposit_id = d.id)
      order by p.period_end, p.brand, p.currency, p.id, abs(d.value_date - p.due_date), d.id`),
  );
  const taken = new Set<string>();
  const done = new Set<string>();
  let matched = 0;
  for (const c of candidates) {
    if (done.has(c.payout_id) || taken.has(c.deposit_id)) continue;
    done.add(c.payout_id);
    taken.add(c.deposit_id);
    const payoutId = Number(c.payout_id);
    const depositId = Number(c.deposit_id);
    await tx
      .update(brandPayouts)
      .set({ depositId, matchedAt: now, updatedAt: now })
      .where(eq(brandPayouts.id, payoutId));
    await audit({
      objectType: 'brandPayout',
      objectId: payoutId,
      action: 'reconcile',
      before: { depositId: null },
      after: { depositId, valueDate: c.value_date, amount: Number(c.amount), reference: c.reference },
    });
    matched += 1;
  }
  return matched;
}

/** Today in the business time zone (yyyy-MM-dd). */
export const todayIn = (zone: string, now = new Date()) => DateTime.fromJSDate(now, { zone }).toISODate()!;
