import type { MessageKey } from '../messages';
import type { ExportColumn, ListColumn } from './define';

/** Columns several lists declare alike (written once; a list lists them in its own order). */

/** A sortable time (created at, finished at, expires at): kept on one line. */
export const timeColumn = <K extends string>(key: K, headerKey: MessageKey, priority: 1 | 2 | 3) =>
  ({ key, headerKey, sortField: key, priority, width: { nowrap: true } }) satisfies ListColumn<K>;

/** A sortable amount, right-aligned on one line. */
export const amountColumn = <K extends string>(key: K, headerKey: MessageKey) =>
  ({
    key,
    headerKey,
    sortField: key,
    priority: 1,
    width: { nowrap: true },
    align: 'end',
  }) satisfies ListColumn<K>;

/** The company, where the caller's scope holds several. */
export const companyColumn = () =>
  ({
    key: 'company',
    headerKey: 'fields.companyId',
    priority: 2,
    width: { ellipsis: true },
    scope: 'company',
  }) satisfies ListColumn<'company'>;

/** Created and finished, the first two columns of the payment exports. */
export const exportTimes = () =>
  [
    { key: 'createdAt', width: 20, cell: { kind: 'time' } },
    { key: 'finishedAt', width: 20, cell: { kind: 'time' } },
  ] as const satisfies readonly ExportColumn[];

/* The setup lists (organisations, accounts, terminals) share these. */

/** The row's id, sortable. */
export const idColumn = () =>
  ({
    key: 'id',
    headerKey: 'fields.id',
    sortField: 'id',
    priority: 2,
    width: { nowrap: true },
  }) satisfies ListColumn<'id'>;

/** An organisation's name, sortable; the row's first word. */
export const nameColumn = (min: string) =>
  ({
    key: 'name',
    headerKey: 'fields.name',
    sortField: 'name',
    priority: 1,
    width: { min },
  }) satisfies ListColumn<'name'>;

/** A phone number on one line. */
export const phoneColumn = () =>
  ({
    key: 'phone',
    headerKey: 'fields.phone',
    priority: 3,
    width: { nowrap: true },
  }) satisfies ListColumn<'phone'>;

/** A count of what the row holds (companies, agencies, branches), right-aligned. */
export const countColumn = <K extends string>(key: K, headerKey: MessageKey) =>
  ({ key, headerKey, priority: 3, width: {}, align: 'end' }) satisfies ListColumn<K>;

/** The status badge and the creation time, both sortable. */
export const statusAndCreated = () =>
  [
    { key: 'status', headerKey: 'fields.status', sortField: 'status', priority: 1, width: {} },
    timeColumn('createdAt', 'org.createdAt', 3),
  ] as const satisfies readonly ListColumn[];

/** The row's actions (edit, lock or unlock, …). */
export const actionsColumn = () =>
  ({ key: 'actions', headerKey: 'common.actions', priority: 1, width: {} }) satisfies ListColumn<'actions'>;
