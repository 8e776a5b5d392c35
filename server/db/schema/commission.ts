import type { RateKind } from '../../../src/contract/commission';
import { bigint, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { brandAgents, companies } from './org';

/** A company's commission per brand and channel, in hundredths of a percent (325 = 3.25 %). */
export const commissionRates = pgTable(
  'commission_rates',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    brand: varchar('brand', { length: 20 }).notNull(),
    /** online or offline. */
    channel: varchar('channel', { length: 8 }).notNull(),
    rate: integer('rate').notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.brand, t.channel] })],
);

/** The rebate the company's agency earns per brand (hundredths of a percent); settlements use it. */
export const agentRebateRates = pgTable(
  'agent_rebate_rates',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    brand: varchar('brand', { length: 20 }).notNull(),
    rate: integer('rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.brand] })],
);

/**
 * Every rate ever set, from when (docs/settlement.md, "Money"): a company's commission (per
 * brand and channel), its agency's rebate (per brand, channel ''), a comprehensive agent's brand
 * fee (company null, channel ''). rate null: the rate was removed. An order's rates are the
 * ones in force at its paid time, so its charges can be recomputed from here.
 */
export const rateChanges = pgTable(
  'rate_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** commission, rebate or brandFee. */
    kind: varchar('kind', { length: 12 }).$type<RateKind>().notNull(),
    companyId: integer('company_id').references(() => companies.id),
    brandAgentId: integer('brand_agent_id').references(() => brandAgents.id),
    brand: varchar('brand', { length: 20 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull().default(''),
    rate: integer('rate'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    /** The operator who set it (null: the system, e.g. the demo data or a migration). */
    operatorId: integer('operator_id'),
  },
  (t) => [index('rate_changes_lookup_idx').on(t.kind, t.companyId, t.brand, t.channel, t.validFrom)],
);
