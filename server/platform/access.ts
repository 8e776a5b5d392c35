import { eq } from 'drizzle-orm';
import { ALL_ROUTE_PATHS, ALWAYS_ALLOWED_ROUTES, roleMayUse } from '../../src/contract/routes';
import type { OperatorType } from '../../src/contract/roles';
import type { Executor } from '../db/client';
import { roleRoutes } from '../db/schema';

const menuOrder = new Map(ALL_ROUTE_PATHS.map((p, i) => [p, i]));

/** Route paths in the menu's order (unknown paths last), without duplicates. */
export const inMenuOrder = (paths: Iterable<string>) =>
  [...new Set(paths)].sort((a, b) => (menuOrder.get(a) ?? 1e9) - (menuOrder.get(b) ?? 1e9));

/**
 * The routes the role holds: its rows of role_routes within its role lists (`roleMayUse`). A
 * row beyond them (written before the lists bounded the grants) gives nothing: the access
 * check of every call reads the same rule (platform/api.ts).
 */
export async function storedRoutesOf(db: Executor, role: OperatorType): Promise<string[]> {
  const rows = await db
    .select({ path: roleRoutes.routePath })
    .from(roleRoutes)
    .where(eq(roleRoutes.operatorType, role));
  return inMenuOrder(rows.map((r) => r.path).filter((path) => roleMayUse(path, role)));
}

/** The login reply's menuMapList: the role's routes plus the ones everybody keeps. */
export async function menuOf(db: Executor, role: OperatorType): Promise<string[]> {
  return inMenuOrder([...(await storedRoutesOf(db, role)), ...ALWAYS_ALLOWED_ROUTES]);
}
