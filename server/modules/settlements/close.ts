import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PAID_STATUSES } from '../../../src/contract/orders';
import {
  DUE_BUSINESS_DAYS,
  SETTLEMENT_NO_PREFIX,
  transferTypeOf,
  type PayeeBank,
  type SettlementKind,
} from '../../../src/contract/settlements';
import { inException } from '../reconciliation';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { poolOf } from '../../db/cursor';
import { recordAudits, systemActor, type AuditActor, type AuditEntry } from '../../platform/audit';
import { addDays, businessDaysAfter } from '../../platform/bankDays';
import { closedThrough, periodEndSql, periodStart, ruleOf, type PeriodRule } from './periods';
import { settle, type Figures } from './arithmetic';

/**
 * The closing run (docs/settlement.md, "Closing periods"): every period of every party that
 * ended on or before `through` gets its settlement, holding every item of the party not yet in
 * one. Per party and currency, one transaction: the party's cursor row is locked first (one
 * closing of a party at a time, in any process), the unsettled items are assigned to their
 * periods in one statement (a temporary table: one snapshot for the figures and the
 * memberships), the carry chain runs over the resulting settlements, and the settlements, their
 * memberships, the cursor and the audit rows are written. A run killed midway leaves each party
 * closed wholly or not at all; the next run does the rest, and a second run changes nothing.
 */

export interface CloseOptions {
  /** The last day that may close (yyyy-MM-dd, business date): yesterday unless told otherwise. */
  through: string;
  /** The business time zone. */
  zone: string;
  /** Who closes (the scheduler, or the command line). */
  actor?: AuditActor;
  /** Called after each party's transaction (tests kill the process here). */
  afterParty?: (party: Party) => void | Promise<void>;
}

export interface CloseReport {
  parties: number;
  settlements: number;
  orders: number;
  refunds: number;
}

export interface Party {
  kind: SettlementKind;
  partyId: number;
  brand: string;
  currency: string;
}

/** Yesterday in the business time zone: the last day a run at `now` closes. */
export const yesterday = (zone: string, now = new Date()) =>
  DateTime.fromJSDate(now, { zone }).minus({ days: 1 }).toISODate()!;

/** How each kind finds its items: the orders' and refunds' conditions and the party's columns. */
interface KindSource {
  /** The party of an order (a column of `orders o`). */
  orderParty: SQL;
  /** The brand of an order's party ('' when the kind has none). */
  orderBrand: SQL;
  /** The party of a refund (`refunds r`, always joined with its order `orders o`). */
  refundParty: SQL;
  /**
   * Items held back (docs/settlement.md, "Held by reconciliation"): an order with an unresolved
   * reconciliation exception (audit status 2), and the refunds of such an order, wait for its
   * resolution and then join the first period not yet closed.
   */
  held: SQL;
}

const HELD_BY_RECONCILIATION = inException(sql`o.id`);

const SOURCES: Record<SettlementKind, KindSource> = {
  merchant: {
    orderParty: sql`o.company_id`,
    orderBrand: sql`''`,
    refundParty: sql`r.company_id`,
    held: HELD_BY_RECONCILIATION,
  },
  agent: {
    orderParty: sql`o.agent_id`,
    orderBrand: sql`''`,
    refundParty: sql`o.agent_id`,
    held: HELD_BY_RECONCILIATION,
  },
  brand: {
    orderParty: sql`o.brand_agent_id`,
    orderBrand: sql`o.brand`,
    refundParty: sql`o.brand_agent_id`,
    // What a brand owes is what it processed: its settlement is compared with its own payment
    // statement (the three-way check), so nothing is held back from it.
    held: sql`false`,
  },
};

const paidStatuses = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The instant the business day after `day` begins: items finished before it may close. */
const endOf = (day: string, zone: string) =>
  DateTime.fromISO(day, { zone }).plus({ days: 1 }).startOf('day').toJSDate();

