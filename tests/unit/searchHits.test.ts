import { describe, expect, it } from 'vitest';
import { decideRoute, allowedSet } from '../../src/app/routes';
import { hitGroups, hitKey, hitPath } from '../../src/app/layout/searchHits';
import type { SearchHit } from '../../src/contract/search';
import { ALL_ROUTE_PATHS } from '../../src/contract/routes';

const order = {
  gatewayOrderNo: 'K20261122000001',
  clientOrderNo: 'C 1/2',
  amount: 1200,
  currency: 'JPY',
  status: 'success',
  companyName: '株式会社ひのき珈琲',
  createdAt: '2026-11-22T01:00:00.000Z',
} as const;

const HITS: SearchHit[] = [
  { kind: 'company', id: 3, name: '株式会社ひのき珈琲', mid: '' },
  { kind: 'order', ...order },
  {
    kind: 'refund',
    gatewayRefundNo: 'RF20261122000009',
    clientRefundNo: 'R-1',
    gatewayOrderNo: order.gatewayOrderNo,
    amount: 100,
    currency: 'JPY',
    status: 'success',
    createdAt: order.createdAt,
  },
  { kind: 'link', ...order },
  {
    kind: 'preOrder',
    gatewayPayNo: 'P2026+1',
    clientPayNo: 'X',
    amount: 5,
    currency: 'JPY',
    createdAt: order.createdAt,
  },
  {
    kind: 'settlement',
    id: 12,
    settlementNo: 'SM202611300012',
    settlementKind: 'agent',
    partyName: 'Kanto Merchant Solutions',
    periodEnd: '2026-11-30',
    amount: 1000,
    currency: 'JPY',
  },
  {
    kind: 'batch',
    id: 7,
    batchKind: 'merchant',
    status: 'remitted',
    transferDate: '2026-12-03',
    settlementCount: 2,
    firstSettlementId: 40,
  },
];

describe('where a global search result leads', () => {
  it('opens each kind’s page, every one a page the console has', () => {
    expect(HITS.map(hitPath)).toEqual([
      '/setup/company/3',
      '/history/order/K20261122000001',
      '/history/order/K20261122000001',
      '/manage/url?orderNo=K20261122000001',
      '/manage/onepay?payNo=P2026%2B1',
      '/settle/agent/12',
      '/settle/actuarial/40',
    ]);
    // Each is a screen or a record's page below its list, for the system admin, who may hold every route.
    const all = allowedSet(ALL_ROUTE_PATHS, 0);
    for (const hit of HITS) {
      const decision = decideRoute(hitPath(hit).split('?')[0], all);
      expect(['screen', 'sub'], hit.kind).toContain(decision.kind);
    }
  });

  it('keys every result apart and groups them in the contract’s order of kinds', () => {
    expect(new Set(HITS.map(hitKey)).size).toBe(HITS.length);
    expect(hitGroups(HITS).map((g) => g.kind)).toEqual([
      'order',
      'refund',
      'link',
      'preOrder',
      'settlement',
      'batch',
      'company',
    ]);
  });
});
