import { useEffect } from 'react';
import { Button, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useT } from '../../app/i18n';
import { useSession, useSessionSend } from '../../app/session';
import { FormField, errorText } from '../../components/FormField';
import { CaptchaField } from './CaptchaField';
import { SignInError } from './SignInError';
import { LoginForm as LoginSchema, type LoginForm as LoginValues } from './loginSchema';

/** User ID, password, verification code; the session machine does the rest. */
export function LoginForm() {
  const t = useT();
  const send = useSessionSend();
  const loggingIn = useSession((s) => s.matches('loggingIn'));
  const error = useSession((s) => s.context.error);
  const lockedUntil = useSession((s) => s.context.lockedUntil);
  const captchaId = useSession((s) => s.context.captcha?.captchaId ?? '');
  const captchaOff = useSession((s) => s.context.captcha?.enabled === false);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: yupResolver(LoginSchema),
    context: { captchaOff },
    defaultValues: { login_id: '', password: '', verycode: '' },
  });

  // A verification code is single use: a new image empties the field.
  useEffect(() => {
    setValue('verycode', '');
  }, [captchaId, setValue]);
  // The login id has the focus when the form opens (the first thing to type).
  useEffect(() => {
    setFocus('login_id');
  }, [setFocus]);
  useEffect(() => {
    if (error) setFocus('password');
  }, [error, setFocus]);

  const submit = handleSubmit((v) =>
    send({ type: 'LOGIN', loginId: v.login_id, password: v.password, verycode: v.verycode ?? '' }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('loginPage.heading')}>
      <Stack gap="4">
        {error && <SignInError error={error} lockedUntil={lockedUntil} />}
        <FormField label={t('fields.login_id')} required error={errorText(t, 'login_id', errors.login_id)}>
          <Input {...register('login_id')} autoComplete="username" autoCapitalize="off" spellCheck={false} />
        </FormField>
        <FormField label={t('fields.password')} required error={errorText(t, 'password', errors.password)}>
          <Input {...register('password')} type="password" autoComplete="current-password" />
        </FormField>
        <CaptchaField input={register('verycode')} error={errorText(t, 'verycode', errors.verycode)} />
        <Button
          type="submit"
          size="lg"
          w="full"
          mt="2"
          loading={loggingIn}
          loadingText={t('loginPage.submitting')}
          disabled={loggingIn}
        >
          {t('loginPage.submit')}
        </Button>
      </Stack>
    </form>
  );
}
