import { assign, fromPromise, setup } from 'xstate';
import { ValidationError } from 'yup';
import type { Page } from '../contract/envelope';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, dateRange } from '../contract/paging';
import { yup, type MessageRef } from '../contract/validation';
import type { TestMap } from './effects';

/**
 * One list's cycle (DESIGN: filters in the URL → load → page → sort). The page of rows
 * lives only here; the screen renders `context.page`.
 */

export type SortOrder = 'asc' | 'desc' | '';

export interface ListUrl {
  read(): Record<string, string>;
  write(params: Record<string, string>): void;
}

export type ListQuery = Record<string, string | number>;

export interface ListQueryInput {
  fetchPage: (query: ListQuery) => Promise<Page<unknown>>;
  /** The filter fields and their values when the URL has none. */
  defaults: Record<string, string>;
  /** 31 or 75: beginTime/endTime must lie at most this many days apart (spec point 5). */
  rangeDays?: number;
  url: ListUrl;
  pageSize?: number;
}

export interface ListQueryContext {
  fetchPage: ListQueryInput['fetchPage'];
  url: ListUrl;
  defaults: Record<string, string>;
  rangeDays: number | null;
  defaultPageSize: number;
  filters: Record<string, string>;
  pageNum: number;
  pageSize: number;
  sortField: string;
  sortOrder: SortOrder;
  page: Page<unknown> | null;
  /** A server message, or an i18n key with `errorValues` (render with `t(error, errorValues)`). */
  error: string | null;
  errorValues: Record<string, unknown> | null;
}

export type ListQueryEvent =
  | { type: 'SEARCH'; filters: Record<string, string> }
  | { type: 'RESET' }
  | { type: 'PAGE'; pageNum: number }
  | { type: 'PAGE_SIZE'; pageSize: number }
  | { type: 'SORT'; field: string }
  | { type: 'RETRY' }
  | { type: 'URL_CHANGED' };

const positiveInt = (text: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** The list's state as the URL holds it. Unknown parameters are ignored; missing ones take defaults. */
export function fromUrl(
  params: Record<string, string>,
  defaults: Record<string, string>,
  defaultPageSize: number,
): Pick<ListQueryContext, 'filters' | 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'> {
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [key, params[key] ?? value]),
  );
  const sortField = params.sortField ?? '';
  const sortOrder: SortOrder =
    params.sortOrder === 'asc' || params.sortOrder === 'desc' ? params.sortOrder : '';
  return {
    filters,
    pageNum: positiveInt(params.pageNum, 1),
    pageSize: positiveInt(params.pageSize, defaultPageSize, MAX_PAGE_SIZE),
    sortField: sortField && sortOrder ? sortField : '',
    sortOrder: sortField && sortOrder ? sortOrder : '',
  };
}

/** The URL parameters of a list's state: every non-empty filter, paging only where not default. */
export function toUrl(
  context: Pick<
    ListQueryContext,
    'filters' | 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder' | 'defaultPageSize'
  >,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(context.filters)) if (value !== '') params[key] = value;
  if (context.pageNum !== 1) params.pageNum = String(context.pageNum);
  if (context.pageSize !== context.defaultPageSize) params.pageSize = String(context.pageSize);
  if (context.sortField && context.sortOrder) {
    params.sortField = context.sortField;
    params.sortOrder = context.sortOrder;
  }
  return params;
}

/** The next sort of a column header click: asc → desc → none; another column starts at asc. */
export function nextSort(current: { sortField: string; sortOrder: SortOrder }, field: string) {
  if (current.sortField !== field || !current.sortOrder)
    return { sortField: field, sortOrder: 'asc' as SortOrder };
  if (current.sortOrder === 'asc') return { sortField: field, sortOrder: 'desc' as SortOrder };
  return { sortField: '', sortOrder: '' as SortOrder };
}

/** The first reason the filters cannot be sent, or null. Uses the contract's date-range rule. */
export function filterProblem(filters: Record<string, string>, rangeDays: number | null): MessageRef | null {
  if (!rangeDays) return null;
  try {
    yup
      .object(dateRange(rangeDays))
      .validateSync({ beginTime: filters.beginTime, endTime: filters.endTime }, { abortEarly: true });
    return null;
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const first: unknown = e.errors[0];
    return typeof first === 'object' && first !== null && 'key' in first
      ? (first as MessageRef)
      : { key: 'common.hasError' };
  }
}

export function queryOf(context: ListQueryContext): ListQuery {
  return {
    ...context.filters,
    pageNum: context.pageNum,
    pageSize: context.pageSize,
    sortField: context.sortField,
    sortOrder: context.sortOrder,
  };
}

