import { useState } from 'react';
import { Alert, Button, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { ProfileInput } from '../../contract/account';
import { WORKING_LANGUAGES } from '../../contract/locale';
import { isApiError } from '../../services/client';
import { saveProfile, type Profile } from '../../services/account';
import { useLocale, useT } from '../../app/i18n';
import { useSessionSend } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { FormField, errorText } from '../../components/FormField';

type Field = keyof ProfileInput;
const FIELDS: readonly Field[] = ['userName', 'email', 'mobile', 'workingLanguage'];

/** Name, email, mobile and working language, validated with the contract's ProfileInput. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const t = useT();
  const locale = useLocale();
  const sessionSend = useSessionSend();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<ProfileInput>({
    resolver: yupResolver(ProfileInput),
    defaultValues: {
      userName: profile.userName,
      email: profile.email,
      mobile: profile.mobile ?? '',
      workingLanguage: profile.workingLanguage,
    },
  });
  const { errors, isSubmitting, isDirty } = formState;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await saveProfile(values);
      showSuccess(t('myAccount.profileSaved'));
      reset(values);
      onSaved(saved);
      sessionSend({
        type: 'PROFILE_SAVED',
        userName: saved.userName,
        email: saved.email,
        mobile: saved.mobile,
      });
      // A new working language is also the console's: saved for the session, then a reload.
      if (values.workingLanguage !== locale)
        sessionSend({ type: 'CHANGE_LANGUAGE', locale: values.workingLanguage });
    } catch (e) {
      const fieldErrors = isApiError(e) ? Object.entries(e.errors ?? {}) : [];
      for (const [field, message] of fieldErrors) {
        if ((FIELDS as readonly string[]).includes(field))
          setError(field as Field, { type: 'server', message });
      }
      setFailure(e instanceof Error ? e.message : t('common.submitError'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('menu.introduce')}>
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('fields.userName')} required error={errorText(t, 'userName', errors.userName)}>
            <Input {...register('userName')} autoComplete="name" />
          </FormField>
          <FormField label={t('fields.email')} required error={errorText(t, 'email', errors.email)}>
            <Input {...register('email')} type="email" autoComplete="email" inputMode="email" />
          </FormField>
          <FormField label={t('fields.mobile')} error={errorText(t, 'mobile', errors.mobile)}>
            <Input {...register('mobile')} type="tel" autoComplete="tel" inputMode="tel" />
          </FormField>
          <FormField
            label={t('fields.workingLanguage')}
            required
            error={errorText(t, 'workingLanguage', errors.workingLanguage)}
          >
            <NativeSelect.Root>
              <NativeSelect.Field {...register('workingLanguage')}>
                {WORKING_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {t(`languages.${l}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={isSubmitting || !isDirty}
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
