import { REFUND_LIST } from '../../contract/lists/refunds';
import { ListScreen } from '../../lists/ListScreen';
import { pageRefunds } from '../../services/refunds';
import { refundCells } from './refundColumns';

/** /history/refund: the refund history (filters in the URL, at most 31 days), with exports. */
export default function Refunds() {
  return (
    <ListScreen
      list={REFUND_LIST}
      titleKey="menu.refundHistory"
      tableKey="refunds.table"
      fetchPage={pageRefunds}
      cells={refundCells}
    />
  );
}
