import { Box, Flex, Table, Text } from '@chakra-ui/react';
import { ORDER_EVENTS, type OrderDetail } from '../../contract/orders';
import { moneyIn } from '../../components/money';
import { APPROVAL_EXPIRED_REASON, REFUND_APPROVAL_EXPIRY_DAYS } from '../../contract/refunds';
import { useT } from '../../app/i18n';
import { textOr } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge, RefundStatusBadge } from './badges';
import { resultText } from './brandText';
import { SectionCard } from '../../components/SectionCard';

/** Events with a label; any other event name reads as a status change. */
const LABELLED_EVENTS: readonly string[] = ['create', ...ORDER_EVENTS];

/** The order's refunds, newest first as the server lists them. */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  const t = useT();
  return (
    <SectionCard title={t('orders.detail.refunds')}>
      {order.refunds.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('orders.detail.noRefunds')}
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={t('orders.detail.refunds')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('refunds.gatewayRefundNo')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('fields.refundAmount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('orders.createdAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('refunds.refundedBy')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('fields.remark')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {order.refunds.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
                    {r.gatewayRefundNo}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {moneyIn(t)(r.amount, r.currency)}
                  </Table.Cell>
                  <Table.Cell>
                    <RefundStatusBadge status={r.status} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createdAt)}</Table.Cell>
                  <Table.Cell>{r.operatorLoginId ?? ''}</Table.Cell>
                  <Table.Cell minW="14rem" whiteSpace="normal" overflowWrap="anywhere">
                    {r.rejectReason
                      ? t('refunds.approval.rejectReason', {
                          reason:
                            r.rejectReason === APPROVAL_EXPIRED_REASON
                              ? t('refunds.approval.expired', { days: REFUND_APPROVAL_EXPIRY_DAYS })
                              : r.rejectReason,
                        })
                      : resultText(t, r.errorCode, r.errorMessage) || r.remark}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </SectionCard>
  );
}

/** The status timeline: each move of the order, what caused it and when. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const t = useT();
  return (
    <SectionCard title={t('orders.detail.timeline')}>
      <Box as="ol" aria-label={t('orders.detail.timeline')} listStyleType="none" m="0" p="0">
        {order.events.map((e, i) => (
          <Flex
            as="li"
            key={`${e.createdAt}-${i}`}
            gap="3"
            pb="3"
            ps="4"
            position="relative"
            borderStartWidth="2px"
            borderColor={i === order.events.length - 1 ? 'transparent' : 'border'}
            ms="1.5"
            direction="column"
          >
            <Box
              position="absolute"
              insetStart="-7px"
              top="1"
              boxSize="3"
              borderRadius="full"
              bg="blue.500"
            />
            <Flex gap="2" align="center" wrap="wrap">
              <OrderStatusBadge status={e.toStatus} />
              <Text fontSize="sm" fontWeight="medium">
                {LABELLED_EVENTS.includes(e.event)
                  ? textOr(t, `orders.events.${e.event}`, e.event)
                  : t('orders.detail.statusChanged')}
              </Text>
            </Flex>
            <Text fontSize="xs" color="fg.muted" mt="-2">
              {formatDateTime(e.createdAt)} · {textOr(t, `orders.sources.${e.source}`, e.source)}
            </Text>
          </Flex>
        ))}
      </Box>
    </SectionCard>
  );
}
