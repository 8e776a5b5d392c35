import { and, eq } from 'drizzle-orm';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { branchUnits, companies } from '../../db/schema';
import { fail, notFound } from '../../platform/envelope';
import { fieldError } from '../../platform/lists';
import { companiesIn, type Scope } from '../../platform/scope';

export interface Placement {
  companyId: number;
  branchUnitId: number | null;
}

/**
 * The company (and branch) a URL payment or pre-order is created for. Company roles create
 * for their own company (a company id of another one is NOT_FOUND) and, when held to a
 * branch, for that branch; system and provider roles name a company in their scope (a
 * company outside it, or a branch of another company, is NOT_FOUND). A locked company
 * takes no new payments.
 */
export async function placementFor(
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
  if (company.status !== 'active') throw fail('server.links.companyLocked');
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
