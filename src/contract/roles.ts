/** Operator types of spec point 6. Numbers are the wire values. */
export const OperatorType = {
  SYSTEM_ADMIN: 0,
  SYSTEM_OPERATOR: 10,
  SP_ADMIN: 15,
  SP_OPERATOR: 16,
  TENANT_ADMIN: 20,
  TENANT_OPERATOR: 30,
  AGENT_ADMIN: 40,
  AGENT_OPERATOR: 50,
} as const;
export type OperatorType = (typeof OperatorType)[keyof typeof OperatorType];

export const ALL_ROLES: readonly OperatorType[] = [0, 10, 15, 16, 20, 30, 40, 50];

export function isOperatorType(n: unknown): n is OperatorType {
  return typeof n === 'number' && (ALL_ROLES as readonly number[]).includes(n);
}

/** i18n key of each role's display name (spec point 6). */
export const roleNameKey = (t: OperatorType) => `roles.${t}` as const;

export type RoleLevel = 'system' | 'serviceProvider' | 'company' | 'agent';

export function roleLevel(t: OperatorType): RoleLevel {
  if (t === 0 || t === 10) return 'system';
  if (t === 15 || t === 16) return 'serviceProvider';
  if (t === 20 || t === 30) return 'company';
  return 'agent';
}

/** Admin-type roles manage their own scope; operator-type roles read. */
export const ADMIN_ROLES: readonly OperatorType[] = [0, 15, 20, 40];

export const isAdminRole = (t: OperatorType) => ADMIN_ROLES.includes(t);

/**
 * Roles an account may create or edit: strictly below its own and at a level its scope
 * reaches; operator-type roles none (they read). The one table of both the server (which
 * also requires the account's organisation to be in the caller's scope) and the console.
 */
export const MANAGEABLE_ROLES: Readonly<Partial<Record<OperatorType, readonly OperatorType[]>>> = {
  0: [10, 15, 16, 20, 30, 40, 50],
  15: [16, 20, 30, 40, 50],
  20: [30],
  40: [50],
};

export const manageableRolesOf = (role: OperatorType): readonly OperatorType[] =>
  MANAGEABLE_ROLES[role] ?? [];

/**
 * Roles that must sign in with a second factor (TOTP, PCI DSS 8.4: administrative access to
 * the cardholder data environment): the system and service-provider roles. Other roles may
 * enrol from their account screen.
 */
export const MFA_REQUIRED_ROLES: readonly OperatorType[] = [0, 10, 15, 16];

export const mfaRequiredFor = (t: OperatorType) => MFA_REQUIRED_ROLES.includes(t);
