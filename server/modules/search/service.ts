import { SEARCH_ROUTES, type GlobalSearchReply, type SearchHit } from '../../../src/contract/search';
import type { Executor } from '../../db/client';
import type { Scope } from '../../platform/scope';
import {
  batchHits,
  companyHits,
  keywordOf,
  linkHits,
  orderHits,
  preOrderHits,
  refundHits,
  settlementHits,
  settlementKindsOf,
} from './queries';

/**
 * The global search: each kind of record whose screen the role holds (role_routes, as the
 * server's access check reads it), within the caller's scope, kind after kind. A kind the role
 * cannot open is not searched at all, so nothing of it can show.
 */
export async function globalSearch(
  db: Executor,
  scope: Scope,
  routes: ReadonlySet<string>,
  keyword: string,
): Promise<GlobalSearchReply> {
  const k = keywordOf(keyword);
  const settlementKinds = settlementKindsOf(routes);
  const hits: SearchHit[] = [];
  if (routes.has(SEARCH_ROUTES.order)) hits.push(...(await orderHits(db, scope, k)));
  if (routes.has(SEARCH_ROUTES.refund)) hits.push(...(await refundHits(db, scope, k)));
  if (routes.has(SEARCH_ROUTES.link)) hits.push(...(await linkHits(db, scope, k)));
  if (routes.has(SEARCH_ROUTES.preOrder)) hits.push(...(await preOrderHits(db, scope, k)));
  hits.push(...(await settlementHits(db, scope, settlementKinds, k)));
  hits.push(...(await batchHits(db, scope, settlementKinds, k)));
  if (routes.has(SEARCH_ROUTES.company)) hits.push(...(await companyHits(db, scope, k)));
  return { keyword, hits };
}
