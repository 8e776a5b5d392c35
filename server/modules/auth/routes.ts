import { authCalls } from '../../../src/contract/calls/auth';
import type { Api } from '../../platform/api';
import { menuOf } from '../../platform/access';
import { userInfoOf } from '../../platform/principal';
import { limitAddress } from '../../platform/rateLimit';
import { revokeSession } from '../../platform/session';
import { login } from './service';
import { confirmEnrolment, disableOwnMfa, startEnrolment, verifySecondFactor } from './mfa';

export function authRoutes(api: Api) {
  api.call(authCalls.captcha, async ({ deps, req }) => {
    if (!deps.config.captcha) return { result: { enabled: false, captchaId: '', image: '' } };
    await limitAddress(deps.db, deps.config, 'captcha', req);
    return { result: { enabled: true, ...(await deps.captchas.issue()) } };
  });

  api.call(authCalls.login, async ({ deps, input, req, t }) => {
    const { principal, session, menu } = await login(deps, input, req, t);
    return {
      result: userInfoOf(principal, deps.config, session.secondFactor),
      submitToken: session.token,
      menuMapList: menu,
      lang: principal.workingLanguage,
    };
  });

  api.call(authCalls.logout, async ({ deps, session }) => {
    await revokeSession(deps.db, session.sessionId);
    return { submitToken: '', messageKey: 'server.auth.loggedOut' };
  });

  api.call(authCalls.info, async ({ deps, principal, session }) => ({
    result: userInfoOf(principal, deps.config, session.secondFactor),
    // No menu until the second factor is given.
    menuMapList: session.secondFactor ? [] : await menuOf(deps.db, principal.operatorType),
  }));

  // The call wrapper already refreshed last_seen_at; this only answers.
  api.call(authCalls.keepalive, async ({ deps }) => ({
    result: { idleTimeoutSeconds: deps.config.sessionIdleMinutes * 60 },
  }));

  // The second factor (docs/access.md, MFA). Verify and enrolment are open to a session that
  // still owes it; each checks which state it serves.
  api.call(authCalls.mfaVerify, async (c) => {
    const { user, menu } = await verifySecondFactor(c, c.input);
    return { result: user, menuMapList: menu, messageKey: 'server.mfa.verified' };
  });

  api.call(authCalls.mfaEnrolStart, async (c) => ({ result: await startEnrolment(c) }));

  api.call(authCalls.mfaEnrolConfirm, async (c) => {
    const enrolled = await confirmEnrolment(c, c.input.otp);
    return {
      result: enrolled,
      menuMapList: await menuOf(c.deps.db, c.principal.operatorType),
      messageKey: 'server.mfa.enrolled',
    };
  });

  api.call(authCalls.mfaDisable, async (c) => ({
    result: await disableOwnMfa(c, c.input),
    messageKey: 'server.mfa.disabled',
  }));
}
