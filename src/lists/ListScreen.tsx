import { useMemo } from 'react';
import type { Page } from '../contract/envelope';
import type { ListDefinition } from '../contract/lists/define';
import type { ListQuery } from '../machines/listQuery';
import { useT } from '../app/i18n';
import type { MessageKey } from '../i18n';
import { DataTable } from '../components/DataTable';
import { ExportButtons } from '../components/ExportButton';
import { FilterBar } from '../components/FilterBar';
import { PageHeader } from '../components/PageHeader';
import { columnsOf, type Cells } from './columns';
import { filterFieldsOf, urlDefaults } from './filterFields';
import { useListScreen } from './useListScreen';
import { useScopeFields } from './useScopeFields';
import { exportCallsOf } from './exportCalls';

type ColumnKey<L extends ListDefinition> = L['columns'][number]['key'];

export interface ListScreenProps<L extends ListDefinition, Row> {
  list: L;
  /** i18n keys of the page title and the table's accessible name. */
  titleKey: MessageKey;
  tableKey: MessageKey;
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
  /** What each declared column shows (typed by the definition's column keys). */
  cells: (t: ReturnType<typeof useT>) => Cells<ColumnKey<L>, Row>;
  rowKey: (row: Row) => string | number;
}

/**
 * A list screen from its definition (src/contract/lists): title and export buttons, the
 * filter bar, the table and the pager, on the listQuery machine (filters in the URL).
 */
export function ListScreen<L extends ListDefinition, Row>(props: ListScreenProps<L, Row>) {
  const { list, titleKey, tableKey, fetchPage, cells, rowKey } = props;
  const t = useT();
  const scope = useScopeFields(t);
  const screen = useListScreen<Row>({
    fetchPage,
    rangeDays: list.period?.maxDays,
    defaults: () => urlDefaults(list),
  });
  const columns = useMemo(
    () => columnsOf<ColumnKey<L>, Row>(list.columns, cells(t), t, scope.showCompany),
    [list, cells, t, scope.showCompany],
  );

  return (
    <>
      <PageHeader
        title={t(titleKey)}
        actions={list.exports && <ExportButtons paths={exportCallsOf(list.exports)} query={screen.filters} />}
      />
      <FilterBar
        key={screen.filterKey}
        {...screen.filterBar}
        fields={filterFieldsOf(list, t, scope.fields, screen.rangeError)}
      />
      <DataTable label={t(tableKey)} columns={columns} rowKey={rowKey} {...screen.table} />
      {screen.pager}
    </>
  );
}
