import { Button } from '@chakra-ui/react';
import { useDocumentTitle, useT } from '../../app/i18n';
import { FullPageMessage } from '../../components/FullPageMessage';
import { AlertIcon, RefreshIcon } from '../../components/icons';

/**
 * A screen that could not be shown (src/app/ErrorBoundary.tsx): its code failed, or its chunk
 * is gone even after the one reload a deploy earns (src/app/chunkReload.ts). Part of the main
 * bundle, never loaded lazily: it must show when loading does not work.
 */
export function ScreenFailed({ inShell = false }: { inShell?: boolean }) {
  const t = useT();
  useDocumentTitle(t('errorPage.failedTitle'));
  return (
    <FullPageMessage
      minH={inShell ? '60vh' : '100dvh'}
      icon={<AlertIcon boxSize="12" color="orange.500" />}
      title={t('errorPage.failedTitle')}
      body={t('errorPage.failedBody')}
      actions={
        <Button onClick={() => window.location.reload()}>
          <RefreshIcon />
          {t('errorPage.reload')}
        </Button>
      }
    />
  );
}
