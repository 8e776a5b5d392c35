import { ORDER_LIST } from '../../contract/lists/orders';
import { ListScreen } from '../../lists/ListScreen';
import { pageOrders } from '../../services/orders';
import { orderCells } from './orderColumns';

/** /history/order: the transaction history (filters in the URL, at most 31 days), with exports. */
export default function Orders() {
  return (
    <ListScreen
      list={ORDER_LIST}
      titleKey="menu.transactionHistory"
      tableKey="orders.table"
      fetchPage={pageOrders}
      cells={orderCells}
    />
  );
}