export const listQueryMachine = setup({
  types: {
    context: {} as ListQueryContext,
    events: {} as ListQueryEvent,
    input: {} as ListQueryInput,
  },
  actors: {
    loadPage: fromPromise<Page<unknown>, { fetchPage: ListQueryInput['fetchPage']; query: ListQuery }>(
      ({ input }) => input.fetchPage(input.query),
    ),
  },
  guards: {
    filtersInvalid: ({ context }) => filterProblem(context.filters, context.rangeDays) !== null,
    pageIsEmpty: (_, params: { page: Page<unknown> }) => params.page.records.length === 0,
  },
  actions: {
    readUrl: assign(({ context }) => fromUrl(context.url.read(), context.defaults, context.defaultPageSize)),
    writeUrl: ({ context }) => context.url.write(toUrl(context)),
    search: assign(({ context }, params: { filters: Record<string, string> }) => ({
      filters: Object.fromEntries(
        Object.keys(context.defaults).map((key) => [key, params.filters[key] ?? context.filters[key] ?? '']),
      ),
      pageNum: 1,
    })),
    resetFilters: assign(({ context }) => ({
      filters: { ...context.defaults },
      pageNum: 1,
      pageSize: context.defaultPageSize,
      sortField: '',
      sortOrder: '' as SortOrder,
    })),
    goToPage: assign((_, params: { pageNum: number }) => ({
      pageNum: Math.max(1, Math.floor(params.pageNum)),
    })),
    setPageSize: assign((_, params: { pageSize: number }) => ({
      pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(params.pageSize))),
      pageNum: 1,
    })),
    toggleSort: assign(({ context }, params: { field: string }) => ({
      ...nextSort(context, params.field),
      pageNum: 1,
    })),
    rememberProblem: assign(({ context }) => {
      const problem = filterProblem(context.filters, context.rangeDays);
      return { error: problem?.key ?? null, errorValues: problem?.values ?? null, page: null };
    }),
    clearError: assign({ error: null, errorValues: null }),
    setPage: assign((_, params: { page: Page<unknown> }) => ({ page: params.page })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error:
        params.error instanceof Error && params.error.message ? params.error.message : 'common.loadFailed',
      errorValues: null,
      page: null,
    })),
  },
}).createMachine({
  id: 'listQuery',
  context: ({ input }) => {
    const defaultPageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
    return {
      fetchPage: input.fetchPage,
      url: input.url,
      defaults: input.defaults,
      rangeDays: input.rangeDays ?? null,
      defaultPageSize,
      ...fromUrl(input.url.read(), input.defaults, defaultPageSize),
      page: null,
      error: null,
      errorValues: null,
    };
  },
  initial: 'checking',
  on: {
    SEARCH: {
      target: '.checking',
      actions: [{ type: 'search', params: ({ event }) => ({ filters: event.filters }) }, 'writeUrl'],
    },
    RESET: { target: '.checking', actions: ['resetFilters', 'writeUrl'] },
    PAGE: {
      target: '.checking',
      actions: [{ type: 'goToPage', params: ({ event }) => ({ pageNum: event.pageNum }) }, 'writeUrl'],
    },
    PAGE_SIZE: {
      target: '.checking',
      actions: [{ type: 'setPageSize', params: ({ event }) => ({ pageSize: event.pageSize }) }, 'writeUrl'],
    },
    SORT: {
      target: '.checking',
      actions: [{ type: 'toggleSort', params: ({ event }) => ({ field: event.field }) }, 'writeUrl'],
    },
    URL_CHANGED: { target: '.checking', actions: 'readUrl' },
  },
  states: {
    checking: {
      always: [
        { guard: 'filtersInvalid', target: 'invalid', actions: 'rememberProblem' },
        { target: 'loading', actions: 'clearError' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ fetchPage: context.fetchPage, query: queryOf(context) }),
        onDone: [
          {
            guard: { type: 'pageIsEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) },
          },
          { target: 'loaded', actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {},
    empty: {},
    failed: {
      on: { RETRY: { target: 'checking' } },
    },
    invalid: {},
  },
});

export const listQueryTestMap = {
  states: {
    checking: 'The filters are checked before any call (never rests here)',
    loading: 'The table shows a loading indicator; filters and paging stay usable',
    loaded: 'The table shows the page\u2019s rows, the total and the pager',
    empty: 'The table says there is no matching data',
    failed: 'The table says the data could not be loaded, with a Retry button',
    invalid:
      'The filter form shows why the filters are rejected (e.g. the date range is too long); nothing is loaded',
  },
  events: {
    SEARCH: 'Change filters and press Search',
    RESET: 'Press Reset in the filter form',
    PAGE: 'Click a page in the pager',
    PAGE_SIZE: 'Pick a number of rows per page',
    SORT: 'Click a sortable column header',
    RETRY: 'Press Retry',
    URL_CHANGED: 'Use the browser\u2019s back or forward button',
    'xstate.done.actor.loadPage': 'The server answers with a page of rows',
    'xstate.error.actor.loadPage': 'The server or the network fails',
  },
} satisfies TestMap;
