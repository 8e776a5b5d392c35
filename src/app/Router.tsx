import { Suspense, useMemo, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { loginUrl } from '../machines/session';
import { TopProgress } from '../components/TopProgress';
import { FullPageMessage } from '../components/FullPageMessage';
import type { MessageKey } from '../i18n/translator';
import { useDocumentTitle, useT } from './i18n';
import { lazyScreen } from './chunkReload';
import { ErrorBoundary } from './ErrorBoundary';
import { allowedSet, decideRoute } from './routes';
import { SCREENS, hasScreen, type SubScreen } from './screens';
import { useSession, useSessionMenu } from './session';

const Login = lazyScreen(() => import('../screens/auth/Login'));
const AuthRedirect = lazyScreen(() => import('../screens/auth/AuthRedirect'));
const RedirectHelper = lazyScreen(() => import('../screens/auth/RedirectHelper'));
const PayLink = lazyScreen(() => import('../screens/payer/PayLink'));
const NoAccess = lazyScreen(() => import('../screens/errors/NoAccess'));
const NotFound = lazyScreen(() => import('../screens/errors/NotFound'));
// The signed-in console (sidebar, top bar, user card, session dialogs) loads only after login,
// so the login page fetches what it shows and little more (bench/login.ts measures it).
const AppShell = lazyScreen<{ children: ReactNode }>(
  () => import('./layout/AppShell').then((m) => ({ default: m.AppShell })),
  { screen: false },
);

/** Public routes first (spec point 2); everything else needs a session. */
export function AppRouter() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<TopProgress />}>
        <Switch>
          <Route path="/login" component={Login} />
          <Route path="/auth-redirect" component={AuthRedirect} />
          <Route path="/qrcode" component={PayLink} />
          <Route path="/401" component={NoAccess} />
          <Route path="/redirect/*" component={RedirectHelper} />
          <Route>
            <Guarded />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

type Gate = 'in' | 'out' | 'restoring' | 'expired' | 'leaving';

const TITLES = {
  restoring: 'loginPage.restoring',
  expired: 'common.sessionTimeout',
  leaving: 'app.loading',
} as const;

/** No token: to /login with the wanted path. While the session restores or ends, wait. */
function Guarded() {
  const t = useT();
  const [path] = useLocation();
  const search = useSearch();
  const gate = useSession((s): Gate => {
    if (s.matches('authenticated')) return 'in';
    if (s.matches('booting') || s.matches('restoring')) return 'restoring';
    // Owing the second factor: the login page asks for it.
    if (s.matches('loggedOut') || s.matches('loggingIn') || s.matches('secondFactor')) return 'out';
    // Expired or logging out: the machine navigates to /login itself (with the redirect).
    return s.matches('expired') ? 'expired' : 'leaving';
  });
  if (gate === 'out') return <Redirect to={loginUrl(search ? `${path}?${search}` : path)} replace />;
  if (gate === 'in') {
    return (
      <AppShell>
        <ShellRoutes />
      </AppShell>
    );
  }
  return (
    <>
      <TopProgress />
      <FullPageMessage title={t(TITLES[gate])} />
    </>
  );
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The menu ∩ contract ∩ screens decides: the screen, a group's first page, /401 or not found. */
function ShellRoutes() {
  const [rawPath] = useLocation();
  const path = normalise(rawPath);
  return (
    // Inside the shell: the menu stays; another page starts without the failure.
    <ErrorBoundary key={path} inShell>
      <ShellRoute path={path} />
    </ErrorBoundary>
  );
}

function ShellRoute({ path }: { path: string }) {
  const menu = useSessionMenu();
  const role = useSession((s) => s.context.user?.operatorType);
  const allowed = useMemo(() => allowedSet(menu, role), [menu, role]);
  const decision = decideRoute(path, allowed);
  switch (decision.kind) {
    case 'screen':
      return <ScreenFrame path={path} titleKey={decision.route.titleKey} />;
    case 'sub':
      return <SubScreenFrame {...decision} />;
    case 'redirect':
      return <Redirect to={decision.to} replace />;
    case 'noAccess':
      return <Redirect to="/401" replace />;
    default:
      return (
        <Suspense fallback={<TopProgress />}>
          <NotFound inShell />
        </Suspense>
      );
  }
}

function ScreenFrame({ path, titleKey }: { path: string; titleKey: MessageKey }) {
  const t = useT();
  useDocumentTitle(t(titleKey));
  const Screen = hasScreen(path) ? SCREENS[path] : null;
  return <Suspense fallback={<TopProgress />}>{Screen ? <Screen /> : <NotFound inShell />}</Suspense>;
}

function SubScreenFrame({ sub, param, titleKey }: { sub: SubScreen; param: string; titleKey: MessageKey }) {
  const t = useT();
  useDocumentTitle(t(titleKey));
  const Screen = sub.screen;
  return (
    <Suspense fallback={<TopProgress />}>
      <Screen param={param} />
    </Suspense>
  );
}
