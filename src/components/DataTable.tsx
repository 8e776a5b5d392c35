import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Checkbox, Flex, IconButton, Skeleton, Table, Text, chakra } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import type { Translate } from '../i18n/translator';
import { ArrowDownIcon, ArrowUpIcon, ChevronDownIcon, ChevronRightIcon, SortIcon } from './icons';
import { CardList } from './table/CardList';
import { ColumnsMenu } from './table/ColumnsMenu';
import { orderedKeys, useColumnPrefs } from './table/columnPrefs';
import { Truncate } from './table/Truncate';
import { MOBILE_QUERY, useMediaQuery } from './table/useMediaQuery';
import type { Column, DataTableProps, TableStatus } from './table/types';

export type { Column, DataTableProps, TableStatus } from './table/types';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** From tablet width a column keyed 'actions' stays in view at the end while the rest scrolls sideways. */
const PINNED_END = {
  position: { base: 'static', md: 'sticky' },
  insetInlineEnd: 0,
  bg: 'bg',
  zIndex: 1,
  boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)',
} as const;

/**
 * How the table fits its width: `squeeze` cuts the ellipsis columns to their narrowest,
 * `hidden` are the columns of priority 2 and 3 left out for want of room. Worked out again
 * when the width, the columns or the rows change (`for`).
 */
interface Fit {
  for: { width: number; keys: string; rows: readonly unknown[] } | null;
  squeeze: boolean;
  hidden: readonly string[];
  /** The ellipsis columns were widened again once columns gave way (tried once, so it settles). */
  widened: boolean;
  /** How far the table ran over before it was squeezed (what squeezing saved, known after). */
  overBeforeSqueeze: number;
}
const NO_FIT: Fit = { for: null, squeeze: false, hidden: [], widened: false, overBeforeSqueeze: 0 };

/** Widest an ellipsis column gets while there is room, and narrowest without a declared minimum. */
const ELLIPSIS_MAX = '18rem';
const ELLIPSIS_MIN = '7rem';

/** A key fact: always shown, never switched off. */
const locked = (c: { priority?: 1 | 2 | 3 }) => (c.priority ?? 1) === 1;