/** The parties of a kind with items not yet settled that finished before `before`. */
async function openParties(db: Db, kind: SettlementKind, before: Date): Promise<Party[]> {
  const s = SOURCES[kind];
  const result = await db.execute(sql`
    select distinct party_id, brand, currency from (
      select ${s.orderParty} as party_id, ${s.orderBrand} as brand, o.currency
        from orders o
        where ${s.orderParty} is not null and o.status in (${paidStatuses}) and o.finished_at < ${before}
          and not (${s.held})
          and not exists (select 1 from settlement_orders so where so.kind = ${kind} and so.order_id = o.id)
      union all
      select ${s.refundParty}, ${s.orderBrand}, r.currency
        from refunds r join orders o on o.id = r.order_id
        where ${s.refundParty} is not null and r.status = 'success' and r.finished_at < ${before}
          and not (${s.held})
          and not exists (select 1 from settlement_refunds sr where sr.kind = ${kind} and sr.refund_id = r.id)
    ) x order by party_id, brand, currency`);
  return rowsOf<{ party_id: number; brand: string; currency: string }>(result).map((r) => ({
    kind,
    partyId: Number(r.party_id),
    brand: r.brand,
    currency: r.currency,
  }));
}

/** What the closing needs of a party: its period rule, payee, payout terms and scope. */
interface PartyTerms {
  rule: PeriodRule;
  payee: PayeeBank;
  /** Smallest payout (check-out limit, an agency's minimum); 0 for brand settlements. */
  minimum: number;
  /** SHA or OUR (agencies), '' otherwise. */
  feeBearer: '' | 'SHA' | 'OUR';
  serviceProviderId: number | null;
}

const bankColumns = (t: string) =>
  sql.raw(`
  ${t}.name, ${t}.name_en, ${t}.bank_name, ${t}.bank_code, ${t}.bank_branch_name, ${t}.bank_branch_code,
  ${t}.bank_deposit_type, ${t}.bank_account_number, ${t}.bank_account_holder,
  ${t}.bank_address_country, ${t}.bank_iban, ${t}.bank_swift`);

interface BankRow {
  name: string;
  name_en: string;
  bank_name: string;
  bank_code: string;
  bank_branch_name: string;
  bank_branch_code: string;
  bank_deposit_type: number;
  bank_account_number: string;
  bank_account_holder: string;
  bank_address_country: string;
  bank_iban: string;
  bank_swift: string;
}

const payeeOf = (r: BankRow): PayeeBank => ({
  name: r.name,
  nameEn: r.name_en,
  bankName: r.bank_name,
  bankCode: r.bank_code,
  branchName: r.bank_branch_name,
  branchCode: r.bank_branch_code,
  depositType: [1, 2, 4, 9].includes(Number(r.bank_deposit_type))
    ? (Number(r.bank_deposit_type) as PayeeBank['depositType'])
    : 9,
  accountNumber: r.bank_account_number,
  holder: r.bank_account_holder,
  addressCountry: r.bank_address_country,
  iban: r.bank_iban,
  swift: r.bank_swift,
});

async function termsOf(tx: Tx, party: Party): Promise<PartyTerms> {
  switch (party.kind) {
    case 'merchant': {
      const [r] = rowsOf<BankRow & { p: string; w: number | null; lim: number; sp: number }>(
        await tx.execute(sql`select ${bankColumns('c')}, c.checkout_period as p, c.checkout_weekday as w,
          c.checkout_limit as lim, c.service_provider_id as sp from companies c where c.id = ${party.partyId}`),
      );
      return {
        rule: ruleOf(r.p, r.w),
        payee: payeeOf(r),
        minimum: Number(r.lim),
        feeBearer: '',
        serviceProviderId: r.sp,
      };
    }
    case 'agent': {
      const [r] = rowsOf<BankRow & { p: string; lim: number; fb: string; sp: number }>(
        await tx.execute(sql`select ${bankColumns('a')}, a.settlement_period as p, a.minimum_amount as lim,
          a.remittance_cost_type as fb, a.service_provider_id as sp from agents a where a.id = ${party.partyId}`),
      );
      return {
        rule: ruleOf(r.p, null),
        payee: payeeOf(r),
        minimum: Number(r.lim),
        feeBearer: r.fb === 'OUR' ? 'OUR' : 'SHA',
        serviceProviderId: r.sp,
      };
    }
    case 'brand': {
      const [r] = rowsOf<BankRow & { p: string; w: number | null }>(
        await tx.execute(sql`select ${bankColumns('g')}, g.statement_period as p, g.statement_weekday as w
          from brand_agents g where g.id = ${party.partyId}`),
      );
      return {
        rule: ruleOf(r.p, r.w),
        payee: payeeOf(r),
        minimum: 0,
        feeBearer: '',
        serviceProviderId: null,
      };
    }
  }
}

/** The sentinel of a cursor that has closed nothing yet (before any record's date). */
const NOTHING_CLOSED = '2000-01-01';

interface PeriodFigures extends Figures {
  e: string;
}

