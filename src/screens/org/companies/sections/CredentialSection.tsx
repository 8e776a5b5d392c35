import { Button, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../../app/i18n';
import { InfoList } from '../../../../components/InfoList';
import { KeyIcon } from '../../../../components/icons';

/** The access token and pay secret: issued by the server, masked here; a new pair on request. */
export function CredentialSection({
  accessToken,
  paySecret,
  onRegenerate,
}: {
  /** null: a company not saved yet. */
  accessToken: string | null;
  paySecret: string | null;
  onRegenerate?: () => void;
}) {
  const t = useT();
  if (accessToken === null) {
    return <Text color="fg.muted">{t('org.company.issuedOnSave')}</Text>;
  }
  return (
    <Stack gap="4" align="flex-start">
      <InfoList
        items={[
          { label: t('org.secrets.accessToken'), value: <Text fontFamily="mono">{accessToken || '—'}</Text> },
          { label: t('org.secrets.paySecret'), value: <Text fontFamily="mono">{paySecret || '—'}</Text> },
        ]}
      />
      <Text fontSize="sm" color="fg.muted">
        {t('org.company.maskedNote')}
      </Text>
      {onRegenerate && (
        <Button size="sm" variant="outline" colorPalette="orange" onClick={onRegenerate}>
          <KeyIcon />
          {t('org.actions.regenerateSecret')}
        </Button>
      )}
    </Stack>
  );
}
