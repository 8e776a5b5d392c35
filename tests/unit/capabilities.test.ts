import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CAPABILITIES, CAPABILITIES, can } from '../../src/contract/capabilities';
import { ALL_ROLES, type OperatorType } from '../../src/contract/roles';
import { ALL_ROUTE_PATHS, roleMayUse } from '../../src/contract/routes';

const rolesOfRoute = (path: string) => ALL_ROLES.filter((r) => roleMayUse(path, r));
const everyRole = [...ALL_ROLES];

/** Spec point 2's table of routes and role lists, as written there. */
const SPEC_POINT_2: Record<string, readonly OperatorType[]> = {
  '/': everyRole,
  '/changePassword': everyRole,
  '/introduce': everyRole,
  '/changeRefundPassword': everyRole,
  '/manage/url': [0, 10, 20],
  '/manage/onepay': [0, 10, 20],
  '/settle': [0, 10, 15, 16],
  '/settle/actuarial': [0, 10, 15, 16],
  '/settle/agent': [0, 10, 15, 16],
  '/settle/brand': [0],
  '/report': [0, 10, 15, 16, 20, 40, 50],
  '/notice': everyRole,
  '/setup/mechanism': [0, 10, 15, 16],
  '/setup/company': [0, 10, 15, 16, 40],
  '/setup/branch': [0, 10, 15, 16, 40],
  '/setup/operate': [0, 10, 15, 16, 20, 40],
  '/setup/payment': [0, 10, 15, 16, 40],
  '/setup/loginHistory': everyRole,
  '/setup/permission': [0],
};

/** Where the console deviates from spec point 2, each with its reason in docs/access.md. */
const DEVIATIONS: Record<string, readonly OperatorType[]> = {
  // The company admin manages its own company's branches (docs/access.md, "The screen").
  '/setup/branch': [0, 10, 15, 16, 20, 40],
};

describe('the role lists (spec point 2)', () => {
  it('give each route of the spec exactly the roles the spec lists', () => {
    for (const [path, roles] of Object.entries(SPEC_POINT_2)) {
      expect(rolesOfRoute(path), path).toEqual(DEVIATIONS[path] ?? roles);
    }
  });

  it('keep every capability within the role lists of the screens that offer it', () => {
    for (const name of ALL_CAPABILITIES) {
      const { roles, routes } = CAPABILITIES[name];
      for (const route of routes) {
        expect(ALL_ROUTE_PATHS, `${name}: ${route}`).toContain(route);
        for (const role of roles)
          expect(roleMayUse(route, role), `${name}: role ${role} on ${route}`).toBe(true);
      }
    }
  });

  it('give the rights docs/access.md states to the roles it names', () => {
    const holders = (name: (typeof ALL_CAPABILITIES)[number]) =>
      ALL_ROLES.filter((r) => can({ operatorType: r }, name));
    // Admin-type roles change their scope; operator-type roles read.
    expect(holders('write')).toEqual([0, 15, 20, 40]);
    expect(holders('refund')).toEqual([0, 10, 15, 20, 30]);
    expect(holders('approveRefund')).toEqual([0, 10, 15, 20]);
    expect(holders('reconcile')).toEqual([0, 10]);
    expect(holders('fetchPayouts')).toEqual([0, 10]);
    expect(holders('editCommission')).toEqual([0, 15]);
    expect(holders('editConnectors')).toEqual([0, 15]);
    expect(holders('createProvider')).toEqual([0]);
    expect(holders('editBrandAgent')).toEqual([0]);
    // Opening the brand settlements from elsewhere: the route's list, "brand 0 only".
    expect(holders('brandSettlements')).toEqual(rolesOfRoute('/settle/brand'));
    expect(can(null, 'refund')).toBe(false);
    expect(can(undefined, 'write')).toBe(false);
  });
});

/** Every .ts/.tsx file below a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Role gating by hand: a role compared with a number, or looked up in a role list. */
const ROLE_TESTS: readonly RegExp[] = [
  /operatorType\s*(?:[!=]==?|[<>]=?)\s*(?:\d|OperatorType\.)/,
  /(?:\b\d+|OperatorType\.\w+)\s*(?:[!=]==?|[<>]=?)\s*[\w?.]*operatorType\b/,
  /\.(?:includes|indexOf|some)\([^)]*operatorType/,
  /\b[A-Z_]+_ROLES\b/,
  /\bisAdminRole\(/,
  // A helper of one's own over the role (mayImportStatements(user.operatorType)); the role's
  // name, level (what a form shows), manageable roles (what a form offers) and MFA rule are not gating.
  /(?<!\w)(?!(?:roleNameKey|roleLevel|manageableRolesOf|mfaRequiredFor)\()[a-z]\w*\([\w?.]*\boperatorType\)/,
];

describe('the console asks can(user, capability)', () => {
  const roots = ['src/screens', 'src/app', 'src/components', 'src/lists', 'src/machines'];
  it('and no screen, shell part, component, list or machine tests a role by hand', () => {
    const found = roots.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          ROLE_TESTS.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('would catch the styles it replaced', () => {
    const caught = (line: string) => ROLE_TESTS.some((re) => re.test(line));
    expect(caught('{user?.operatorType === 0 && (')).toBe(true);
    expect(caught('const mayPay = Boolean(user && PAYOUT_ROLES.includes(user.operatorType));')).toBe(true);
    expect(caught('if (!user || !mayImportStatements(user.operatorType)) return null;')).toBe(true);
    expect(caught('value: t(roleNameKey(p.operatorType)) },')).toBe(false);
    expect(caught('roles.includes(r.operatorType)')).toBe(true);
    expect(caught("can(user, 'payOut')")).toBe(false);
  });
});
