import { call, reply } from '../call';
import { RolePageQuery, type RoleRow, type RolePermission, RoleQuery, PermissionSaveInput } from '../access';
import { type Page } from '../envelope';

/** The access calls (docs/api.md). */
export const accessCalls = {
  page: call('/org/permission/page', {
    access: '/setup/permission',
    input: RolePageQuery,
    reply: reply<Page<RoleRow>>(),
  }),
  get: call('/org/permission/get', {
    access: '/setup/permission',
    input: RoleQuery,
    reply: reply<RolePermission>(),
  }),
  save: call('/org/permission/save', {
    access: '/setup/permission',
    input: PermissionSaveInput,
    reply: reply<RolePermission>(),
    writes: true,
  }),
} as const;
