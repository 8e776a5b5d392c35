import { sql } from 'drizzle-orm';
import { OPEN_STATUSES, type OrderStatus } from '../../../src/contract/orders';
import type { PayBrand, PaymentType } from '../../../src/contract/brands';
import type { RefundStatus } from '../../../src/contract/refunds';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { branchUnits, companies } from './org';
import { preOrders } from './preorders';

/**
 * The open statuses as a literal list: a query whose predicate repeats it word for word (not as
 * bound parameters) can use the partial index below under any plan.
 */
export const OPEN_STATUSES_SQL = sql.raw(`(${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const str = (name: string, length: number) => varchar(name, { length }).notNull().default('');
/** Money: integer minor units (see src/contract/money.ts). */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Orders of spec point 3. Status codes and their allowed moves: src/contract/orders.ts.
 * The client order number is unique per company (the merchant API is idempotent on it).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchUnitId: integer('branch_unit_id').references(() => branchUnits.id),
    clientOrderNo: varchar('client_order_no', { length: 64 }).notNull(),
    gatewayOrderNo: varchar('gateway_order_no', { length: 64 }).notNull().unique(),
    brandOrderNo: str('brand_order_no', 64),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull(),
    receiptNo: str('receipt_no', 64),
    subject: str('subject', 128),
    /** dynamicQr, staticQr, link, cpm or card. */
    paymentType: varchar('payment_type', { length: 12 }).$type<PaymentType>().notNull(),
    /** '' until the payer of a link or pre-order picks a brand. */
    brand: varchar('brand', { length: 20 }).$type<PayBrand | ''>().notNull(),
    subBrand: str('sub_brand', 20),
    /** Hundredths of a percent, fixed when the order is paid. */
    commissionRate: integer('commission_rate'),
    commissionAmount: money('commission_amount'),
    rebateRate: integer('rebate_rate'),
    rebateAmount: money('rebate_amount'),
    /** The agency the rebate is owed to, fixed when paid (the company's agency then). */
    agentId: integer('agent_id'),
    /** The comprehensive agent of the brand and its fee (hundredths of a percent, minor units), fixed when paid. */
    brandAgentId: integer('brand_agent_id'),
    feeRate: integer('fee_rate'),
    feeAmount: money('fee_amount'),
    /** Refunds succeeded (kept with the order so the page needs no join). */
    refundedAmount: money('refunded_amount').notNull().default(0),
    // The audit status and result live in order_audits (schema/reconciliation.ts).
    errorCode: str('error_code', 40),
    errorMessage: str('error_message', 255),
    notifyUrl: str('notify_url', 255),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The pre-order this order is one payment of (a use counts when it is paid). */
    preOrderId: bigint('pre_order_id', { mode: 'number' }).references(() => preOrders.id),
    /**
     * Made up by the demo seed (server/demo), never sent to a brand: the recovery leaves
     * its in-flight orders and refunds as seeded.
     */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_pre_order_idx')
      .on(t.preOrderId)
      .where(sql`${t.preOrderId} is not null`),
    check('orders_amount_positive', sql`${t.amount} > 0`),
    check('orders_refunded_within', sql`${t.refundedAmount} between 0 and ${t.amount}`),
    uniqueIndex('orders_company_client_no_unique').on(t.companyId, t.clientOrderNo),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_client_no_idx').on(t.clientOrderNo),
    index('orders_brand_no_idx')
      .on(t.brandOrderNo)
      .where(sql`${t.brandOrderNo} <> ''`),
    // The dashboard's "links expiring today": open URL payments only, a small index at any size.
    index('orders_open_links_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.paymentType} = 'link' and ${t.status} in ${OPEN_STATUSES_SQL}`),
  ],
);

/**
 * URL payments (invoice links) made from the console or an upload: the order (payment type
 * link, no brand until the payer chooses) with what only an invoice has.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    payerName: str('payer_name', 60),
    payerEmail: str('payer_email', 120),
    remark: str('remark', 255),
    /** console or upload. */
    source: varchar('source', { length: 10 }).notNull().default('console'),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [index('pay_links_company_created_idx').on(t.companyId, t.createdAt)],
);

