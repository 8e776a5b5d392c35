import type { ReactNode } from 'react';
import { Table, Text, type TableCellProps } from '@chakra-ui/react';

export interface FactColumn<Row> {
  /** The header's text; none for a column of actions. */
  header?: string;
  align?: 'end';
  cell: (row: Row) => ReactNode;
  /** How its cells lay out (no wrap, a monospace number, a minimum width). */
  style?: TableCellProps;
}

/**
 * A small table inside a card (an order's refunds or notifications, the approvals waiting): all
 * rows at once, no paging or sorting, scrolling sideways when narrow; `empty` in its place
 * when there is no row.
 */
export function FactTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  empty,
}: {
  /** The table's accessible name. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly FactColumn<Row>[];
  empty?: string;
}) {
  if (rows.length === 0 && empty !== undefined)
    return (
      <Text fontSize="sm" color="fg.muted">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => (
              <Table.ColumnHeader key={i} {...(c.align ? { textAlign: c.align } : {})}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={rowKey(r)}>
              {columns.map((c, i) => (
                <Table.Cell key={i} {...(c.align ? { textAlign: c.align } : {})} {...c.style}>
                  {c.cell(r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
