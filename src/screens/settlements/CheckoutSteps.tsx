import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Dialog,
  Field,
  Flex,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { SnapshotFrom } from 'xstate';
import type { CheckoutItem, Unpayable } from '../../contract/settlements';
import {
  checkoutSelection,
  type settlementCheckoutMachine,
  type SettlementCheckoutEvent,
} from '../../machines/settlementCheckout';
import { useT } from '../../app/i18n';
import type { MessageKey, Translate } from '../../i18n/translator';
import { moneyIn } from '../../components/money';
import { RefundPasswordForm } from '../../components/RefundPasswordForm';
import { ChangeRefundPasswordLink, refusalFigures } from '../../components/RefundRefusal';
import { OptionSelect } from '../../components/OptionSelect';

type State = SnapshotFrom<typeof settlementCheckoutMachine>;
type Send = (event: SettlementCheckoutEvent) => void;

/** The step the dialog's title names. */
export function stepTitleKey(state: State): MessageKey {
  if (state.matches('reviewing')) return 'settlements.checkout.steps.reviewing';
  if (state.matches('authorising') || state.matches('submitting') || state.matches('rejected'))
    return 'settlements.checkout.steps.authorising';
  if (state.matches('done')) return 'settlements.checkout.steps.done';
  return 'settlements.checkout.steps.choosing';
}

export const unpayableText = (t: Translate, u: Unpayable) =>
  t(`settlements.unpayable.${u.reason}`, { chars: (u.chars ?? []).join(' ') });

/** The account as a payee reads it: bank and branch, or the IBAN / SWIFT of a transfer abroad. */
export function accountText(item: CheckoutItem): string {
  const p = item.payee;
  if (item.currency !== 'JPY') return [p.iban || p.accountNumber, p.swift].filter(Boolean).join(' · ');
  return [p.bankName, p.branchName, p.accountNumber].filter(Boolean).join(' ');
}

function Totals({ state }: { state: State }) {
  const t = useT();
  const money = moneyIn(t);
  const { totals } = checkoutSelection(state.context);
  return (
    <Box borderTopWidth="1px" pt="2" role="status" aria-label={t('settlements.checkout.payable')}>
      {totals.map((x) => (
        <Text key={x.currency} fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {t('settlements.checkout.totalOf', {
            currency: x.currency,
            count: x.count,
            amount: money(x.amount, x.currency),
          })}
        </Text>
      ))}
    </Box>
  );
}

/** The party's orders held back by unresolved reconciliation exceptions (none: nothing shown). */
function HeldLine({ item }: { item: CheckoutItem }) {
  const t = useT();
  if (item.held.count === 0) return null;
  return (
    <Text flexBasis="100%" fontSize="sm" color="orange.700">
      {t('settlements.checkout.held', {
        count: item.held.count,
        amount: moneyIn(t)(item.held.amount, item.currency),
      })}
    </Text>
  );
}

