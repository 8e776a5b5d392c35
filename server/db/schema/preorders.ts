import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { branchUnits, companies } from './org';

/**
 * Pre-orders (payment requests) of spec points 3 and 4: a reusable pay link
 * (`/qrcode?code=<gateway_pay_no>`) that accepts `use_times` payments of `order_amount`
 * until `expire_time`. Each payment is an order (orders.pre_order_id); a use is counted in
 * the transaction that marks that order paid, and the checks keep the count within bounds
 * whatever races happen.
 */
export const preOrders = pgTable(
  'pre_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchUnitId: integer('branch_unit_id').references(() => branchUnits.id),
    clientPayNo: varchar('client_pay_no', { length: 48 }).notNull(),
    gatewayPayNo: varchar('gateway_pay_no', { length: 64 }).notNull().unique(),
    /** Minor units. */
    orderAmount: bigint('order_amount', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    validityHours: integer('validity_hours').notNull(),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    useTimes: integer('use_times').notNull().default(1),
    usedTimes: integer('used_times').notNull().default(0),
    /** 0 unused (payable), 1 used (every use made). */
    useStatus: smallint('use_status').notNull().default(0),
    useStartTime: timestamp('use_start_time', { withTimezone: true }),
    useFinishTime: timestamp('use_finish_time', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** console or upload. */
    source: varchar('source', { length: 10 }).notNull().default('console'),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pre_orders_amount_positive', sql`${t.orderAmount} > 0`),
    check('pre_orders_validity_range', sql`${t.validityHours} between 1 and 720`),
    check('pre_orders_use_times_range', sql`${t.useTimes} between 1 and 9999`),
    check('pre_orders_used_within', sql`${t.usedTimes} between 0 and ${t.useTimes}`),
    check(
      'pre_orders_use_status_matches',
      sql`${t.useStatus} = case when ${t.usedTimes} = ${t.useTimes} then 1 else 0 end`,
    ),
    uniqueIndex('pre_orders_company_client_no_unique').on(t.companyId, t.clientPayNo),
    // A merchant's pay number across companies (the list's number filter and the global search).
    index('pre_orders_client_no_idx').on(t.clientPayNo),
    index('pre_orders_company_created_idx').on(t.companyId, t.createdAt),
    index('pre_orders_created_idx').on(t.createdAt),
  ],
);
