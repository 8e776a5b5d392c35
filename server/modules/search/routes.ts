import { searchCalls } from '../../../src/contract/calls/search';
import type { Api } from '../../platform/api';
import { storedRoutesOf } from '../../platform/access';
import { scopeOf } from '../../platform/scope';
import { globalSearch } from './service';

export function searchRoutes(api: Api) {
  api.call(searchCalls.global, async (c) => {
    const routes = new Set(await storedRoutesOf(c.deps.db, c.principal.operatorType));
    return { result: await globalSearch(c.deps.db, scopeOf(c.principal), routes, c.input.keyword) };
  });
}
