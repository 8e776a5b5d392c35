import { useEffect } from 'react';
import { Alert, Button, Dialog, Field, Stack, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { moneyIn } from '../../components/money';
import type { RefundApprovalRow } from '../../contract/refunds';
import { refundApprovalMachine, type RefundApprovalEvent } from '../../machines/refundApproval';
import { useT } from '../../app/i18n';
import { InfoList } from '../../components/InfoList';
import { StepDialog } from '../../components/StepDialog';
import { RefundPasswordForm } from '../../components/RefundPasswordForm';
import { ChangeRefundPasswordLink, RefundRefusalAlert } from '../../components/RefundRefusal';
import { RefundStatusBadge } from '../orders/badges';

type State = SnapshotFrom<typeof refundApprovalMachine>;
type Send = (event: RefundApprovalEvent) => void;

/**
 * An approver's decision on one refund awaiting approval, on the refund approval machine the
 * root actor runs: the refund's facts, then Approve (own refund password) or Reject (a reason).
 */
export function RefundApprovalDialog({
  actor,
  row,
  onDecided,
  onClose,
}: {
  actor: ActorRefFrom<typeof refundApprovalMachine>;
  row: RefundApprovalRow;
  /** Approved or rejected: the list reloads. */
  onDecided: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const state = useSelector(actor, (s) => s);
  const send: Send = actor.send;
  useEffect(() => {
    const sub = actor.on('decided', onDecided);
    return () => sub.unsubscribe();
  }, [actor, onDecided]);
  const busy = state.hasTag('busy');
  const step = state.matches('approving')
    ? 'approving'
    : state.matches('rejecting')
      ? 'rejecting'
      : state.matches('approved') || state.matches('rejected')
        ? 'outcome'
        : 'choosing';
  return (
    <StepDialog
      label={t('refunds.approval.dialog')}
      title={t(`refunds.approval.title.${step}`)}
      busy={busy}
      onClose={onClose}
    >
      <Dialog.Body>
        <Stack gap="4">
          <InfoList
            items={[
              { label: t('refunds.gatewayRefundNo'), value: row.gatewayRefundNo },
              { label: t('fields.gatewayOrderNo'), value: row.gatewayOrderNo },
              { label: t('fields.refundAmount'), value: moneyIn(t)(row.amount, row.currency) },
              { label: t('refunds.approval.requestedBy'), value: row.requestedBy ?? '' },
              { label: t('fields.remark'), value: row.remark },
            ]}
          />
          <Outcome state={state} />
        </Stack>
      </Dialog.Body>
      {state.matches({ approving: 'enteringPassword' }) || state.matches({ approving: 'submitting' }) ? (
        <ApprovePassword state={state} send={send} row={row} />
      ) : state.matches('rejecting') ? (
        <RejectReason state={state} send={send} />
      ) : (
        <Dialog.Footer>
          {state.can({ type: 'RETRY' }) && (
            <Button variant="outline" onClick={() => send({ type: 'RETRY' })}>
              {t('refunds.refund.retry')}
            </Button>
          )}
          {(state.can({ type: 'CHANGE_PASSWORD' }) || state.hasTag('awaitsPasswordChange')) && (
            // The approval waits in the actor system while the approver changes it (and signs in again).
            <ChangeRefundPasswordLink onClick={() => send({ type: 'CHANGE_PASSWORD' })} />
          )}
          {state.can({ type: 'BACK' }) && (
            <Button variant="outline" onClick={() => send({ type: 'BACK' })}>
              {t('common.prevStep')}
            </Button>
          )}
          {state.matches('choosing') ? (
            <>
              <Button variant="outline" colorPalette="red" onClick={() => send({ type: 'REJECT' })}>
                {t('refunds.approval.reject')}
              </Button>
              <Button onClick={() => send({ type: 'APPROVE' })}>{t('refunds.approval.approve')}</Button>
            </>
          ) : (
            <Button onClick={onClose}>{t('common.close')}</Button>
          )}
        </Dialog.Footer>
      )}
    </StepDialog>
  );
}

/** What the server answered: refused, failed, approved or rejected. */
function Outcome({ state }: { state: State }) {
  const t = useT();
  const { rejection, error, decision } = state.context;
  if (state.matches('approved') && decision)
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>
          {t('refunds.approval.approved', {
            status: t(`refunds.statuses.${decision.refundStatus}`),
          })}
        </Alert.Title>
        <RefundStatusBadge status={decision.refundStatus} />
      </Alert.Root>
    );
  if (state.matches('rejected'))
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('refunds.approval.rejected')}</Alert.Title>
      </Alert.Root>
    );
  if (!rejection && !error) return null;
  const heading = rejection ? t(`refunds.refund.rejected.${rejection.reason}`) : t('refunds.approval.failed');
  return <RefundRefusalAlert heading={heading} rejection={rejection} error={error} />;
}

function ApprovePassword({ state, send, row }: { state: State; send: Send; row: RefundApprovalRow }) {
  const t = useT();
  return (
    <RefundPasswordForm
      compact
      label={t('refunds.approval.title.approving')}
      message={t('refunds.approval.confirmApprove', {
        amount: moneyIn(t)(row.amount, row.currency),
        order: row.gatewayOrderNo,
      })}
      submitLabel={t('refunds.approval.approve')}
      busy={state.hasTag('busy')}
      send={send}
    />
  );
}

function RejectReason({ state, send }: { state: State; send: Send }) {
  const t = useT();
  const busy = state.hasTag('busy');
  return (
    <form
      noValidate
      aria-label={t('refunds.approval.title.rejecting')}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT_REASON' });
      }}
    >
      <Dialog.Body pt="0">
        <Field.Root required>
          <Field.Label>{t('refunds.approval.reason')}</Field.Label>
          <Textarea
            value={state.context.reason}
            maxLength={255}
            rows={3}
            autoFocus
            disabled={busy}
            onChange={(e) => send({ type: 'CHANGE_REASON', reason: e.target.value })}
          />
          <Field.HelperText>{t('refunds.approval.reasonHelp')}</Field.HelperText>
        </Field.Root>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" disabled={busy} onClick={() => send({ type: 'BACK' })}>
          {t('common.prevStep')}
        </Button>
        <Button
          type="submit"
          colorPalette="red"
          loading={busy}
          disabled={!state.can({ type: 'SUBMIT_REASON' })}
        >
          {t('refunds.approval.reject')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
