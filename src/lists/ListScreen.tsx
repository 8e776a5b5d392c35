import type { ReactNode } from 'react';
import { Flex } from '@chakra-ui/react';
import type { Page } from '../contract/envelope';
import type { ListDefinition } from '../contract/lists/define';
import type { ListQuery } from '../machines/listQuery';
import { useT } from '../app/i18n';
import type { MessageKey, Translate } from '../i18n/translator';
import { ExportButtons } from '../components/ExportButton';
import { PageHeader } from '../components/PageHeader';
import type { Cells } from './columns';
import { ListBody, type ColumnKey } from './ListBody';
import { useListOf, type ListScreenState } from './useListScreen';
import { useScopeFields } from './useScopeFields';
import { exportCallsOf } from './exportCalls';

export interface ListScreenProps<L extends ListDefinition, Row> {
  list: L;
  /** i18n keys of the page title and the table's accessible name. */
  titleKey: MessageKey;
  tableKey: MessageKey;
  fetchPage: (query: ListQuery) => Promise<Page<Row>>;
  /** What each declared column shows (typed by the definition's column keys). */
  cells: (t: Translate) => Cells<ColumnKey<L>, Row>;
  /** The row's key; its `id` when not given. */
  rowKey?: (row: Row) => string | number;
  /** A line under the title. */
  description?: string;
  /** Buttons before the exports, given the screen (to reload the list after an import). */
  actions?: (screen: ListScreenState<Row>) => ReactNode;
  /** false: no organisation filters of the caller's scope (lists only the platform sees). */
  scoped?: boolean;
  /** Sibling pages' tabs under the header (NavTabs). */
  tabs?: ReactNode;
}

/**
 * A list screen from its definition (src/contract/lists): title and export buttons, the
 * filter bar, the table and the pager, on the listQuery machine (filters in the URL).
 */
export function ListScreen<L extends ListDefinition, Row>(props: ListScreenProps<L, Row>) {
  const {
    list,
    titleKey,
    tableKey,
    fetchPage,
    cells,
    rowKey,
    description,
    actions,
    tabs,
    scoped = true,
  } = props;
  const t = useT();
  const scope = useScopeFields(t);
  const screen = useListOf<Row>(list, fetchPage);
  const exports = list.exports && (
    <ExportButtons paths={exportCallsOf(list.exports)} query={screen.filters} />
  );

  return (
    <>
      <PageHeader
        title={t(titleKey)}
        {...(description ? { description } : {})}
        actions={
          actions ? (
            <Flex gap="2" wrap="wrap">
              {actions(screen)}
              {exports}
            </Flex>
          ) : (
            exports
          )
        }
      />
      {tabs}
      <ListBody
        list={list}
        screen={screen}
        tableKey={tableKey}
        cells={cells}
        rowKey={rowKey}
        {...(scoped ? { scope } : {})}
      />
    </>
  );
}
