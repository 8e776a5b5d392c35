import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PayeeBank, SettlementKind, TransferType } from '../../../src/contract/settlements';
import { operators } from './operators';

/** Settlements and their payout (docs/settlement.md). Money: integer minor units. */
const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * One settlement: a merchant's (company_id), an agency's (agent_id) or a comprehensive agent's
 * for one brand (brand_agent_id, brand), for one currency and period. The amounts are the
 * statement's lines, written once by the closing run; only the payout fields change later.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The settlement document number (精算書番号), e.g. SM20261130000042. */
    settlementNo: varchar('settlement_no', { length: 24 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).$type<SettlementKind>().notNull(),
    /** The party: the company, agency or comprehensive agent (one of the three, by kind). */
    partyId: integer('party_id').notNull(),
    /** The brand of a brand settlement ('' otherwise). */
    brand: varchar('brand', { length: 20 }).notNull().default(''),
    /** The party's service provider (the tenant scope of provider roles; null for brand settlements). */
    serviceProviderId: integer('service_provider_id'),
    currency: varchar('currency', { length: 3 }).notNull(),
    periodBegin: date('period_begin', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The third bank business day after the period's end. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    orderCount: integer('order_count').notNull(),
    orderTotal: money('order_total').notNull(),
    refundCount: integer('refund_count').notNull(),
    refundTotal: money('refund_total').notNull(),
    /** Σ commission net of refunds (the merchant's charge; shown for information on the others). */
    commissionTotal: money('commission_total').notNull(),
    /** Σ rebate net of refunds: what an agency is owed (0 for the others). */
    rebateTotal: money('rebate_total').notNull().default(0),
    /** Σ brand fee net of refunds (the platform's cost; what a brand settlement deducts). */
    commissionCost: money('commission_cost').notNull(),
    carriedIn: money('carried_in').notNull(),
    /** The balance carried into the next period (the unsettled amount); 0 when paid out. */
    carriedOut: money('carried_out').notNull(),
    transferCommission: money('transfer_commission').notNull(),
    /** What is paid out (merchants, agencies), or what the brand owes (brand settlements: the net). */
    transferAmount: money('transfer_amount').notNull(),
    /** SHA or OUR for agencies ('' otherwise): who bears the transfer fee. */
    feeBearer: varchar('fee_bearer', { length: 3 }).notNull().default(''),
    /** zengin (JPY) or swift (other currencies); '' for brand settlements. */
    transferType: varchar('transfer_type', { length: 8 }).$type<TransferType>().notNull(),
    description: varchar('description', { length: 255 }).notNull().default(''),
    /** The payee's name and bank details when the settlement was closed (never read live afterwards). */
    payee: jsonb('payee').$type<PayeeBank>().notNull(),
    /** 1 not remitted, 2 remitted. */
    status: smallint('status').$type<1 | 2>().notNull().default(1),
    /** The payout batch that holds it (null: not checked out, or its batch was reversed). */
    batchId: bigint('batch_id', { mode: 'number' }),
    payTime: timestamp('pay_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('settlements_party_period_uq').on(t.kind, t.partyId, t.brand, t.currency, t.periodEnd),
    index('settlements_list_idx').on(t.kind, t.periodEnd),
    index('settlements_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    check('settlements_status_ck', sql`${t.status} in (1, 2)`),
    check('settlements_period_ck', sql`${t.periodBegin} <= ${t.periodEnd}`),
    check('settlements_transfer_ck', sql`${t.transferAmount} >= 0 or ${t.kind} = 'brand'`),
  ],
);

/**
 * Which settlement of each kind holds an order: one at most (the primary key). No foreign keys:
 * the closing run writes these rows from the orders and settlements of its own transaction, a
 * million at a time, where a key check per row doubled the time (bench/RESULTS.md); orders and
 * settlements are never deleted.
 */
export const settlementOrders = pgTable(
  'settlement_orders',
  {
    kind: varchar('kind', { length: 8 }).$type<SettlementKind>().notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.orderId] }),
    index('settlement_orders_settlement_idx').on(t.settlementId),
  ],
);

