import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../src/screens/audit/auditDiff';

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
