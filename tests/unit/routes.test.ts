import { describe, expect, it } from 'vitest';
import {
  allowedSet,
  breadcrumbTrail,
  decideRoute,
  navigationTree,
  sidebarEntryOf,
} from '../../src/app/routes';
import { flattenMenu } from '../../src/contract/routes';

describe('record pages under a menu route', () => {
  const admin = allowedSet(['/setup', '/setup/company', '/setup/agent'], 0);
  it('opens a company page with the companies route, not without it', () => {
    expect(decideRoute('/setup/company/12', admin).kind).toBe('sub');
    expect(decideRoute('/setup/company/new', admin).kind).toBe('sub');
    expect(decideRoute('/setup/company/12', allowedSet(['/setup'], 0)).kind).toBe('noAccess');
    expect(decideRoute('/setup/company/abc', admin).kind).toBe('notFound');
  });
  it('puts the page under its list in the breadcrumbs', () => {
    expect(breadcrumbTrail('/setup/agent/3').map((c) => c.titleKey)).toEqual([
      'menu.home',
      'menu.setup',
      'menu.agencies',
      'org.agency.editTitle',
    ]);
  });
  it('puts a hidden route under the menu entry it names, as the sidebar does', () => {
    expect(breadcrumbTrail('/settle/settings').map((c) => c.titleKey)).toEqual([
      'menu.home',
      'menu.settle',
      'menu.settleBrand',
      'menu.settleSettings',
    ]);
    expect(breadcrumbTrail('/setup/commissonRate').map((c) => c.titleKey)).toEqual([
      'menu.home',
      'menu.setup',
      'menu.companies',
      'menu.commissionRate',
    ]);
  });
});

describe('the menu within the role’s lists', () => {
  it('neither offers nor opens a route beyond the role’s lists, even when a menu list names it', () => {
    // A company admin's list as an older server (or another backend) might send it.
    const allowed = allowedSet(
      ['/history', '/history/order', '/history/walletBill', '/setup', '/setup/company'],
      20,
    );
    expect(decideRoute('/history/walletBill', allowed).kind).toBe('noAccess');
    expect(decideRoute('/setup/company', allowed).kind).toBe('noAccess');
    expect(decideRoute('/history/order', allowed).kind).toBe('screen');
    const shown = JSON.stringify(navigationTree(allowed));
    expect(shown).not.toContain('/history/walletBill');
    expect(shown).not.toContain('/setup/company');
    expect(shown).toContain('/history/order');
    // The platform's operator keeps it.
    expect(decideRoute('/history/walletBill', allowedSet(['/history', '/history/walletBill'], 10)).kind).toBe(
      'screen',
    );
  });
});

describe('the sidebar entry of a page', () => {
  it('is the page’s own entry, its list’s for a record’s page, and the screen a hidden route is reached from', () => {
    expect(sidebarEntryOf('/settle/brand')).toBe('/settle/brand');
    expect(sidebarEntryOf('/settle/actuarial/12')).toBe('/settle/actuarial');
    expect(sidebarEntryOf('/settle/brand/payouts')).toBe('/settle/brand');
    expect(sidebarEntryOf('/settle/settings')).toBe('/settle/brand');
    expect(sidebarEntryOf('/setup/commissonRate')).toBe('/setup/company');
    // The account pages of the user menu belong to no entry; nor does an unknown path.
    expect(sidebarEntryOf('/changePassword')).toBeUndefined();
    expect(sidebarEntryOf('/settle/nothing')).toBeUndefined();
  });
  it('names a shown entry for every hidden route inside a menu group', () => {
    const shown = new Set(
      flattenMenu()
        .filter((r) => !r.hidden)
        .map((r) => r.path),
    );
    for (const r of flattenMenu().filter((x) => x.hidden && x.parent))
      expect(shown.has(sidebarEntryOf(r.path) ?? ''), r.path).toBe(true);
  });
});
