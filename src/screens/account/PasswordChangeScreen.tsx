import { useEffect } from 'react';
import { Alert, Button, Card, Input, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { PasswordChangeForm } from '../../contract/account';
import type { PasswordKind } from '../../contract/account';
import { passwordChangeMachine } from '../../machines/passwordChange';
import { passwordChangeActors } from '../../services/actors';
import { useT } from '../../app/i18n';
import { useSessionSend, useSessionUser } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { FormField, errorText } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { PasswordRules } from './PasswordRules';

const machine = passwordChangeMachine.provide({ actors: passwordChangeActors });
const EMPTY: PasswordChangeForm = { oldPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof PasswordChangeForm;

/** Change the login or the refund password, driven by the passwordChange machine. */
export function PasswordChangeScreen({ kind }: { kind: PasswordKind }) {
  const t = useT();
  const sessionSend = useSessionSend();
  const user = useSessionUser();
  const [state, send, actor] = useMachine(machine, { input: { kind } });
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<PasswordChangeForm>({
    resolver: yupResolver(PasswordChangeForm),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

  useEffect(() => {
    const subscriptions = [
      actor.on('changed', () => {
        showSuccess(t('passwordForm.changedLogin'));
        sessionSend({ type: 'PASSWORD_CHANGED' });
        reset(EMPTY);
        actor.send({ type: 'RESET' });
      }),
      actor.on('reloginRequired', () => {
        showSuccess(t('passwordForm.changedRefund'));
        sessionSend({ type: 'RELOGIN_REQUIRED' });
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, reset, sessionSend, t]);

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
              {rejected && state.context.error && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{state.context.error}</Alert.Title>
                </Alert.Root>
              )}
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
