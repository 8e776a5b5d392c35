import type { PermissionSaveInput, RoleRow } from '../contract/access';
import type { Page } from '../contract/envelope';
import type { OperatorType } from '../contract/roles';
import { api } from './api';

export interface RolePermission {
  operatorType: OperatorType;
  routes: string[];
}

/** The eight roles with their route and account counts (/setup/permission). */
export const pagePermissions = (): Promise<Page<RoleRow>> => api.call<Page<RoleRow>>('/org/permission/page');

export const getPermission = (operatorType: OperatorType): Promise<RolePermission> =>
  api.call<RolePermission>('/org/permission/get', { operatorType });

export const savePermission = (input: PermissionSaveInput): Promise<RolePermission> =>
  api.call<RolePermission>('/org/permission/save', input);
