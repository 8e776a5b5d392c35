import { useCallback, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { Page } from '../../contract/envelope';
import type { LoginHistoryRow } from '../../contract/loginHistory';
import { RANGE_DAYS_DEFAULT } from '../../contract/paging';
import { listQueryMachine } from '../../machines/listQuery';
import { pageLoginHistory } from '../../services/loginHistory';
import { useT } from '../../app/i18n';
import { textOr } from '../../i18n';
import { useListUrl, useUrlChanges } from '../../app/listUrl';
import { DataTable, type TableStatus } from '../../components/DataTable';
import { businessDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { loginHistoryColumns } from './loginHistoryColumns';
import { LoginHistoryFilters, type LoginHistoryFilterValues } from './LoginHistoryFilters';

/** /setup/loginHistory: who logged in when, filters in the URL (listQuery, ranges ≤ 31 days). */
export default function LoginHistory() {
  const t = useT();
  const url = useListUrl();
  // The last 7 days by default (business time zone).
  const [defaults] = useState<LoginHistoryFilterValues>(() => ({
    beginTime: businessDate(6),
    endTime: businessDate(0),
    loginId: '',
    success: '',
  }));
  const [state, send] = useMachine(listQueryMachine, {
    input: { fetchPage: pageLoginHistory, defaults, rangeDays: RANGE_DAYS_DEFAULT, url },
  });
  useUrlChanges(useCallback(() => send({ type: 'URL_CHANGED' }), [send]));

  const { filters, page, pageNum, pageSize, sortField, sortOrder, error, errorValues } = state.context;
  const status = state.value as TableStatus;
  const message = error ? textOr(t, error, error, errorValues ?? undefined) : null;
  const columns = useMemo(() => loginHistoryColumns(t), [t]);
  const rows = ((page as Page<LoginHistoryRow> | null)?.records ?? []) as LoginHistoryRow[];

  return (
    <>
      <PageHeader title={t('menu.loginHistory')} />
      <LoginHistoryFilters
        key={JSON.stringify(filters)}
        initial={filters as LoginHistoryFilterValues}
        rangeError={status === 'invalid' ? message : null}
        onSearch={(f) => send({ type: 'SEARCH', filters: f })}
        onReset={() => send({ type: 'RESET' })}
      />
      <DataTable
        label={t('loginHistory.table')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        status={status}
        message={message}
        onRetry={() => send({ type: 'RETRY' })}
        sortField={sortField}
        sortOrder={sortOrder}
        onSort={(field) => send({ type: 'SORT', field })}
      />
      {page && page.total > 0 && (
        <Pagination
          total={page.total}
          pageNum={pageNum}
          pageSize={pageSize}
          disabled={status === 'loading'}
          onPage={(n) => send({ type: 'PAGE', pageNum: n })}
          onPageSize={(n) => send({ type: 'PAGE_SIZE', pageSize: n })}
        />
      )}
    </>
  );
}