/**
 * A list's rows: from the `md` breakpoint a Chakra table with a sticky header, sortable
 * headers, the user's choice of columns and columns that give way (by priority) rather than
 * run under the actions; below it one card per row with the row's key facts. Both show the
 * list's loading, empty and failed states, the row selection and the row details.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rows, rowKey, status, message, onRetry, sortField, sortOrder, onSort, selection, expand } =
    props;
  const t = useT();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  const busy = status === 'loading' || status === 'checking';
  const showRows = status === 'loaded' || (busy && rows.length > 0);

  const { prefs, save, reset } = useColumnPrefs(props.columnsKey);
  const actions = props.columns.find((c) => c.key === 'actions');
  const movable = props.columns.filter((c) => c.key !== 'actions');
  const byKey = new Map(movable.map((c) => [c.key, c]));
  const order = orderedKeys(
    movable.map((c) => c.key),
    prefs,
  );
  const chosen = order.map((k) => byKey.get(k)!).filter((c) => locked(c) || !prefs.hidden.includes(c.key));

  const outerRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const widthRef = useRef(0);
  const [fitState, setFit] = useState<Fit>(NO_FIT);
  const keys = chosen.map((c) => c.key).join(',');
  const fit =
    fitState.for && fitState.for.width === width && fitState.for.keys === keys && fitState.for.rows === rows
      ? fitState
      : NO_FIT;
  const shown = chosen.filter((c) => !fit.hidden.includes(c.key));

  useLayoutEffect(() => {
    const el = outerRef.current;
    if (!el) return;
    // A scroll bar coming or going is not a new width (it would undo the fit for ever).
    const measured = (w: number) => {
      if (Math.abs(widthRef.current - w) <= 24) return;
      widthRef.current = w;
      setWidth(w);
    };
    // The width now, before the first paint: the fit is then worked out once for it, not first
    // for no width and again when the observer first reports.
    measured(Math.round(el.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => measured(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [mobile]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (mobile || !el) return;
    const base = { ...fit, for: { width, keys, rows } };
    if (el.scrollWidth <= el.clientWidth + 1) return;
    const over = el.scrollWidth - el.clientWidth;
    if (!fit.squeeze && shown.some((c) => c.ellipsis)) {
      setFit({ ...base, squeeze: true, overBeforeSqueeze: over });
      return;
    }
    // The columns that give way, in turn (the lowest priority first, then the rightmost), as
    // many at once as their headers' widths cover what runs over: one render instead of one per
    // column (a list page rendered its rows six times). The next check takes more if that was
    // not enough.
    const giveWay = shown
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => !locked(c))
      .sort((a, b) => (b.c.priority ?? 1) - (a.c.priority ?? 1) || b.i - a.i);
    const hide: string[] = [];
    let freed = 0;
    for (const { c } of giveWay) {
      hide.push(c.key);
      freed += el.querySelector<HTMLElement>(`th[data-column="${CSS.escape(c.key)}"]`)?.offsetWidth ?? 0;
      if (freed >= over) break;
    }
    if (!hide.length) return;
    // Once columns give way, the squeezed columns get their width back when what the columns
    // free also covers what squeezing saved — decided here from the widths, not by widening and
    // measuring again (two more renders of every row when it did not fit).
    const saved = fit.squeeze && !fit.widened ? Math.max(0, fit.overBeforeSqueeze - over) : null;
    setFit({
      ...base,
      hidden: [...fit.hidden, ...hide],
      ...(saved === null ? {} : { widened: true, squeeze: freed < over + saved }),
    });
    // `shown` is new on every render: the fit is checked after each one (rows, fonts, states).
  }, [mobile, fit, width, keys, rows, shown]);

  /** The direction the list sorts by this column, or null. */
  const sortedBy = (c: Column<Row>) =>
    c.sortField && sortField === c.sortField && sortOrder ? sortOrder : null;
  const toggleOpen = (key: string | number) => {
    const next = new Set(open);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
  };
  const expandCol = expand ? expandColumn(expand.label, rowKey, open, toggleOpen) : null;
  const selectCol = selection ? selectColumn(t, rows, rowKey, selection) : null;
  const statusMessage = <StatusMessage status={status} message={message} onRetry={onRetry} t={t} />;

  if (mobile) {
    // The cards have no header to click: the sortable columns become a row of sort buttons
    // (the same cycle as a header: ascending, descending, not sorted).
    const sortable = onSort ? chosen.filter((c) => c.sortField) : [];
    const sortBar =
      sortable.length > 0 ? (
        <Flex role="group" aria-label={t('common.table.sortBy')} gap="1.5" wrap="wrap" align="center" mb="2">
          <Text fontSize="sm" color="fg.muted" aria-hidden="true">
            {t('common.table.sortBy')}
          </Text>
          {sortable.map((c) => {
            const active = sortedBy(c);
            const state = t(
              active === 'asc'
                ? 'common.table.sortAsc'
                : active === 'desc'
                  ? 'common.table.sortDesc'
                  : 'common.table.sortNone',
            );
            return (
              <Button
                key={c.key}
                size="xs"
                variant={active ? 'subtle' : 'outline'}
                aria-pressed={active !== null}
                aria-label={t('common.table.sortState', { column: c.header, state })}
                onClick={() => onSort!(c.sortField!)}
              >
                {c.header}
                <SortMark active={active} />
              </Button>
            );
          })}
        </Flex>
      ) : null;
    return (
      <CardList
        sortBar={sortBar}
        label={label}
        columns={[...chosen, ...(actions ? [actions] : [])]}
        rows={rows}
        rowKey={rowKey}
        showRows={showRows}
        busy={busy}
        selection={selection}
        expand={expand}
        open={open}
        expandButton={(row) => expandCol?.cell(row)}
        status={statusMessage}
        selectAll={
          <Flex align="center" gap="2" fontSize="sm">
            {selectCol?.headerCell}
            <Text aria-hidden="true">{t('common.selectAll')}</Text>
          </Flex>
        }
      />
    );
  }

  const columns: Column<Row>[] = [
    ...(expandCol ? [expandCol] : []),
    ...(selectCol ? [selectCol] : []),
    ...shown,
    ...(actions ? [actions] : []),
  ];
  const move = (key: string, by: -1 | 1) => {
    const i = order.indexOf(key);
    const j = i + by;
    if (i < 0 || j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j], next[i]];
    save({ ...prefs, order: next });
  };
  const toggle = (key: string, on: boolean) =>
    save({
      ...prefs,
      order: prefs.order.length ? prefs.order : order,
      hidden: on ? prefs.hidden.filter((k) => k !== key) : [...prefs.hidden, key],
    });

  return (
    <Box ref={outerRef}>
      {props.columnsKey && (
        <Flex justify="end" mb="1.5">
          <ColumnsMenu
            columns={order.map((k) => {
              const c = byKey.get(k)!;
              return {
                key: k,
                header: c.header,
                shown: !prefs.hidden.includes(k),
                locked: locked(c),
                noRoom: fit.hidden.includes(k),
              };
            })}
            onToggle={toggle}
            onMove={move}
            onReset={reset}
          />
        </Flex>
      )}
      <Table.ScrollArea
        ref={scrollRef}
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
                const active = sortedBy(c);
                return (
                  <Table.ColumnHeader
                    key={c.key}
                    data-column={c.key}
                    {...(c.key === 'actions' ? { ...PINNED_END, bg: 'bg.muted', zIndex: 2 } : {})}
                    minW={c.ellipsis ? undefined : c.minW}
                    textAlign={c.align}
                    whiteSpace={c.ellipsis ? 'normal' : 'nowrap'}
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
                        <SortMark active={active} />
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
                        {c.ellipsis ? (
                          <Truncate maxW={fit.squeeze ? (c.minW ?? ELLIPSIS_MIN) : ELLIPSIS_MAX}>
                            {c.cell(row)}
                          </Truncate>
                        ) : (
                          c.cell(row)
                        )}
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
                  {statusMessage}
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

function expandColumn<Row>(
  label: string,
  rowKey: (row: Row) => string | number,
  open: ReadonlySet<string | number>,
  toggle: (key: string | number) => void,
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
          onClick={() => toggle(key)}
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
        // This page's rows in or out; rows ticked on other pages or under other filters stay as they are.
        onCheckedChange={(e) => {
          const next = new Set(selection.selected);
          for (const k of keys) {
            if (e.checked === true) next.add(k);
            else next.delete(k);
          }
          selection.onChange(next);
        }}
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

/** A sortable column's mark: its direction when the list sorts by it, else the neutral sign. */
function SortMark({ active }: { active: 'asc' | 'desc' | null }) {
  if (active === 'asc') return <ArrowUpIcon boxSize="3.5" />;
  if (active === 'desc') return <ArrowDownIcon boxSize="3.5" />;
  return <SortIcon boxSize="3.5" color="fg.subtle" />;
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
      {/* What an empty page says where its screen says it (a paged table's own words). */}
      {(status === 'invalid' || status === 'empty') && message ? message : t('common.empty')}
    </Box>
  );
}
