import { PRE_ORDER_COLUMNS, type PreOrderRow } from '../../contract/preorders';
import { closePreOrder, pagePreOrders, uploadPreOrders } from '../../services/preorders';
import { useT } from '../../app/i18n';
import { LinkListScreen } from '../links/LinkListScreen';
import { PreOrderDialog } from './PreOrderDialog';
import { preOrderCells } from './preOrderColumns';
import { PRE_ORDER_LIST } from '../../contract/lists/preOrders';

/** The example row of the upload template. */
const EXAMPLE = {
  clientPayNo: 'REQ-2026-0001',
  orderAmount: '3000',
  currency: 'JPY',
  validityHours: '48',
  useTimes: '10',
  remark: 'Lunch set',
};

/** /manage/onepay: pre-orders (payment requests) — list, new on the pre-order machine, close, upload. */
export default function PreOrders() {
  const t = useT();
  return (
    <LinkListScreen<PreOrderRow, typeof PRE_ORDER_LIST>
      texts={{
        title: t('menu.preorders'),
        newTitle: t('preorders.newTitle'),
        uploadTitle: t('preorders.uploadTitle'),
        closeTitle: t('preorders.closeTitle'),
        closeBody: (number) => t('preorders.closeBody', { number }),
        closeConfirm: t('preorders.closeConfirm'),
        closed: (number) => t('preorders.closed', { number }),
      }}
      tableKey="preorders.table"
      fetchPage={pagePreOrders}
      list={PRE_ORDER_LIST}
      cells={preOrderCells}
      numberOf={(r) => r.gatewayPayNo}
      close={(r) => closePreOrder({ gatewayPayNo: r.gatewayPayNo })}
      upload={{
        columns: PRE_ORDER_COLUMNS,
        example: EXAMPLE,
        templateName: 'pre-orders-template.csv',
        send: uploadPreOrders,
      }}
      newDialog={(p) => <PreOrderDialog {...p} />}
    />
  );
}
