import type { FastifyRequest } from 'fastify';
import { ResultType } from '../../src/contract/envelope';
import { can } from '../../src/contract/capabilities';
import type { AuditAction } from '../../src/contract/audit';
import type { Db, Executor, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { ApiError } from './envelope';
import type { Principal } from './principal';
import { clientIp } from './session';

/** Who acts, through which call, from where: the constant part of every audit row. */
export interface AuditActor {
  operatorId: number | null;
  loginId: string;
  callPath: string;
  ip: string;
}

export interface AuditEntry {
  objectType: string;
  objectId: string | number;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

export const actorOf = (principal: Principal | null, req: FastifyRequest): AuditActor => ({
  operatorId: principal?.operatorId ?? null,
  loginId: principal?.loginId ?? '',
  callPath: req.url
    .replace(/^\/api/, '')
    .split('?')[0]
    .slice(0, 100),
  ip: clientIp(req),
});

/**
 * The gateway itself acting (a brand's notification, the recovery job, an expiry found by a
 * list): no operator, the job or path that acted, no address.
 */
export const systemActor = (callPath: string): AuditActor => ({
  operatorId: null,
  loginId: 'system',
  callPath: callPath.slice(0, 100),
  ip: '',
});

/** Names of fields that hold a secret: never written to the log in clear. */
const SECRET_FIELD = /(secret|token|key|password|hash)$/i;

/** A copy with every secret-looking string masked like the replies do (••••1234). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_FIELD.test(k) && typeof v === 'string' ? maskValue(v) : maskSecrets(v),
      ]),
    );
  }
  return value;
}

export const MASK = '••••';
/** Masked already (starts with the mask), empty, or the last 4 characters behind the mask. */
export const maskValue = (v: string) => (v === '' || v.startsWith(MASK) ? v : `${MASK}${v.slice(-4)}`);

const rowOf = (actor: AuditActor, e: AuditEntry, result: string) => ({
  operatorId: actor.operatorId,
  loginId: actor.loginId.slice(0, 40),
  callPath: actor.callPath,
  objectType: e.objectType,
  objectId: String(e.objectId).slice(0, 200),
  action: e.action,
  before: e.before === undefined ? null : maskSecrets(e.before),
  after: e.after === undefined ? null : maskSecrets(e.after),
  ip: actor.ip,
  result,
});

async function insert(db: Executor, actor: AuditActor, e: AuditEntry, result: string) {
  await db.insert(auditLog).values(rowOf(actor, e, result));
}

/** A change written by a caller's own transaction (calls that do not go through writeTransaction). */
export const recordAudit = (db: Executor, actor: AuditActor, e: AuditEntry) =>
  insert(db, actor, e, 'success');

/** Several changes of one actor in the caller's transaction, in one statement (the closing run's settlements). */
export async function recordAudits(db: Executor, actor: AuditActor, entries: readonly AuditEntry[]) {
  if (entries.length > 0) await db.insert(auditLog).values(entries.map((e) => rowOf(actor, e, 'success')));
}

/** A refused attempt, on its own (the refused change rolled back). */
export async function recordDenied(
  db: Db,
  actor: AuditActor,
  objectType: string,
  objectId: string,
  reason: ResultType,
) {
  const result = reason === ResultType.NOT_FOUND ? 'notFound' : 'noAccess';
  await insert(db, actor, { objectType, objectId, action: 'denied' }, result);
}

export type Audit = (entry: AuditEntry) => Promise<void>;

export interface WriteOptions {
  db: Db;
  principal: Principal;
  req: FastifyRequest;
  objectType: string;
  /** The object the call names, for the row of a refused attempt. */
  objectId?: string | number | readonly (string | number)[];
  /** The call's own access decides alone (URL payments, pre-orders): operator-type roles too. */
  anyRole?: boolean;
}

/**
 * Every write goes through here: operator-type roles are refused (NO_ACCESS) unless `anyRole`;
 * the work runs in one transaction with an `audit` that writes its rows inside it; a refusal
 * for access or scope (NO_ACCESS, NOT_FOUND) is recorded as a `denied` row after the rollback.
 */
export async function writeTransaction<T>(
  opts: WriteOptions,
  work: (tx: Tx, audit: Audit) => Promise<T>,
): Promise<T> {
  const actor = actorOf(opts.principal, opts.req);
  const objectId = Array.isArray(opts.objectId) ? opts.objectId.join(',') : String(opts.objectId ?? '');
  try {
    if (!opts.anyRole && !can(opts.principal, 'write'))
      throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
    return await opts.db.transaction((tx) => work(tx, (e) => insert(tx, actor, e, 'success')));
  } catch (err) {
    if (
      err instanceof ApiError &&
      (err.resultType === ResultType.NO_ACCESS || err.resultType === ResultType.NOT_FOUND)
    ) {
      await recordDenied(opts.db, actor, opts.objectType, objectId, err.resultType);
    }
    throw err;
  }
}
