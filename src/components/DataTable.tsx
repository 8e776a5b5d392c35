import { Fragment, useState, type ReactNode } from 'react';
import { Box, Button, Checkbox, Flex, IconButton, Skeleton, Table, Text, chakra } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import type { Translate } from '../i18n';
import { ArrowDownIcon, ArrowUpIcon, ChevronDownIcon, ChevronRightIcon, SortIcon } from './icons';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort field when the column sorts. */
  sortField?: string;
  minW?: string;
  align?: 'start' | 'center' | 'end';
  nowrap?: boolean;
  /** Which widths keep the column (1 always … 3 desktop only; src/contract/lists). Not yet applied. */
  priority?: 1 | 2 | 3;
  /** Cut a long value with an ellipsis (src/contract/lists). Not yet applied. */
  ellipsis?: boolean;
  /** Header content other than text (a select-all box). */
  headerCell?: ReactNode;
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
  /** Rows can be ticked (a bulk action such as delete); keys of the ticked rows. */
  selection?: {
    selected: ReadonlySet<string | number>;
    onChange: (selected: Set<string | number>) => void;
    /** Accessible name of one row's box. */
    rowLabel: (row: Row) => string;
  };
  /** A row opens to show more below it (an audit row's before and after). */
  expand?: { render: (row: Row) => ReactNode; label: string };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** From tablet width a column keyed 'actions' stays in view at the end while the rest scrolls sideways. */
const PINNED_END = {
  position: { base: 'static', md: 'sticky' },
  insetInlineEnd: 0,
  bg: 'bg',
  zIndex: 1,
  boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)',
} as const;

/** A Chakra table with a sticky header, sortable headers and the list's loading/empty/failed states. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rows, rowKey, status, message, onRetry, sortField, sortOrder, onSort, selection, expand } =
    props;
  const t = useT();
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  const busy = status === 'loading' || status === 'checking';
  const showRows = status === 'loaded' || (busy && rows.length > 0);
  const columns: Column<Row>[] = [
    ...(expand ? [expandColumn(expand.label, rowKey, open, setOpen)] : []),
    ...(selection ? [selectColumn(t, rows, rowKey, selection)] : []),
    ...props.columns,
  ];

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
                  {...(c.key === 'actions' ? { ...PINNED_END, bg: 'bg.muted', zIndex: 2 } : {})}
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
                    (c.headerCell ?? c.header)
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body opacity={busy && showRows ? 0.55 : 1} transition="opacity 0.2s">
          {showRows &&
            rows.map((row) => (
              <Fragment key={rowKey(row)}>
                <Table.Row data-selected={selection?.selected.has(rowKey(row)) ? '' : undefined}>
                  {columns.map((c) => (
                    <Table.Cell
                      key={c.key}
                      {...(c.key === 'actions' ? PINNED_END : {})}
                      textAlign={c.align}
                      whiteSpace={c.nowrap ? 'nowrap' : undefined}
                    >
                      {c.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
                {expand && open.has(rowKey(row)) && (
                  <Table.Row bg="bg.subtle" _hover={{ bg: 'bg.subtle' }}>
                    <Table.Cell colSpan={columns.length} py="3">
                      {expand.render(row)}
                    </Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
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

function expandColumn<Row>(
  label: string,
  rowKey: (row: Row) => string | number,
  open: ReadonlySet<string | number>,
  setOpen: (next: ReadonlySet<string | number>) => void,
): Column<Row> {
  return {
    key: '__expand',
    header: '',
    cell: (row) => {
      const key = rowKey(row);
      const isOpen = open.has(key);
      return (
        <IconButton
          size="2xs"
          variant="ghost"
          aria-label={label}
          aria-expanded={isOpen}
          onClick={() => {
            const next = new Set(open);
            if (isOpen) next.delete(key);
            else next.add(key);
            setOpen(next);
          }}
        >
          {isOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
        </IconButton>
      );
    },
  };
}

function selectColumn<Row>(
  t: Translate,
  rows: readonly Row[],
  rowKey: (row: Row) => string | number,
  selection: NonNullable<DataTableProps<Row>['selection']>,
): Column<Row> {
  const keys = rows.map(rowKey);
  const ticked = keys.filter((k) => selection.selected.has(k)).length;
  const all = keys.length > 0 && ticked === keys.length;
  const toggle = (key: string | number, on: boolean) => {
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };
  return {
    key: '__select',
    header: '',
    headerCell: (
      <Checkbox.Root
        size="sm"
        checked={all ? true : ticked > 0 ? 'indeterminate' : false}
        onCheckedChange={(e) => selection.onChange(e.checked === true ? new Set(keys) : new Set())}
      >
        <Checkbox.HiddenInput aria-label={t('common.selectAll')} />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
    cell: (row) => (
      <Checkbox.Root
        size="sm"
        checked={selection.selected.has(rowKey(row))}
        onCheckedChange={(e) => toggle(rowKey(row), e.checked === true)}
      >
        <Checkbox.HiddenInput aria-label={selection.rowLabel(row)} />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
  };
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
  t: Translate;
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
