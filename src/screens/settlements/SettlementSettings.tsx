import { Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FormProvider, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { SettlementSettingsSave, type SettlementSettings as Settings } from '../../contract/settlements';
import { getSettlementSettings, saveSettlementSettings } from '../../services/settlements';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { useFormSave } from '../shared/forms';
import { IssuerCard } from './settings/IssuerCard';
import { PayingAccountsCard } from './settings/PayingAccountsCard';
import { TransferFeesCard } from './settings/TransferFeesCard';
import { formOf, type SettingsForm } from './settings/settingsForm';
import { FailureAlert } from '../../components/FailureAlert';
import { SaveButton } from '../shared/FormActions';

/** The three cards in one form, one save; the server's refusals back at their fields. */
function SettingsEditor({ settings }: { settings: Settings }) {
  const t = useT();
  const form = useForm<SettingsForm>({
    resolver: yupResolver(SettlementSettingsSave),
    defaultValues: formOf(settings),
  });
  const { submit, failure } = useFormSave(t, form, saveSettlementSettings, (saved) =>
    form.reset(formOf(saved)),
  );
  const { isSubmitting, isDirty } = form.formState;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={t('settlements.settings.title')}>
        <Stack gap="4">
          <FailureAlert text={failure} />
          <TransferFeesCard />
          <PayingAccountsCard />
          <IssuerCard />
          <Flex gap="3" align="center" justify="flex-end" wrap="wrap">
            {isDirty && (
              <Text fontSize="sm" color="orange.600" me="auto" role="status">
                {t('settlements.settings.unsaved')}
              </Text>
            )}
            <SaveButton busy={isSubmitting} dirty={isDirty} />
          </Flex>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** /settle/settings: the system admin's transfer fees, paying accounts and invoice issuer. */
export default function SettlementSettings() {
  const t = useT();
  const settings = useLoad(getSettlementSettings, []);
  return (
    <>
      <PageHeader
        title={t('settlements.settings.title')}
        description={t('settlements.settings.description')}
      />
      {settings.status === 'failed' ? (
        <LoadFailed message={settings.error} onRetry={settings.reload} />
      ) : !settings.data ? (
        <Stack gap="4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="40" borderRadius="md" />
          ))}
        </Stack>
      ) : (
        <SettingsEditor settings={settings.data} />
      )}
    </>
  );
}
