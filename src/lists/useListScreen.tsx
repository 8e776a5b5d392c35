import { useCallback, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { Page } from '../contract/envelope';
import type { ListDefinition } from '../contract/lists/define';
import { listQueryMachine, type ListQuery } from '../machines/listQuery';
import { useT } from '../app/i18n';
import { textOr } from '../i18n/translator';
import { useListUrl, useUrlChanges } from '../app/listUrl';
import type { TableStatus } from '../components/DataTable';
import { Pagination } from '../components/Pagination';
import { urlDefaults } from './filterFields';

/**
 * One list screen on the listQuery machine (filters in the URL, paging, sorting): what the
 * filter bar, the table and the pager need. `reload` reads the URL again and loads (after a
 * lock, a save, a delete).
 */
export function useListScreen<Row>({
  fetchPage,
  defaults,
  rangeDays,
}: {
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
  defaults: () => Record<string, string>;
  rangeDays?: number;
}) {
  const t = useT();
  const url = useListUrl();
  const [initial] = useState(defaults);
  const [state, send] = useMachine(listQueryMachine, {
    input: {
      fetchPage: fetchPage as (q: ListQuery) => Promise<Page<unknown>>,
      defaults: initial,
      rangeDays,
      url,
    },
  });
  const reload = useCallback(() => send({ type: 'URL_CHANGED' }), [send]);
  useUrlChanges(reload);

  const { filters, page, pageNum, pageSize, sortField, sortOrder, error, errorValues } = state.context;
  const status = state.value as TableStatus;
  const message = error ? textOr(t, error, error, errorValues ?? undefined) : null;
  const rows = ((page as Page<Row> | null)?.records ?? []) as Row[];

  return {
    filters,
    status,
    rows,
    /** The last page the server gave (a list's reply may carry more than its rows: totals). */
    page: page as Page<Row> | null,
    reload,
    /** Remounts the filter form when the URL's filters change (back/forward, reset). */
    filterKey: JSON.stringify(filters),
    filterBar: {
      initial: filters,
      onSearch: (f: Record<string, string>) => send({ type: 'SEARCH', filters: f }),
      onReset: () => send({ type: 'RESET' }),
    },
    rangeError: status === 'invalid' ? message : null,
    table: {
      rows,
      status,
      message,
      onRetry: () => send({ type: 'RETRY' }),
      sortField,
      sortOrder,
      onSort: (field: string) => send({ type: 'SORT', field }),
    },
    pager:
      page && page.total > 0 ? (
        <Pagination
          total={page.total}
          pageNum={pageNum}
          pageSize={pageSize}
          disabled={status === 'loading'}
          onPage={(n) => send({ type: 'PAGE', pageNum: n })}
          onPageSize={(n) => send({ type: 'PAGE_SIZE', pageSize: n })}
        />
      ) : null,
  };
}

/** useListScreen for a declared list: its URL defaults and its period's longest range. */
export const useListOf = <Row,>(
  list: Pick<ListDefinition, 'filters' | 'period'>,
  fetchPage: (query: ListQuery) => Promise<Page<Row>>,
) => useListScreen<Row>({ fetchPage, defaults: () => urlDefaults(list), rangeDays: list.period?.maxDays });

/** A list screen's state and handlers (filters, table, pager, reload). */
export type ListScreenState<Row> = ReturnType<typeof useListScreen<Row>>;
