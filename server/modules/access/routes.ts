import { accessCalls } from '../../../src/contract/calls/access';
import { isOperatorType } from '../../../src/contract/roles';
import type { Api } from '../../platform/api';
import { fail } from '../../platform/envelope';
import { roleRoutesOf, rolePage, saveRoleRoutes } from './service';

const roleOf = (n: number) => {
  if (!isOperatorType(n)) throw fail('server.notFound');
  return n;
};

export function accessRoutes(api: Api) {
  api.call(accessCalls.page, async ({ deps }) => ({
    result: await rolePage(deps),
  }));

  api.call(accessCalls.get, async ({ deps, input }) => ({
    result: await roleRoutesOf(deps, roleOf(input.operatorType)),
  }));

  api.call(accessCalls.save, async ({ deps, input, principal, req, t }) => ({
    result: await saveRoleRoutes(deps, { principal, req, t }, roleOf(input.operatorType), input.routes),
    messageKey: 'server.saved',
  }));
}
