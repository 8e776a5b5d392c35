import { and, eq } from 'drizzle-orm';
import type { OperatorSaveInput } from '../../../src/contract/operators';
import { roleLevel, type OperatorType } from '../../../src/contract/roles';
import type { Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import { agents, branchUnits, serviceProviders } from '../../db/schema';
import { notFound } from '../../platform/envelope';
import { fieldError } from '../../platform/lists';
import { agentsIn, branchesIn, providersIn, type Scope } from '../../platform/scope';
import { companyInScope } from '../org';

export interface Placement {
  serviceProviderId: number | null;
  companyId: number | null;
  branchUnitId: number | null;
  agentId: number | null;
}

const required = (t: Translate, field: string) => fieldError(t, field, 'validation.required');

/**
 * Where an account of the given role belongs, checked against the caller's scope: the
 * organisation of its level is required and must be in scope (else NOT_FOUND); the provider
 * of a company or agency account follows from it; ids of other levels are dropped.
 */
export async function placementFor(
  db: Executor,
  t: Translate,
  scope: Scope,
  role: OperatorType,
  input: OperatorSaveInput,
): Promise<Placement> {
  const none: Placement = { serviceProviderId: null, companyId: null, branchUnitId: null, agentId: null };
  switch (roleLevel(role)) {
    case 'system':
      return none;
    case 'serviceProvider': {
      if (!input.serviceProviderId) throw required(t, 'serviceProviderId');
      const [row] = await db
        .select({ id: serviceProviders.id })
        .from(serviceProviders)
        .where(and(eq(serviceProviders.id, input.serviceProviderId), providersIn(scope)));
      if (!row) throw notFound();
      return { ...none, serviceProviderId: row.id };
    }
    case 'company': {
      if (!input.companyId) throw required(t, 'companyId');
      const company = await companyInScope(db, scope, input.companyId);
      let branchUnitId: number | null = null;
      if (input.branchUnitId) {
        const [branch] = await db
          .select({ id: branchUnits.id })
          .from(branchUnits)
          .where(
            and(
              eq(branchUnits.id, input.branchUnitId),
              eq(branchUnits.companyId, company.id),
              branchesIn(db, scope),
            ),
          );
        if (!branch) throw fieldError(t, 'branchUnitId', 'validation.branchOfCompany');
        branchUnitId = branch.id;
      }
      return { ...none, serviceProviderId: company.serviceProviderId, companyId: company.id, branchUnitId };
    }
    case 'agent': {
      if (!input.agentId) throw required(t, 'agentId');
      const [agent] = await db
        .select({ id: agents.id, serviceProviderId: agents.serviceProviderId })
        .from(agents)
        .where(and(eq(agents.id, input.agentId), agentsIn(scope)));
      if (!agent) throw notFound();
      return { ...none, serviceProviderId: agent.serviceProviderId, agentId: agent.id };
    }
  }
}
