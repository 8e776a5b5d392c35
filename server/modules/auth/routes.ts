import { LoginInput } from '../../../src/contract/auth';
import type { Api } from '../../platform/api';
import { menuOf } from '../../platform/access';
import { userInfoOf } from '../../platform/principal';
import { limitAddress } from '../../platform/rateLimit';
import { revokeSession } from '../../platform/session';
import { login } from './service';

export function authRoutes(api: Api) {
  api.call('/captcha', { access: 'public' }, async ({ deps, req }) => {
    if (!deps.config.captcha) return { result: { enabled: false, captchaId: '', image: '' } };
    await limitAddress(deps.db, deps.config, 'captcha', req);
    return { result: { enabled: true, ...(await deps.captchas.issue()) } };
  });

  api.call('/login', { access: 'public', input: LoginInput }, async ({ deps, input, req, t }) => {
    const { principal, session, menu } = await login(deps, input, req, t);
    return {
      result: userInfoOf(principal, deps.config.sessionIdleMinutes * 60),
      submitToken: session.token,
      menuMapList: menu,
      lang: principal.workingLanguage,
    };
  });

  api.call('/logout', { access: 'session', duringPasswordChange: true }, async ({ deps, session }) => {
    await revokeSession(deps.db, session.sessionId);
    return { submitToken: '', messageKey: 'server.auth.loggedOut' };
  });

  api.call(
    '/system/info',
    { access: 'session', duringPasswordChange: true },
    async ({ deps, principal }) => ({
      result: userInfoOf(principal, deps.config.sessionIdleMinutes * 60),
      menuMapList: await menuOf(deps.db, principal.operatorType),
    }),
  );

  // The call wrapper already refreshed last_seen_at; this only answers.
  api.call('/session/keepalive', { access: 'session', duringPasswordChange: true }, async ({ deps }) => ({
    result: { idleTimeoutSeconds: deps.config.sessionIdleMinutes * 60 },
  }));
}
