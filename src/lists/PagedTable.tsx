import { useState } from 'react';
import type { Page } from '../contract/envelope';
import { useLoad } from '../app/useLoad';
import { DataTable, type Column } from '../components/DataTable';
import { Pagination } from '../components/Pagination';

/**
 * A page-at-a-time read without filters (a settlement's lines, the payout batches): the page
 * number and size the user picks, the page loaded for them. `reload` reads the same page again.
 */
export function usePagedLoad<Row>(
  fetchPage: (paging: { pageNum: number; pageSize: number }) => Promise<Page<Row>>,
  deps: readonly unknown[],
) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const load = useLoad(() => fetchPage({ pageNum, pageSize }), [...deps, pageNum, pageSize]);
  return { load, pageNum, pageSize, setPageNum, setPageSize };
}

/** The table and the pager of a usePagedLoad read; `empty` is what an empty page says. */
export function PagedTable<Row>({
  paged,
  label,
  columns,
  rowKey,
  empty,
}: {
  paged: ReturnType<typeof usePagedLoad<Row>>;
  label: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  empty: string;
}) {
  const { load, pageNum, pageSize, setPageNum, setPageSize } = paged;
  const page = load.data;
  const none = page?.records.length === 0;
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={page?.records ?? []}
        rowKey={rowKey}
        status={load.status === 'failed' ? 'failed' : !page ? 'loading' : none ? 'empty' : 'loaded'}
        message={load.status === 'failed' ? load.error : none ? empty : null}
        onRetry={load.reload}
      />
      {page && page.total > 0 && (
        <Pagination
          total={page.total}
          pageNum={pageNum}
          pageSize={pageSize}
          disabled={load.status === 'loading'}
          onPage={setPageNum}
          onPageSize={(n) => {
            setPageSize(n);
            setPageNum(1);
          }}
        />
      )}
    </>
  );
}
