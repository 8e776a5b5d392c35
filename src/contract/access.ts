import { yup, number } from './validation';
import { ALL_ROLES, type OperatorType } from './roles';
import { ALL_ROUTE_PATHS } from './routes';
import { pageFields } from './paging';

export const RoleQuery = yup
  .object({ operatorType: number().required().integer().oneOf(ALL_ROLES) })
  .noUnknown();

export const PermissionSaveInput = yup
  .object({
    operatorType: number().required().integer().oneOf(ALL_ROLES),
    routes: yup.array(yup.string().required().oneOf(ALL_ROUTE_PATHS)).required().max(ALL_ROUTE_PATHS.length),
  })
  .noUnknown();
export type PermissionSaveInput = yup.InferType<typeof PermissionSaveInput>;

export interface RoleRow {
  operatorType: number;
  routeCount: number;
  accountCount: number;
  updatedAt: string | null;
}

/** /org/permission/page: the 8 roles fit one page; paging fields are accepted for list screens. */
export const RolePageQuery = yup.object({ ...pageFields }).noUnknown();

/** /org/permission/get and save: one role's screens. */
export interface RolePermission {
  operatorType: OperatorType;
  routes: string[];
}