/** Closes every ended period of one party and currency; how many settlements, orders and refunds. */
export async function closeParty(db: Db, party: Party, opts: CloseOptions): Promise<CloseReport> {
  const { kind, partyId, brand, currency } = party;
  const actor = opts.actor ?? systemActor('settlementClose');
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into settlement_cursors (kind, party_id, brand, currency, closed_through)
      values (${kind}, ${partyId}, ${brand}, ${currency}, ${NOTHING_CLOSED}) on conflict do nothing`);
    const [cursor] = rowsOf<{ closed_through: string }>(
      await tx.execute(sql`select closed_through::text from settlement_cursors
        where kind = ${kind} and party_id = ${partyId} and brand = ${brand} and currency = ${currency} for update`),
    );
    const terms = await termsOf(tx, party);
    const from = addDays(cursor.closed_through, 1);
    const s = SOURCES[kind];
    const before = endOf(opts.through, opts.zone);
    const localDay = (column: SQL) =>
      sql`greatest((${column} at time zone ${opts.zone})::date, ${from}::date)`;
    const orderEnd = periodEndSql(terms.rule, localDay(sql`o.finished_at`));
    const refundEnd = periodEndSql(terms.rule, localDay(sql`r.finished_at`));
    const brandCondition = kind === 'brand' ? sql`and o.brand = ${brand}` : sql``;
    await tx.execute(sql`create temporary table close_items on commit drop as
      select * from (
        select 'order'::text as type, o.id, o.amount::bigint as amount,
            coalesce(o.commission_amount, 0)::bigint as commission, coalesce(o.rebate_amount, 0)::bigint as rebate,
            coalesce(o.fee_amount, 0)::bigint as fee, ${orderEnd} as e
          from orders o
          where ${s.orderParty} = ${partyId} ${brandCondition} and o.currency = ${currency}
            and o.status in (${paidStatuses}) and o.finished_at < ${before} and not (${s.held})
            and not exists (select 1 from settlement_orders so where so.kind = ${kind} and so.order_id = o.id)
        union all
        select 'refund', r.id, r.amount::bigint, coalesce(r.commission_amount, 0)::bigint,
            coalesce(r.rebate_amount, 0)::bigint, coalesce(r.fee_amount, 0)::bigint, ${refundEnd}
          from refunds r join orders o on o.id = r.order_id
          where ${s.refundParty} = ${partyId} ${brandCondition} and r.currency = ${currency}
            and r.status = 'success' and r.finished_at < ${before} and not (${s.held})
            and not exists (select 1 from settlement_refunds sr where sr.kind = ${kind} and sr.refund_id = r.id)
      ) x where x.e <= ${opts.through}::date`);
    const periods = rowsOf<Record<string, string | number>>(
      await tx.execute(sql`select e::text as e,
          count(*) filter (where type = 'order')::int as order_count,
          coalesce(sum(amount) filter (where type = 'order'), 0)::bigint as order_total,
          count(*) filter (where type = 'refund')::int as refund_count,
          coalesce(sum(amount) filter (where type = 'refund'), 0)::bigint as refund_total,
          coalesce(sum(case when type = 'order' then commission else -commission end), 0)::bigint as commission,
          coalesce(sum(case when type = 'order' then rebate else -rebate end), 0)::bigint as rebate,
          coalesce(sum(case when type = 'order' then fee else -fee end), 0)::bigint as fee
        from close_items group by e order by e`),
    ).map((r): PeriodFigures => ({
      e: String(r.e),
      orderCount: Number(r.order_count),
      orderTotal: Number(r.order_total),
      refundCount: Number(r.refund_count),
      refundTotal: Number(r.refund_total),
      commission: Number(r.commission),
      rebate: Number(r.rebate),
      fee: Number(r.fee),
    }));
    const report: CloseReport = { parties: 1, settlements: periods.length, orders: 0, refunds: 0 };
    if (periods.length > 0) {
      const [last] = rowsOf<{ carried_out: string }>(
        await tx.execute(sql`select carried_out from settlements where kind = ${kind} and party_id = ${partyId}
          and brand = ${brand} and currency = ${currency} order by period_end desc limit 1`),
      );
      const [fee] = rowsOf<{ amount: string }>(
        await tx.execute(sql`select amount from transfer_fees where currency = ${currency}`),
      );
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`select nextval(pg_get_serial_sequence('settlements', 'id'))::bigint as id
          from generate_series(1, ${periods.length})`),
      ).map((r) => Number(r.id));
      let carried = kind === 'brand' ? 0 : Number(last?.carried_out ?? 0);
      let previousEnd = cursor.closed_through;
      const payee = JSON.stringify(terms.payee);
      // The settlements of the party in one statement, and their audit rows in another.
      const rows: SQL[] = [];
      const audits: AuditEntry[] = [];
      for (const [i, p] of periods.entries()) {
        const begin = [periodStart(terms.rule, p.e), addDays(previousEnd, 1)].sort().at(-1)!;
        const lines = settle(kind, p, {
          carriedIn: carried,
          transferFee: Number(fee?.amount ?? 0),
          minimum: terms.minimum,
          feeBearer: terms.feeBearer,
        });
        carried = lines.carriedOut;
        previousEnd = p.e;
        const id = ids[i];
        const settlementNo = `${SETTLEMENT_NO_PREFIX[kind]}${p.e.replace(/-/g, '')}${String(id).padStart(6, '0')}`;
        rows.push(sql`(${id}, ${settlementNo}, ${kind}, ${partyId}, ${brand}, ${terms.serviceProviderId}, ${currency},
            ${begin}::date, ${p.e}::date, ${businessDaysAfter(p.e, DUE_BUSINESS_DAYS)}::date,
            ${p.orderCount}::int, ${p.orderTotal}::bigint, ${p.refundCount}::int, ${p.refundTotal}::bigint,
            ${lines.commissionTotal}::bigint, ${lines.rebateTotal}::bigint, ${p.fee}::bigint, ${lines.carriedIn}::bigint,
            ${lines.carriedOut}::bigint, ${lines.transferCommission}::bigint, ${lines.transferAmount}::bigint,
            ${terms.feeBearer}, ${kind === 'brand' ? '' : transferTypeOf(currency)}, ${payee}::jsonb)`);
        audits.push({
          objectType: 'settlement',
          objectId: id,
          action: 'close',
          after: { settlementNo, periodBegin: begin, periodEnd: p.e, currency, ...lines },
        });
        report.orders += p.orderCount;
        report.refunds += p.refundCount;
      }
      await tx.execute(sql`insert into settlements
          (id, settlement_no, kind, party_id, brand, service_provider_id, currency, period_begin, period_end, due_date,
           order_count, order_total, refund_count, refund_total, commission_total, rebate_total, commission_cost,
           carried_in, carried_out, transfer_commission, transfer_amount, fee_bearer, transfer_type, payee)
          overriding system value values ${sql.join(rows, sql`, `)}`);
      await recordAudits(tx, actor, audits);
      const members = (type: 'order' | 'refund', table: SQL, column: SQL) => sql`
        insert into ${table} (kind, ${column}, settlement_id)
          select ${kind}, ci.id, st.id from close_items ci
            join settlements st on st.kind = ${kind} and st.party_id = ${partyId} and st.brand = ${brand}
              and st.currency = ${currency} and st.period_end = ci.e
          where ci.type = ${type}`;
      await tx.execute(members('order', sql`settlement_orders`, sql`order_id`));
      await tx.execute(members('refund', sql`settlement_refunds`, sql`refund_id`));
    }
    await tx.execute(sql`update settlement_cursors
      set closed_through = greatest(closed_through, ${closedThrough(terms.rule, opts.through)}::date)
      where kind = ${kind} and party_id = ${partyId} and brand = ${brand} and currency = ${currency}`);
    return report;
  });
}

/**
 * Closes every ended period of every party: merchants, then agencies, then brands. On
 * PostgreSQL two parties close at once (each in its own transaction on its own connection; the
 * cursor rows keep any party to one closing), on PGlite, whose one connection serialises
 * everything, one after another.
 */
export async function closePeriods(db: Db, opts: CloseOptions): Promise<CloseReport> {
  const total: CloseReport = { parties: 0, settlements: 0, orders: 0, refunds: 0 };
  const before = endOf(opts.through, opts.zone);
  const lanes = poolOf(db) ? 2 : 1;
  for (const kind of ['merchant', 'agent', 'brand'] as const) {
    const queue = await openParties(db, kind, before);
    const lane = async () => {
      for (let party = queue.shift(); party; party = queue.shift()) {
        const r = await closeParty(db, party, opts);
        total.parties += 1;
        total.settlements += r.settlements;
        total.orders += r.orders;
        total.refunds += r.refunds;
        await opts.afterParty?.(party);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
  }
  return total;
}
