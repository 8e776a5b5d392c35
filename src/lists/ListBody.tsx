import { useMemo } from 'react';
import { Alert } from '@chakra-ui/react';
import { allTimeFilter, type ListDefinition } from '../contract/lists/define';
import { roleLevel } from '../contract/roles';
import { useT } from '../app/i18n';
import { useSessionUser } from '../app/session';
import type { MessageKey, Translate } from '../i18n/translator';
import { DataTable, type DataTableProps } from '../components/DataTable';
import { FilterBar, type FilterField } from '../components/FilterBar';
import { columnPrefsKey } from '../components/table/columnPrefs';
import { columnsOf, type Cells } from './columns';
import { filterFieldsOf, type RunTimeFilters } from './filterFields';
import type { useListScreen } from './useListScreen';

export type ColumnKey<L extends ListDefinition> = L['columns'][number]['key'];

export interface ListBodyProps<L extends ListDefinition, Row> {
  list: L;
  /** The list on the listQuery machine (useListOf / useListScreen). */
  screen: ReturnType<typeof useListScreen<Row>>;
  /** i18n key of the table's accessible name. */
  tableKey: MessageKey;
  /** What each declared column shows (typed by the definition's column keys). */
  cells: (t: Translate) => Cells<ColumnKey<L>, Row>;
  /** The row's key; its `id` when not given. */
  rowKey?: (row: Row) => string | number;
  /** Declared columns left out for this caller (the actions where it may do nothing). */
  without?: readonly ColumnKey<L>[];
  /** Company and branch pickers within the caller's scope (useScopeFields), for lists with scope filters. */
  scope?: { fields: readonly FilterField[]; showCompany: boolean };
  /** Options of the list's `options` filters, loaded by the screen. */
  options?: RunTimeFilters['options'];
  /** The table's row selection and row details, where the screen has them. */
  selection?: DataTableProps<Row>['selection'];
  expand?: DataTableProps<Row>['expand'];
}

/** A row's `id` (every setup list's rows have one). */
const idOf = (row: unknown): string | number => {
  if (
    typeof row === 'object' &&
    row &&
    'id' in row &&
    (typeof row.id === 'number' || typeof row.id === 'string')
  )
    return row.id;
  throw new Error('A list row without an id needs a rowKey');
};

/**
 * The body of a list screen from its definition (src/contract/lists): the filter bar (the
 * caller's role decides the filters shown only to some), the table and the pager. The
 * screen adds its header, dialogs and whatever else is its own.
 */
export function ListBody<L extends ListDefinition, Row>(props: ListBodyProps<L, Row>) {
  const { list, screen, tableKey, cells, rowKey, without, scope, options, selection, expand } = props;
  const t = useT();
  const user = useSessionUser();
  const showCompany = scope?.showCompany ?? true;
  const columns = useMemo(
    () =>
      columnsOf<ColumnKey<L>, Row>(
        list.columns.filter((c) => !without?.includes(c.key)),
        cells(t),
        t,
        showCompany,
      ),
    [list, cells, t, showCompany, without],
  );
  const fields = filterFieldsOf(list, t, scope?.fields ?? [], screen.rangeError, {
    options,
    ...(user ? { level: roleLevel(user.operatorType) } : {}),
  });

  // A complete number searches all time: the list says the period was left out.
  const allTime = list.period && screen.status !== 'invalid' ? allTimeFilter(list, screen.filters) : null;

  return (
    <>
      <FilterBar key={screen.filterKey} {...screen.filterBar} fields={fields} />
      {allTime?.field.kind === 'text' && (
        <Alert.Root status="info" size="sm" variant="subtle" mb="3" role="status">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">
            {t('common.allTime', { field: t(allTime.field.labelKey) })}
          </Alert.Title>
        </Alert.Root>
      )}
      <DataTable
        label={t(tableKey)}
        columns={columns}
        rowKey={rowKey ?? idOf}
        {...screen.table}
        {...(user ? { columnsKey: columnPrefsKey(list.path, user.operatorId) } : {})}
        {...(selection ? { selection } : {})}
        {...(expand ? { expand } : {})}
      />
      {screen.pager}
    </>
  );
}
