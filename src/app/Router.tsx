import { Suspense, lazy, useMemo } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { loginUrl } from '../machines/session';
import { TopProgress } from '../components/TopProgress';
import { FullPageMessage } from '../components/FullPageMessage';
import type { MessageKey } from '../i18n/translator';
import { useDocumentTitle, useT } from './i18n';
import { allowedSet, decideRoute } from './routes';
import { SCREENS, hasScreen, type SubScreen } from './screens';
import { useSession, useSessionMenu } from './session';

const Login = lazy(() => import('../screens/auth/Login'));
const AuthRedirect = lazy(() => import('../screens/auth/AuthRedirect'));
const RedirectHelper = lazy(() => import('../screens/auth/RedirectHelper'));
const PayLink = lazy(() => import('../screens/payer/PayLink'));
const NoAccess = lazy(() => import('../screens/errors/NoAccess'));
const NotFound = lazy(() => import('../screens/errors/NotFound'));
// The signed-in console (sidebar, top bar, user card, session dialogs) loads only after login,
// so the login page fetches what it shows and little more (bench/login.ts measures it).
const AppShell = lazy(() => import('./layout/AppShell').then((m) => ({ default: m.AppShell })));

/** Public routes first (spec point 2); everything else needs a session. */
export function AppRouter() {
  return (
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
  const menu = useSessionMenu();
  const role = useSession((s) => s.context.user?.operatorType);
  const allowed = useMemo(() => allowedSet(menu, role), [menu, role]);
  const decision = decideRoute(path, allowed);
  switch (decision.kind) {
    case 'screen':
      return <ScreenFrame key={path} path={path} titleKey={decision.route.titleKey} />;
    case 'sub':
      return <SubScreenFrame key={path} {...decision} />;
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