/** The status timeline of an order. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromStatus: varchar('from_status', { length: 20 }).$type<OrderStatus>(),
    toStatus: varchar('to_status', { length: 20 }).$type<OrderStatus>().notNull(),
    event: varchar('event', { length: 30 }).notNull(),
    /** merchant, console, payer, notify, sync, sandbox, demo. */
    source: varchar('source', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchUnitId: integer('branch_unit_id').references(() => branchUnits.id),
    clientRefundNo: varchar('client_refund_no', { length: 64 }).notNull(),
    gatewayRefundNo: varchar('gateway_refund_no', { length: 64 }).notNull().unique(),
    brandRefundNo: str('brand_refund_no', 64),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** awaitingApproval, waiting, refunding, success, failed or rejected. */
    status: varchar('status', { length: 20 }).$type<RefundStatus>().notNull(),
    fullRefund: boolean('full_refund').notNull().default(false),
    remark: str('remark', 255),
    receiptNo: str('receipt_no', 64),
    operatorId: integer('operator_id').references(() => operators.id),
    /** console or merchant. */
    source: varchar('source', { length: 10 }).notNull().default('console'),
    errorCode: str('error_code', 40),
    errorMessage: str('error_message', 255),
    /** Maker-checker: who approved or rejected the refund awaiting approval, when, and why not. */
    approverId: integer('approver_id').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: str('reject_reason', 255),
    /**
     * The charges this refund returns (docs/settlement.md): commission, rebate and brand fee on
     * the refunded part, set with its success under the order's lock; null until then.
     */
    commissionAmount: money('commission_amount'),
    rebateAmount: money('rebate_amount'),
    feeAmount: money('fee_amount'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('refunds_company_client_no_unique').on(t.companyId, t.clientRefundNo),
    // A merchant's refund number across companies (the list's number filter and the global
    // search, all time, for the platform's and providers' roles).
    index('refunds_client_no_idx').on(t.clientRefundNo),
    index('refunds_order_idx').on(t.orderId),
    // Reconciliation matches a statement's refund rows on it.
    index('refunds_brand_no_idx')
      .on(t.brandRefundNo)
      .where(sql`${t.brandRefundNo} <> ''`),
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_company_created_idx').on(t.companyId, t.createdAt),
    // The few refunds awaiting approval, found without reading the others.
    index('refunds_awaiting_approval_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaitingApproval'`),
  ],
);

/**
 * Which connector serves a company's brand and, for the sandbox, how it behaves
 * (normal, decline, fail, timeout, slow, down, refundFail). No row: sandbox, normal.
 */
export const brandSettings = pgTable(
  'brand_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    brand: varchar('brand', { length: 20 }).notNull(),
    connector: varchar('connector', { length: 10 }).notNull().default('sandbox'),
    sandboxBehaviour: varchar('sandbox_behaviour', { length: 12 }).notNull().default('normal'),
    /** The discrepancy the sandbox writes into the brand's statements for the company (STATEMENT_INJECTIONS). */
    statementInjection: varchar('statement_injection', { length: 16 }).notNull().default('none'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.brand] })],
);

/**
 * The sandbox brands' own books: what a brand would hold about a payment, keyed by the brand's
 * number and, like a brand's merchant order number, unique per brand by our gateway number.
 * Written only by the sandbox connector, each change in one statement of its own.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    brandOrderNo: varchar('brand_order_no', { length: 64 }).primaryKey(),
    brand: varchar('brand', { length: 20 }).notNull(),
    merchantOrderNo: varchar('merchant_order_no', { length: 64 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** CREATED, USERPAYING, COMPLETED, FAILED, CANCELED, EXPIRED. */
    state: varchar('state', { length: 12 }).notNull(),
    behaviour: varchar('behaviour', { length: 12 }).notNull(),
    subBrand: str('sub_brand', 20),
    refundedAmount: money('refunded_amount').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_payments_merchant_no_unique').on(t.brand, t.merchantOrderNo)],
);

/** The sandbox brands' refunds, keyed by our gateway refund number (the brands' out_refund_no). */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    brand: varchar('brand', { length: 20 }).notNull(),
    merchantRefundNo: varchar('merchant_refund_no', { length: 64 }).notNull(),
    brandRefundNo: varchar('brand_refund_no', { length: 64 }).notNull().unique(),
    brandOrderNo: varchar('brand_order_no', { length: 64 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** SUCCESS, PROCESSING or FAILED. */
    state: varchar('state', { length: 12 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.merchantRefundNo] })],
);

/**
 * The server's periodic jobs (merchant notifications, recovery of work in flight): one row per
 * job, claimed with FOR UPDATE SKIP LOCKED and held by a lease, so that of several server
 * processes on one database one runs each job at a time (server/platform/jobs.ts).
 */
export const jobs = pgTable('jobs', {
  name: varchar('name', { length: 40 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** A run in progress holds the job until then (a process killed mid-run lets go here). */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Where the job's last run stopped (e.g. the last order id the recovery looked at). */
  cursor: str('cursor', 100),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: str('last_error', 255),
});

/** Merchant API signatures seen within the replay window (a reused one is refused). */
export const merchantSignatures = pgTable(
  'merchant_signatures',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    signature: varchar('signature', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.signature] }),
    index('merchant_signatures_created_idx').on(t.createdAt),
  ],
);

/**
 * Notifications to a merchant's `notifyUrl`: written with the order's move (an outbox, in
 * the same transaction), then delivered signed and retried by the notifier
 * (server/modules/notifications) until the merchant answers 2xx or the tries run out.
 */
export const merchantNotifications = pgTable(
  'merchant_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What the merchant dedupes on (the same in every try). */
    notifyId: varchar('notify_id', { length: 36 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    url: varchar('url', { length: 255 }).notNull(),
    /** The order status this notification reports. */
    orderStatus: varchar('order_status', { length: 20 }).$type<OrderStatus>().notNull(),
    /** The order as the merchant API shows it, at the move (JSON). */
    payload: text('payload').notNull(),
    /** pending, delivered, failed (no more tries). */
    status: varchar('status', { length: 10 })
      .$type<'pending' | 'delivered' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastHttpStatus: smallint('last_http_status'),
    lastError: str('last_error', 255),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchant_notifications_notify_id_uq').on(t.notifyId),
    index('merchant_notifications_due_idx').on(t.status, t.nextAttemptAt),
    index('merchant_notifications_order_idx').on(t.orderId, t.id),
    check('merchant_notifications_status_ck', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    check('merchant_notifications_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);
