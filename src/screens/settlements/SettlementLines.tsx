import { useState } from 'react';
import { Box, Tabs } from '@chakra-ui/react';
import type { SettlementDetail, SettlementLine } from '../../contract/settlements';
import { useT } from '../../app/i18n';
import type { Column } from '../../components/DataTable';
import { PagedTable, usePagedLoad } from '../../lists/PagedTable';
import { formatDateTime } from '../../components/format';
import { moneyIn } from '../../components/money';
import { settlementLines } from '../../services/settlements';
import { brandText } from '../orders/brandText';
import { mono, OrderLink } from '../orders/orderColumns';
import { SectionCard } from '../../components/SectionCard';

type LineType = SettlementLine['type'];

/** One tab's lines, a page at a time (a settlement's lines are fixed once it is closed: no filters). */
function LinesPage({ settlement: s, type }: { settlement: SettlementDetail; type: LineType }) {
  const t = useT();
  const money = moneyIn(t);
  const paged = usePagedLoad(
    (paging) => settlementLines(s.kind, { id: s.id, type, ...paging }),
    [s.kind, s.id, type],
  );
  const amount = (key: 'amount' | 'commission' | 'rebate' | 'fee', header: string, priority: 1 | 2 | 3) => ({
    key,
    header,
    align: 'end' as const,
    nowrap: true,
    priority,
    cell: (l: SettlementLine) => money(l[key], l.currency),
  });
  const columns: Column<SettlementLine>[] = [
    {
      key: 'time',
      header: t('settlements.detail.time'),
      nowrap: true,
      priority: 1,
      cell: (l) => formatDateTime(l.time),
    },
    {
      key: 'gatewayOrderNo',
      header: t('fields.gatewayOrderNo'),
      priority: 1,
      // A phone's card breaks the long number rather than run past its edge.
      cell: (l) => (
        <Box as="span" wordBreak="break-all">
          <OrderLink gatewayOrderNo={l.gatewayOrderNo} />
        </Box>
      ),
    },
    ...(type === 'refund'
      ? [
          {
            key: 'gatewayRefundNo',
            header: t('refunds.gatewayRefundNo'),
            priority: 2 as const,
            cell: (l: SettlementLine) => mono(l.gatewayRefundNo),
          },
        ]
      : []),
    {
      key: 'clientNo',
      header: t(type === 'refund' ? 'refunds.clientRefundNo' : 'fields.clientOrderNo'),
      priority: 3,
      cell: (l) => mono(l.clientNo),
    },
    ...(s.kind === 'merchant'
      ? []
      : [
          {
            key: 'company',
            header: t('fields.companyId'),
            priority: 2 as const,
            cell: (l: SettlementLine) => l.companyName,
          },
        ]),
    ...(s.kind === 'brand'
      ? []
      : [
          {
            key: 'brand',
            header: t('fields.brand'),
            priority: 3 as const,
            cell: (l: SettlementLine) => brandText(t, l.brand),
          },
        ]),
    amount('amount', t('orders.amount'), 1),
    ...(s.kind === 'brand'
      ? [amount('fee', t('settlements.detail.fee'), 2)]
      : [amount('commission', t('orders.commissionAmount'), 2)]),
    ...(s.kind === 'agent' ? [amount('rebate', t('orders.rebateAmount'), 1)] : []),
  ];
  return (
    <PagedTable
      paged={paged}
      label={t(type === 'refund' ? 'settlements.detail.refunds' : 'settlements.detail.orders')}
      columns={columns}
      rowKey={(l) => `${l.type}:${l.id}`}
      empty={t('settlements.detail.noLines')}
    />
  );
}

/** The orders and the refunds the settlement holds, each tab with its count. */
export function SettlementLines({ settlement: s }: { settlement: SettlementDetail }) {
  const t = useT();
  const [tab, setTab] = useState<string>('order');
  return (
    <SectionCard title={t('settlements.detail.linesTitle')}>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount unmountOnExit size="sm">
        <Tabs.List mb="3">
          <Tabs.Trigger value="order">
            {t('settlements.detail.orders')} ({s.orderCount})
          </Tabs.Trigger>
          <Tabs.Trigger value="refund">
            {t('settlements.detail.refunds')} ({s.refundCount})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="order">
          <LinesPage settlement={s} type="order" />
        </Tabs.Content>
        <Tabs.Content value="refund">
          <LinesPage settlement={s} type="refund" />
        </Tabs.Content>
      </Tabs.Root>
    </SectionCard>
  );
}
