import type { MessageKey } from './messages';
import { ALL_ROLES, type OperatorType } from './roles';

/** The sidebar's icons (src/components/icons.tsx draws each: MENU_ICONS). */
export type MenuIconName = 'home' | 'payments' | 'history' | 'settle' | 'report' | 'notice' | 'setup';

/**
 * The console's route/menu table with the role lists of spec point 2.
 * It seeds the role → menu-route table on the server; after that the permission
 * screen (/setup/permission) decides within the role lists, and the login reply's menuMapList
 * carries the role's route paths. A route without `roles` is open to every logged-in role.
 * A role list is the most a role may ever have (`roleMayUse`): the server's access check, its
 * menu list, the permission screen and the console's menu all read it.
 */
export interface MenuRoute {
  path: string;
  /** i18n key of the title (breadcrumbs, sidebar, page title). */
  titleKey: MessageKey;
  roles?: readonly OperatorType[];
  /** Not shown in the sidebar (reached from elsewhere). */
  hidden?: boolean;
  /** A hidden route's sidebar entry: the screen it is reached from, highlighted while on it. */
  menuEntry?: string;
  /** Icon of the sidebar (groups and top-level entries). */
  icon?: MenuIconName;
  children?: readonly MenuRoute[];
}

const SYS = [0, 10] as const;
const SYS_SP = [0, 10, 15, 16] as const;

export const MENU: readonly MenuRoute[] = [
  { path: '/', titleKey: 'menu.home', icon: 'home' },
  { path: '/changePassword', titleKey: 'menu.changePassword', hidden: true },
  { path: '/changeRefundPassword', titleKey: 'menu.changeRefundPassword', hidden: true },
  { path: '/introduce', titleKey: 'menu.introduce', hidden: true },
  {
    path: '/manage',
    titleKey: 'menu.paymentManagement',
    icon: 'payments',
    children: [
      { path: '/manage/url', titleKey: 'menu.links', roles: [0, 10, 20] },
      { path: '/manage/onepay', titleKey: 'menu.preorders', roles: [0, 10, 20] },
    ],
  },
  {
    path: '/history',
    titleKey: 'menu.paymentHistory',
    icon: 'history',
    children: [
      { path: '/history/order', titleKey: 'menu.transactionHistory' },
      { path: '/history/refund', titleKey: 'menu.refundHistory' },
      // Maker-checker: refunds awaiting a second user's approval (REFUND_APPROVER_ROLES).
      { path: '/history/refundApproval', titleKey: 'menu.refundApproval', roles: [0, 10, 15, 20] },
      // Reconciliation against the brands' statements (issue #16, docs/reconciliation.md): for the
      // Chinese wallets (WeChat Pay, Alipay+) and for PayPay, the result per day and the brand's
      // transaction rows (every role; rows within the caller's scope), and its payment statements:
      // the brands' payouts to the platform, the platform's business alone.
      { path: '/history/walletCheck', titleKey: 'menu.walletCheck' },
      { path: '/history/walletTrade', titleKey: 'menu.walletTrade' },
      { path: '/history/walletBill', titleKey: 'menu.walletBill', roles: SYS },
      { path: '/history/paypayCheck', titleKey: 'menu.paypayCheck' },
      { path: '/history/paypayTrade', titleKey: 'menu.paypayTrade' },
      { path: '/history/paypayBill', titleKey: 'menu.paypayBill', roles: SYS },
    ],
  },
  {
    path: '/settle',
    titleKey: 'menu.settle',
    icon: 'settle',
    roles: SYS_SP,
    children: [
      { path: '/settle/actuarial', titleKey: 'menu.settleMerchant', roles: SYS_SP },
      { path: '/settle/agent', titleKey: 'menu.settleAgent', roles: SYS_SP },
      { path: '/settle/brand', titleKey: 'menu.settleBrand', roles: [0] },
      // The system admin's fees, paying accounts and invoice issuer (from the brand settlements).
      {
        path: '/settle/settings',
        titleKey: 'menu.settleSettings',
        hidden: true,
        menuEntry: '/settle/brand',
        roles: [0],
      },
    ],
  },
  { path: '/report', titleKey: 'menu.report', icon: 'report', roles: [0, 10, 15, 16, 20, 40, 50] },
  { path: '/notice', titleKey: 'menu.notice', icon: 'notice' },
  {
    path: '/setup',
    titleKey: 'menu.setup',
    icon: 'setup',
    children: [
      { path: '/setup/operate', titleKey: 'menu.operators', roles: [0, 10, 15, 16, 20, 40] },
      { path: '/setup/payment', titleKey: 'menu.terminals', roles: [0, 10, 15, 16, 40] },
      { path: '/setup/agent', titleKey: 'menu.agencies', roles: SYS_SP },
      { path: '/setup/brandAgent', titleKey: 'menu.brandAgents', roles: [0] },
      { path: '/setup/company', titleKey: 'menu.companies', roles: [0, 10, 15, 16, 40] },
      { path: '/setup/branch', titleKey: 'menu.branches', roles: [0, 10, 15, 16, 20, 40] },
      { path: '/setup/mechanism', titleKey: 'menu.serviceProviders', roles: SYS_SP },
      { path: '/setup/loginHistory', titleKey: 'menu.loginHistory' },
      // A company's rates, reached from the companies (a company's row and page).
      {
        path: '/setup/commissonRate',
        titleKey: 'menu.commissionRate',
        hidden: true,
        menuEntry: '/setup/company',
        roles: SYS_SP,
      },
      { path: '/setup/permission', titleKey: 'menu.permission', roles: [0] },
      { path: '/setup/audit', titleKey: 'menu.audit', roles: SYS },
    ],
  },
];

