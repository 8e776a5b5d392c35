import type { ReactNode } from 'react';
import { Box, Checkbox, DataList, Flex, Skeleton, Stack } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import type { Column, DataTableProps } from './types';

/**
 * A list below the `md` breakpoint: one card per row with the row's key facts (the
 * priority-1 columns: its number as the card's title, then amount, status, time…), its
 * actions at the foot, its box and its details where the table has them. Values wrap, so
 * nothing needs sideways scrolling.
 */
export function CardList<Row>({
  label,
  columns,
  rows,
  rowKey,
  showRows,
  busy,
  selection,
  expand,
  open,
  expandButton,
  status,
  selectAll,
  sortBar,
}: {
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: DataTableProps<Row>['rowKey'];
  showRows: boolean;
  busy: boolean;
  selection: DataTableProps<Row>['selection'];
  expand: DataTableProps<Row>['expand'];
  open: ReadonlySet<string | number>;
  expandButton: (row: Row) => ReactNode;
  /** The empty or failed message, when there are no rows to show. */
  status: ReactNode;
  selectAll: ReactNode;
  /** The list's sort buttons (the cards have no header to click). */
  sortBar?: ReactNode;
}) {
  const t = useT();
  const facts = columns.filter((c) => (c.priority ?? 1) === 1 && c.key !== 'actions');
  const [title, ...rest] = facts;
  const actions = columns.find((c) => c.key === 'actions');
  return (
    <Box>
      {sortBar}
      {selection && showRows && rows.length > 0 && (
        <Box px="1" pb="2">
          {selectAll}
        </Box>
      )}
      <Stack
        as="ul"
        listStyleType="none"
        gap="2"
        aria-label={t('common.table.cards', { label })}
        aria-busy={busy}
        opacity={busy && showRows ? 0.55 : 1}
      >
        {showRows &&
          rows.map((row) => {
            const key = rowKey(row);
            return (
              <Box
                as="li"
                key={key}
                borderWidth="1px"
                borderRadius="md"
                bg="bg"
                p="3"
                data-selected={selection?.selected.has(key) ? '' : undefined}
              >
                <Flex align="start" gap="2">
                  {expand && expandButton(row)}
                  {selection && (
                    <Checkbox.Root
                      size="sm"
                      mt="0.5"
                      checked={selection.selected.has(key)}
                      onCheckedChange={(e) => {
                        const next = new Set(selection.selected);
                        if (e.checked === true) next.add(key);
                        else next.delete(key);
                        selection.onChange(next);
                      }}
                    >
                      <Checkbox.HiddenInput aria-label={selection.rowLabel(row)} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  )}
                  {title && (
                    <Box fontWeight="semibold" minW="0" flex="1" overflowWrap="anywhere">
                      {title.cell(row)}
                    </Box>
                  )}
                </Flex>
                {rest.length > 0 && (
                  <DataList.Root orientation="horizontal" size="sm" gap="1.5" mt="2">
                    {rest.map((c) => (
                      <DataList.Item key={c.key}>
                        <DataList.ItemLabel minW="6rem" maxW="40%">
                          {c.header}
                        </DataList.ItemLabel>
                        <DataList.ItemValue minW="0" overflowWrap="anywhere" justifyContent="start">
                          {c.cell(row)}
                        </DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                )}
                {actions && (
                  <Flex mt="2" pt="2" borderTopWidth="1px" justify="end" wrap="wrap" gap="1">
                    {actions.cell(row)}
                  </Flex>
                )}
                {expand && open.has(key) && (
                  <Box mt="2" pt="2" borderTopWidth="1px" overflowX="auto">
                    {expand.render(row)}
                  </Box>
                )}
              </Box>
            );
          })}
        {busy &&
          !showRows &&
          [0, 1, 2].map((i) => (
            <Box as="li" key={`skeleton-${i}`} aria-hidden="true" borderWidth="1px" borderRadius="md" p="3">
              <Skeleton h="4" mb="2" />
              <Skeleton h="4" w="60%" />
            </Box>
          ))}
      </Stack>
      {!busy && !showRows && (
        <Box borderWidth="1px" borderRadius="md" bg="bg" py="10" px="3">
          {status}
        </Box>
      )}
    </Box>
  );
}
