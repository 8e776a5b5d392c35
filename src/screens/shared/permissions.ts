import { isAdminRole, roleLevel, type OperatorType } from '../../contract/roles';
import { useSessionUser } from '../../app/session';

/**
 * What the console offers the signed-in user on the organisation screens. The server decides
 * (it refuses anything else); these only spare people buttons that would be refused.
 */
export interface OrgRights {
  role: OperatorType;
  level: ReturnType<typeof roleLevel>;
  /** Admin-type roles (0, 15, 20, 40) change things in their scope; operator roles read. */
  admin: boolean;
  createProvider: boolean;
  editProvider: boolean;
  lockProvider: boolean;
  editCompany: boolean;
  lockCompany: boolean;
  editAgent: boolean;
  /** Comprehensive agents: the system admin's (the route is role 0's only). */
  editBrandAgent: boolean;
  editBranch: boolean;
  editCommission: boolean;
  /** A company's brand connectors (the server lets system and provider admins). */
  editConnectors: boolean;
}

export function rightsOf(role: OperatorType): OrgRights {
  const level = roleLevel(role);
  const admin = isAdminRole(role);
  const system = admin && level === 'system';
  const provider = admin && level === 'serviceProvider';
  return {
    role,
    level,
    admin,
    createProvider: system,
    editProvider: system || provider,
    lockProvider: system,
    editCompany: admin,
    lockCompany: admin && level !== 'company',
    editAgent: system || provider,
    editBrandAgent: system,
    editBranch: admin,
    editCommission: system || provider,
    editConnectors: system || provider,
  };
}

export function useOrgRights(): OrgRights {
  const user = useSessionUser();
  return rightsOf(user?.operatorType ?? 50);
}
