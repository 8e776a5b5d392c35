/**
 * The sidebar the contract promises a role, computed from the contract (not from the
 * console's own navigation code): the role's default routes plus the always-allowed ones,
 * only routes the console has a screen for, hidden routes left out, empty groups dropped,
 * one-child groups collapsed into that child.
 */
import type { OperatorType } from '../../../src/contract/roles';
import {
  ALWAYS_ALLOWED_ROUTES,
  DEFAULT_ROLE_ROUTES,
  MENU,
  type MenuRoute,
} from '../../../src/contract/routes';
import { SCREENS } from '../../../src/app/screens';
import { ja, type SidebarEntry } from './ui';

export function expectedSidebar(role: OperatorType): SidebarEntry[] {
  const allowed = new Set([...DEFAULT_ROLE_ROUTES[role], ...ALWAYS_ALLOWED_ROUTES]);
  const screens = new Set(Object.keys(SCREENS));
  const walk = (routes: readonly MenuRoute[]): SidebarEntry[] =>
    routes.flatMap((r): SidebarEntry[] => {
      if (r.hidden || !allowed.has(r.path)) return [];
      if (!r.children) return screens.has(r.path) ? [{ title: ja(r.titleKey), href: r.path }] : [];
      const children = walk(r.children);
      if (children.length === 0) return [];
      if (children.length === 1) return children;
      return [
        { title: ja(r.titleKey), children: children.map((c) => ({ title: c.title, href: c.href ?? '' })) },
      ];
    });
  return walk(MENU);
}
