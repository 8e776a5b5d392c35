import { useState } from 'react';
import { Badge, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  BATCH_REVERSE_ROLES,
  PAYOUT_ROLES,
  type BatchSummary,
  type PayoutKind,
} from '../../contract/settlements';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Column } from '../../components/DataTable';
import { PagedTable, usePagedLoad } from '../../lists/PagedTable';
import { formatDateTime } from '../../components/format';
import { moneyIn } from '../../components/money';
import { pageBatches, remitBatch, reverseBatch, saveBatchFile } from '../../services/settlements';

const PALETTE: Record<BatchSummary['status'], string> = {
  checkedOut: 'orange',
  remitted: 'green',
  reversed: 'gray',
};

type Pending = { action: 'remit' | 'reverse'; batch: BatchSummary } | null;

/**
 * The payout batches of merchants or agencies, newest first: each with its transfer date, how
 * many settlements, its bank files (one per currency, downloaded again at will), who made it.
 * After the bank confirms, who may pay marks a batch remitted (its settlements get status 2 and
 * the pay time); an admin reverses a batch the bank rejected, with the reason (its settlements
 * go back to not remitted). Both are asked for confirmation and audited by the server.
 */
export function PayoutBatches({ kind, onChanged }: { kind: PayoutKind; onChanged: () => void }) {
  const t = useT();
  const money = moneyIn(t);
  const user = useSessionUser();
  const paged = usePagedLoad((paging) => pageBatches(kind, paging), [kind]);
  const { load } = paged;
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const mayRemit = Boolean(user && PAYOUT_ROLES.includes(user.operatorType));
  const mayReverse = Boolean(user && BATCH_REVERSE_ROLES.includes(user.operatorType));

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const done =
        pending.action === 'remit'
          ? await remitBatch(kind, pending.batch.id)
          : await reverseBatch(kind, pending.batch.id, reason.trim());
      showSuccess(
        t(done.status === 'remitted' ? 'settlements.batches.remitted' : 'settlements.batches.reversedDone'),
      );
      setPending(null);
      setReason('');
      load.reload();
      onChanged();
    } catch {
      // The refusal is shown as an error toast by the client; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<BatchSummary>[] = [
    { key: 'id', header: t('settlements.batches.id'), cell: (b) => `#${b.id}`, priority: 1, nowrap: true },
    {
      key: 'status',
      header: t('settlements.batches.status'),
      priority: 1,
      cell: (b) => (
        <Badge colorPalette={PALETTE[b.status]} variant="subtle" whiteSpace="nowrap">
          {t(`settlements.batches.statuses.${b.status}`)}
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
      header: t('settlements.batches.count'),
      cell: (b) => b.settlementCount,
      priority: 2,
      align: 'end',
    },
    {
      key: 'files',
      header: t('settlements.batches.files'),
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
              {t('settlements.batches.record', { count: f.recordCount, total: money(f.total, f.currency) })}
            </Button>
          ))}
        </Stack>
      ),
    },
    { key: 'createdBy', header: t('settlements.batches.createdBy'), cell: (b) => b.createdBy, priority: 3 },
    {
      key: 'createdAt',
      header: t('settlements.batches.createdAt'),
      cell: (b) => formatDateTime(b.createdAt),
      priority: 3,
      nowrap: true,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      priority: 1,
      cell: (b) => (
        <Flex gap="1" wrap="wrap">
          {mayRemit && b.status === 'checkedOut' && (
            <Button size="xs" colorPalette="green" onClick={() => setPending({ action: 'remit', batch: b })}>
              {t('settlements.batches.markRemitted')}
            </Button>
          )}
          {mayReverse && b.status !== 'reversed' && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setPending({ action: 'reverse', batch: b })}
            >
              {t('settlements.batches.reverse')}
            </Button>
          )}
          {b.status === 'reversed' && b.reverseReason && (
            <Text fontSize="xs" color="fg.muted">
              {b.reverseReason}
            </Text>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PagedTable
        paged={paged}
        label={t('settlements.batches.title')}
        columns={columns}
        rowKey={(b) => b.id}
        empty={t('settlements.batches.none')}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === 'reverse'
            ? t('settlements.batches.reverse')
            : t('settlements.batches.markRemitted')
        }
        tone={pending?.action === 'reverse' ? 'danger' : 'default'}
        busy={busy}
        confirmLabel={
          pending?.action === 'reverse'
            ? t('settlements.batches.reverse')
            : t('settlements.batches.markRemitted')
        }
        body={
          pending && (
            <Stack gap="3">
              <Text>
                {t(
                  pending.action === 'reverse'
                    ? 'settlements.batches.confirmReverse'
                    : 'settlements.batches.confirmRemitted',
                  {
                    id: pending.batch.id,
                    count: pending.batch.settlementCount,
                  },
                )}
              </Text>
              {pending.action === 'reverse' && (
                <Field.Root required invalid={reason.trim().length === 0}>
                  <Field.Label>{t('fields.reverseReason')}</Field.Label>
                  <Textarea value={reason} maxLength={255} onChange={(e) => setReason(e.target.value)} />
                </Field.Root>
              )}
            </Stack>
          )
        }
        onConfirm={() => {
          if (pending?.action === 'reverse' && !reason.trim()) return;
          void confirm();
        }}
        onCancel={() => {
          if (busy) return;
          setPending(null);
          setReason('');
        }}
      />
    </>
  );
}
