import { integer, pgTable, timestamp, varchar, index } from 'drizzle-orm/pg-core';

/** Minimal organisation tables; the organisation issue fills in their business columns. */
const status = () => varchar('status', { length: 10 }).notNull().default('active');
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const serviceProviders = pgTable('service_providers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 120 }).notNull().unique(),
  status: status(),
  createdAt: createdAt(),
});

export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceProviderId: integer('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id),
    name: varchar('name', { length: 120 }).notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index('agents_service_provider_idx').on(t.serviceProviderId)],
);

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceProviderId: integer('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id),
    /** The agency that brought the company in, if any. */
    agentId: integer('agent_id').references(() => agents.id),
    name: varchar('name', { length: 120 }).notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_service_provider_idx').on(t.serviceProviderId),
    index('companies_agent_idx').on(t.agentId),
  ],
);

export const branchUnits = pgTable(
  'branch_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: varchar('name', { length: 120 }).notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index('branch_units_company_idx').on(t.companyId)],
);
