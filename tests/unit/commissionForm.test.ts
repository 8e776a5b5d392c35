import { describe, expect, it } from 'vitest';
import { entriesOf, gridOf } from '../../src/screens/org/commission/commissionForm';

describe('commission grid', () => {
  it('sends only the rates that were typed, remembering their rows', () => {
    const grid = gridOf({
      companyId: 1,
      companyName: 'A',
      agentId: null,
      agentName: null,
      rates: [{ brand: 'paypay', channel: 'online', rate: '2.10', rateHundredths: 210, remark: 'x' }],
      rebates: [],
      history: [],
    });
    expect(grid.rates).toHaveLength(12);
    const { rates, rebates } = entriesOf(grid, false);
    expect(rates).toEqual([
      { r: { brand: 'paypay', channel: 'online', rate: '2.10', remark: 'x' }, index: 6 },
    ]);
    expect(rebates).toEqual([]);
  });
});
