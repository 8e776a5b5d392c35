import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loginUrl, safeRedirect } from '../../machines/session';
import { sessionStore } from '../../services/storage';
import { useDocumentTitle, useT } from '../../app/i18n';
import { useSession } from '../../app/session';
import { FullPageMessage } from '../../components/FullPageMessage';
import { TopProgress } from '../../components/TopProgress';

/**
 * /auth-redirect?token=…&redirect=… (spec point 2): a token handed over by another system is
 * stored and the page reloads, so the session restores it (/system/info) before going on.
 * Without a token: on to the redirect when signed in, else back to the login page.
 */
export default function AuthRedirect() {
  const t = useT();
  useDocumentTitle(t('loginPage.redirecting'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const signedIn = useSession((s) => s.context.token !== null);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const token = params.get('token');
    const redirect = safeRedirect(params.get('redirect'));
    if (token) {
      sessionStore.clear();
      sessionStore.setToken(token);
      window.location.replace(redirect);
      return;
    }
    navigate(signedIn ? redirect : loginUrl(redirect), { replace: true });
    // Runs once per arrival: the hand-over is a one-way step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <TopProgress />
      <FullPageMessage title={t('loginPage.redirecting')} />
    </>
  );
}
