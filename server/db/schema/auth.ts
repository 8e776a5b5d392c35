import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';

/** Only the SHA-256 of a token is stored, so a database dump cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    /**
     * The second factor this session still owes (docs/access.md, MFA): 'verify' (a code of the
     * enrolled authenticator), 'enrol' (the role requires MFA and the account has none yet), or
     * null: fully signed in. Only logout, own info, keep-alive and the MFA calls are open before.
     */
    secondFactor: varchar('second_factor', { length: 10 }),
    /** The TOTP secret of an enrolment started in this session, encrypted, until confirmed. */
    mfaPendingSecret: varchar('mfa_pending_secret', { length: 255 }),
  },
  (t) => [index('sessions_operator_idx').on(t.operatorId)],
);

export const loginHistory = pgTable(
  'login_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** As typed, even when no such account exists. */
    loginId: varchar('login_id', { length: 40 }).notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 20 }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_history_created_idx').on(t.createdAt),
    index('login_history_login_id_idx').on(t.loginId),
    index('login_history_operator_idx').on(t.operatorId),
  ],
);

/** The menu routes of each role, edited on /setup/permission. */
export const roleRoutes = pgTable(
  'role_routes',
  {
    operatorType: smallint('operator_type').notNull(),
    routePath: varchar('route_path', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorType, t.routePath] })],
);

/**
 * Issued captchas, shared by every server process on the database: only a hash of the
 * answer (with the id), used up by the first attempt (deleted), gone after expiry.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * Calls per client address in the current fixed window, per limited call (`login`,
 * `captcha`): one row per address and call, counted by an atomic upsert, so every server
 * process on the database counts into the same window. Rows of past windows are deleted.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: varchar('bucket', { length: 20 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.address] }), index('rate_limits_window_idx').on(t.windowStart)],
);
