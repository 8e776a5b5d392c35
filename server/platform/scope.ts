import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAdminRole, roleLevel } from '../../src/contract/roles';
import type { Executor } from '../db/client';
import { agents, branchUnits, companies, operators, orders, serviceProviders, terminals } from '../db/schema';
import type { Principal } from './principal';

/**
 * The part of the tenant tree a caller may read, derived from the session's account. Every
 * query over tenant data takes it as input and adds the conditions below, so a row outside
 * it is simply not found. A missing organisation id means the caller sees nothing.
 *
 * - system (0, 10): everything;
 * - serviceProvider (15, 16): the provider and its agencies, companies, branches, operators, devices;
 * - company (20, 30): the company and its branches; a company operator with a branch only
 *   that branch where an object belongs to one (branches, devices, operators);
 * - agent (40, 50): the agency, the companies it brought in with their branches and devices,
 *   and the agency's own operators.
 */
export type Scope =
  | { level: 'system' }
  | { level: 'serviceProvider'; serviceProviderId: number }
  | { level: 'company'; serviceProviderId: number | null; companyId: number; branchUnitId: number | null }
  | { level: 'agent'; serviceProviderId: number | null; agentId: number }
  | { level: 'none' };

export function scopeOf(p: Principal): Scope {
  switch (roleLevel(p.operatorType)) {
    case 'system':
      return { level: 'system' };
    case 'serviceProvider':
      return p.serviceProviderId
        ? { level: 'serviceProvider', serviceProviderId: p.serviceProviderId }
        : { level: 'none' };
    case 'company':
      return p.companyId
        ? {
            level: 'company',
            serviceProviderId: p.serviceProviderId,
            companyId: p.companyId,
            // Only the operator-type role is held to its branch; the admin sees the company.
            branchUnitId: isAdminRole(p.operatorType) ? null : p.branchUnitId,
          }
        : { level: 'none' };
    case 'agent':
      return p.agentId
        ? { level: 'agent', serviceProviderId: p.serviceProviderId, agentId: p.agentId }
        : { level: 'none' };
  }
}

const NOTHING = sql`false`;

/** Service providers: a provider's, company's or agency's staff see their own provider. */
export function providersIn(scope: Scope): SQL | undefined {
  switch (scope.level) {
    case 'system':
      return undefined;
    case 'serviceProvider':
      return eq(serviceProviders.id, scope.serviceProviderId);
    case 'company':
    case 'agent':
      return scope.serviceProviderId ? eq(serviceProviders.id, scope.serviceProviderId) : NOTHING;
    case 'none':
      return NOTHING;
  }
}

export function agentsIn(scope: Scope): SQL | undefined {
  switch (scope.level) {
    case 'system':
      return undefined;
    case 'serviceProvider':
      return eq(agents.serviceProviderId, scope.serviceProviderId);
    case 'agent':
      return eq(agents.id, scope.agentId);
    case 'company':
    case 'none':
      return NOTHING;
  }
}

/**
 * Comprehensive agents: the platform's own contracts with the brands, seen by system roles only
 * (a provider, company or agency has none of them in its tree).
 */
export function brandAgentsIn(scope: Scope): SQL | undefined {
  return scope.level === 'system' ? undefined : NOTHING;
}

export function companiesIn(scope: Scope): SQL | undefined {
  switch (scope.level) {
    case 'system':
      return undefined;
    case 'serviceProvider':
      return eq(companies.serviceProviderId, scope.serviceProviderId);
    case 'company':
      return eq(companies.id, scope.companyId);
    case 'agent':
      return eq(companies.agentId, scope.agentId);
    case 'none':
      return NOTHING;
  }
}

/** The ids of the companies in scope, as a subquery other tables filter on. */
export function companyIdsIn(db: Executor, scope: Scope) {
  return db.select({ id: companies.id }).from(companies).where(companiesIn(scope));
}

const inCompanies = (db: Executor, scope: Scope, column: AnyPgColumn) =>
  scope.level === 'system' ? undefined : inArray(column, companyIdsIn(db, scope));

export function branchesIn(db: Executor, scope: Scope): SQL | undefined {
  const branch = scope.level === 'company' && scope.branchUnitId ? scope.branchUnitId : null;
  return and(inCompanies(db, scope, branchUnits.companyId), branch ? eq(branchUnits.id, branch) : undefined);
}

export function terminalsIn(db: Executor, scope: Scope): SQL | undefined {
  const branch = scope.level === 'company' && scope.branchUnitId ? scope.branchUnitId : null;
  return and(
    inCompanies(db, scope, terminals.companyId),
    branch ? eq(terminals.branchUnitId, branch) : undefined,
  );
}

/**
 * Accounts: a provider sees every account of its tree; a company its company's (a company
 * operator its branch's); an agency its own accounts.
 */
export function operatorsIn(db: Executor, scope: Scope): SQL | undefined {
  switch (scope.level) {
    case 'system':
      return undefined;
    case 'serviceProvider':
      return or(
        eq(operators.serviceProviderId, scope.serviceProviderId),
        inArray(operators.companyId, companyIdsIn(db, scope)),
        inArray(operators.agentId, db.select({ id: agents.id }).from(agents).where(agentsIn(scope))),
      );
    case 'company':
      return and(
        eq(operators.companyId, scope.companyId),
        scope.branchUnitId ? eq(operators.branchUnitId, scope.branchUnitId) : undefined,
      );
    case 'agent':
      return eq(operators.agentId, scope.agentId);
    case 'none':
      return NOTHING;
  }
}

/**
 * The join of an account a row names (a refund's operator, a URL payment's or pre-order's
 * creator): only an account the caller may see, so whom it cannot see shows no name.
 */
export const visibleOperator = (db: Executor, scope: Scope, account: AnyPgColumn): SQL | undefined =>
  and(eq(operators.id, account), operatorsIn(db, scope));

/**
 * Orders (and rows that carry an order's company and branch, such as refunds) the caller may
 * see: their companies; a company operator with a branch only that branch.
 */
export function ordersIn(
  db: Executor,
  scope: Scope,
  column: AnyPgColumn = orders.companyId,
  branch: AnyPgColumn = orders.branchUnitId,
): SQL | undefined {
  switch (scope.level) {
    case 'system':
      return undefined;
    case 'company':
      return and(
        eq(column, scope.companyId),
        scope.branchUnitId ? eq(branch, scope.branchUnitId) : undefined,
      );
    case 'none':
      return sql`false`;
    default:
      return inArray(column, companyIdsIn(db, scope));
  }
}