/** Step 1: what can be paid (each with a leave-out switch), what cannot and why, the totals. */
function Choosing({ state, send, onClose }: { state: State; send: Send; onClose: () => void }) {
  const t = useT();
  const money = moneyIn(t);
  const { payable, unpayable } = checkoutSelection(state.context);
  const leftOut = state.context.deselected;
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          {payable.length === 0 ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('settlements.checkout.nonePayable')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Stack gap="2" as="section" aria-label={t('settlements.checkout.payable')}>
              <Text fontWeight="semibold">{t('settlements.checkout.payable')}</Text>
              {payable.map((item) => {
                const included = !leftOut.includes(item.id);
                return (
                  <Flex key={item.id} gap="3" align="center" justify="space-between" wrap="wrap">
                    <Checkbox.Root
                      checked={included}
                      onCheckedChange={(e) =>
                        send({ type: e.checked === true ? 'SELECT' : 'DESELECT', id: item.id })
                      }
                    >
                      <Checkbox.HiddenInput
                        aria-label={`${item.settlementNo} ${t(included ? 'settlements.checkout.leaveOut' : 'settlements.checkout.include')}`}
                      />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        <Text as="span" fontFamily="mono" fontSize="xs">
                          {item.settlementNo}
                        </Text>{' '}
                        {item.partyName}
                      </Checkbox.Label>
                    </Checkbox.Root>
                    <Text fontVariantNumeric="tabular-nums" color={included ? undefined : 'fg.muted'}>
                      {money(item.transferAmount, item.currency)}
                    </Text>
                    <HeldLine item={item} />
                  </Flex>
                );
              })}
            </Stack>
          )}
          {unpayable.length > 0 && (
            <Stack gap="2" as="section" aria-label={t('settlements.checkout.cannotPay')}>
              <Text fontWeight="semibold">{t('settlements.checkout.cannotPay')}</Text>
              {unpayable.map((item) => (
                <Box key={item.id} fontSize="sm">
                  <Text>
                    <Text as="span" fontFamily="mono" fontSize="xs">
                      {item.settlementNo}
                    </Text>{' '}
                    {item.partyName} · {money(item.transferAmount, item.currency)}
                  </Text>
                  {item.unpayable.map((u) => (
                    <Text key={u.reason} color="red.700">
                      {unpayableText(t, u)}
                    </Text>
                  ))}
                </Box>
              ))}
            </Stack>
          )}
          <Totals state={state} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button disabled={!state.can({ type: 'NEXT' })} onClick={() => send({ type: 'NEXT' })}>
          {t('common.nextStep')}
        </Button>
      </Dialog.Footer>
    </>
  );
}

/** Step 2: each transfer (payee, bank, amount), the totals and the transfer date. */
function Reviewing({ state, send, onClose }: { state: State; send: Send; onClose: () => void }) {
  const t = useT();
  const money = moneyIn(t);
  const { selected } = checkoutSelection(state.context);
  const dates = state.context.preview?.transferDates ?? [];
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Stack gap="3" as="ul" listStyleType="none">
            {selected.map((item) => (
              <Box
                as="li"
                key={item.id}
                borderBottomWidth="1px"
                pb="2"
                _last={{ borderBottomWidth: 0, pb: 0 }}
              >
                <Flex justify="space-between" gap="3" wrap="wrap">
                  <Text fontWeight="medium">{item.payee.name || item.partyName}</Text>
                  <Text fontVariantNumeric="tabular-nums" fontWeight="semibold">
                    {money(item.transferAmount, item.currency)}
                  </Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {accountText(item)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {item.payee.holder}{' '}
                  <Badge variant="subtle" size="sm">
                    {t(`settlements.transferTypes.${item.currency === 'JPY' ? 'zengin' : 'swift'}`)}
                  </Badge>
                </Text>
              </Box>
            ))}
          </Stack>
          <Totals state={state} />
          <Field.Root>
            <Field.Label>{t('settlements.checkout.transferDate')}</Field.Label>
            <OptionSelect
              root={{ size: 'sm', maxW: '14rem' }}
              value={state.context.transferDate}
              onChange={(e) => send({ type: 'SET_DATE', date: e.target.value })}
              options={dates.map((d) => ({ value: d, label: d }))}
            />
            <Field.HelperText>{t('settlements.checkout.transferDateHelp')}</Field.HelperText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" onClick={() => send({ type: 'BACK' })}>
          {t('common.prevStep')}
        </Button>
        <Button onClick={() => send({ type: 'NEXT' })}>{t('common.nextStep')}</Button>
      </Dialog.Footer>
    </>
  );
}

