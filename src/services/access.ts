import { accessCalls } from '../contract/calls/access';
import type { PermissionSaveInput, RolePermission, RoleRow } from '../contract/access';
import type { Page } from '../contract/envelope';
import type { OperatorType } from '../contract/roles';
import { api } from './api';

/** The eight roles with their route and account counts (/setup/permission). */
export const pagePermissions = (): Promise<Page<RoleRow>> => api.call(accessCalls.page);

export const getPermission = (operatorType: OperatorType): Promise<RolePermission> =>
  api.call(accessCalls.get, { operatorType });

export const savePermission = (input: PermissionSaveInput): Promise<RolePermission> =>
  api.call(accessCalls.save, input);
