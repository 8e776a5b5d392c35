import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Grid, Stack } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import { can } from '../../contract/capabilities';
import type { OrderDetail as Order } from '../../contract/orders';
import { PAID_STATUSES } from '../../contract/orders';
import { useT } from '../../app/i18n';
import { useRootActor, useSessionUser, useWorkflow } from '../../app/session';
import { orNotFound, useLoad } from '../../app/useLoad';
import { RefreshIcon } from '../../components/icons';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { TopProgress } from '../../components/TopProgress';
import { getOrder } from '../../services/orders';
import { newClientRefundNo } from '../../services/refunds';
import NotFound from '../errors/NotFound';
import { OrderFacts } from './OrderFacts';
import { OrderRefunds, OrderTimeline } from './OrderHistory';
import { OrderNotifications } from './OrderNotifications';
import { OrderReconciliation } from './OrderReconciliation';
import { RefundDialog } from './RefundDialog';
import { useOrderSync } from './useOrderSync';

/**
 * /history/order/<gatewayOrderNo>: every field of the order, its refunds and status
 * timeline; "Sync with brand" asks the brand again; "Refund" opens the refund dialog when
 * some amount is refundable and the role may refund (the server decides anyway).
 */
export default function OrderDetail({ param }: { param: string }) {
  const t = useT();
  const user = useSessionUser();
  const gatewayOrderNo = decodeURIComponent(param);
  const load = useLoad(() => orNotFound(getOrder(gatewayOrderNo)), [gatewayOrderNo]);
  const [order, setOrder] = useState<Order | null>(null);
  const [location] = useLocation();
  const root = useRootActor();
  // "Sync with brand": its reply's order replaces the one shown, with the server's message.
  const { syncing, sync } = useOrderSync(gatewayOrderNo, setOrder);
  // The refund runs in the root actor; it is this order's when it was opened here (or waits
  // here since the refund password's change).
  const refund = useWorkflow('refund');
  const refundOrder = useSelector(refund, (s) => s?.context.gatewayOrderNo);
  useEffect(() => () => root.send({ type: 'refund.leave' }), [root]);
  useEffect(() => {
    if (load.data && load.data !== 'notFound') setOrder(load.data);
  }, [load.data]);

  if (load.data === 'notFound') return <NotFound inShell />;
  if (load.status === 'failed' && !order) return <LoadFailed message={load.error} onRetry={load.reload} />;
  if (!order) return <TopProgress />;

  const mayRefund = can(user, 'refund') && PAID_STATUSES.includes(order.status) && order.refundableAmount > 0;

  const awaitingApproval = order.refunds.some((r) => r.status === 'awaitingApproval');
  const mayApprove = can(user, 'approveRefund');

  return (
    <>
      <PageHeader
        title={t('orders.detail.title')}
        description={order.gatewayOrderNo}
        actions={
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" loading={syncing} onClick={() => void sync()}>
              <RefreshIcon />
              {t('orders.detail.sync')}
            </Button>
            {mayRefund && (
              <Button
                size="sm"
                colorPalette="red"
                onClick={() =>
                  root.send({
                    type: 'refund.open',
                    input: {
                      gatewayOrderNo: order.gatewayOrderNo,
                      refundableAmount: order.refundableAmount,
                      currency: order.currency,
                      // One per dialog: a retry is the same refund.
                      clientRefundNo: newClientRefundNo(),
                      returnTo: location,
                    },
                  })
                }
              >
                {t('refunds.refund.open')}
              </Button>
            )}
          </Flex>
        }
      />
      <Stack gap="4">
        {awaitingApproval && (
          <Alert.Root status="warning" alignItems="center" flexWrap="wrap">
            <Alert.Indicator />
            <Alert.Title flex="1">{t('refunds.approval.pendingOnOrder')}</Alert.Title>
            {mayApprove && (
              <Button asChild size="xs" variant="outline">
                <Link href="/history/refundApproval">{t('menu.refundApproval')}</Link>
              </Button>
            )}
          </Alert.Root>
        )}
        <OrderFacts order={order} />
        <OrderReconciliation order={order} />
        <Grid templateColumns={{ base: '1fr', '2xl': '2fr 1fr' }} gap="4" alignItems="start">
          <OrderRefunds order={order} />
          <OrderTimeline order={order} />
        </Grid>
        <OrderNotifications order={order} />
      </Stack>
      {refund && refundOrder === order.gatewayOrderNo && (
        <RefundDialog
          actor={refund}
          onChanged={load.reload}
          onClose={() => root.send({ type: 'refund.close' })}
        />
      )}
    </>
  );
}
