import { useEffect } from 'react';
import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { PayoutKind } from '../../contract/settlements';
import { useT } from '../../app/i18n';
import { useRootActor, useWorkflow } from '../../app/session';
import { newBatchKey, saveBatchFile } from '../../services/settlements';
import { StepDialog } from '../../components/StepDialog';
import { CheckoutSteps, stepTitleKey } from './CheckoutSteps';

/**
 * The list's Pay out button and the checkout dialog it opens. The settlementCheckout workflow
 * runs in the root actor (`settlementCheckout.open` with the ticked ids and a batch key made
 * once for the dialog); the dialog renders its state, and its effects are carried out here: a
 * made batch reloads the list (`checkedOut`), a bank file is downloaded (`download`).
 */
export function CheckoutButton({
  kind,
  ids,
  onCheckedOut,
}: {
  kind: PayoutKind;
  ids: readonly number[];
  onCheckedOut: () => void;
}) {
  const t = useT();
  const root = useRootActor();
  const actor = useWorkflow('settlementCheckout');
  const openKind = useSelector(actor, (s) => s?.context.kind);
  // Leaving the list ends a checkout still open (nothing was made unless it says done).
  useEffect(() => () => root.send({ type: 'settlementCheckout.close' }), [root]);
  useEffect(() => {
    if (!actor) return;
    const made = actor.on('checkedOut', () => onCheckedOut());
    const download = actor.on('download', (e) => void saveBatchFile(e));
    return () => {
      made.unsubscribe();
      download.unsubscribe();
    };
  }, [actor, onCheckedOut]);

  return (
    <>
      <Button
        size="sm"
        colorPalette="blue"
        disabled={ids.length === 0}
        onClick={() =>
          root.send({
            type: 'settlementCheckout.open',
            input: { kind, ids: [...ids], batchKey: newBatchKey() },
          })
        }
      >
        {t('settlements.checkout.open')}
        {ids.length > 0 && ` (${t('settlements.checkout.selected', { count: ids.length })})`}
      </Button>
      {actor && openKind === kind && <CheckoutDialog actor={actor} />}
    </>
  );
}

type CheckoutActor = NonNullable<ReturnType<typeof useWorkflow<'settlementCheckout'>>>;

function CheckoutDialog({ actor }: { actor: CheckoutActor }) {
  const t = useT();
  const state = useSelector(actor, (s) => s);
  const busy = state.hasTag('busy') && !state.matches('loading');
  const close = () => actor.send({ type: state.matches('done') ? 'CLOSE' : 'CANCEL' });
  return (
    <StepDialog
      label={t('settlements.checkout.title')}
      title={`${t('settlements.checkout.title')} · ${t(stepTitleKey(state))}`}
      busy={busy}
      onClose={close}
    >
      <CheckoutSteps state={state} send={actor.send} onClose={close} />
    </StepDialog>
  );
}
