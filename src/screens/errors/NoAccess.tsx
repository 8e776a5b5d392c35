import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useDocumentTitle, useT } from '../../app/i18n';
import { useSession } from '../../app/session';
import { FullPageMessage } from '../../components/FullPageMessage';
import { ShieldIcon } from '../../components/icons';

/** /401: the signed-in user's menu lacks the page (or nobody is signed in). */
export default function NoAccess() {
  const t = useT();
  useDocumentTitle(t('menu.noAccess'));
  const signedIn = useSession((s) => s.matches('authenticated'));
  return (
    <FullPageMessage
      icon={<ShieldIcon boxSize="12" color="blue.500" />}
      code={t('errorPage.noAccessCode')}
      title={t('menu.noAccess')}
      body={t('errorPage.noAccessBody')}
      actions={
        <>
          <Button asChild>
            <Link href="/">{t('errorPage.backHome')}</Link>
          </Button>
          {!signedIn && (
            <Button asChild variant="outline">
              <Link href="/login">{t('errorPage.toLogin')}</Link>
            </Button>
          )}
        </>
      }
    />
  );
}
