import type { Status } from '../../contract/fields';
import { formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';

/** The cells of the status badge and creation time every setup list shows (statusAndCreated in the definitions). */
export const statusAndCreatedCells = <Row extends { status: Status; createdAt: string }>() => ({
  status: (r: Row) => <StatusBadge status={r.status} />,
  createdAt: (r: Row) => formatDateTime(r.createdAt),
});
