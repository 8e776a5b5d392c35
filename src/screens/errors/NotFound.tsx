import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useDocumentTitle, useT } from '../../app/i18n';
import { FullPageMessage } from '../../components/FullPageMessage';

/** Any path no route matches (spec point 2); inside the shell when signed in. */
export default function NotFound({ inShell = false }: { inShell?: boolean }) {
  const t = useT();
  useDocumentTitle(t('menu.notFound'));
  return (
    <FullPageMessage
      minH={inShell ? '60vh' : '100dvh'}
      code={t('errorPage.notFoundCode')}
      title={t('menu.notFound')}
      body={t('errorPage.notFoundBody')}
      actions={
        <Button asChild>
          <Link href="/">{t('errorPage.backHome')}</Link>
        </Button>
      }
    />
  );
}
