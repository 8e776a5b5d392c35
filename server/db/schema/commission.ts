import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './org';

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