/** Which settlement of each kind holds a refund: one at most (no foreign keys, as for orders). */
export const settlementRefunds = pgTable(
  'settlement_refunds',
  {
    kind: varchar('kind', { length: 8 }).$type<SettlementKind>().notNull(),
    refundId: bigint('refund_id', { mode: 'number' }).notNull(),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refundId] }),
    index('settlement_refunds_settlement_idx').on(t.settlementId),
  ],
);

/**
 * How far each party's periods are closed, per currency: the closing run locks this row first
 * (one closing of a party at a time) and moves it in the transaction that writes the party's
 * settlements.
 */
export const settlementCursors = pgTable(
  'settlement_cursors',
  {
    kind: varchar('kind', { length: 8 }).$type<SettlementKind>().notNull(),
    partyId: integer('party_id').notNull(),
    brand: varchar('brand', { length: 20 }).notNull().default(''),
    currency: varchar('currency', { length: 3 }).notNull(),
    closedThrough: date('closed_through', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.partyId, t.brand, t.currency] })],
);

/** A checkout: the settlements paid together and the bank files made for them. */
export const settlementBatches = pgTable(
  'settlement_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The console's key of the click that made it (a retry with it returns this batch). */
    batchKey: varchar('batch_key', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 8 }).$type<SettlementKind>().notNull(),
    /** checkedOut, remitted or reversed. */
    status: varchar('status', { length: 10 }).$type<'checkedOut' | 'remitted' | 'reversed'>().notNull(),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    settlementCount: integer('settlement_count').notNull(),
    /** The provider whose settlements it holds (null: the platform's roles made it across providers). */
    serviceProviderId: integer('service_provider_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    remittedBy: integer('remitted_by').references(() => operators.id),
    remittedAt: timestamp('remitted_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => operators.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reverseReason: varchar('reverse_reason', { length: 255 }).notNull().default(''),
  },
  (t) => [
    index('settlement_batches_created_idx').on(t.createdAt),
    check('settlement_batches_status_ck', sql`${t.status} in ('checkedOut', 'remitted', 'reversed')`),
  ],
);

/** The settlements a batch was made of (kept when a reversal frees them). */
export const settlementBatchItems = pgTable(
  'settlement_batch_items',
  {
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => settlementBatches.id),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.settlementId] }),
    index('settlement_batch_items_settlement_idx').on(t.settlementId),
  ],
);

/** A batch's bank file per currency: a Zengin 総合振込 file (JPY) or a SWIFT transfer list. */
export const settlementBatchFiles = pgTable(
  'settlement_batch_files',
  {
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => settlementBatches.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    format: varchar('format', { length: 8 }).$type<TransferType>().notNull(),
    fileName: varchar('file_name', { length: 80 }).notNull(),
    content: bytea('content').notNull(),
    recordCount: integer('record_count').notNull(),
    total: money('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.currency] })],
);

/** The bank fee of one payout, per currency (the settlement's transfer commission). */
export const transferFees = pgTable('transfer_fees', {
  currency: varchar('currency', { length: 3 }).primaryKey(),
  amount: money('amount').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The platform's paying account per currency and its Zengin requester code (依頼人コード). */
export const payoutAccounts = pgTable('payout_accounts', {
  currency: varchar('currency', { length: 3 }).primaryKey(),
  bankName: varchar('bank_name', { length: 60 }).notNull(),
  bankCode: varchar('bank_code', { length: 11 }).notNull(),
  branchName: varchar('branch_name', { length: 60 }).notNull().default(''),
  branchCode: varchar('branch_code', { length: 10 }).notNull().default(''),
  depositType: smallint('deposit_type').notNull().default(1),
  accountNumber: varchar('account_number', { length: 34 }).notNull(),
  holder: varchar('holder', { length: 60 }).notNull(),
  /** 10 digits, given by the paying bank (JPY only). */
  requesterCode: varchar('requester_code', { length: 10 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The qualified-invoice issuer the merchants' statements name (one row). */
export const invoiceIssuer = pgTable(
  'invoice_issuer',
  {
    id: smallint('id').primaryKey().default(1),
    name: varchar('name', { length: 120 }).notNull(),
    /** T + 13 digits (適格請求書発行事業者登録番号). */
    registrationNo: varchar('registration_no', { length: 14 }).notNull(),
    address: varchar('address', { length: 255 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('invoice_issuer_one_ck', sql`${t.id} = 1`)],
);
