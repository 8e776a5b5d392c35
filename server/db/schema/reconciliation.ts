import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { PayBrand } from '../../../src/contract/brands';
import type {
  AuditCode,
  AuditStatus,
  ResultDiff,
  RunCounts,
  RunSource,
  ImportSource,
  ImportStatus,
  Resolution,
  RunStatus,
} from '../../../src/contract/reconciliation';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Reconciliation against the brands' statements (docs/reconciliation.md). Money: integer minor units. */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Each order's audit status and result (spec point 3, Order) as the reconciliation last judged
 * it: 1 audited, 2 exception (contract/reconciliation AUDIT_STATUS), with the result code of
 * spec point 4 (and 600, amount differs). An order without a row is not audited.
 *
 * Beside orders rather than in it: a brand day's import judges every order of the day at once,
 * and an order row written is a new version in each of the eight indexes of orders (its pages
 * have no room for a day's orders all updated together), which was most of a 100,000-order
 * day's import; here it is one narrow row and one index (bench/RESULTS.md). No foreign key: its
 * check would lock each order it names (FOR KEY SHARE, a write to the order's page again); the
 * rows are written only by the matching and the resolution, from orders they have just read,
 * and orders are never deleted.
 */
export const orderAudits = pgTable(
  'order_audits',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    auditStatus: smallint('audit_status').$type<AuditStatus>().notNull(),
    auditResult: smallint('audit_result').$type<AuditCode>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_audits_status_ck', sql`${t.auditStatus} in (1, 2)`),
    // The settlement's holds look up the few orders in exception.
    index('order_audits_exception_idx')
      .on(t.orderId)
      .where(sql`${t.auditStatus} = 2`),
  ],
);

/**
 * A file of a run: its name and sha256; the currency it carries when the brand writes one file
 * per currency, null when it carries the whole day; the run whose statement_rows hold its rows
 * (null: the file was refused, it has none); its refusal.
 */
export interface RunFile {
  fileName: string;
  contentHash: string;
  currency: string | null;
  rowsRunId: number | null;
  refusal: { line: number; reason: string; detail: string } | null;
}

/**
 * One import of a brand's statement for one business day. Re-running a day adds a run and marks
 * the one it replaces (replaced_by_run_id): earlier runs stay as history, and one run per brand
 * and day is current (the partial unique index).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brand: varchar('brand', { length: 20 }).$type<PayBrand>().notNull(),
    /** The brand's business day (its own day cut: docs/reconciliation.md). */
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 10 }).$type<RunSource>().notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    /**
     * sha256 of the file's bytes, hex, or of its files' (runFilesHash): the same statement again
     * is the same run.
     */
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    /**
     * The files the run matched (RunFile): one, or one per currency for a brand that writes one
     * file each (the card acquirer's batches, WeChat Pay's bills), each with the run that holds
     * its rows. An upload of one currency's file keeps the others (docs/reconciliation.md).
     */
    files: jsonb('files').$type<RunFile[]>().notNull().default([]),
    status: varchar('status', { length: 10 }).$type<RunStatus>().notNull(),
    rowCount: integer('row_count').notNull().default(0),
    /** Results per code, and those held in the holding pool. */
    counts: jsonb('counts').$type<RunCounts>().notNull(),
    /** A refused file: the line (0: the file as a whole) and the reason. */
    refusalLine: integer('refusal_line'),
    refusalReason: varchar('refusal_reason', { length: 20 }),
    refusalDetail: varchar('refusal_detail', { length: 500 }),
    holdingDays: smallint('holding_days').notNull(),
    /** When our successes missing from this statement stop waiting and become 300. */
    holdingUntil: timestamp('holding_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** The run this one replaced (the day's current run before it). */
    replacesRunId: bigint('replaces_run_id', { mode: 'number' }),
    /** Null while this is the day's current run. */
    replacedByRunId: bigint('replaced_by_run_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_current_uq')
      .on(t.brand, t.businessDay)
      .where(sql`${t.replacedByRunId} is null`),
    index('reconciliation_runs_day_idx').on(t.businessDay, t.brand),
    check('reconciliation_runs_status_ck', sql`${t.status} in ('matched', 'refused')`),
  ],
);

/**
 * A run's statement rows as parsed (the staging table of the matching: loaded in multi-row
 * inserts, then matched in SQL). order_id / refund_id: our record the row was matched to.
 * No foreign keys: a run loads a whole statement at once.
 */
