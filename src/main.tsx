// First: it asks for the reader's catalogue while the rest is set up.
import { firstLanguage } from './app/firstLanguage';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { rootMachine } from './machines/root';
import { sessionMachine } from './machines/session';
import { refundMachine } from './machines/refund';
import { refundApprovalMachine } from './machines/refundApproval';
import { passwordChangeMachine } from './machines/passwordChange';
import { preOrderMachine } from './machines/preOrder';
import { settlementCheckoutMachine } from './machines/settlementCheckout';
import { createApiClient } from './services/client';
import { setApi } from './services/api';
import { passwordChangeActors, sessionActors } from './services/actors';
import { refundActors, refundApprovalActors } from './services/refunds';
import { preOrderActors } from './services/preorders';
import { settlementCheckoutActors } from './services/settlements';
import { statementImportMachine } from './machines/statementImport';
import { statementImportActors } from './services/reconciliation';
import { STORAGE_KEYS, sessionStore } from './services/storage';
import { isWorkingLanguage } from './contract/locale';
import { system } from './app/system';
import { AppToaster, showError, showToast } from './app/toaster';
import { I18nProvider, useShownLanguage } from './app/i18n';
import { SessionProvider, type RootActor } from './app/session';
import { AppRouter } from './app/Router';

/**
 * The console's wiring (DESIGN: main.tsx): one API client, one actor system (the root actor
 * invokes the session and spawns the workflows, each with its real services), the Chakra
 * system, i18n for the session's locale, the routes. The session's effects (toasts,
 * navigation, reload) are carried out here.
 */
let root: RootActor | null = null;
const session = () => root?.getSnapshot().children.session;

setApi(
  createApiClient({
    getToken: () => sessionStore.getToken(),
    onToken: (token) => session()?.send({ type: 'TOKEN', token }),
    onUnauthenticated: () => session()?.send({ type: 'SESSION_EXPIRED' }),
    onPasswordChangeRequired: () => session()?.send({ type: 'PASSWORD_CHANGE_REQUIRED' }),
    getLocale: () => session()?.getSnapshot().context.locale ?? sessionStore.getLocale(),
    onError: showError,
    baseURL: import.meta.env.VITE_API_BASE,
  }),
);

const actors = {
  session: sessionMachine.provide({ actors: sessionActors }),
  refund: refundMachine.provide({ actors: refundActors }),
  refundApproval: refundApprovalMachine.provide({ actors: refundApprovalActors }),
  passwordChange: passwordChangeMachine.provide({ actors: passwordChangeActors }),
  preOrder: preOrderMachine.provide({ actors: preOrderActors }),
  settlementCheckout: settlementCheckoutMachine.provide({ actors: settlementCheckoutActors }),
  statementImport: statementImportMachine.provide({ actors: statementImportActors }),
};
root = createActor(rootMachine.provide({ actors }), { input: { storage: sessionStore } });
root.start();
const rootActor = root;
const sessionActor = session()!;
sessionActor.on('toast', (e) => showToast(e.status, e.message));
sessionActor.on('navigate', (e) => navigate(e.to, { replace: e.replace ?? false }));
sessionActor.on('reload', () => window.location.reload());
// Another tab changed the language (and saved it): this one follows, in place.
window.addEventListener('storage', (e) => {
  if (e.key !== STORAGE_KEYS.locale || !isWorkingLanguage(e.newValue)) return;
  if (e.newValue !== sessionActor.getSnapshot().context.locale)
    sessionActor.send({ type: 'SET_LOCALE', locale: e.newValue });
});

function Root() {
  const locale = useShownLanguage(useSelector(sessionActor, (s) => s.context.locale));
  return (
    <ChakraProvider value={system}>
      <SessionProvider root={rootActor}>
        <I18nProvider locale={locale}>
          {/* A language change re-mounts the screens, so what they loaded comes again in it. */}
          <AppRouter key={locale} />
          <AppToaster />
        </I18nProvider>
      </SessionProvider>
    </ChakraProvider>
  );
}

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
// The reader's language first (one catalogue chunk); if it cannot be had, the console still
// starts (in the language's keys until a catalogue arrives) and asks again on a change of language.
firstLanguage.then(render, render);
