import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { BatchAction, BatchSummary, PayoutKind } from '../../contract/settlements';
import type { Column } from '../../components/DataTable';
import { formatDateTime } from '../../components/format';
import { moneyIn } from '../../components/money';
import type { Translate } from '../../i18n/translator';
import { saveBatchFile } from '../../services/settlements';

const PALETTE: Record<BatchSummary['status'], string> = {
  checkedOut: 'orange',
  remitted: 'green',
  reversed: 'gray',
};

/** The batch list's columns; `offered` says which actions a row's batch offers this user. */
export function batchColumns(
  t: Translate,
  kind: PayoutKind,
  actions: {
    offered: (batch: BatchSummary) => BatchAction[];
    ask: (action: BatchAction, batch: BatchSummary) => void;
  },
): Column<BatchSummary>[] {
  const money = moneyIn(t);
  return [
    { key: 'id', header: t('payoutBatches.id'), cell: (b) => `#${b.id}`, priority: 1, nowrap: true },
    {
      key: 'status',
      header: t('payoutBatches.status'),
      priority: 1,
      cell: (b) => (
        <Badge colorPalette={PALETTE[b.status]} variant="subtle" whiteSpace="nowrap">
          {t(`payoutBatches.statuses.${b.status}`)}
        </Badge>
      ),
    },
    {
      key: 'transferDate',
      header: t('fields.transferDate'),
      cell: (b) => b.transferDate,
      priority: 1,
      nowrap: true,
    },
    {
      key: 'count',
      header: t('payoutBatches.count'),
      cell: (b) => b.settlementCount,
      priority: 2,
      align: 'end',
    },
    {
      key: 'files',
      header: t('payoutBatches.files'),
      priority: 1,
      cell: (b) => (
        <Stack gap="1">
          {b.files.map((f) => (
            <Button
              key={f.currency}
              size="xs"
              variant="outline"
              aria-label={t('settlements.checkout.download', { fileName: f.fileName })}
              onClick={() => void saveBatchFile({ kind, batchId: b.id, currency: f.currency })}
            >
              {f.currency} ·{' '}
              {t('payoutBatches.record', { count: f.recordCount, total: money(f.total, f.currency) })}
            </Button>
          ))}
        </Stack>
      ),
    },
    { key: 'createdBy', header: t('payoutBatches.createdBy'), cell: (b) => b.createdBy, priority: 3 },
    {
      key: 'createdAt',
      header: t('payoutBatches.createdAt'),
      cell: (b) => formatDateTime(b.createdAt),
      priority: 3,
      nowrap: true,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      priority: 1,
      cell: (b) => {
        const offered = actions.offered(b);
        return (
          <Flex gap="1" wrap="wrap">
            {offered.includes('remit') && (
              <Button size="xs" colorPalette="blue" onClick={() => actions.ask('remit', b)}>
                {t('payoutBatches.markRemitted')}
              </Button>
            )}
            {offered.includes('reverse') && (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => actions.ask('reverse', b)}
              >
                {t('payoutBatches.reverse')}
              </Button>
            )}
            {b.status === 'reversed' && b.reverseReason && (
              <Text fontSize="xs" color="fg.muted">
                {b.reverseReason}
              </Text>
            )}
          </Flex>
        );
      },
    },
  ];
}
