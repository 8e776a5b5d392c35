import {
  ALWAYS_ALLOWED_ROUTES,
  MENU,
  flattenMenu,
  grantable,
  routeAvailable,
  type MenuRoute,
} from '../../contract/routes';
import type { OperatorType } from '../../contract/roles';

/** Rules of the role-permission tree (pure, so they read in one place). */
const FLAT = flattenMenu();
const BY_PATH = new Map(FLAT.map((r) => [r.path, r]));

const descendants = (r: MenuRoute): string[] =>
  (r.children ?? []).flatMap((c) => [c.path, ...descendants(c)]);

/** A route the contract's role lists allow for the role (its ancestors' lists too), whose screen exists. */
export { grantable };

export const alwaysAllowed = (path: string) => ALWAYS_ALLOWED_ROUTES.includes(path);

/**
 * What a save sends: the checked routes that can be granted, and the grants of screens still
 * to come the role already had (the editor cannot add those; the server keeps them, the
 * sidebar hides them until the screen exists).
 */
export const routesToSave = (routes: ReadonlySet<string>, role: OperatorType) =>
  [...routes].filter((p) => grantable(p, role) || !routeAvailable(p));

export { routeAvailable };

/**
 * Checking a route checks its group (and a group all its grantable children); unchecking a
 * group clears its children, and a group left without children is cleared too.
 */
export function toggleRoute(routes: ReadonlySet<string>, path: string, checked: boolean, role: OperatorType) {
  const next = new Set(routes);
  const route = BY_PATH.get(path);
  if (!route || alwaysAllowed(path)) return next;
  const below = descendants(route).filter((p) => grantable(p, role));
  if (checked) {
    next.add(path);
    below.forEach((p) => next.add(p));
    for (let p = route.parent; p; p = BY_PATH.get(p)?.parent) next.add(p);
  } else {
    next.delete(path);
    below.forEach((p) => next.delete(p));
    for (let p = route.parent; p; p = BY_PATH.get(p)?.parent) {
      const parent = BY_PATH.get(p)!;
      if (descendants(parent).some((d) => next.has(d))) break;
      next.delete(p);
    }
  }
  return next;
}

/** A group's box: checked, unchecked, or indeterminate when only some grantable children are. */
export function groupState(routes: ReadonlySet<string>, route: MenuRoute, role: OperatorType) {
  const below = descendants(route).filter((p) => grantable(p, role));
  const on = below.filter((p) => routes.has(p)).length;
  if (!routes.has(route.path)) return false;
  return below.length === 0 || on === below.length ? true : ('indeterminate' as const);
}

/** Every route the role may be given, for "select all". */
export function allGrantable(role: OperatorType): Set<string> {
  return new Set(FLAT.filter((r) => grantable(r.path, role)).map((r) => r.path));
}

export const sameRoutes = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((p) => b.has(p));

export { MENU };
