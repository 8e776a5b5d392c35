import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every change and every refused attempt. No foreign keys (a deleted operator's rows stay
 * as they were); a trigger (migration 0002) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: integer('operator_id'),
    loginId: varchar('login_id', { length: 40 }).notNull().default(''),
    callPath: varchar('call_path', { length: 100 }).notNull(),
    objectType: varchar('object_type', { length: 40 }).notNull(),
    objectId: varchar('object_id', { length: 200 }).notNull().default(''),
    /** create, update, lock, unlock, delete, passwordReset or denied. */
    action: varchar('action', { length: 20 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** success, noAccess or notFound. */
    result: varchar('result', { length: 20 }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
    index('audit_log_login_idx').on(t.loginId),
  ],
);
