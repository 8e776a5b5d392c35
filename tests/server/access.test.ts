import { and, desc, eq } from 'drizzle-orm';
import { auditLog, roleRoutes } from '../../server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleRow } from '../../src/contract/access';
import { ALL_CALLS } from '../../src/contract/calls';
import type { Page } from '../../src/contract/envelope';
import { ALL_ROLES } from '../../src/contract/roles';
import {
  ALL_ROUTE_PATHS,
  BUILT_SCREENS,
  DEFAULT_ROLE_ROUTES,
  routeAvailable,
} from '../../src/contract/routes';
import { can } from '../../src/contract/capabilities';
import { ROLE_LOGINS } from './fixtures';
import { backends, businessToday, startHarness, type Harness } from './harness';

const today = businessToday();

describe.each(backends)('role permissions on $name', (backend) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
    admin = await h.token('admin');
  });
  afterAll(() => h?.close());

  it('lists the 8 roles with their route and account counts', async () => {
    const r = await h.call<Page<RoleRow>>(
      '/org/permission/page',
      { pageNum: 1, pageSize: 20 },
      { token: admin },
    );
    expect(r.body.resultType).toBe('SUCCESS');
    expect(r.body.result!.records.map((x) => x.operatorType)).toEqual([0, 10, 15, 16, 20, 30, 40, 50]);
    const sysop = r.body.result!.records.find((x) => x.operatorType === 10)!;
    // sysop and the demo data's second system operator.
    expect(sysop).toMatchObject({ routeCount: DEFAULT_ROLE_ROUTES[10].length, accountCount: 2 });
  });

  it('returns the seeded routes of a role', async () => {
    const r = await h.call<{ routes: string[] }>(
      '/org/permission/get',
      { operatorType: 50 },
      { token: admin },
    );
    expect(r.body.result!.routes).toEqual(DEFAULT_ROLE_ROUTES[50]);
    const bad = await h.call('/org/permission/get', { operatorType: 7 }, { token: admin, lang: 'en' });
    expect(bad.body.resultType).toBe('INVALID');
  });

  it('saves a role’s routes (adding parents); the next login and the access checks follow', async () => {
    const before = await h.token('ag-op');
    const history = { beginTime: today, endTime: today };
    expect(
      (await h.call('/system/operatorLoginHistory/page', history, { token: before })).body.resultType,
    ).toBe('SUCCESS');

    // Form-encoded like existing clients: routes[] repeated.
    const saved = await h.call<{ routes: string[] }>(
      '/org/permission/save',
      { operatorType: '50', routes: ['/history/refund', '/history/order'] },
      { token: admin, form: true },
    );
    expect(saved.body.resultType).toBe('SUCCESS');
    expect(saved.body.result!.routes).toEqual(['/history', '/history/order', '/history/refund']);
    const [row] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectType, 'rolePermission'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ loginId: 'admin', objectId: '50', action: 'update', result: 'success' });
    expect(row.after).toEqual({ routes: ['/history', '/history/order', '/history/refund'] });
    expect((row.before as { routes: string[] }).routes).toContain('/setup/loginHistory');

    const denied = await h.call('/system/operatorLoginHistory/page', history, { token: before, lang: 'en' });
    expect(denied.body).toMatchObject({ resultType: 'NO_ACCESS', result: null });
    expect(denied.body.resultMessage).toBe('この操作を行う権限がありません');

    const login = await h.login('ag-op');
    expect(login.body.menuMapList).toEqual([
      '/',
      '/changePassword',
      '/changeRefundPassword',
      '/introduce',
      '/history',
      '/history/order',
      '/history/refund',
    ]);
  });

  it('accepts an empty route list for a role (it keeps home and its own account)', async () => {
    const r = await h.call('/org/permission/save', 'operatorType=16&routes[]=', { token: admin, form: true });
    expect(r.body.resultType).toBe('SUCCESS');
    expect((await h.login('sp-op')).body.menuMapList).toEqual([
      '/',
      '/changePassword',
      '/changeRefundPassword',
      '/introduce',
    ]);
  });

  it('refuses to take the permission screen from the system admin', async () => {
    const r = await h.call(
      '/org/permission/save',
      { operatorType: 0, routes: ['/history/order'] },
      { token: admin, lang: 'en' },
    );
    expect(r.body.resultType).toBe('FAIL');
    expect(r.body.resultMessage).toBe('システム管理者から権限設定の画面を外すことはできません');
    const still = await h.call<{ routes: string[] }>(
      '/org/permission/get',
      { operatorType: 0 },
      { token: admin },
    );
    expect(still.body.result!.routes).toContain('/setup/permission');
  });

  it('refuses to grant a menu entry whose screen does not exist yet, naming it, and changes nothing; keeps an existing grant', async () => {
    const unbuilt = ALL_ROUTE_PATHS.filter((p) => !routeAvailable(p));
    // Today: notices; settlement's screens (#15) and the reports (#31) are built.
    expect(unbuilt).toEqual(expect.arrayContaining(['/notice']));
    expect(unbuilt).not.toContain('/report');
    expect(unbuilt.filter((p) => p.startsWith('/settle'))).toEqual([]);
    // Role 40 without any of them (its seed had reports and notices).
    const cleared = await h.call<{ routes: string[] }>(
      '/org/permission/save',
      { operatorType: 40, routes: ['/history/order'] },
      { token: admin },
    );
    expect(cleared.body.result!.routes).toEqual(['/history', '/history/order']);
    for (const route of unbuilt) {
      const r = await h.call(
        '/org/permission/save',
        { operatorType: 40, routes: ['/history/order', route] },
        { token: admin, lang: 'en' },
      );
      expect(r.body).toMatchObject({
        resultType: 'INVALID',
        // In the session's working language (the admin's: Japanese).
        errors: { routes: `${route} の画面はまだ提供されていないため付与できません` },
      });
    }
    const after = await h.call<{ routes: string[] }>(
      '/org/permission/get',
      { operatorType: 40 },
      { token: admin },
    );
    expect(after.body.result!.routes).toEqual(['/history', '/history/order']);
    // A grant the role already has (its seed) stays when its list is saved again; the
    // sidebar hides it until the screen exists.
    const kept = await h.call<{ routes: string[] }>(
      '/org/permission/save',
      { operatorType: 15, routes: DEFAULT_ROLE_ROUTES[15] },
      { token: admin },
    );
    expect(kept.body.resultType).toBe('SUCCESS');
    expect(kept.body.result!.routes).toEqual(expect.arrayContaining(['/report', '/settle/actuarial']));
    // Every built screen can be granted (to the role its role list allows).
    const built = await h.call<{ routes: string[] }>(
      '/org/permission/save',
      { operatorType: 0, routes: ALL_ROUTE_PATHS.filter(routeAvailable) },
      { token: admin },
    );
    expect(built.body.resultType).toBe('SUCCESS');
    expect(built.body.result!.routes.filter((p) => !routeAvailable(p))).toEqual([]);
  });

  it('refuses unknown routes and other roles', async () => {
    const unknown = await h.call(
      '/org/permission/save',
      { operatorType: 10, routes: ['/evil'] },
      { token: admin },
    );
    expect(unknown.body.resultType).toBe('INVALID');
    expect(unknown.body.errors).toHaveProperty(['routes[0]']);
    const sysop = await h.token('sysop');
    const denied = await h.call(
      '/org/permission/save',
      { operatorType: 10, routes: ['/setup/permission'] },
      { token: sysop },
    );
    expect(denied.body.resultType).toBe('NO_ACCESS');
    const get = await h.call('/org/permission/get', { operatorType: 10 }, { token: sysop });
    expect(get.body).toMatchObject({ resultType: 'NO_ACCESS', result: null });
  });
});

