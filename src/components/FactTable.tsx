import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Table, Text, type TableCellProps } from '@chakra-ui/react';

export interface FactColumn<Row> {
  /** The header's text; none for a column of actions. */
  header?: string;
  align?: 'end';
  cell: (row: Row) => ReactNode;
  /** How its cells lay out (no wrap, a monospace number, a minimum width); per row when a function (a value that differs). */
  style?: TableCellProps | ((row: Row) => TableCellProps);
}

/**
 * Whether an element's content is wider than it (it scrolls sideways), kept as its size or its
 * content's changes.
 */
function useScrollsSideways() {
  // A callback ref: the element comes and goes with the rows (none: the `empty` text instead).
  const [el, ref] = useState<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [el]);
  return { ref, scrolls };
}

/**
 * A small table inside a card (an order's refunds, notifications and reconciliation, the
 * approvals waiting, a settlement's trail, a brand-day's runs): all rows at once, no paging or
 * sorting, scrolling sideways when narrow; `empty` in its place when there is no row. While it
 * scrolls, its scroll area is a named region the keyboard can reach and scroll (a table of plain
 * text has nothing else to focus: WCAG 2.1.1, axe's scrollable-region-focusable).
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
  rowKey: (row: Row, index: number) => string | number;
  columns: readonly FactColumn<Row>[];
  empty?: string;
}) {
  const { ref, scrolls } = useScrollsSideways();
  if (rows.length === 0 && empty !== undefined)
    return (
      <Text fontSize="sm" color="fg.muted">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollArea ref={ref} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
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
          {rows.map((r, index) => (
            <Table.Row key={rowKey(r, index)}>
              {columns.map((c, i) => (
                <Table.Cell
                  key={i}
                  {...(c.align ? { textAlign: c.align } : {})}
                  {...(typeof c.style === 'function' ? c.style(r) : c.style)}
                >
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
