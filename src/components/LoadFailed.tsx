import { Alert, Button } from '@chakra-ui/react';
import { useT } from '../app/i18n';

/** A failed read with its reason and a retry. */
export function LoadFailed({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.loadFailed')}</Alert.Title>
        {message && <Alert.Description>{message}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}
