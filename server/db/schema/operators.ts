import { bigint, boolean, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { Status } from '../../../src/contract/fields';
import { agents, branchUnits, companies, serviceProviders } from './org';

/**
 * Console accounts. Organisation ids say where the account belongs: provider roles carry
 * the provider, company roles the provider and company (and branch), agency roles the
 * provider and agency. A locked organisation on any of them stops the login.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    loginId: varchar('login_id', { length: 40 }).notNull().unique(),
    userName: varchar('user_name', { length: 60 }).notNull(),
    email: varchar('email', { length: 120 }).notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    title: varchar('title', { length: 60 }).notNull().default(''),
    operatorType: smallint('operator_type').notNull(),
    workingLanguage: varchar('working_language', { length: 8 }).notNull().default('jp'),
    status: varchar('status', { length: 10 }).$type<Status>().notNull().default('active'),
    serviceProviderId: integer('service_provider_id').references(() => serviceProviders.id),
    agentId: integer('agent_id').references(() => agents.id),
    companyId: integer('company_id').references(() => companies.id),
    branchUnitId: integer('branch_unit_id').references(() => branchUnits.id),
    /** Argon2id of the uppercase hex MD5 the console sends. */
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    refundPasswordHash: varchar('refund_password_hash', { length: 255 }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set by an administrator's refund password reset. */
    mustChangeRefundPassword: boolean('must_change_refund_password').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    refundFailedCount: integer('refund_failed_count').notNull().default(0),
    refundLockedUntil: timestamp('refund_locked_until', { withTimezone: true }),
    /**
     * Lease of the refund-password check in progress (one at a time per account, in every
     * process); a process killed mid-check holds it only until it ends.
     */
    refundCheckUntil: timestamp('refund_check_until', { withTimezone: true }),
    /** The TOTP secret (base32) once enrolment is confirmed, encrypted (platform/secrets.ts). */
    mfaSecret: varchar('mfa_secret', { length: 255 }),
    mfaEnrolledAt: timestamp('mfa_enrolled_at', { withTimezone: true }),
    /** The TOTP time step of the last code accepted: a code of it or before is refused (replay). */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operators_service_provider_idx').on(t.serviceProviderId),
    index('operators_company_idx').on(t.companyId),
    index('operators_agent_idx').on(t.agentId),
  ],
);

/** Earlier secrets per kind, so a change cannot reuse the last ones. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    hash: varchar('hash', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_operator_idx').on(t.operatorId, t.kind, t.createdAt)],
);

/** Single-use recovery codes of an account's second factor: only their SHA-256 is stored. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_operator_idx').on(t.operatorId, t.codeHash)],
);
