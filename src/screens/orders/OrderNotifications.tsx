import { Badge, Table } from '@chakra-ui/react';
import type { MerchantNotification } from '../../contract/merchant';
import type { OrderDetail } from '../../contract/orders';
import { useT } from '../../app/i18n';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge } from './badges';
import { SectionCard } from '../../components/SectionCard';

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
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('orders.notifications.reports')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orders.notifications.delivery')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('orders.notifications.attempts')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orders.notifications.lastAnswer')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orders.notifications.when')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {order.notifications.map((n) => (
              <Table.Row key={n.notifyId}>
                <Table.Cell>
                  <OrderStatusBadge status={n.orderStatus} />
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={COLOURS[n.status]} variant="subtle">
                    {t(`orders.notifications.status.${n.status}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">{n.attempts}</Table.Cell>
                <Table.Cell>
                  {n.lastHttpStatus !== null && n.status === 'delivered'
                    ? `HTTP ${n.lastHttpStatus}`
                    : n.lastError || '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {n.status === 'delivered'
                    ? formatDateTime(n.deliveredAt)
                    : n.status === 'pending'
                      ? t('orders.notifications.next', { at: formatDateTime(n.nextAttemptAt) })
                      : '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </SectionCard>
  );
}
