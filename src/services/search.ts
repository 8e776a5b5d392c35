import { fromPromise } from 'xstate';
import { searchCalls } from '../contract/calls/search';
import type { GlobalSearchReply } from '../contract/search';
import { api } from './api';

/** /search/global (docs/api.md, "Global search"). Silent: the palette shows its own failure. */
export const globalSearch = (keyword: string) => api.call(searchCalls.global, { keyword }, { silent: true });

/** The global-search machine's service (`globalSearchMachine.provide({ actors: globalSearchActors })`). */
export const globalSearchActors = {
  search: fromPromise<GlobalSearchReply, { keyword: string }>(({ input }) => globalSearch(input.keyword)),
};
