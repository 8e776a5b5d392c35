import { roleLevel, type RoleLevel } from '../../contract/roles';
import { useSessionUser } from '../../app/session';

/**
 * The level of the signed-in user's organisation (system, provider, company, agency): what a
 * form fixes or offers (a provider's admin creates agencies under its own provider). What the
 * user may do is `can(user, capability)` (src/contract/capabilities.ts), never this.
 */
export function useRoleLevel(): RoleLevel | undefined {
  const user = useSessionUser();
  return user ? roleLevel(user.operatorType) : undefined;
}
