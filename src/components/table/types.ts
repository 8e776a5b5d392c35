import type { ReactNode } from 'react';

/** What a list's table is given (DataTable.tsx draws it, table/CardList.tsx below the md breakpoint). */
export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort field when the column sorts. */
  sortField?: string;
  minW?: string;
  align?: 'start' | 'center' | 'end';
  nowrap?: boolean;
  /**
   * 1: a key fact, always shown (the cards below the md breakpoint show these); 2 and 3 give
   * way, 3 first, when the table does not fit its width. Without one, 1.
   */
  priority?: 1 | 2 | 3;
  /** One line, cut with an ellipsis; the whole text on hover and focus. */
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
  /**
   * Where the user's choice of columns (shown, order) is remembered: one key per list and
   * user (columnPrefsKey). Without it the table has no Columns menu.
   */
  columnsKey?: string;
}
