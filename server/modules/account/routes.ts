import { LanguageInput } from '../../../src/contract/auth';
import { PasswordChangeInput, ProfileInput } from '../../../src/contract/account';
import type { Api } from '../../platform/api';
import { changeSecret, profileOf, saveOwnProfile } from './service';

export function accountRoutes(api: Api) {
  api.call(
    '/system/password/save',
    { writes: true, access: 'session', input: PasswordChangeInput, duringPasswordChange: true },
    async ({ deps, principal, input, req }) => {
      const session = await changeSecret(deps, principal, 'login', input, req);
      return { submitToken: session?.token ?? '', messageKey: 'server.account.passwordChanged' };
    },
  );

  api.call(
    '/system/refundPassword/save',
    { writes: true, access: 'session', input: PasswordChangeInput },
    async ({ deps, principal, input, req }) => {
      await changeSecret(deps, principal, 'refund', input, req);
      // Every session ended: the console must log in again.
      return { submitToken: '', messageKey: 'server.account.refundPasswordChanged' };
    },
  );

  api.call(
    '/system/profile/get',
    { access: 'session', duringPasswordChange: true },
    async ({ deps, principal }) => ({
      result: await profileOf(deps, principal.operatorId),
    }),
  );

  api.call(
    '/system/profile/save',
    { writes: true, access: 'session', input: ProfileInput },
    async ({ deps, principal, input, req }) => {
      await saveOwnProfile(deps, principal, req, input);
      return {
        result: await profileOf(deps, principal.operatorId),
        messageKey: 'server.saved',
        lang: input.workingLanguage,
      };
    },
  );

  api.call(
    '/system/profile/language',
    // Open while the password must be changed: the change screen can be read in one's language.
    { writes: true, access: 'session', input: LanguageInput, duringPasswordChange: true },
    async ({ deps, principal, input, req }) => {
      await saveOwnProfile(deps, principal, req, { workingLanguage: input.workingLanguage });
      return { result: { workingLanguage: input.workingLanguage }, lang: input.workingLanguage };
    },
  );
}
