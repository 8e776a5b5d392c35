import type { RoleRow } from '../../../src/contract/access';
import type { Page } from '../../../src/contract/envelope';
import { ALL_ROLES, OperatorType, roleNameKey } from '../../../src/contract/roles';
import { flattenMenu, roleMayUse, routeAvailable } from '../../../src/contract/routes';
import type { Translate } from '../../../src/i18n';
import { fieldError } from '../../platform/lists';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/audit';
import type { Principal } from '../../platform/principal';
import { fail } from '../../platform/envelope';
import { inMenuOrder, storedRoutesOf } from '../../platform/access';
import { accountCounts, replaceRoutes, roleRouteRows } from './queries';

/** The screen that edits permissions: the system admin always keeps it. */
export const PERMISSION_ROUTE = '/setup/permission';

const parentOf = new Map(flattenMenu().map((r) => [r.path, r.parent]));

/** A child route implies its parent group (the sidebar needs the group to show the child). */
export function withParents(routes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const route of routes) {
    for (let p: string | undefined = route; p; p = parentOf.get(p)) out.add(p);
  }
  return inMenuOrder(out);
}

export async function rolePage(deps: Deps): Promise<Page<RoleRow>> {
  const rows = await roleRouteRows(deps.db);
  const accounts = new Map(
    (await accountCounts(deps.db)).map((r) => [Number(r.operatorType), r.accountCount]),
  );
  const records = ALL_ROLES.map((operatorType) => {
    const own = rows.filter((r) => Number(r.operatorType) === operatorType);
    const updated = own.reduce<Date | null>((m, r) => (m && m >= r.createdAt ? m : r.createdAt), null);
    return {
      operatorType,
      // What the role holds (storedRoutesOf's rule): a row beyond its lists counts for nothing.
      routeCount: own.filter((r) => roleMayUse(r.routePath, operatorType)).length,
      accountCount: Number(accounts.get(operatorType) ?? 0),
      updatedAt: updated ? updated.toISOString() : null,
    };
  });
  return { records, total: records.length, pageNum: 1, pageSize: records.length };
}

export async function roleRoutesOf(deps: Deps, operatorType: OperatorType) {
  return { operatorType, routes: await storedRoutesOf(deps.db, operatorType) };
}

export async function saveRoleRoutes(
  deps: Deps,
  write: { principal: Principal; req: FastifyRequest; t: Translate },
  operatorType: OperatorType,
  routes: readonly string[],
) {
  const before = await storedRoutesOf(deps.db, operatorType);
  // A menu entry whose screen does not exist yet (src/contract/routes.ts BUILT_SCREENS) would
  // be a dead end: never granted. A grant the role already has (the role lists' seed) may
  // stay: the sidebar hides it until the screen exists.
  const unavailable = routes.find((r) => !routeAvailable(r) && !before.includes(r));
  if (unavailable) throw fieldError(write.t, 'routes', 'server.access.notAvailable', { route: unavailable });
  // Beyond the role's lists the role could never use it (its calls are refused): never granted.
  const notForRole = routes.find((r) => !roleMayUse(r, operatorType));
  if (notForRole) {
    throw fieldError(write.t, 'routes', 'server.access.notForRole', {
      route: notForRole,
      role: write.t(roleNameKey(operatorType)),
    });
  }
  const complete = withParents(routes);
  if (operatorType === OperatorType.SYSTEM_ADMIN && !complete.includes(PERMISSION_ROUTE)) {
    throw fail('server.access.keepPermission');
  }
  await writeTransaction(
    { db: deps.db, ...write, objectType: 'rolePermission', objectId: operatorType },
    async (tx, audit) => {
      await replaceRoutes(tx, operatorType, complete, new Date());
      await audit({
        objectType: 'rolePermission',
        objectId: operatorType,
        action: 'update',
        before: { routes: before },
        after: { routes: complete },
      });
    },
  );
  return { operatorType, routes: complete };
}
