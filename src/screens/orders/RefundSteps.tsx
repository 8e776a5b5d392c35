import { Alert, Button, Checkbox, Dialog, Field, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import type { SnapshotFrom } from 'xstate';
import { moneyIn } from '../../components/money';
import { amountProblem, type RefundEvent, type refundMachine } from '../../machines/refund';
import { useT } from '../../app/i18n';
import { InfoList } from '../../components/InfoList';
import { MoneyInput } from '../../components/MoneyInput';
import { RefundPasswordForm } from '../../components/RefundPasswordForm';
import { ChangeRefundPasswordLink, RefundRefusalAlert } from '../../components/RefundRefusal';
import { RefundStatusBadge } from './badges';

type RefundState = SnapshotFrom<typeof refundMachine>;
type Send = (event: RefundEvent) => void;

/** Step 1: the amount (the full remainder at first, with full refund ticked), the remark. */
export function RefundForm({
  state,
  send,
  onCancel,
}: {
  state: RefundState;
  send: Send;
  onCancel: () => void;
}) {
  const t = useT();
  const { amount, fullRefund, remark, refundableAmount, currency } = state.context;
  const problem = amountProblem(state.context);
  const amountError =
    problem === 'invalid'
      ? t('refunds.refund.amountInvalid')
      : problem === 'overRemainder'
        ? t('refunds.refund.amountOver', { max: moneyIn(t)(refundableAmount, currency) })
        : null;
  return (
    <form
      noValidate
      aria-label={t('refunds.refund.title.editing')}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'CONTINUE' });
      }}
    >
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {t('refunds.refund.remainder', { amount: moneyIn(t)(refundableAmount, currency) })}
          </Text>
          {/* The amount and the box go together (the machine's `change`): never a disabled field. */}
          <Field.Root invalid={Boolean(amountError)} required>
            <Field.Label>{t('fields.refundAmount')}</Field.Label>
            <MoneyInput
              value={amount === null || Number.isNaN(amount) ? null : amount}
              currency={currency}
              onChange={(minor) => send({ type: 'CHANGE', values: { amount: minor } })}
            />
            {amountError && <Field.ErrorText>{amountError}</Field.ErrorText>}
          </Field.Root>
          <Checkbox.Root
            checked={fullRefund}
            onCheckedChange={(e) => send({ type: 'CHANGE', values: { fullRefund: e.checked === true } })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('refunds.refund.fullRefund')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.Root>
            <Field.Label>{t('fields.remark')}</Field.Label>
            <Textarea
              value={remark}
              maxLength={255}
              rows={2}
              onChange={(e) => send({ type: 'CHANGE', values: { remark: e.target.value } })}
            />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!state.can({ type: 'CONTINUE' })}>
          {t('common.nextStep')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** Step 2: the refund password (hashed by the service), then the server's answer. */
export function RefundPassword({ state, send }: { state: RefundState; send: Send }) {
  const t = useT();
  const { amount, currency, gatewayOrderNo } = state.context;
  return (
    <RefundPasswordForm
      label={t('refunds.refund.title.password')}
      message={t('refunds.refund.confirm', {
        amount: moneyIn(t)(amount ?? 0, currency),
        order: gatewayOrderNo,
      })}
      submitLabel={t('refunds.refund.submit')}
      busy={state.hasTag('busy')}
      send={send}
    />
  );
}

/** Refused (over the remainder, wrong password, locked) or failed, with what can be done next. */
export function RefundRejection({
  state,
  send,
  onClose,
}: {
  state: RefundState;
  send: Send;
  onClose: () => void;
}) {
  const t = useT();
  const { rejection, error } = state.context;
  const heading = state.matches('failed')
    ? t('refunds.refund.failed')
    : t(`refunds.refund.rejected.${rejection?.reason ?? 'overRemainder'}`);
  return (
    <>
      <Dialog.Body>
        <RefundRefusalAlert heading={heading} rejection={rejection} error={error} />
      </Dialog.Body>
      <Dialog.Footer>
        {state.can({ type: 'EDIT' }) && (
          <Button variant="outline" onClick={() => send({ type: 'EDIT' })}>
            {t('refunds.refund.edit')}
          </Button>
        )}
        {state.can({ type: 'RETRY' }) && (
          <Button onClick={() => send({ type: 'RETRY' })}>{t('refunds.refund.retry')}</Button>
        )}
        {(state.can({ type: 'CHANGE_PASSWORD' }) || state.hasTag('awaitsPasswordChange')) && (
          // The refund waits in the actor system while the user changes it (and signs in again).
          <ChangeRefundPasswordLink onClick={() => send({ type: 'CHANGE_PASSWORD' })} />
        )}
        {!state.can({ type: 'EDIT' }) && <Button onClick={onClose}>{t('common.close')}</Button>}
      </Dialog.Footer>
    </>
  );
}

/** The refund made: its number, amount and the brand's outcome as it is followed. */
export function RefundOutcome({ state }: { state: RefundState }) {
  const t = useT();
  const { refund, refundStatus } = state.context;
  const following = state.hasTag('following');
  const sentForApproval = state.matches({ succeeded: 'sentForApproval' });
  const tone = state.matches({ succeeded: 'failed' })
    ? 'error'
    : following || sentForApproval
      ? 'info'
      : 'success';
  const message = state.matches({ succeeded: 'failed' })
    ? t('refunds.refund.outcome.failed')
    : sentForApproval
      ? t('refunds.refund.outcome.sentForApproval')
      : following
        ? t('refunds.refund.outcome.refunding')
        : t('refunds.refund.outcome.success');
  return (
    <Dialog.Body>
      <Stack gap="4">
        <Alert.Root status={tone} role="status">
          {following ? <Spinner size="sm" /> : <Alert.Indicator />}
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
        {refund && (
          <InfoList
            items={[
              { label: t('refunds.gatewayRefundNo'), value: refund.gatewayRefundNo },
              { label: t('fields.refundAmount'), value: moneyIn(t)(refund.amount, refund.currency) },
              {
                label: t('fields.status'),
                value: refundStatus ? <RefundStatusBadge status={refundStatus} /> : '',
              },
            ]}
          />
        )}
      </Stack>
    </Dialog.Body>
  );
}
