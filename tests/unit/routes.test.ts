import { describe, expect, it } from 'vitest';
import { allowedSet, breadcrumbTrail, decideRoute } from '../../src/app/routes';

describe('record pages under a menu route', () => {
  const admin = allowedSet(['/setup', '/setup/company', '/setup/agent']);
  it('opens a company page with the companies route, not without it', () => {
    expect(decideRoute('/setup/company/12', admin).kind).toBe('sub');
    expect(decideRoute('/setup/company/new', admin).kind).toBe('sub');
    expect(decideRoute('/setup/company/12', allowedSet(['/setup'])).kind).toBe('noAccess');
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
