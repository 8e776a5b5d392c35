import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ReportFrequency, ReportSubscriptionFilters } from '../../../src/contract/reports';
import { operators } from './operators';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Scheduled reports (docs/reports.md, "Scheduled reports"): a user's subscription to the summary
 * list with its filters, delivered as a file for each complete period.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** The summary list's filters but the period (grouping, company, branch, brand, currency). */
    filters: jsonb('filters').$type<ReportSubscriptionFilters>().notNull(),
    frequency: varchar('frequency', { length: 8 }).$type<ReportFrequency>().notNull(),
    format: varchar('format', { length: 4 }).$type<'csv' | 'xlsx'>().notNull(),
    /** Also sent to the account's e-mail address (where SMTP is configured). */
    email: boolean('email').notNull().default(false),
    /** The first period delivered is the first that ends on or after this business day. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_subscriptions_operator_idx').on(t.operatorId)],
);

/**
 * One file per subscription and period: the unique pair is what makes a period delivered once,
 * however many server processes try. `pending` while a process writes it (held until
 * `claimedUntil`; a process that died leaves it to the next run), then `ready` or `failed`.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 8 }).$type<'pending' | 'ready' | 'failed'>().notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    fileName: text('file_name'),
    asciiName: text('ascii_name'),
    contentType: text('content_type'),
    body: bytea('body'),
    size: integer('size'),
    /** Why it failed (a message key), or why the e-mail could not be sent. */
    error: varchar('error', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** e-mail: null while not asked or not yet sent; the sending is claimed like the file. */
    emailState: varchar('email_state', { length: 8 }).$type<'pending' | 'sent' | 'failed'>(),
    emailClaimedUntil: timestamp('email_claimed_until', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    unique('report_deliveries_period').on(t.subscriptionId, t.periodFrom),
    index('report_deliveries_state_idx').on(t.state, t.claimedUntil),
  ],
);
