import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PayBrand } from '../../../src/contract/brands';
import type { PayoutStatementSource } from '../../../src/contract/payouts';

/** The brands' payouts and the platform's bank deposits (docs/reconciliation.md, "Payouts"). Money: minor units. */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * One file of the platform's bank account's incoming transfers, as uploaded: kept by its content
 * hash, so the same file twice adds nothing.
 */
export const bankDepositImports = pgTable('bank_deposit_imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  contentHash: varchar('content_hash', { length: 64 }).notNull().unique(),
  /** Deposits the file lists, those new to us, and lines that were no deposit (withdrawals). */
  rowCount: integer('row_count').notNull(),
  addedCount: integer('added_count').notNull(),
  skippedCount: integer('skipped_count').notNull(),
  importedBy: integer('imported_by'),
  importedByName: varchar('imported_by_name', { length: 64 }).notNull().default(''),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A transfer into the platform's account. The same transfer in two overlapping files is one row:
 * unique on its facts and `seq`, its occurrence among identical lines of one file.
 */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => bankDepositImports.id),
    line: integer('line').notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    payerName: varchar('payer_name', { length: 140 }).notNull(),
    reference: varchar('reference', { length: 140 }).notNull().default(''),
    seq: integer('seq').notNull().default(1),
  },
  (t) => [
    uniqueIndex('bank_deposits_fact_idx').on(
      t.valueDate,
      t.currency,
      t.amount,
      t.payerName,
      t.reference,
      t.seq,
    ),
    check('bank_deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A brand's payout for one period and currency: what our brand settlements say the brand owes
 * (Σ of the comprehensive agents' settlements of the brand, currency and period end), what the
 * brand's payment statement says it pays, and the deposit it was matched to. One row per brand,
 * currency and period end, whichever side came first.
 */
export const brandPayouts = pgTable(
  'brand_payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brand: varchar('brand', { length: 20 }).$type<PayBrand>().notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    periodBegin: date('period_begin', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The third bank business day after the period's end: when the brand pays. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The last day a deposit may arrive: three bank business days after the due date. */
    depositBy: date('deposit_by', { mode: 'string' }).notNull(),
    /** Our side: Σ net of the brand settlements (null: none closed for it). */
    settlementNet: money('settlement_net'),
    settlementCount: integer('settlement_count').notNull().default(0),
    /** The first of those settlements (its page). */
    settlementId: bigint('settlement_id', { mode: 'number' }),
    /** The brand's side, from its payment statement (null: not received). */
    paymentCount: integer('payment_count'),
    refundCount: integer('refund_count'),
    gross: money('gross'),
    fee: money('fee'),
    net: money('net'),
    statementFile: varchar('statement_file', { length: 255 }),
    statementHash: varchar('statement_hash', { length: 64 }),
    statementSource: varchar('statement_source', { length: 8 }).$type<PayoutStatementSource>(),
    statementAt: timestamp('statement_at', { withTimezone: true }),
    /** The deposit that paid it (one payout per deposit). */
    depositId: bigint('deposit_id', { mode: 'number' })
      .unique()
      .references(() => bankDeposits.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brand_payouts_key_idx').on(t.brand, t.currency, t.periodEnd),
    index('brand_payouts_end_idx').on(t.periodEnd),
  ],
);
