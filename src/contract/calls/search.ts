import { call, reply } from '../call';
import { GlobalSearchInput, type GlobalSearchReply } from '../search';

/**
 * The search calls (docs/api.md, "Global search"). Open to every signed-in role: the server
 * searches only the kinds whose screens the role holds, within the caller's tenant scope.
 */
export const searchCalls = {
  global: call('/search/global', {
    access: 'session',
    input: GlobalSearchInput,
    reply: reply<GlobalSearchReply>(),
  }),
} as const;
