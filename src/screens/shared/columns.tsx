import type { Status } from '../../contract/fields';
import type { Translate } from '../../i18n';
import type { Column } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';

/** The status badge and creation time every organisation list shows, sortable by both. */
export function statusAndCreatedColumns<Row extends { status: Status; createdAt: string }>(
  t: Translate,
): Column<Row>[] {
  return [
    {
      key: 'status',
      header: t('fields.status'),
      sortField: 'status',
      cell: (r) => <StatusBadge status={r.status} />,
    },
    {
      key: 'createdAt',
      header: t('org.createdAt'),
      sortField: 'createdAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.createdAt),
    },
  ];
}
