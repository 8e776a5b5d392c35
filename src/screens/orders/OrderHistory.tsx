import { Box, Flex, Text } from '@chakra-ui/react';
import { ORDER_EVENTS, type OrderDetail } from '../../contract/orders';
import { moneyIn } from '../../components/money';
import { APPROVAL_EXPIRED_REASON, REFUND_APPROVAL_EXPIRY_DAYS } from '../../contract/refunds';
import { useT } from '../../app/i18n';
import { textOr } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge, RefundStatusBadge } from './badges';
import { resultText } from './brandText';
import { SectionCard } from '../../components/SectionCard';
import { FactTable } from '../../components/FactTable';

/** Events with a label; any other event name reads as a status change. */
const LABELLED_EVENTS: readonly string[] = ['create', ...ORDER_EVENTS];

/** The order's refunds, newest first as the server lists them. */
export function OrderRefunds({ order }: { order: OrderDetail }) {
  const t = useT();
  return (
    <SectionCard title={t('orders.detail.refunds')}>
      <FactTable
        label={t('orders.detail.refunds')}
        rows={order.refunds}
        rowKey={(r) => r.id}
        empty={t('orders.detail.noRefunds')}
        columns={[
          {
            header: t('refunds.gatewayRefundNo'),
            cell: (r) => r.gatewayRefundNo,
            style: { fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' },
          },
          {
            header: t('fields.refundAmount'),
            align: 'end',
            cell: (r) => moneyIn(t)(r.amount, r.currency),
            style: { whiteSpace: 'nowrap' },
          },
          { header: t('fields.status'), cell: (r) => <RefundStatusBadge status={r.status} /> },
          {
            header: t('orders.createdAt'),
            cell: (r) => formatDateTime(r.createdAt),
            style: { whiteSpace: 'nowrap' },
          },
          { header: t('refunds.refundedBy'), cell: (r) => r.operatorLoginId ?? '' },
          {
            header: t('fields.remark'),
            cell: (r) =>
              r.rejectReason
                ? t('refunds.approval.rejectReason', {
                    reason:
                      r.rejectReason === APPROVAL_EXPIRED_REASON
                        ? t('refunds.approval.expired', { days: REFUND_APPROVAL_EXPIRY_DAYS })
                        : r.rejectReason,
                  })
                : resultText(t, r.errorCode, r.errorMessage) || r.remark,
            style: { minW: '14rem', whiteSpace: 'normal', overflowWrap: 'anywhere' },
          },
        ]}
      />
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
