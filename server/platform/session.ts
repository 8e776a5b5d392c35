import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '../../src/contract/envelope';
import { SECOND_FACTORS, type SecondFactor } from '../../src/contract/auth';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { preparedPer } from '../db/prepared';
import { operators, roleRoutes, sessions } from '../db/schema';
import { selectPrincipal, toPrincipal, type Principal } from './principal';

export interface SessionInfo {
  sessionId: number;
  token: string;
  createdAt: Date;
  /** What the session still owes before it is fully signed in (sessions.second_factor). */
  secondFactor: SecondFactor | null;
}

const asSecondFactor = (v: string | null): SecondFactor | null => SECOND_FACTORS.find((f) => f === v) ?? null;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The token from the header (our console) or the submitToken query parameter (existing clients). */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const query = req.query as Record<string, unknown> | undefined;
  const raw = fromHeader || (typeof query?.submitToken === 'string' ? query.submitToken : '');
  return raw && TOKEN_SHAPE.test(raw) ? raw : null;
}

export const clientIp = (req: FastifyRequest) => (req.ip ?? '').slice(0, 64);
/** Control characters, which no real client sends in a header. */
// eslint-disable-next-line no-control-regex -- the rule's subject is exactly these characters
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** The User-Agent as stored: control characters dropped (PostgreSQL refuses NUL). */
export const clientAgent = (req: FastifyRequest) =>
  String(req.headers['user-agent'] ?? '')
    .replace(CONTROL, '')
    .slice(0, 512);

/** A new session: 32 random bytes as base64url; only its SHA-256 is stored. */
export async function createSession(
  db: Executor,
  config: Config,
  operatorId: number,
  req: FastifyRequest,
  now = new Date(),
  secondFactor: SecondFactor | null = null,
): Promise<SessionInfo> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      operatorId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config.sessionMaxHours * 3_600_000),
      ip: clientIp(req),
      userAgent: clientAgent(req),
      secondFactor,
    })
    .returning({ id: sessions.id });
  return { sessionId: row.id, token, createdAt: now, secondFactor };
}

/**
 * How stale `last_seen_at` may get before a call writes it again. Writing it on every call
 * cost a committed UPDATE (a WAL flush, ~8 ms on PostgreSQL here) per request, more than most
 * calls themselves; a session that lets it lag by up to this much is accepted for the same
 * margin longer, so an idle session ends between the idle timeout and that plus this margin
 * after its last call, never before the timeout (the console's own idle timer ends it on
 * time in the browser).
 */
export const LAST_SEEN_GRANULARITY_MS = 30_000;

/**
 * The live session of a token, refreshed: not revoked, not past its absolute lifetime,
 * used within the idle timeout, and its account neither locked nor in a locked organisation.
 * The same statement tells whether the account's role holds the screen a call needs
 * (`role_routes`, one row at most by its key), so a call checks session and access in one
 * round trip instead of two.
 */
const liveSession = preparedPer((db) =>
  selectPrincipal(db, {
    sessionId: sessions.id,
    sessionCreatedAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    secondFactor: sessions.secondFactor,
    grantedRoute: roleRoutes.routePath,
  })
    .innerJoin(sessions, eq(sessions.operatorId, operators.id))
    .leftJoin(
      roleRoutes,
      and(
        eq(roleRoutes.operatorType, operators.operatorType),
        eq(roleRoutes.routePath, sql.placeholder('route')),
      ),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleCutoff')),
      ),
    )
    .limit(1)
    .prepare('kessai_live_session'),
);

export interface LiveSession {
  session: SessionInfo;
  principal: Principal;
  /** The role holds the route asked about (role_routes); false when none was asked. */
  routeGranted: boolean;
}

/**
 * The session of a token if it is live (refreshing its last use), and whether its role holds
 * `route`, a route path of the contract's menu table.
 */
export async function resumeSession(
  db: Executor,
  config: Config,
  token: string,
  route = '',
  now = new Date(),
): Promise<LiveSession | null> {
  const idleCutoff = new Date(now.getTime() - config.sessionIdleMinutes * 60_000 - LAST_SEEN_GRANULARITY_MS);
  const [row] = await liveSession(db).execute({ tokenHash: hashToken(token), now, idleCutoff, route });
  if (!row) return null;
  const principal = toPrincipal(row);
  if (principal.status !== 'active' || principal.organisationLocked) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS)
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  return {
    session: {
      sessionId: row.sessionId,
      token,
      createdAt: row.sessionCreatedAt,
      secondFactor: asSecondFactor(row.secondFactor),
    },
    principal,
    routeGranted: route !== '' && row.grantedRoute === route,
  };
}

export async function revokeSession(db: Executor, sessionId: number, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of an account, or every one but `keep`. */
export async function revokeOperatorSessions(
  db: Executor,
  operatorId: number,
  keep?: number,
  now = new Date(),
) {
  const conditions = [eq(sessions.operatorId, operatorId), isNull(sessions.revokedAt)];
  if (keep !== undefined) conditions.push(ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}
