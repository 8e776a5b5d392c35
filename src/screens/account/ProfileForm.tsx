import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { FormProvider, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { ProfileInput } from '../../contract/account';
import { isApiError } from '../../services/client';
import { saveProfile, type Profile } from '../../services/account';
import { useLocale, useT } from '../../app/i18n';
import { useSessionSend } from '../../app/session';
import { showSuccess } from '../../app/toaster';
import { languageOptions } from '../shared/options';
import { FieldGrid, SelectField, TextField } from '../shared/formFields';
import { FailureAlert } from '../../components/FailureAlert';

type Field = keyof ProfileInput;
const FIELDS: readonly Field[] = ['userName', 'email', 'mobile', 'workingLanguage'];

/** Name, email, mobile and working language, validated with the contract's ProfileInput. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const t = useT();
  const locale = useLocale();
  const sessionSend = useSessionSend();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileInput>({
    resolver: yupResolver(ProfileInput),
    defaultValues: {
      userName: profile.userName,
      email: profile.email,
      mobile: profile.mobile ?? '',
      workingLanguage: profile.workingLanguage,
    },
  });
  const { handleSubmit, setError, reset, formState } = form;
  const { isSubmitting, isDirty } = formState;

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
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={t('menu.introduce')}>
        <Stack gap="4">
          <FailureAlert text={failure} />
          <FieldGrid>
            <TextField name="userName" required autoComplete="name" />
            <TextField name="email" required type="email" autoComplete="email" inputMode="email" />
            <TextField name="mobile" type="tel" autoComplete="tel" inputMode="tel" />
            <SelectField name="workingLanguage" required options={languageOptions(t)} />
          </FieldGrid>
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
    </FormProvider>
  );
}
