import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, Input, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { passwordChangeForm, type PasswordChangeForm } from '../../contract/account';
import { passwordPolicy } from '../../contract/passwords';
import type { PasswordKind } from '../../contract/account';
import type { passwordChangeMachine } from '../../machines/passwordChange';
import { useT } from '../../app/i18n';
import { useRootActor, useSessionUser, useWorkflow } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { FormField, errorText } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { PasswordRules } from './PasswordRules';
import { FailureAlert } from '../../components/FailureAlert';

const EMPTY: PasswordChangeForm = { oldPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof PasswordChangeForm;

/**
 * Change the login or the refund password, driven by the passwordChange machine, which the
 * root actor runs while the screen is shown; the machine tells the session (and a refund
 * waiting for the change) itself.
 */
export function PasswordChangeScreen({ kind }: { kind: PasswordKind }) {
  const root = useRootActor();
  const actor = useWorkflow('passwordChange');
  useEffect(() => {
    root.send({ type: 'passwordChange.open', input: { kind } });
    return () => root.send({ type: 'passwordChange.close' });
  }, [root, kind]);
  return actor && actor.getSnapshot().context.kind === kind ? <PasswordChangeCard actor={actor} /> : null;
}

function PasswordChangeCard({ actor }: { actor: ActorRefFrom<typeof passwordChangeMachine> }) {
  const t = useT();
  const user = useSessionUser();
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  const kind = state.context.kind;
  // The server's rules (its minimum length comes with the session's user info).
  const minLength = user?.passwordPolicy?.minLength;
  const policy = useMemo(() => passwordPolicy(minLength), [minLength]);
  const schema = useMemo(() => passwordChangeForm(policy), [policy]);
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<PasswordChangeForm>({
    resolver: yupResolver(schema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

  useEffect(() => {
    const subscriptions = [
      actor.on('changed', () => {
        showSuccess(t('passwordForm.changedLogin'));
        reset(EMPTY);
        actor.send({ type: 'RESET' });
      }),
      actor.on('reloginRequired', () => {
        showSuccess(t('passwordForm.changedRefund'));
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, reset, t]);

  // The server's field reasons (INVALID replies) go beside their fields.
  const fieldErrors = state.context.fieldErrors;
  useEffect(() => {
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (field in EMPTY) setError(field as Field, { type: 'server', message });
    }
  }, [fieldErrors, setError]);

  const busy = state.hasTag('busy');
  const rejected = state.matches('rejected');
  const onChange = () => rejected && send({ type: 'EDIT' });
  const submit = handleSubmit((values) => send({ type: 'SUBMIT', values }));
  const title = t(kind === 'login' ? 'menu.changePassword' : 'menu.changeRefundPassword');

  return (
    <>
      <PageHeader
        title={title}
        description={t(kind === 'login' ? 'passwordForm.loginIntro' : 'passwordForm.refundIntro')}
      />
      <Card.Root maxW="xl">
        <Card.Body>
          <form onSubmit={submit} onChange={onChange} noValidate aria-label={title}>
            <Stack gap="4">
              {kind === 'login' && user?.mustChangePassword && (
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Title>{t('shell.mustChangePassword')}</Alert.Title>
                </Alert.Root>
              )}
              {/* The banner only for a refusal that names no field (those show at their field). */}
              <FailureAlert
                text={
                  rejected && !Object.keys(fieldErrors).some((f) => f in EMPTY) ? state.context.error : null
                }
              />
              <FormField
                label={t(kind === 'login' ? 'passwordForm.oldLogin' : 'passwordForm.oldRefund')}
                required
                error={errorText(t, 'oldPassword', errors.oldPassword)}
              >
                <Input {...register('oldPassword')} type="password" autoComplete="current-password" />
              </FormField>
              <FormField
                label={t('fields.newPassword')}
                required
                error={errorText(t, 'newPassword', errors.newPassword)}
              >
                <Input
                  {...register('newPassword')}
                  type="password"
                  autoComplete="new-password"
                  maxLength={40}
                />
              </FormField>
              <FormField
                label={t('fields.confirmPassword')}
                required
                error={errorText(t, 'confirmPassword', errors.confirmPassword)}
              >
                <Input
                  {...register('confirmPassword')}
                  type="password"
                  autoComplete="new-password"
                  maxLength={40}
                />
              </FormField>
              <PasswordRules
                password={watch('newPassword') ?? ''}
                confirmation={watch('confirmPassword') ?? ''}
                policy={policy}
              />
              <Button
                type="submit"
                loading={busy}
                disabled={busy}
                alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              >
                {t('passwordForm.submit')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </>
  );
}
