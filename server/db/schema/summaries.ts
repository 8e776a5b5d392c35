import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The order and refund summaries (docs/reports.md): per business day × company × branch × brand
 * × currency × payment type × proof state, the counts and amounts of the orders and refunds in
 * that cell. Kept exact by triggers in the transaction of every change they summarise
 * (migration 0025): each trigger appends signed rows to order_day_deltas (no row that two
 * payments both update, so a busy merchant's writers never wait on each other); the job
 * `summaryFold` moves committed deltas into order_day_totals. A reader sums the totals and the
 * deltas not yet folded, in one statement.
 *
 * Proof states (PROOF_STATES in src/contract/reports.ts, from 1): 0 not paid (an order that never succeeded; a
 * refund not succeeded is not counted at all), 1 provisional (paid at the gateway), 2 matched
 * (the brand's statement has it: audit code 1), 3 settled (in a merchant settlement not yet
 * remitted), 4 paid out (its merchant settlement remitted). The highest rung reached counts.
 */
const summaryColumns = () => ({
  /** The business day of the order's (or the refund's) creation, in business_zone's time zone. */
  day: date('day', { mode: 'string' }).notNull(),
  companyId: integer('company_id').notNull(),
  /** 0: no branch. */
  branchUnitId: integer('branch_unit_id').notNull(),
  /** '' while a link's or pre-order's payer has not chosen. */
  brand: varchar('brand', { length: 20 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
  paymentType: varchar('payment_type', { length: 12 }).notNull(),
  proof: smallint('proof').notNull(),
  /** Orders created (any status). */
  orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  /** Orders paid (success, refunding, partly refunded, refunded) and their amount. */
  paidCount: bigint('paid_count', { mode: 'number' }).notNull().default(0),
  paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
  /** Commission and rebate fixed on the paid orders. */
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  rebate: bigint('rebate', { mode: 'number' }).notNull().default(0),
  /** Refunds succeeded (keyed by their own day) and what they returned. */
  refundCount: bigint('refund_count', { mode: 'number' }).notNull().default(0),
  refundAmount: bigint('refund_amount', { mode: 'number' }).notNull().default(0),
  refundCommission: bigint('refund_commission', { mode: 'number' }).notNull().default(0),
  refundRebate: bigint('refund_rebate', { mode: 'number' }).notNull().default(0),
});

export const orderDayTotals = pgTable('order_day_totals', summaryColumns(), (t) => [
  primaryKey({
    columns: [t.day, t.companyId, t.branchUnitId, t.brand, t.currency, t.paymentType, t.proof],
  }),
  index('order_day_totals_company_day_idx').on(t.companyId, t.day),
]);

/**
 * order_day_totals rolled up per company: day × company × brand × currency × proof (no branch, no
 * payment type; about a ninth of the rows). Kept by the fold in the same transaction as
 * order_day_totals, so it always equals order_day_totals summed by its key; read (with the
 * unfolded deltas) by the roles that see companies, not branches: the dashboard and the report
 * list of the platform, a provider and an agency.
 */
const companyColumns = () => {
  const { branchUnitId: _branch, paymentType: _type, ...columns } = summaryColumns();
  return columns;
};
export const orderDayCompanyTotals = pgTable('order_day_company_totals', companyColumns(), (t) => [
  primaryKey({ columns: [t.day, t.companyId, t.brand, t.currency, t.proof] }),
]);

export const orderDayDeltas = pgTable(
  'order_day_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...summaryColumns(),
  },
  (t) => [index('order_day_deltas_day_idx').on(t.day)],
);

/** The time zone the summaries cut business days in (one row; the server sets it from its config). */
export const businessZone = pgTable(
  'business_zone',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('business_zone_one_row', sql`${t.id} = 1`)],
);
