import { Badge } from '@chakra-ui/react';
import type { OrderStatus } from '../../contract/orders';
import type { RefundStatus } from '../../contract/refunds';
import { useT } from '../../app/i18n';

const ORDER_PALETTE: Record<OrderStatus, string> = {
  pendingPayment: 'gray',
  paying: 'blue',
  customerPaying: 'blue',
  inPayment: 'blue',
  success: 'green',
  failed: 'red',
  timeout: 'orange',
  pendingClose: 'gray',
  closed: 'gray',
  refunding: 'purple',
  partlyRefunded: 'purple',
  refunded: 'purple',
};

const REFUND_PALETTE: Record<RefundStatus, string> = {
  awaitingApproval: 'orange',
  rejected: 'red',
  waiting: 'gray',
  refunding: 'blue',
  success: 'green',
  failed: 'red',
};

/** An order's status (spec point 4) as a coloured label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <Badge colorPalette={ORDER_PALETTE[status] ?? 'gray'} variant="subtle" whiteSpace="nowrap">
      {t(`orders.statuses.${status}`)}
    </Badge>
  );
}

/** A refund's status (spec point 4) as a coloured label. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const t = useT();
  return (
    <Badge colorPalette={REFUND_PALETTE[status] ?? 'gray'} variant="subtle" whiteSpace="nowrap">
      {t(`refunds.statuses.${status}`)}
    </Badge>
  );
}
