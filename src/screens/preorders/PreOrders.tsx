import { useCallback } from 'react';
import { PRE_ORDER_COLUMNS, type PreOrderRow } from '../../contract/preorders';
import { closePreOrder, pagePreOrders, uploadPreOrders } from '../../services/preorders';
import { useT } from '../../app/i18n';
import { LinkListScreen } from '../links/LinkListScreen';
import { PreOrderDialog } from './PreOrderDialog';
import { preOrderColumns } from './preOrderColumns';

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
  const columns = useCallback(
    (actions: Parameters<typeof preOrderColumns>[1], withCompany: boolean) =>
      preOrderColumns(t, actions, withCompany),
    [t],
  );
  return (
    <LinkListScreen<PreOrderRow>
      texts={{
        title: t('menu.onepay'),
        newTitle: t('linkScreens.preOrder.newTitle'),
        table: t('linkScreens.preOrder.table'),
        uploadTitle: t('linkScreens.preOrder.uploadTitle'),
        closeTitle: t('linkScreens.preOrder.closeTitle'),
        closeBody: (number) => t('linkScreens.preOrder.closeBody', { number }),
        closeConfirm: t('linkScreens.preOrder.closeConfirm'),
        closed: (number) => t('linkScreens.preOrder.closed', { number }),
      }}
      fetchPage={pagePreOrders}
      filterDefaults={{ useStatus: '', payNo: '' }}
      filterFields={[
        {
          kind: 'select',
          name: 'useStatus',
          label: t('linkScreens.preOrder.useStatus'),
          options: (['0', '1'] as const).map((s) => ({
            value: s,
            label: t(`linkScreens.preOrder.useStatusOf.${s}`),
          })),
        },
        { kind: 'text', name: 'payNo', label: t('linkScreens.payNoFilter') },
      ]}
      columns={columns}
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
