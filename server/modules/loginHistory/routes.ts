import { LoginHistoryQuery } from '../../../src/contract/loginHistory';
import type { Api } from '../../platform/api';
import { loginHistoryPage } from './service';

export function loginHistoryRoutes(api: Api) {
  api.call(
    '/system/operatorLoginHistory/page',
    { access: '/setup/loginHistory', input: LoginHistoryQuery },
    async ({ deps, principal, input, t }) => ({ result: await loginHistoryPage(deps, principal, input, t) }),
  );
}
