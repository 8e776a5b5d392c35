import type { MessageKey } from '../../i18n';
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
