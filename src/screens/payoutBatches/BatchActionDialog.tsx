import { Alert, Button, Checkbox, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import type { SnapshotFrom } from 'xstate';
import { useT } from '../../app/i18n';
import { DialogFrame } from '../../components/DialogFrame';
import {
  REVERSE_REASON_MAX,
  type payoutBatchMachine,
  type PayoutBatchEvent,
} from '../../machines/payoutBatch';

type State = SnapshotFrom<typeof payoutBatchMachine>;

/**
 * The confirmation of a payout batch's action, as the payoutBatch workflow stands: Mark remitted
 * (before the transfer date: the warning and the box to tick first), Reverse with its reason, the
 * failure to try again, or another operator's move (conflict) with Close. Renders the state and
 * sends events; it decides nothing.
 */
export function BatchActionDialog({
  state,
  send,
}: {
  state: State;
  send: (event: PayoutBatchEvent) => void;
}) {
  const t = useT();
  const { action, batch, early, reason, movedTo, error } = state.context;
  const busy = state.hasTag('busy');
  const conflict = state.matches('conflict');
  const open = !state.matches('idle') && batch !== null;
  const reverse = action === 'reverse';
  const label = t(reverse ? 'payoutBatches.reverse' : 'payoutBatches.markRemitted');
  const cancel = () => send({ type: conflict ? 'CLOSE' : 'CANCEL' });
  const confirmable = state.can({ type: 'CONFIRM' });

  return (
    <DialogFrame
      open={open}
      title={label}
      size={{ base: 'xs', sm: 'md' }}
      alert
      dismissable={!busy}
      onDismiss={() => !busy && cancel()}
      footer={
        conflict ? (
          <Button onClick={cancel}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={cancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              colorPalette={reverse ? 'red' : 'blue'}
              loading={busy}
              disabled={!busy && !confirmable}
              onClick={() => send({ type: 'CONFIRM' })}
            >
              {label}
            </Button>
          </>
        )
      }
    >
      {batch && (
        <Stack gap="3">
          {conflict ? (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">
                {t('payoutBatches.conflict', {
                  status: movedTo ? t(`payoutBatches.statuses.${movedTo}`) : '',
                })}
              </Alert.Title>
            </Alert.Root>
          ) : (
            <Text>
              {t(reverse ? 'payoutBatches.confirmReverse' : 'payoutBatches.confirmRemitted', {
                id: batch.id,
                count: batch.settlementCount,
              })}
            </Text>
          )}
          {!conflict && early && (
            <Alert.Root status="warning" size="sm" data-testid="early-remit">
              <Alert.Indicator />
              <Stack gap="2">
                <Alert.Title fontWeight="normal">
                  {t('payoutBatches.earlyWarning', { date: batch.transferDate })}
                </Alert.Title>
                {state.matches('confirming') && (
                  <Checkbox.Root
                    size="sm"
                    checked={state.matches({ confirming: { early: 'acknowledged' } })}
                    onCheckedChange={(e) =>
                      send({ type: e.checked === true ? 'ACKNOWLEDGE' : 'UNACKNOWLEDGE' })
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('payoutBatches.earlyAcknowledge')}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Stack>
            </Alert.Root>
          )}
          {!conflict && reverse && (
            <Field.Root required invalid={reason.trim().length === 0}>
              <Field.Label>{t('fields.reverseReason')}</Field.Label>
              <Textarea
                value={reason}
                maxLength={REVERSE_REASON_MAX}
                readOnly={!state.matches('confirming')}
                onChange={(e) => send({ type: 'SET_REASON', reason: e.target.value })}
              />
            </Field.Root>
          )}
          {!conflict && error && (
            <Alert.Root status="error" size="sm" role="alert">
              <Alert.Indicator />
              <Alert.Title fontWeight="normal">{error}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}
