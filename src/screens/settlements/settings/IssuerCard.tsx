import { Stack } from '@chakra-ui/react';
import { useT } from '../../../app/i18n';
import { SettingsCard } from './SettingsCard';
import { FieldGrid, TextField } from '../../shared/formFields';

/** The qualified-invoice issuer the merchants' statements name. */
export function IssuerCard() {
  const t = useT();
  return (
    <SettingsCard title={t('settlements.settings.issuer')} help={t('settlements.settings.issuerHelp')}>
      <Stack gap="4">
        <FieldGrid>
          <TextField name="issuer.name" required />
          <TextField
            name="issuer.registrationNo"
            required
            autoCapitalize="characters"
            maxLength={14}
            helper={t('settlements.settings.registrationNoHelp')}
          />
          <TextField name="issuer.phone" type="tel" inputMode="tel" />
        </FieldGrid>
        <TextField name="issuer.address" />
      </Stack>
    </SettingsCard>
  );
}
