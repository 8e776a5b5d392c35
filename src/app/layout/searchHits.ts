import { ORDER_LIST } from '../../contract/lists/orders';
import { COMPANY_LIST } from '../../contract/lists/org';
import { PAY_LINK_LIST } from '../../contract/lists/payLinks';
import { PRE_ORDER_LIST } from '../../contract/lists/preOrders';
import { SETTLEMENT_LISTS } from '../../contract/lists/settlements';
import { SEARCH_KINDS, type SearchHit, type SearchKind } from '../../contract/search';

/**
 * Where each result of the global search leads (the console's pages, so here rather than in
 * the contract): an order's detail (a refund's order too), a settlement's statement (a batch's
 * first settlement, which names the batch), a company's page; a URL payment and a pre-order
 * open their list filtered by their number, which searches all time.
 */
export function hitPath(hit: SearchHit): string {
  const q = (name: string, value: string) => `?${new URLSearchParams({ [name]: value }).toString()}`;
  switch (hit.kind) {
    case 'order':
    case 'refund':
      return `${ORDER_LIST.route}/${encodeURIComponent(hit.gatewayOrderNo)}`;
    case 'link':
      return `${PAY_LINK_LIST.route}${q('orderNo', hit.gatewayOrderNo)}`;
    case 'preOrder':
      return `${PRE_ORDER_LIST.route}${q('payNo', hit.gatewayPayNo)}`;
    case 'settlement':
      return `${SETTLEMENT_LISTS[hit.settlementKind].route}/${hit.id}`;
    case 'batch':
      return `${SETTLEMENT_LISTS[hit.batchKind].route}/${hit.firstSettlementId}`;
    case 'company':
      return `${COMPANY_LIST.route}/${hit.id}`;
  }
}

/** A result's one key among all the results (the palette's item value). */
export function hitKey(hit: SearchHit): string {
  switch (hit.kind) {
    case 'order':
    case 'link':
      return `${hit.kind}:${hit.gatewayOrderNo}`;
    case 'refund':
      return `refund:${hit.gatewayRefundNo}`;
    case 'preOrder':
      return `preOrder:${hit.gatewayPayNo}`;
    default:
      return `${hit.kind}:${hit.id}`;
  }
}

/** The results by kind, in the contract's order, kinds without results left out. */
export function hitGroups(hits: readonly SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  return SEARCH_KINDS.map((kind) => ({ kind, hits: hits.filter((h) => h.kind === kind) })).filter(
    (g) => g.hits.length > 0,
  );
}
