import { accountCalls } from '../../../src/contract/calls/account';
import type { Api } from '../../platform/api';
import { changeSecret, profileOf, saveOwnProfile } from './service';

export function accountRoutes(api: Api) {
  api.call(accountCalls.passwordSave, async ({ deps, principal, input, req, t }) => {
    const session = await changeSecret(deps, principal, 'login', input, req, t);
    return { submitToken: session?.token ?? '', messageKey: 'server.account.passwordChanged' };
  });

  api.call(accountCalls.refundPasswordSave, async ({ deps, principal, input, req, t }) => {
    await changeSecret(deps, principal, 'refund', input, req, t);
    // Every session ended: the console must log in again.
    return { submitToken: '', messageKey: 'server.account.refundPasswordChanged' };
  });

  api.call(accountCalls.profileGet, async ({ deps, principal }) => ({
    result: await profileOf(deps, principal.operatorId),
  }));

  api.call(accountCalls.profileSave, async ({ deps, principal, input, req }) => {
    await saveOwnProfile(deps, principal, req, input);
    return {
      result: await profileOf(deps, principal.operatorId),
      messageKey: 'server.saved',
      lang: input.workingLanguage,
    };
  });

  api.call(accountCalls.language, async ({ deps, principal, input, req }) => {
    await saveOwnProfile(deps, principal, req, { workingLanguage: input.workingLanguage });
    return { result: { workingLanguage: input.workingLanguage }, lang: input.workingLanguage };
  });
}
