import type { OperatorType } from './roles';

/**
 * Roles an account may create or edit: strictly below its own and at a level its scope
 * reaches; operator-type roles none (they read). The same table as the server's
 * `manageableRoles` (server/platform/scope.ts), which may import it from here.
 */
export const MANAGEABLE_ROLES: Readonly<Partial<Record<OperatorType, readonly OperatorType[]>>> = {
  0: [10, 15, 16, 20, 30, 40, 50],
  15: [16, 20, 30, 40, 50],
  20: [30],
  40: [50],
};

export const manageableRolesOf = (role: OperatorType): readonly OperatorType[] =>
  MANAGEABLE_ROLES[role] ?? [];
