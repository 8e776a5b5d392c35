import { ADMIN_ROLES, manageableRolesOf, type OperatorType } from './roles';

/**
 * "May this user do X", asked one way by the server and the console: `can(user, capability)`.
 * The server refuses with it (each call's own check beyond its screen, see docs/access.md);
 * the console offers menus' buttons and pages' actions with it, so no screen compares role
 * numbers. Which screens a role may open at all is the route table's role lists
 * (src/contract/routes.ts, `roleMayUse`); a capability is a right within those screens.
 *
 * Each capability names its roles and the screens it acts on: its roles lie within every one
 * of those screens' role lists (tests/unit/capabilities.test.ts holds both to spec point 2).
 */
export interface CapabilityRule {
  readonly roles: readonly OperatorType[];
  /** The menu routes whose screens offer it (none: every screen that writes). */
  readonly routes: readonly string[];
}

const PLATFORM_AND_PROVIDER_ADMINS = [0, 15] as const;
const SETTLEMENT_SCREENS = ['/settle/actuarial', '/settle/agent'];

export const CAPABILITIES = {
  /** Change records of the scope (every write call unless another capability decides it). */
  write: { roles: ADMIN_ROLES, routes: [] },
  /** Refund an order within the scope (with one's refund password). */
  refund: { roles: [0, 10, 15, 20, 30], routes: ['/history/order'] },
  /** Approve or reject a refund awaiting approval (never one's own request). */
  approveRefund: { roles: [0, 10, 15, 20], routes: ['/history/refundApproval'] },
  /** Pay settlements out (checkout) and mark a payout batch remitted. */
  payOut: { roles: [0, 10, 15], routes: SETTLEMENT_SCREENS },
  /** Reverse a payout batch. */
  reversePayout: { roles: PLATFORM_AND_PROVIDER_ADMINS, routes: SETTLEMENT_SCREENS },
  /** Read and change the platform's settlement settings (fees, paying accounts, invoice issuer). */
  settlementSettings: { roles: [0], routes: ['/settle/settings'] },
  /** Open the brand settlements' pages (payout check, deposits) from lists elsewhere. */
  brandSettlements: { roles: [0], routes: ['/settle/brand'] },
  /** Import a brand's statement (upload or fetch) and resolve a reconciliation exception. */
  reconcile: { roles: [0, 10], routes: ['/history/walletCheck', '/history/paypayCheck'] },
  /** Fetch the brands' payment statements now. */
  fetchPayouts: { roles: [0, 10], routes: ['/history/walletBill', '/history/paypayBill'] },
  createProvider: { roles: [0], routes: ['/setup/mechanism'] },
  editProvider: { roles: PLATFORM_AND_PROVIDER_ADMINS, routes: ['/setup/mechanism'] },
  lockProvider: { roles: [0], routes: ['/setup/mechanism'] },
  editCompany: { roles: [0, 15, 40], routes: ['/setup/company'] },
  lockCompany: { roles: [0, 15, 40], routes: ['/setup/company'] },
  /** A company's brand connectors and refund-approval threshold: a company cannot loosen its own. */
  editConnectors: { roles: PLATFORM_AND_PROVIDER_ADMINS, routes: ['/setup/company'] },
  editAgent: { roles: PLATFORM_AND_PROVIDER_ADMINS, routes: ['/setup/agent'] },
  editBrandAgent: { roles: [0], routes: ['/setup/brandAgent'] },
  editBranch: { roles: ADMIN_ROLES, routes: ['/setup/branch'] },
  editCommission: { roles: PLATFORM_AND_PROVIDER_ADMINS, routes: ['/setup/commissonRate'] },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof CAPABILITIES;

export const ALL_CAPABILITIES = Object.keys(CAPABILITIES) as Capability[];

/** Whoever asks: a session's user (console) or a call's principal (server). */
export interface Asker {
  readonly operatorType: OperatorType;
}

/** May the user do it? No user (signed out, still loading): no. */
export function can(user: Asker | null | undefined, capability: Capability): boolean {
  const roles: readonly OperatorType[] = CAPABILITIES[capability].roles;
  return user != null && roles.includes(user.operatorType);
}

/** May the user create or edit an account of this role (`MANAGEABLE_ROLES`: below its own, in reach)? */
export const canManageRole = (user: Asker | null | undefined, role: OperatorType): boolean =>
  user != null && manageableRolesOf(user.operatorType).includes(role);
