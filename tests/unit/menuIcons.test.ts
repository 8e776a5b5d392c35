import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from '../../src/components/icons';
import { ALL_ROLES } from '../../src/contract/roles';
import { DEFAULT_ROLE_ROUTES, MENU, flattenMenu } from '../../src/contract/routes';
import { allowedSet, navigationTree } from '../../src/app/routes';

describe('the sidebar’s icons', () => {
  it('every icon a menu entry names is in the icon set', () => {
    const missing = flattenMenu()
      .filter((r) => r.icon !== undefined && !(r.icon in MENU_ICONS))
      .map((r) => `${r.path}: ${r.icon}`);
    expect(missing).toEqual([]);
  });

  it('every entry of the sidebar’s first level has one, for every role', () => {
    expect(MENU.filter((r) => !r.hidden && !r.icon).map((r) => r.path)).toEqual([]);
    for (const role of ALL_ROLES) {
      const entries = navigationTree(allowedSet(DEFAULT_ROLE_ROUTES[role], role));
      expect(entries.length, `role ${role}`).toBeGreaterThan(0);
      for (const e of entries) expect(e.icon && MENU_ICONS[e.icon], `role ${role}: ${e.path}`).toBeTruthy();
    }
  });
});