function Outcome({
  status,
  title,
  description,
}: {
  status: 'error' | 'warning' | 'success' | 'info';
  title: string;
  description?: string | null | undefined;
}) {
  return (
    <Alert.Root status={status} role={status === 'success' || status === 'info' ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {description && <Alert.Description>{description}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The batch made (or made before by this dialog's key), its bank files to download. */
function Done({ state, send }: { state: State; send: Send }) {
  const t = useT();
  const money = moneyIn(t);
  const outcome = state.context.outcome;
  if (!outcome) return null;
  const { batch, created } = outcome;
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Outcome
            status="success"
            title={t(created ? 'settlements.checkout.done' : 'settlements.checkout.doneAgain', {
              id: batch.id,
            })}
            description={t('settlements.checkout.transferOn', { date: batch.transferDate })}
          />
          {batch.files.map((f) => (
            <Flex key={f.currency} gap="3" align="center" justify="space-between" wrap="wrap">
              <Text fontSize="sm">
                {t(`settlements.transferTypes.${f.format}`)} ·{' '}
                {t('payoutBatches.record', { count: f.recordCount, total: money(f.total, f.currency) })}
              </Text>
              <Button
                size="sm"
                variant="outline"
                onClick={() => send({ type: 'DOWNLOAD', currency: f.currency })}
              >
                {t('settlements.checkout.download', { fileName: f.fileName })}
              </Button>
            </Flex>
          ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={() => send({ type: 'CLOSE' })}>{t('common.close')}</Button>
      </Dialog.Footer>
    </>
  );
}

/** Refused or failed: what happened and what can be done next. */
function Refused({ state, send, onClose }: { state: State; send: Send; onClose: () => void }) {
  const t = useT();
  const { conflict, rejection, error } = state.context;
  let body;
  if (state.matches('conflict')) {
    body = (
      <Outcome
        status="warning"
        title={t('settlements.checkout.conflict', { taken: (conflict?.taken ?? []).join(', ') })}
      />
    );
  } else if (state.matches('rejected')) {
    const detail = refusalFigures(t, rejection, 'settlements.checkout') ?? rejection?.message;
    body = (
      <Outcome
        status="error"
        title={t(`settlements.checkout.rejected.${rejection?.reason ?? 'wrongPassword'}`)}
        description={detail}
      />
    );
  } else if (state.matches('loadFailed')) {
    body = <Outcome status="error" title={t('settlements.checkout.loadFailed')} description={error} />;
  } else {
    body = <Outcome status="error" title={t('settlements.checkout.failed')} description={error} />;
  }
  return (
    <>
      <Dialog.Body>{body}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        {state.matches({ rejected: 'passwordReset' }) && <ChangeRefundPasswordLink onClick={onClose} />}
        {state.can({ type: 'REFRESH' }) && (
          <Button variant="outline" onClick={() => send({ type: 'REFRESH' })}>
            {t('settlements.checkout.backToChoosing')}
          </Button>
        )}
        {state.can({ type: 'RETRY' }) && (
          <Button onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</Button>
        )}
      </Dialog.Footer>
    </>
  );
}

/** The dialog's body and footer for the machine's state. */
export function CheckoutSteps({ state, send, onClose }: { state: State; send: Send; onClose: () => void }) {
  const t = useT();
  if (state.matches('loading'))
    return (
      <Dialog.Body>
        <Flex gap="2" align="center" role="status">
          <Spinner size="sm" />
          <Text>{t('settlements.checkout.loading')}</Text>
        </Flex>
      </Dialog.Body>
    );
  if (state.matches('choosing')) return <Choosing state={state} send={send} onClose={onClose} />;
  if (state.matches('reviewing')) return <Reviewing state={state} send={send} onClose={onClose} />;
  if (state.matches('authorising') || state.matches('submitting'))
    return (
      <RefundPasswordForm
        label={t('settlements.checkout.steps.authorising')}
        message={t('settlements.checkout.authoriseHelp')}
        submitLabel={t('settlements.checkout.submit')}
        busy={state.matches('submitting')}
        send={send}
      />
    );
  if (state.matches('done')) return <Done state={state} send={send} />;
  return <Refused state={state} send={send} onClose={onClose} />;
}
