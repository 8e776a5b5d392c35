import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../app/i18n';
import { FieldGrid, TextField } from '../../shared/formFields';

/** The qualified-invoice issuer the merchants' statements name. */
export function IssuerCard() {
  const t = useT();
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('settlements.settings.issuer')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('settlements.settings.issuerHelp')}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
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
      </Card.Body>
    </Card.Root>
  );
}
