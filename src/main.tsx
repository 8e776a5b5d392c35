import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { SESSION_SYSTEM_ID, sessionMachine } from './machines/session';
import { createApiClient } from './services/client';
import { setApi } from './services/api';
import { sessionActors } from './services/actors';
import { sessionStore } from './services/storage';
import { system } from './app/system';
import { AppToaster, showError, showToast } from './app/toaster';
import { I18nProvider } from './app/i18n';
import { SessionProvider, type SessionActor } from './app/session';
import { AppRouter } from './app/Router';

/**
 * The console's wiring (DESIGN: main.tsx): one API client, the session actor as root, the
 * Chakra system, i18n for the session's locale, the routes. Machines' effects (toasts,
 * navigation, reload) are carried out here.
 */
let session: SessionActor | null = null;

setApi(
  createApiClient({
    getToken: () => sessionStore.getToken(),
    onToken: (token) => session?.send({ type: 'TOKEN', token }),
    onUnauthenticated: () => session?.send({ type: 'SESSION_EXPIRED' }),
    onPasswordChangeRequired: () => session?.send({ type: 'PASSWORD_CHANGE_REQUIRED' }),
    getLocale: () => session?.getSnapshot().context.locale ?? sessionStore.getLocale(),
    onError: showError,
    baseURL: import.meta.env.VITE_API_BASE,
  }),
);

session = createActor(sessionMachine.provide({ actors: sessionActors }), {
  systemId: SESSION_SYSTEM_ID,
  input: { storage: sessionStore },
});
session.on('toast', (e) => showToast(e.status, e.message));
session.on('navigate', (e) => navigate(e.to, { replace: e.replace ?? false }));
session.on('reload', () => window.location.reload());
session.start();

const actor = session;

function Root() {
  const locale = useSelector(actor, (s) => s.context.locale);
  return (
    <ChakraProvider value={system}>
      <SessionProvider actor={actor}>
        <I18nProvider locale={locale}>
          <AppRouter />
          <AppToaster />
        </I18nProvider>
      </SessionProvider>
    </ChakraProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
