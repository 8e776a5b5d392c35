import { describe, expect, it } from 'vitest';
import { allowedSet, breadcrumbTrail, decideRoute, navigationTree } from '../../src/app/routes';

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