/** Every route, depth first, with its parent path. */
export function flattenMenu(
  routes: readonly MenuRoute[] = MENU,
  parent?: string,
): (MenuRoute & { parent?: string })[] {
  return routes.flatMap((r) => [{ ...r, parent }, ...flattenMenu(r.children ?? [], r.path)]);
}

export const ALL_ROUTE_PATHS: readonly string[] = flattenMenu().map((r) => r.path);

const BY_PATH = new Map(flattenMenu().map((r) => [r.path, r]));

/**
 * The menu routes whose screen the console has (src/app/screens.ts must give each one, and
 * only these). A route of MENU not listed here is a screen still to come (notices):
 * the permission editor shows it disabled with a note, the server refuses to grant it, and the
 * sidebar hides it even where it was granted.
 */
export const BUILT_SCREENS = [
  '/',
  '/changePassword',
  '/changeRefundPassword',
  '/introduce',
  '/manage/url',
  '/manage/onepay',
  '/history/order',
  '/history/refund',
  '/history/refundApproval',
  '/history/walletTrade',
  '/history/paypayTrade',
  '/history/walletCheck',
  '/history/paypayCheck',
  '/history/walletBill',
  '/history/paypayBill',
  '/settle/actuarial',
  '/settle/agent',
  '/settle/brand',
  '/settle/settings',
  '/report',
  '/setup/operate',
  '/setup/payment',
  '/setup/agent',
  '/setup/brandAgent',
  '/setup/company',
  '/setup/branch',
  '/setup/mechanism',
  '/setup/loginHistory',
  '/setup/commissonRate',
  '/setup/permission',
  '/setup/audit',
] as const;
export type BuiltScreen = (typeof BUILT_SCREENS)[number];

export const isBuiltScreen = (path: string): path is BuiltScreen =>
  (BUILT_SCREENS as readonly string[]).includes(path);

/** A route that leads somewhere: a built screen, or a group with such a route below it. */
export function routeAvailable(path: string): boolean {
  if (isBuiltScreen(path)) return true;
  const route = BY_PATH.get(path);
  return Boolean(route?.children?.some((c) => routeAvailable(c.path)));
}

/**
 * The role lists allow the route to the role: its own list and every ancestor's (a route
 * without a list is open to every role). Outside them a role can never use the screen: the
 * server refuses its calls and leaves it out of the menu list whatever role_routes holds, the
 * permission screen cannot grant it, the console does not offer it. An unknown path: false.
 */
export function roleMayUse(path: string, role: OperatorType): boolean {
  if (!BY_PATH.has(path)) return false;
  for (let r = BY_PATH.get(path); r; r = r.parent ? BY_PATH.get(r.parent) : undefined) {
    if (r.roles && !r.roles.includes(role)) return false;
  }
  return true;
}

/** What the permission screen may give a role: a route the role may use whose screen exists. */
export const grantable = (path: string, role: OperatorType) => routeAvailable(path) && roleMayUse(path, role);

/** The default routes of a role: every route its role lists allow. */
export function defaultRoutesFor(role: OperatorType): string[] {
  return flattenMenu()
    .filter((r) => roleMayUse(r.path, role))
    .map((r) => r.path);
}

export const DEFAULT_ROLE_ROUTES: Record<OperatorType, string[]> = Object.fromEntries(
  ALL_ROLES.map((r) => [r, defaultRoutesFor(r)]),
) as Record<OperatorType, string[]>;

/** Routes every logged-in user keeps whatever the permission screen says (home and own account). */
export const ALWAYS_ALLOWED_ROUTES: readonly string[] = [
  '/',
  '/changePassword',
  '/changeRefundPassword',
  '/introduce',
];

/** The route that grants a screen: the path itself, or for a nested path its nearest listed ancestor. */
export function findRoute(path: string): MenuRoute | undefined {
  return BY_PATH.get(path);
}
