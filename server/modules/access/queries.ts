import { count, eq } from 'drizzle-orm';
import type { OperatorType } from '../../../src/contract/roles';
import { DEFAULT_ROLE_ROUTES } from '../../../src/contract/routes';
import type { Executor } from '../../db/client';
import { operators, roleRoutes } from '../../db/schema';

/** Every role's grants (a few hundred rows at most). */
export async function roleRouteRows(db: Executor) {
  return db
    .select({
      operatorType: roleRoutes.operatorType,
      routePath: roleRoutes.routePath,
      createdAt: roleRoutes.createdAt,
    })
    .from(roleRoutes);
}

export async function accountCounts(db: Executor) {
  return db
    .select({ operatorType: operators.operatorType, accountCount: count() })
    .from(operators)
    .groupBy(operators.operatorType);
}

export async function replaceRoutes(db: Executor, role: OperatorType, routes: string[], now: Date) {
  await db.delete(roleRoutes).where(eq(roleRoutes.operatorType, role));
  if (routes.length > 0) {
    await db
      .insert(roleRoutes)
      .values(routes.map((routePath) => ({ operatorType: role, routePath, createdAt: now })));
  }
}

/** First start: every role gets the routes of the contract's role lists. */
export async function seedRoleRoutes(db: Executor) {
  const [{ n }] = await db.select({ n: count() }).from(roleRoutes);
  if (n > 0) return false;
  const rows = Object.entries(DEFAULT_ROLE_ROUTES).flatMap(([role, paths]) =>
    paths.map((routePath) => ({ operatorType: Number(role), routePath })),
  );
  await db.insert(roleRoutes).values(rows).onConflictDoNothing();
  return true;
}
