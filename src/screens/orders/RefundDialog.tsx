import { useEffect } from 'react';
import { Button, Dialog } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { refundMachine } from '../../machines/refund';
import { useT } from '../../app/i18n';
import { StepDialog } from '../../components/StepDialog';
import { RefundForm, RefundOutcome, RefundPassword, RefundRejection } from './RefundSteps';

/**
 * The refund dialog on the refund machine, which the root actor runs (the order detail opens
 * it): the dialog renders the machine's state and sends it the user's events.
 */
export function RefundDialog({
  actor,
  onChanged,
  onClose,
}: {
  actor: ActorRefFrom<typeof refundMachine>;
  /** A refund was made or settled: the order detail reloads. */
  onChanged: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  useEffect(() => {
    const created = actor.on('refundCreated', onChanged);
    const settled = actor.on('refundSettled', onChanged);
    return () => {
      created.unsubscribe();
      settled.unsubscribe();
    };
  }, [actor, onChanged]);

  const busy = state.hasTag('busy');
  const step = state.matches('editing')
    ? 'editing'
    : state.matches('enteringPassword') || state.matches('submitting')
      ? 'password'
      : state.matches('succeeded')
        ? 'outcome'
        : 'rejected';
  const title = t(`refunds.refund.title.${step}`);

  return (
    <StepDialog label={t('refunds.refund.dialog')} title={title} busy={busy} onClose={onClose}>
      {step === 'editing' && <RefundForm state={state} send={send} onCancel={onClose} />}
      {step === 'password' && <RefundPassword state={state} send={send} />}
      {step === 'rejected' && <RefundRejection state={state} send={send} onClose={onClose} />}
      {step === 'outcome' && (
        <>
          <RefundOutcome state={state} />
          <Dialog.Footer>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Dialog.Footer>
        </>
      )}
    </StepDialog>
  );
}