describe.each(backends)('every menu entry leads somewhere on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
  });
  afterAll(() => h?.close());

  const menuOf = async (login: string) => {
    const r = await h.login(login);
    expect(r.body.resultType, login).toBe('SUCCESS');
    return (r.body as { menuMapList?: string[] }).menuMapList ?? [];
  };
  const STATEMENT_PAGES = ['/history/walletBill', '/history/paypayBill'];

  it('offers the payment statement pages (the platform’s payouts) to the platform’s roles alone, and refuses their calls to the others', async () => {
    for (const role of ALL_ROLES) {
      const login = ROLE_LOGINS[role];
      const menu = await menuOf(login);
      const token = await h.token(login);
      const platform = role === 0 || role === 10;
      for (const route of STATEMENT_PAGES) {
        if (platform) expect(menu, login).toContain(route);
        else expect(menu, login).not.toContain(route);
        const page = await h.call(`${route}/page`, { beginTime: today, endTime: today }, { token });
        expect(page.body.resultType, `${login} ${route}`).toBe(platform ? 'SUCCESS' : 'NO_ACCESS');
      }
    }
  });

  it('for every role, every menu entry the server sends opens a screen whose calls answer that role (never NO_ACCESS)', async () => {
    // The reads of each screen: the calls declared with its route as their access. The
    // statement imports' (a page below the check screens) are the platform's importers' only:
    // the check screen offers that page to them alone (the capability `reconcile`).
    const reads = (route: string) => ALL_CALLS.filter((c) => c.access === route && !c.writes);
    const importsPage = (path: string) => /^\/history\/\w+Check\/import\//.test(path);
    const refused: string[] = [];
    let checked = 0;
    for (const role of ALL_ROLES) {
      const login = ROLE_LOGINS[role];
      const token = await h.token(login);
      for (const route of await menuOf(login)) {
        if (!(BUILT_SCREENS as readonly string[]).includes(route)) continue;
        for (const c of reads(route)) {
          if (importsPage(c.path) && !can({ operatorType: role }, 'reconcile')) continue;
          // The access check comes before the input's: an empty input shows the refusal.
          const r = await h.call(c.path, {}, { token });
          checked += 1;
          if (r.body.resultType === 'NO_ACCESS') refused.push(`${login}: ${route} ${c.path}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses to grant a role a screen outside its role list, naming it, and ignores such a grant an older database holds', async () => {
    const admin = await h.token('admin');
    const before = await h.call<{ routes: string[] }>(
      '/org/permission/get',
      { operatorType: 20 },
      { token: admin },
    );
    const refused = await h.call(
      '/org/permission/save',
      { operatorType: 20, routes: [...before.body.result!.routes, '/history/walletBill'] },
      { token: admin, lang: 'en' },
    );
    expect(refused.body).toMatchObject({
      resultType: 'INVALID',
      // In the admin's working language (Japanese).
      errors: { routes: '/history/walletBill の画面は加盟店管理者には付与できません' },
    });
    const after = await h.call<{ routes: string[] }>(
      '/org/permission/get',
      { operatorType: 20 },
      { token: admin },
    );
    expect(after.body.result!.routes).toEqual(before.body.result!.routes);

    // A row written before the role lists bounded the grants: neither menu nor access follows it.
    await h.db.insert(roleRoutes).values({ operatorType: 30, routePath: '/manage/url' });
    try {
      expect(await menuOf('co-op')).not.toContain('/manage/url');
      const coOp = await h.token('co-op');
      const page = await h.call('/history/urlOrderPay/page', { pageSize: 10 }, { token: coOp });
      expect(page.body.resultType).toBe('NO_ACCESS');
      const shown = await h.call<{ routes: string[] }>(
        '/org/permission/get',
        { operatorType: 30 },
        { token: admin },
      );
      expect(shown.body.result!.routes).not.toContain('/manage/url');
      const roles = await h.call<Page<RoleRow>>('/org/permission/page', {}, { token: admin });
      const coOpRow = roles.body.result!.records.find((r) => r.operatorType === 30)!;
      expect(coOpRow.routeCount).toBe(shown.body.result!.routes.length);
    } finally {
      await h.db
        .delete(roleRoutes)
        .where(and(eq(roleRoutes.operatorType, 30), eq(roleRoutes.routePath, '/manage/url')));
    }
  });
});
