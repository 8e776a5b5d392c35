import { and, eq } from 'drizzle-orm';
import { ResultType } from '../../src/contract/envelope';
import type { Translate } from '../../src/i18n';
import type { Executor } from '../db/client';
import { branchUnits, companies } from '../db/schema';
import type { CallContext } from './api';
import { actorOf, recordDenied } from './audit';
import { ApiError, fail, notFound } from './envelope';
import { fieldError } from './lists';
import type { Principal } from './principal';
import { companiesIn, scopeOf, type Scope } from './scope';

export interface Placement {
  companyId: number;
  branchUnitId: number | null;
}

/** A console call's context, as much as the shared write helpers need. */
export type WriteContext = Pick<CallContext<unknown, 'session'>, 'deps' | 't' | 'req'> & {
  principal: Principal;
};

/**
 * The company (and branch) a new URL payment or pre-order is created for. Company roles create
 * for their own company (a company id of another one is NOT_FOUND) and, when held to a
 * branch, for that branch; system and provider roles name a company in their scope (a
 * company outside it, or a branch of another company, is NOT_FOUND). A locked company
 * takes no new payments.
 */
async function placementIn(
  db: Executor,
  scope: Scope,
  t: Translate,
  input: { companyId: number | null; branchUnitId: number | null },
): Promise<Placement> {
  let companyId: number;
  if (scope.level === 'company') {
    if (input.companyId && input.companyId !== scope.companyId) throw notFound();
    companyId = scope.companyId;
  } else {
    if (!input.companyId) throw fieldError(t, 'companyId', 'validation.required');
    companyId = input.companyId;
  }
  const [company] = await db
    .select({ id: companies.id, status: companies.status })
    .from(companies)
    .where(and(eq(companies.id, companyId), companiesIn(scope)));
  if (!company) throw notFound();
  if (company.status !== 'active') throw fail('server.companyLocked');
  const own = scope.level === 'company' ? scope.branchUnitId : null;
  const branchUnitId = input.branchUnitId ?? own;
  if (!branchUnitId) return { companyId, branchUnitId: null };
  if (own && branchUnitId !== own) throw notFound();
  const [branch] = await db
    .select({ id: branchUnits.id })
    .from(branchUnits)
    .where(and(eq(branchUnits.id, branchUnitId), eq(branchUnits.companyId, companyId)));
  if (!branch) throw notFound();
  return { companyId, branchUnitId };
}

/**
 * The caller's placement of a new row of `objectType`; a refused placement (another tenant's
 * company or branch: NOT_FOUND) is recorded as a denied audit row too.
 */
export async function placementFor(
  c: WriteContext,
  objectType: string,
  input: { companyId: number | null; branchUnitId: number | null },
): Promise<Placement> {
  try {
    return await placementIn(c.deps.db, scopeOf(c.principal), c.t, input);
  } catch (err) {
    if (err instanceof ApiError && err.resultType === ResultType.NOT_FOUND)
      await recordDenied(
        c.deps.db,
        actorOf(c.principal, c.req),
        objectType,
        `company:${input.companyId ?? ''}/branch:${input.branchUnitId ?? ''}`,
        err.resultType,
      );
    throw err;
  }
}
