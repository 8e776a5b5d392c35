import { useEffect, useState } from 'react';
import { Badge, Button, Card, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
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
            {rows.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('refunds.approval.none')}
              </Text>
            ) : (
              <Table.ScrollArea>
                <Table.Root size="sm" aria-label={t('refunds.approval.table')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('refunds.approval.requestedAt')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('fields.gatewayOrderNo')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('fields.companyName')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('fields.refundAmount')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('refunds.approval.requestedBy')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('fields.remark')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('refunds.approval.expiresAt')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((r) => (
                      <Table.Row key={r.gatewayRefundNo}>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createdAt)}</Table.Cell>
                        <Table.Cell>
                          <ChakraLink asChild color="blue.700" fontFamily="mono" fontSize="xs">
                            <Link href={orderHref(r.gatewayOrderNo)}>{r.gatewayOrderNo}</Link>
                          </ChakraLink>
                        </Table.Cell>
                        <Table.Cell>{r.companyName}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {moneyIn(t)(r.amount, r.currency)}
                        </Table.Cell>
                        <Table.Cell>{r.requestedBy ?? ''}</Table.Cell>
                        <Table.Cell>{r.remark}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(r.expiresAt)}</Table.Cell>
                        <Table.Cell>
                          {r.ownRequest ? (
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
                          )}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
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
