import type { MessageKey } from '../i18n/translator';
import type { OperatorType } from '../contract/roles';
import {
  ALWAYS_ALLOWED_ROUTES,
  MENU,
  flattenMenu,
  roleMayUse,
  type MenuIconName,
  type MenuRoute,
} from '../contract/routes';
import { hasScreen, matchSubScreen, subTitleKey, type SubScreen } from './screens';

/**
 * What the signed-in user may open: the session's menu (the server's menuMapList) within the
 * role's lists of the contract's MENU table (spec point 6: both filter; the server applies the
 * same `roleMayUse` to its list and to every call) ∩ the screens the console has. Pure
 * functions of the menu list.
 */
const FLAT = flattenMenu();
const BY_PATH = new Map(FLAT.map((r) => [r.path, r]));

export function allowedSet(menu: readonly string[], role: OperatorType | undefined): Set<string> {
  const mayUse = (path: string) => role !== undefined && roleMayUse(path, role);
  return new Set([...menu.filter(mayUse), ...ALWAYS_ALLOWED_ROUTES]);
}

/** A route is granted when it and every ancestor are in the menu. */
function granted(path: string, allowed: Set<string>): boolean {
  for (let r = BY_PATH.get(path); r; r = r.parent ? BY_PATH.get(r.parent) : undefined) {
    if (!allowed.has(r.path)) return false;
  }
  return true;
}

export interface NavEntry {
  path: string;
  titleKey: MessageKey;
  icon?: MenuIconName;
  children?: NavEntry[];
}

/** The sidebar: hidden routes left out, empty groups dropped, one-child groups collapsed. */
export function navigationTree(allowed: Set<string>): NavEntry[] {
  const walk = (routes: readonly MenuRoute[]): NavEntry[] =>
    routes.flatMap((r): NavEntry[] => {
      if (r.hidden || !granted(r.path, allowed)) return [];
      if (!r.children) return hasScreen(r.path) ? [{ path: r.path, titleKey: r.titleKey, icon: r.icon }] : [];
      const children = walk(r.children);
      if (children.length === 0) return [];
      if (children.length === 1) return [{ ...children[0], icon: children[0].icon ?? r.icon }];
      return [{ path: r.path, titleKey: r.titleKey, icon: r.icon, children }];
    });
  return walk(MENU);
}

/**
 * The sidebar entry a path belongs to, highlighted while on it: a menu route's own, a record's
 * page's list (/settle/actuarial/12 → /settle/actuarial), a hidden route's `menuEntry` (the screen
 * it is reached from: /settle/settings → /settle/brand). None for a hidden route reached from no
 * entry (the account pages of the user menu) or an unknown path.
 */
export function sidebarEntryOf(path: string): string | undefined {
  const match = BY_PATH.has(path) ? undefined : matchSubScreen(path);
  if (match) return sidebarEntryOf(match.sub.parent);
  const route = BY_PATH.get(path);
  if (!route?.hidden) return route?.path;
  return route.menuEntry && sidebarEntryOf(route.menuEntry);
}

export type RouteDecision =
  | { kind: 'screen'; route: MenuRoute }
  | { kind: 'sub'; sub: SubScreen; param: string; titleKey: MessageKey }
  | { kind: 'redirect'; to: string }
  | { kind: 'noAccess' }
  | { kind: 'notFound' };

/** Where a path leads for this menu: its screen, a group's first page, /401 or not found. */
export function decideRoute(path: string, allowed: Set<string>): RouteDecision {
  const route = BY_PATH.get(path);
  if (!route) {
    const match = matchSubScreen(path);
    if (!match) return { kind: 'notFound' };
    if (!granted(match.sub.parent, allowed)) return { kind: 'noAccess' };
    return { kind: 'sub', ...match, titleKey: subTitleKey(match.sub, match.param) };
  }
  if (!granted(path, allowed)) return { kind: 'noAccess' };
  if (hasScreen(path)) return { kind: 'screen', route };
  const first = route.children && firstPage(route.children, allowed);
  return first ? { kind: 'redirect', to: first } : { kind: 'notFound' };
}

function firstPage(routes: readonly MenuRoute[], allowed: Set<string>): string | undefined {
  for (const r of routes) {
    if (r.hidden || !granted(r.path, allowed)) continue;
    if (hasScreen(r.path)) return r.path;
    const inner = r.children && firstPage(r.children, allowed);
    if (inner) return inner;
  }
  return undefined;
}

export interface Crumb {
  path: string;
  titleKey: MessageKey;
}

/** The matched routes of a path, outermost first, with home in front (breadcrumbs, titles). */
export function breadcrumbTrail(path: string): Crumb[] {
  const match = BY_PATH.has(path) ? undefined : matchSubScreen(path);
  if (match) {
    return [...breadcrumbTrail(match.sub.parent), { path, titleKey: subTitleKey(match.sub, match.param) }];
  }
  // A hidden route that names its menu entry sits under that entry, as in the sidebar
  // (/settle/settings: ホーム › 精算 › 総合代理店精算 › 精算の設定).
  const entry = BY_PATH.get(path)?.menuEntry;
  if (entry) return [...breadcrumbTrail(entry), { path, titleKey: BY_PATH.get(path)!.titleKey }];
  const trail: Crumb[] = [];
  for (let r = BY_PATH.get(path); r; r = r.parent ? BY_PATH.get(r.parent) : undefined) {
    trail.unshift({ path: r.path, titleKey: r.titleKey });
  }
  if (path !== '/') trail.unshift({ path: '/', titleKey: 'menu.home' });
  return trail;
}

export const routeTitleKey = (path: string) => {
  const match = BY_PATH.has(path) ? undefined : matchSubScreen(path);
  return match ? subTitleKey(match.sub, match.param) : BY_PATH.get(path)?.titleKey;
};
