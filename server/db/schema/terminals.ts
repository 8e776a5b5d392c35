import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { Status } from '../../../src/contract/fields';
import type { AppType } from '../../../src/contract/terminals';
import { branchUnits, companies } from './org';

/** Payment devices; the gateway registers them, the console only locks and unlocks. */
export const terminals = pgTable(
  'terminals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serial: varchar('serial', { length: 40 }).notNull().unique(),
    /** android, ios, pos or windows. */
    appType: varchar('app_type', { length: 10 }).$type<AppType>().notNull(),
    status: varchar('status', { length: 10 }).$type<Status>().notNull().default('active'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchUnitId: integer('branch_unit_id').references(() => branchUnits.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terminals_company_idx').on(t.companyId), index('terminals_branch_idx').on(t.branchUnitId)],
);
