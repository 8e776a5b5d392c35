import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { Button, Flex, Text } from '@chakra-ui/react';
import { can } from '../../contract/capabilities';
import { BATCH_TRANSITIONS, type BatchAction, type PayoutKind } from '../../contract/settlements';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { businessDate } from '../../components/format';
import { PagedTable, usePagedLoad } from '../../lists/PagedTable';
import { payoutBatchMachine } from '../../machines/payoutBatch';
import { pageBatches, payoutBatchActors } from '../../services/payoutBatches';
import { BatchActionDialog } from './BatchActionDialog';
import { batchColumns } from './batchColumns';

const payoutBatch = payoutBatchMachine.provide({ actors: payoutBatchActors });

/**
 * The payout batches of merchants or agencies, newest first: each with its transfer date, how
 * many settlements, its bank files (one per currency, downloaded again at will), who made it.
 * A batch awaiting the bank offers what its status allows to whom may do it (BATCH_TRANSITIONS):
 * Mark remitted once the bank confirmed (its settlements get status 2 and the pay time), and to
 * an admin Reverse when the bank rejected it (its settlements go back to not remitted); a
 * remitted or reversed batch offers nothing. Each runs the payoutBatch workflow (confirmation,
 * the warning before the transfer date, the reason, the server's call); the server audits it.
 */
export function PayoutBatches({
  kind,
  onChanged,
  only,
  onShowAll,
}: {
  kind: PayoutKind;
  onChanged: () => void;
  /** One batch only (a settlement's `#63` link), with a way back to all of them. */
  only?: number;
  onShowAll?: () => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const paged = usePagedLoad(
    (paging) => pageBatches(kind, only ? { ...paging, id: only } : paging),
    [kind, only],
  );
  const [state, send, actor] = useMachine(payoutBatch, { input: { kind } });
  const may: Record<BatchAction, boolean> = {
    remit: can(user, 'payOut'),
    reverse: can(user, 'reversePayout'),
  };

  const after = useRef({ reload: paged.load.reload, onChanged, t });
  after.current = { reload: paged.load.reload, onChanged, t };
  useEffect(() => {
    const done = actor.on('done', ({ batch }) => {
      const { reload, onChanged: changed, t: tr } = after.current;
      showSuccess(tr(batch.status === 'remitted' ? 'payoutBatches.remitted' : 'payoutBatches.reversedDone'));
      reload();
      changed();
    });
    const moved = actor.on('changed', () => {
      after.current.reload();
      after.current.onChanged();
    });
    return () => {
      done.unsubscribe();
      moved.unsubscribe();
    };
  }, [actor]);

  const columns = batchColumns(t, kind, {
    offered: (b) =>
      (Object.keys(BATCH_TRANSITIONS[b.status]) as BatchAction[]).filter((action) => may[action]),
    ask: (action, batch) => send({ type: 'ASK', action, batch, today: businessDate() }),
  });

  return (
    <>
      {only != null && (
        <Flex gap="3" align="center" wrap="wrap" mb="3">
          <Text fontSize="sm">{t('payoutBatches.onlyOne', { batch: only })}</Text>
          {onShowAll && (
            <Button size="xs" variant="outline" onClick={onShowAll}>
              {t('payoutBatches.showAll')}
            </Button>
          )}
        </Flex>
      )}
      <PagedTable
        paged={paged}
        label={t('payoutBatches.title')}
        columns={columns}
        rowKey={(b) => b.id}
        empty={t('payoutBatches.none')}
      />
      <BatchActionDialog state={state} send={send} />
    </>
  );
}
