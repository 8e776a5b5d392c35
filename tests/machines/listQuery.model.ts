import type { Page } from '../../src/contract/envelope';
import { listQueryMachine, type ListQueryInput, type ListUrl } from '../../src/machines/listQuery';
import { workflowModel, type ModelEvent } from './harness';

/** The list-query test model, once per date-range limit of spec point 5 (31 and 75 days). */

export const defaults = { beginTime: '2025-01-01', endTime: '2025-01-07', loginId: '', success: '' };

export const rows: Page<unknown> & { label: string } = {
  label: 'rows',
  records: [
    { id: 1, loginId: 'alice' },
    { id: 2, loginId: 'bob' },
  ],
  total: 45,
  pageNum: 1,
  pageSize: 20,
};
export const noRows: Page<unknown> & { label: string } = {
  label: 'empty',
  records: [],
  total: 0,
  pageNum: 1,
  pageSize: 20,
};
export const offline = { label: 'offline', resultType: 'NETWORK_ERROR', message: 'Network error: offline' };

/** The longest allowed range and one day more, for each limit. */
export const ranges = {
  31: {
    ok: { beginTime: '2025-01-01', endTime: '2025-01-31' },
    tooLong: { beginTime: '2025-01-01', endTime: '2025-02-01' },
  },
  75: {
    ok: { beginTime: '2025-01-01', endTime: '2025-03-16' },
    tooLong: { beginTime: '2025-01-01', endTime: '2025-03-17' },
  },
} as const;
export type RangeDays = keyof typeof ranges;

export function listQueryEvents(rangeDays: RangeDays): ModelEvent[] {
  return [
    {
      type: 'SEARCH',
      label: `${rangeDays} days`,
      filters: { ...ranges[rangeDays].ok, loginId: 'alice', success: '1' },
    },
    {
      type: 'SEARCH',
      label: `${rangeDays + 1} days`,
      filters: { ...ranges[rangeDays].tooLong, loginId: 'alice', success: '1' },
    },
    { type: 'RESET' },
    { type: 'PAGE', pageNum: 2 },
    { type: 'PAGE_SIZE', pageSize: 50 },
    { type: 'SORT', field: 'createdAt' },
    { type: 'RETRY' },
    { type: 'URL_CHANGED' },
    { type: 'xstate.done.actor.loadPage', output: rows },
    { type: 'xstate.done.actor.loadPage', output: noRows },
    { type: 'xstate.error.actor.loadPage', error: offline },
  ];
}

/** A URL held in memory, like the browser's query string. */
export function memoryUrl(
  initial: Record<string, string> = {},
): ListUrl & { params: Record<string, string> } {
  const url = {
    params: { ...initial },
    read: () => ({ ...url.params }),
    write: (params: Record<string, string>) => {
      url.params = { ...params };
    },
  };
  return url;
}

export function listQueryInput(rangeDays: RangeDays, url: ListUrl = memoryUrl()): ListQueryInput {
  return {
    fetchPage: () => Promise.reject(new Error('the model never loads')),
    defaults,
    rangeDays,
    url,
  };
}

export function listQueryPaths(rangeDays: RangeDays) {
  return workflowModel(listQueryMachine, {
    // URL_CHANGED re-reads this URL: in the runs it stands for "back to the list as first opened".
    input: listQueryInput(rangeDays, { read: () => ({}), write: () => undefined }),
    events: listQueryEvents(rangeDays),
    serializeContext: (c: { filters: Record<string, string>; page: unknown; error: string | null }) => ({
      searched: c.filters.loginId !== '',
      page: c.page !== null,
      error: c.error !== null,
    }),
  }).getShortestPaths();
}
