import type { FastifyRequest } from 'fastify';
import type { Call } from '../../src/contract/call';
import { ResultType } from '../../src/contract/envelope';
import type { IdInput, Status, StatusChanged } from '../../src/contract/fields';
import type { Translate } from '../../src/i18n';
import type { Tx } from '../db/client';
import type { Api } from './api';
import { writeTransaction, type Audit } from './audit';
import type { Deps } from './deps';
import { ApiError, notFound } from './envelope';
import type { Principal } from './principal';
import { scopeOf, type Scope } from './scope';

/** What a service needs of a call: its dependencies, who calls, in which language, from where. */
export interface Caller {
  deps: Deps;
  principal: Principal;
  req: FastifyRequest;
  t: Translate;
}

export const scopeOfCaller = (c: Caller): Scope => scopeOf(c.principal);

export const noAccess = () => new ApiError(ResultType.NO_ACCESS, 'server.noAccess');

/** A write in one transaction with its audit rows; refusals recorded (see writeTransaction). */
export function write<T>(
  c: Caller,
  objectType: string,
  objectId: string | number | readonly (string | number)[] | undefined,
  work: (tx: Tx, audit: Audit, scope: Scope) => Promise<T>,
  /** The call's own role list decides (operator-type roles included), not the admin rule. */
  options: { anyRole?: boolean } = {},
): Promise<T> {
  const scope = scopeOf(c.principal);
  return writeTransaction(
    { db: c.deps.db, principal: c.principal, req: c.req, objectType, objectId, anyRole: options.anyRole },
    (tx, audit) => work(tx, audit, scope),
  );
}

/**
 * lock / unlock of one object: found in scope (row-locked) or NOT_FOUND, refused when the
 * caller may not change its state, then updated and audited with the state before and after.
 */
export async function toggleStatus(
  c: Caller,
  objectType: string,
  id: number,
  status: Status,
  ops: {
    find(tx: Tx, scope: Scope): Promise<{ status: string } | undefined>;
    /** False: visible to the caller but not theirs to lock (their own organisation). */
    mayChange?(scope: Scope): boolean;
    update(tx: Tx, now: Date): Promise<void>;
    after?(tx: Tx, now: Date): Promise<void>;
  },
): Promise<{ id: number; status: Status }> {
  return write(c, objectType, id, async (tx, audit, scope) => {
    const row = await ops.find(tx, scope);
    if (!row) throw notFound();
    if (ops.mayChange && !ops.mayChange(scope)) throw noAccess();
    const now = new Date();
    if (row.status !== status) {
      await ops.update(tx, now);
      await ops.after?.(tx, now);
    }
    await audit({
      objectType,
      objectId: id,
      action: status === 'locked' ? 'lock' : 'unlock',
      before: { status: row.status },
      after: { status },
    });
    return { id, status };
  });
}

/** A lock or unlock call of one object by id (src/contract/calls). */
type StatusCall = Call<string, string, typeof IdInput, StatusChanged>;

/** The lock and unlock calls of one kind of object: the status each sets, the message each replies. */
export function statusRoutes(
  api: Api,
  calls: { lock: StatusCall; unlock: StatusCall },
  setStatus: (c: Caller, id: number, status: Status) => Promise<StatusChanged>,
) {
  api.call(calls.lock, async (c) => ({
    result: await setStatus(c, c.input.id, 'locked'),
    messageKey: 'server.org.locked',
  }));
  api.call(calls.unlock, async (c) => ({
    result: await setStatus(c, c.input.id, 'active'),
    messageKey: 'server.org.unlocked',
  }));
}
