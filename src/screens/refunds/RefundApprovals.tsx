import { useCallback, useState } from 'react';
import { Badge, Button, Card, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { formatMoney } from '../../contract/money';
import { REFUND_APPROVAL_EXPIRY_DAYS, type RefundApprovalRow } from '../../contract/refunds';
import { useT } from '../../app/i18n';
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
 * (maker-checker), oldest first; Review opens the approval dialog. The requester's own requests
 * are listed without it (the server refuses them anyway).
 */
export default function RefundApprovals() {
  const t = useT();
  const load = useLoad(approvalList, []);
  const [open, setOpen] = useState<RefundApprovalRow | null>(null);
  const reload = load.reload;
  const decided = useCallback(() => reload(), [reload]);
  const rows = load.data ?? [];
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
                          <ChakraLink asChild color="blue.600" fontFamily="mono" fontSize="xs">
                            <Link href={orderHref(r.gatewayOrderNo)}>{r.gatewayOrderNo}</Link>
                          </ChakraLink>
                        </Table.Cell>
                        <Table.Cell>{r.companyName}</Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {formatMoney(r.amount, r.currency)}
                        </Table.Cell>
                        <Table.Cell>{r.requestedBy ?? ''}</Table.Cell>
                        <Table.Cell>{r.remark}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(r.expiresAt)}</Table.Cell>
                        <Table.Cell>
                          {r.ownRequest ? (
                            <Badge colorPalette="gray">{t('refunds.approval.ownRequest')}</Badge>
                          ) : (
                            <Button size="xs" onClick={() => setOpen(r)}>
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
      {open && <RefundApprovalDialog row={open} onDecided={decided} onClose={() => setOpen(null)} />}
    </>
  );
}
