import { globalSearchMachine, type GlobalSearchContext } from '../../src/machines/globalSearch';
import type { GlobalSearchReply } from '../../src/contract/search';
import { workflowModel, type ModelEvent } from './harness';

/**
 * The global-search test model: a text too short to search, a number that is found, one that
 * finds nothing; the search succeeding or failing.
 */

export const texts = { short: 'K', number: 'K20261122000001', other: 'NO-SUCH-NUMBER' };

const hit = {
  kind: 'order',
  gatewayOrderNo: texts.number,
  clientOrderNo: 'C-1',
  amount: 1200,
  currency: 'JPY',
  status: 'success',
  companyName: '株式会社ひのき珈琲',
  createdAt: '2026-11-22T01:00:00.000Z',
} as const;

export const replies = {
  found: { label: 'found', keyword: texts.number, hits: [hit] },
  nothing: { label: 'nothing', keyword: texts.other, hits: [] },
} satisfies Record<string, GlobalSearchReply & { label: string }>;

export const failures = {
  down: { label: 'failed', resultType: 'ERROR', message: 'The server did not answer' },
};

export const globalSearchEvents: ModelEvent[] = [
  { type: 'TYPE', label: 'short', keyword: texts.short },
  { type: 'TYPE', label: 'number', keyword: ` ${texts.number} ` },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.search', output: replies.found },
  { type: 'xstate.done.actor.search', output: replies.nothing },
  { type: 'xstate.error.actor.search', error: failures.down },
];

export function globalSearchPaths() {
  return workflowModel(globalSearchMachine, {
    input: undefined,
    events: globalSearchEvents,
    serializeContext: (c: GlobalSearchContext) => ({
      keyword: c.keyword,
      reply: c.reply?.hits.length ?? null,
      error: c.error !== null,
    }),
  }).getShortestPaths();
}
