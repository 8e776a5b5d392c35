import { loginHistoryCalls } from '../../../src/contract/calls/loginHistory';
import type { Api } from '../../platform/api';
import { loginHistoryPage } from './service';

export function loginHistoryRoutes(api: Api) {
  api.call(loginHistoryCalls.page, async ({ deps, principal, input, t }) => ({
    result: await loginHistoryPage(deps, principal, input, t),
  }));
}
