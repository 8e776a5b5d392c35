import { useEffect, useState } from 'react';
import { Badge, Button, Card, Link as ChakraLink } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { moneyIn } from '../../components/money';
import { REFUND_APPROVAL_EXPIRY_DAYS, type RefundApprovalRow } from '../../contract/refunds';
import { useT } from '../../app/i18n';
import { useRootActor, useWorkflow } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { TopProgress } from '../../components/TopProgress';
import { formatDateTime } from '../../components/format';
import { approvalList } from '../../services/refunds';
import { orderHref } from '../orders/orderColumns';
import { RefundApprovalDialog } from './RefundApprovalDialog';
import { FactTable } from '../../components/FactTable';

/**
 * /history/refundApproval: refunds awaiting a second user's approval in the caller's scope
 * (maker-checker), oldest first; Review opens the approval dialog, whose workflow the root actor
 * runs (it waits there while the approver changes a reset refund password). The requester's own
 * requests are listed without it (the server refuses them anyway).
 */
export default function RefundApprovals() {
  const t = useT();
  const load = useLoad(approvalList, []);
  const [location] = useLocation();
  const root = useRootActor();
  const approval = useWorkflow('refundApproval');
  const openRefundNo = useSelector(approval, (s) => s?.context.gatewayRefundNo);
  useEffect(() => () => root.send({ type: 'refundApproval.leave' }), [root]);
  const rows = load.data ?? [];
  // The dialog shows the row of the list it was opened on (still awaiting approval), and keeps
  // showing it once decided: the list reloads then, without it.
  const listed = rows.find((r) => r.gatewayRefundNo === openRefundNo);
  const [shown, setShown] = useState<RefundApprovalRow | null>(null);
  if (listed && listed !== shown) setShown(listed);
  const open = listed ?? (shown && shown.gatewayRefundNo === openRefundNo ? shown : undefined);
  return (
    <>
      <PageHeader
        title={t('menu.refundApproval')}
        description={t('refunds.approval.help', { days: REFUND_APPROVAL_EXPIRY_DAYS })}
      />
      {load.status === 'failed' && <LoadFailed message={load.error} onRetry={load.reload} />}
      {load.status === 'loading' && !load.data && <TopProgress />}
      {load.data && (
        <Card.Root size="sm">
          <Card.Body>
            <FactTable
              label={t('refunds.approval.table')}
              rows={rows}
              rowKey={(r) => r.gatewayRefundNo}
              empty={t('refunds.approval.none')}
              columns={[
                {
                  header: t('refunds.approval.requestedAt'),
                  cell: (r) => formatDateTime(r.createdAt),
                  style: { whiteSpace: 'nowrap' },
                },
                {
                  header: t('fields.gatewayOrderNo'),
                  cell: (r) => (
                    <ChakraLink asChild color="blue.700" fontFamily="mono" fontSize="xs">
                      <Link href={orderHref(r.gatewayOrderNo)}>{r.gatewayOrderNo}</Link>
                    </ChakraLink>
                  ),
                },
                { header: t('fields.companyName'), cell: (r) => r.companyName },
                {
                  header: t('fields.refundAmount'),
                  align: 'end',
                  cell: (r) => moneyIn(t)(r.amount, r.currency),
                  style: { whiteSpace: 'nowrap' },
                },
                { header: t('refunds.approval.requestedBy'), cell: (r) => r.requestedBy ?? '' },
                { header: t('fields.remark'), cell: (r) => r.remark },
                {
                  header: t('refunds.approval.expiresAt'),
                  cell: (r) => formatDateTime(r.expiresAt),
                  style: { whiteSpace: 'nowrap' },
                },
                {
                  cell: (r) =>
                    r.ownRequest ? (
                      <Badge colorPalette="gray">{t('refunds.approval.ownRequest')}</Badge>
                    ) : (
                      <Button
                        size="xs"
                        onClick={() =>
                          root.send({
                            type: 'refundApproval.open',
                            input: { gatewayRefundNo: r.gatewayRefundNo, returnTo: location },
                          })
                        }
                      >
                        {t('refunds.approval.review')}
                      </Button>
                    ),
                },
              ]}
            />
          </Card.Body>
        </Card.Root>
      )}
      {approval && open && (
        <RefundApprovalDialog
          actor={approval}
          row={open}
          onDecided={load.reload}
          onClose={() => root.send({ type: 'refundApproval.close' })}
        />
      )}
    </>
  );
}