export const statementRows = pgTable(
  'statement_rows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    line: integer('line').notNull(),
    /** payment or refund. */
    kind: varchar('kind', { length: 8 }).notNull(),
    brandOrderNo: varchar('brand_order_no', { length: 64 }),
    gatewayOrderNo: varchar('gateway_order_no', { length: 64 }),
    brandRefundNo: varchar('brand_refund_no', { length: 64 }),
    gatewayRefundNo: varchar('gateway_refund_no', { length: 64 }),
    /** success, failed or other (the brand's own word in raw). */
    status: varchar('status', { length: 8 }).notNull(),
    statusRaw: varchar('status_raw', { length: 40 }).notNull(),
    amount: money('amount').notNull(),
    /** Signed; null where the layout has no fee. */
    fee: money('fee'),
    currency: varchar('currency', { length: 3 }).notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    /** The layout's other columns and type word, as written. */
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }),
  },
  (t) => [
    index('statement_rows_run_idx').on(t.runId, t.line),
    // The brand transactions list's order: newest first.
    index('statement_rows_time_idx').on(t.time, t.id),
  ],
);

/**
 * What a run found: one row per statement row and per success of ours in the day. code null:
 * our success is missing from the statement but still in the holding pool.
 */
export const reconciliationResults = pgTable(
  'reconciliation_results',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }),
    statementRowId: bigint('statement_row_id', { mode: 'number' }),
    code: smallint('code').$type<AuditCode>(),
    /** The values that differ (ours and the brand's). */
    diff: jsonb('diff').$type<ResultDiff>(),
    /** An exception's resolution (docs/reconciliation.md, "Exceptions"); null while open. */
    resolution: varchar('resolution', { length: 12 }).$type<Resolution>(),
    resolutionComment: varchar('resolution_comment', { length: 500 }),
    resolvedBy: integer('resolved_by'),
    resolvedByName: varchar('resolved_by_name', { length: 64 }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reconciliation_results_run_idx').on(t.runId, t.code),
    index('reconciliation_results_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    // The brand transactions list joins each statement row to its result.
    index('reconciliation_results_row_idx')
      .on(t.statementRowId)
      .where(sql`${t.statementRowId} is not null`),
  ],
);

/**
 * A statement import as a job (an upload, or a fetch from the brand's connector): the file kept
 * as sent, its progress, and the run it produced or why it was refused. A process killed while
 * an import is running leaves it `queued`/`parsing`/`matching`; the import job picks it up again.
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    source: varchar('source', { length: 10 }).$type<ImportSource>().notNull(),
    /** Chosen by the uploader or detected from the layout; null until known. */
    brand: varchar('brand', { length: 20 }).$type<PayBrand>(),
    businessDay: date('business_day', { mode: 'string' }),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    /** The files' names (joined with " + " when several), their total size and sha256 (runFilesHash). */
    size: integer('size').notNull().default(0),
    contentHash: varchar('content_hash', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 10 }).$type<ImportStatus>().notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    runId: bigint('run_id', { mode: 'number' }),
    /** The run existed already (the same file again): nothing changed. */
    unchanged: boolean('unchanged').notNull().default(false),
    refusalLine: integer('refusal_line'),
    refusalReason: varchar('refusal_reason', { length: 20 }),
    refusalDetail: varchar('refusal_detail', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('statement_imports_status_idx').on(t.status, t.id),
    index('statement_imports_day_idx').on(t.businessDay, t.brand),
    check(
      'statement_imports_status_ck',
      sql`${t.status} in ('queued', 'parsing', 'matching', 'done', 'refused', 'failed')`,
    ),
  ],
);

/**
 * An import's files as sent: one for an upload, every file of the day for a fetch (the card
 * acquirer's batch per currency, WeChat Pay's bill per settlement currency).
 */
export const statementImportFiles = pgTable(
  'statement_import_files',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => statementImports.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/**
 * The fetching of each brand's daily statement from its connector: one row per brand and day,
 * tried when the brand says the file is ready and again with backoff until it comes.
 */
export const statementFetches = pgTable(
  'statement_fetches',
  {
    brand: varchar('brand', { length: 20 }).$type<PayBrand>().notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    /** waiting (not ready yet or failed, tried again at next_attempt_at), done, gaveUp. */
    state: varchar('state', { length: 8 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: varchar('last_error', { length: 255 }),
    importId: bigint('import_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brand, t.businessDay] }),
    index('statement_fetches_due_idx').on(t.state, t.nextAttemptAt),
  ],
);
