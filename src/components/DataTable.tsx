import type { ReactNode } from 'react';
import { Box, Button, Flex, Skeleton, Table, Text, chakra } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './icons';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort field when the column sorts. */
  sortField?: string;
  minW?: string;
  align?: 'start' | 'center' | 'end';
  nowrap?: boolean;
}

/** The listQuery machine's states the table renders (checking never rests). */
export type TableStatus = 'checking' | 'loading' | 'loaded' | 'empty' | 'failed' | 'invalid';

export interface DataTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  status: TableStatus;
  /** Failure or rejection text, already in the reader's language. */
  message?: string | null;
  onRetry?: () => void;
  sortField?: string;
  sortOrder?: 'asc' | 'desc' | '';
  onSort?: (field: string) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A Chakra table with a sticky header, sortable headers and the list's loading/empty/failed states. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, status, message, onRetry, sortField, sortOrder, onSort } = props;
  const t = useT();
  const busy = status === 'loading' || status === 'checking';
  const showRows = status === 'loaded' || (busy && rows.length > 0);

  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      maxH={{ base: '70vh', lg: 'calc(100dvh - 19rem)' }}
      minH="12rem"
      position="relative"
    >
      <Table.Root size="sm" stickyHeader interactive aria-label={label} aria-busy={busy}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {columns.map((c) => {
              const active = c.sortField && sortField === c.sortField && sortOrder ? sortOrder : null;
              return (
                <Table.ColumnHeader
                  key={c.key}
                  minW={c.minW}
                  textAlign={c.align}
                  whiteSpace="nowrap"
                  aria-sort={c.sortField ? (active ? ARIA_SORT[active] : 'none') : undefined}
                >
                  {c.sortField && onSort ? (
                    <chakra.button
                      type="button"
                      display="inline-flex"
                      alignItems="center"
                      gap="1"
                      fontWeight="inherit"
                      cursor="pointer"
                      _hover={{ color: 'blue.600' }}
                      onClick={() => onSort(c.sortField!)}
                    >
                      {c.header}
                      {active === 'asc' ? (
                        <ArrowUpIcon boxSize="3.5" />
                      ) : active === 'desc' ? (
                        <ArrowDownIcon boxSize="3.5" />
                      ) : (
                        <SortIcon boxSize="3.5" color="fg.subtle" />
                      )}
                    </chakra.button>
                  ) : (
                    c.header
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body opacity={busy && showRows ? 0.55 : 1} transition="opacity 0.2s">
          {showRows &&
            rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell key={c.key} textAlign={c.align} whiteSpace={c.nowrap ? 'nowrap' : undefined}>
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          {busy &&
            !showRows &&
            [0, 1, 2, 3, 4].map((i) => (
              <Table.Row key={`skeleton-${i}`} aria-hidden="true">
                {columns.map((c) => (
                  <Table.Cell key={c.key}>
                    <Skeleton h="4" />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          {!busy && !showRows && (
            <Table.Row>
              <Table.Cell colSpan={columns.length} py="10">
                <StatusMessage status={status} message={message} onRetry={onRetry} t={t} />
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function StatusMessage({
  status,
  message,
  onRetry,
  t,
}: {
  status: TableStatus;
  message?: string | null;
  onRetry?: () => void;
  t: (key: string) => string;
}) {
  if (status === 'failed') {
    return (
      <Flex direction="column" align="center" gap="2" role="alert">
        <Text fontWeight="medium" color="fg.error">
          {t('common.loadFailed')}
        </Text>
        {message && (
          <Text fontSize="sm" color="fg.muted">
            {message}
          </Text>
        )}
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Flex>
    );
  }
  return (
    <Box textAlign="center" color="fg.muted" role="status">
      {status === 'invalid' && message ? message : t('common.empty')}
    </Box>
  );
}
