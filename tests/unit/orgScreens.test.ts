import { describe, expect, it } from 'vitest';
import { allowedSet, breadcrumbTrail, decideRoute } from '../../src/app/routes';
import { minorToInput, parseMoney } from '../../src/components/money';
import { diffSnapshots } from '../../src/screens/audit/auditDiff';
import { entriesOf, gridOf } from '../../src/screens/org/commission/commissionForm';

describe('money inputs (spec point 9)', () => {
  it('shows minor units in major units with the currency’s decimals', () => {
    expect(minorToInput(1234567, 'JPY')).toBe('1,234,567');
    expect(minorToInput(123456, 'USD')).toBe('1,234.56');
    expect(minorToInput(5, 'EUR')).toBe('0.05');
    expect(minorToInput(null, 'JPY')).toBe('');
  });
  it('reads typed amounts exactly, empty as no amount, anything else as not an amount', () => {
    expect(parseMoney('1,234.5', 'USD')).toBe(123450);
    expect(parseMoney('12,345', 'JPY')).toBe(12345);
    expect(parseMoney('  ', 'JPY')).toBeNull();
    expect(parseMoney('12.5', 'JPY')).toBeNaN();
    expect(parseMoney('1.234', 'USD')).toBeNaN();
    expect(parseMoney('-3', 'USD')).toBeNaN();
  });
});

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

describe('audit diff', () => {
  it('lists fields before and after, nested ones as paths, marking the changed ones', () => {
    const lines = diffSnapshots(
      { name: 'A', bank: { code: '1' }, status: 'active' },
      { name: 'B', bank: { code: '1' } },
    );
    expect(lines).toEqual([
      { path: 'bank.code', before: '1', after: '1', changed: false },
      { path: 'name', before: 'A', after: 'B', changed: true },
      { path: 'status', before: 'active', after: '', changed: true },
    ]);
    expect(diffSnapshots(null, null)).toEqual([]);
  });
});

describe('commission grid', () => {
  it('sends only the rates that were typed, remembering their rows', () => {
    const grid = gridOf({
      companyId: 1,
      companyName: 'A',
      agentId: null,
      agentName: null,
      rates: [{ brand: 'paypay', channel: 'online', rate: '2.10', rateHundredths: 210, remark: 'x' }],
      rebates: [],
    });
    expect(grid.rates).toHaveLength(12);
    const { rates, rebates } = entriesOf(grid, false);
    expect(rates).toEqual([
      { r: { brand: 'paypay', channel: 'online', rate: '2.10', remark: 'x' }, index: 6 },
    ]);
    expect(rebates).toEqual([]);
  });
});
