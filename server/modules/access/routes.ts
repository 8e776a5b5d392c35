import { PermissionSaveInput, RolePageQuery, RoleQuery } from '../../../src/contract/access';
import { isOperatorType } from '../../../src/contract/roles';
import type { Api } from '../../platform/api';
import { fail } from '../../platform/envelope';
import { PERMISSION_ROUTE, roleRoutesOf, rolePage, saveRoleRoutes } from './service';

const roleOf = (n: number) => {
  if (!isOperatorType(n)) throw fail('server.notFound');
  return n;
};

export function accessRoutes(api: Api) {
  api.call('/org/permission/page', { access: PERMISSION_ROUTE, input: RolePageQuery }, async ({ deps }) => ({
    result: await rolePage(deps),
  }));

  api.call(
    '/org/permission/get',
    { access: PERMISSION_ROUTE, input: RoleQuery },
    async ({ deps, input }) => ({
      result: await roleRoutesOf(deps, roleOf(input.operatorType)),
    }),
  );

  api.call(
    '/org/permission/save',
    { writes: true, access: PERMISSION_ROUTE, input: PermissionSaveInput },
    async ({ deps, input, principal, req }) => ({
      result: await saveRoleRoutes(deps, { principal, req }, roleOf(input.operatorType), input.routes),
      messageKey: 'server.saved',
    }),
  );
}
