import { Alert } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import { formatInstant } from '../../components/instant';

/** A refused sign-in step (password or code): the message and, when locked, until when. */
export function SignInError({ error, lockedUntil }: { error: string; lockedUntil: string | null }) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{error}</Alert.Title>
        {lockedUntil && (
          <Alert.Description>
            {t('loginPage.lockedUntil', { time: formatInstant(lockedUntil) })}
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
