import type { ReactNode } from 'react';
import type { ListColumn } from '../contract/lists/define';
import type { Column } from '../components/DataTable';
import type { Translate } from '../i18n/translator';

/** What each declared column of a list shows for a row (the screen's part of the columns). */
export type Cells<K extends string, Row> = Record<K, (row: Row) => ReactNode>;

/**
 * A list's table columns: header, sorting, alignment, priority and width from the
 * definition, the cell from the screen; company columns only where the scope holds several.
 */
export function columnsOf<K extends string, Row>(
  columns: readonly ListColumn<K>[],
  cells: Cells<K, Row>,
  t: Translate,
  showCompany: boolean,
): Column<Row>[] {
  return columns
    .filter((c) => c.scope !== 'company' || showCompany)
    .map((c) => ({
      key: c.key,
      header: t(c.headerKey),
      cell: cells[c.key],
      ...(c.sortField ? { sortField: c.sortField } : {}),
      ...(c.align ? { align: c.align } : {}),
      ...(c.width.min ? { minW: c.width.min } : {}),
      ...(c.width.nowrap ? { nowrap: true } : {}),
      ...(c.width.ellipsis ? { ellipsis: true } : {}),
      priority: c.priority,
    }));
}
