import { useEffect, useState } from 'react';
import { Button, Dialog } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import type { OrderDetail } from '../../contract/orders';
import { refundMachine } from '../../machines/refund';
import { useT } from '../../app/i18n';
import { StepDialog } from '../../components/StepDialog';
import { newClientRefundNo, refundActors } from '../../services/refunds';
import { RefundForm, RefundOutcome, RefundPassword, RefundRejection } from './RefundSteps';

const machine = refundMachine.provide({ actors: refundActors });

/**
 * The refund dialog on the refund machine: it renders the machine's state and sends it the
 * user's events. One client refund number per dialog, so a retry is the same refund.
 */
export function RefundDialog({
  order,
  onChanged,
  onClose,
}: {
  order: OrderDetail;
  /** A refund was made or settled: the order detail reloads. */
  onChanged: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const [clientRefundNo] = useState(newClientRefundNo);
  const [state, send, actor] = useMachine(machine, {
    input: {
      gatewayOrderNo: order.gatewayOrderNo,
      refundableAmount: order.refundableAmount,
      currency: order.currency,
      clientRefundNo,
    },
  });
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
  const title = t(`orderScreens.refund.title.${step}`);

  return (
    <StepDialog label={t('orderScreens.refund.dialog')} title={title} busy={busy} onClose={onClose}>
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
