import { Badge } from '@chakra-ui/react';
import type { MerchantNotification } from '../../contract/merchant';
import type { OrderDetail } from '../../contract/orders';
import { useT } from '../../app/i18n';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge } from './badges';
import { SectionCard } from '../../components/SectionCard';
import { FactTable } from '../../components/FactTable';

const COLOURS: Record<MerchantNotification['status'], string> = {
  pending: 'orange',
  delivered: 'green',
  failed: 'red',
};

/**
 * What the merchant's system was told (a merchant-API payment with a notifyUrl): each
 * outcome, whether the merchant acknowledged it, and the next try while it has not. Shown only
 * for orders that have any.
 */
export function OrderNotifications({ order }: { order: OrderDetail }) {
  const t = useT();
  if (order.notifications.length === 0) return null;
  const title = t('orders.notifications.title');
  return (
    <SectionCard
      title={title}
      description={t('orders.notifications.to', { url: order.notifications[0].url })}
    >
      <FactTable
        label={title}
        rows={order.notifications}
        rowKey={(n) => n.notifyId}
        columns={[
          {
            header: t('orders.notifications.reports'),
            cell: (n) => <OrderStatusBadge status={n.orderStatus} />,
          },
          {
            header: t('orders.notifications.delivery'),
            cell: (n) => (
              <Badge colorPalette={COLOURS[n.status]} variant="subtle">
                {t(`orders.notifications.status.${n.status}`)}
              </Badge>
            ),
          },
          { header: t('orders.notifications.attempts'), align: 'end', cell: (n) => n.attempts },
          {
            header: t('orders.notifications.lastAnswer'),
            cell: (n) =>
              n.lastHttpStatus !== null && n.status === 'delivered'
                ? `HTTP ${n.lastHttpStatus}`
                : n.lastError || '—',
          },
          {
            header: t('orders.notifications.when'),
            cell: (n) =>
              n.status === 'delivered'
                ? formatDateTime(n.deliveredAt)
                : n.status === 'pending'
                  ? t('orders.notifications.next', { at: formatDateTime(n.nextAttemptAt) })
                  : '—',
            style: { whiteSpace: 'nowrap' },
          },
        ]}
      />
    </SectionCard>
  );
}
