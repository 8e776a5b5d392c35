import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from './chunkReload';
import type { MessageKey } from '../i18n/translator';
import { isBuiltScreen, type BuiltScreen } from '../contract/routes';

/**
 * The screens the console has, by route path of the contract's MENU table: exactly the
 * contract's BUILT_SCREENS (the type checks both ways). A menu route without a screen is not
 * offered (sidebar, permission editor) and shows "not found" when opened. Each loads lazily,
 * reloading the page once when its chunk is gone (a deploy: src/app/chunkReload.ts).
 */
export type LazyScreen = LazyExoticComponent<ComponentType>;

export const SCREENS: Readonly<Record<BuiltScreen, LazyScreen>> = {
  '/': lazyScreen(() => import('../screens/home/Home')),
  '/changePassword': lazyScreen(() => import('../screens/account/ChangeLoginPassword')),
  '/changeRefundPassword': lazyScreen(() => import('../screens/account/ChangeRefundPassword')),
  '/introduce': lazyScreen(() => import('../screens/account/Profile')),
  '/setup/loginHistory': lazyScreen(() => import('../screens/loginHistory/LoginHistory')),
  '/setup/permission': lazyScreen(() => import('../screens/access/Permission')),
  '/setup/mechanism': lazyScreen(() => import('../screens/org/providers/ServiceProviders')),
  '/setup/company': lazyScreen(() => import('../screens/org/companies/Companies')),
  '/setup/branch': lazyScreen(() => import('../screens/org/branches/Branches')),
  '/setup/agent': lazyScreen(() => import('../screens/org/agencies/Agencies')),
  '/setup/brandAgent': lazyScreen(() => import('../screens/org/brandAgents/BrandAgents')),
  '/setup/operate': lazyScreen(() => import('../screens/operators/Operators')),
  '/setup/payment': lazyScreen(() => import('../screens/terminals/Terminals')),
  '/setup/commissonRate': lazyScreen(() => import('../screens/org/commission/CommissionRates')),
  '/setup/audit': lazyScreen(() => import('../screens/audit/AuditLog')),
  '/history/order': lazyScreen(() => import('../screens/orders/Orders')),
  '/history/refund': lazyScreen(() => import('../screens/refunds/Refunds')),
  '/history/refundApproval': lazyScreen(() => import('../screens/refunds/RefundApprovals')),
  '/history/walletTrade': lazyScreen(
    () => import('../screens/reconciliation/transactions/WalletTransactions'),
  ),
  '/history/paypayTrade': lazyScreen(
    () => import('../screens/reconciliation/transactions/PaypayTransactions'),
  ),
  '/history/walletCheck': lazyScreen(() => import('../screens/reconciliation/WalletCheck')),
  '/history/paypayCheck': lazyScreen(() => import('../screens/reconciliation/PaypayCheck')),
  '/history/walletBill': lazyScreen(() => import('../screens/payouts/WalletBill')),
  '/history/paypayBill': lazyScreen(() => import('../screens/payouts/PaypayBill')),
  '/manage/url': lazyScreen(() => import('../screens/links/PayLinks')),
  '/manage/onepay': lazyScreen(() => import('../screens/preorders/PreOrders')),
  '/settle/actuarial': lazyScreen(() => import('../screens/settlements/MerchantSettlements')),
  '/settle/agent': lazyScreen(() => import('../screens/settlements/AgentSettlements')),
  '/settle/brand': lazyScreen(() => import('../screens/settlements/BrandSettlements')),
  '/settle/settings': lazyScreen(() => import('../screens/settlements/SettlementSettings')),
  '/report': lazyScreen(() => import('../screens/reports/Reports')),
};

export const hasScreen = (path: string): path is BuiltScreen => isBuiltScreen(path);

/**
 * Pages below a menu route (a record's detail): granted with their parent route, shown
 * under it in the breadcrumbs. `param` is the path's last segment ('new' or an id).
 */
export interface SubScreen {
  parent: string;
  pattern: RegExp;
  /** Title of the crumb: for a new record and for an existing one. */
  titleKeys: { create: MessageKey; edit: MessageKey };
  screen: ComponentType<{ param: string }>;
}

export const SUB_SCREENS: readonly SubScreen[] = [
  {
    parent: '/setup/company',
    pattern: /^\/setup\/company\/(new|[1-9]\d{0,9})$/,
    titleKeys: { create: 'org.company.newTitle', edit: 'org.company.editTitle' },
    screen: lazyScreen(() => import('../screens/org/companies/CompanyDetail')),
  },
  {
    parent: '/setup/agent',
    pattern: /^\/setup\/agent\/(new|[1-9]\d{0,9})$/,
    titleKeys: { create: 'org.agency.newTitle', edit: 'org.agency.editTitle' },
    screen: lazyScreen(() => import('../screens/org/agencies/AgencyDetail')),
  },
  {
    parent: '/setup/brandAgent',
    pattern: /^\/setup\/brandAgent\/(new|[1-9]\d{0,9})$/,
    titleKeys: { create: 'org.brandAgent.newTitle', edit: 'org.brandAgent.editTitle' },
    screen: lazyScreen(() => import('../screens/org/brandAgents/BrandAgentDetail')),
  },
  {
    parent: '/history/order',
    // A gateway order number (letters, digits, '-' and '_'); 'new' is not one.
    pattern: /^\/history\/order\/(?!new$)([A-Za-z0-9_-]{1,64})$/,
    titleKeys: { create: 'orders.detail.title', edit: 'orders.detail.title' },
    screen: lazyScreen(() => import('../screens/orders/OrderDetail')),
  },
  ...settlementScreens(),
  ...reconciliationScreens(),
  ...statementImportScreens(),
  // The payout check and the bank deposits below the brand settlements (role 0).
  {
    parent: '/settle/brand',
    pattern: /^\/settle\/brand\/(payouts)$/,
    titleKeys: { create: 'payouts.checkTitle', edit: 'payouts.checkTitle' },
    screen: lazyScreen(() => import('../screens/payouts/PayoutCheck')),
  },
  {
    parent: '/settle/brand',
    pattern: /^\/settle\/brand\/(deposits)$/,
    titleKeys: { create: 'payouts.depositsTitle', edit: 'payouts.depositsTitle' },
    screen: lazyScreen(() => import('../screens/payouts/BankDeposits')),
  },
];

/** A brand-day's page below each check page: /history/walletCheck/wechat/2026-11-02 (param: 'wechat/2026-11-02'). */
function reconciliationScreens(): SubScreen[] {
  const day = () => import('../screens/reconciliation/ReconDay');
  return [
    {
      parent: '/history/walletCheck',
      pattern: /^\/history\/walletCheck\/((?:wechat|alipayplus)\/\d{4}-\d{2}-\d{2})$/,
      titleKeys: { create: 'reconciliation.day.title', edit: 'reconciliation.day.title' },
      screen: lazyScreen(() => day().then((m) => ({ default: m.WalletDay }))),
    },
    {
      parent: '/history/paypayCheck',
      pattern: /^\/history\/paypayCheck\/(paypay\/\d{4}-\d{2}-\d{2})$/,
      titleKeys: { create: 'reconciliation.day.title', edit: 'reconciliation.day.title' },
      screen: lazyScreen(() => day().then((m) => ({ default: m.PaypayDay }))),
    },
  ];
}

/**
 * Pages of one lazily loaded module below several lists: `param`, the pattern of the path's
 * last segment; `pick`, the module's component for each parent.
 */
function pagesBelow<M>(
  load: () => Promise<M>,
  param: string,
  titleKey: MessageKey,
  pick: Record<string, (m: M) => ComponentType<{ param: string }>>,
): SubScreen[] {
  return Object.entries(pick).map(([parent, component]) => ({
    parent,
    pattern: new RegExp(`^${parent}/(${param})$`),
    titleKeys: { create: titleKey, edit: titleKey },
    screen: lazyScreen(() => load().then((m) => ({ default: component(m) }))),
  }));
}

/** A settlement's page below each settlement list: /settle/actuarial/12, /settle/agent/3, /settle/brand/7. */
function settlementScreens(): SubScreen[] {
  return pagesBelow(
    () => import('../screens/settlements/SettlementDetail'),
    '[1-9]\\d{0,9}',
    'settlements.detail.title',
    {
      '/settle/actuarial': (m) => m.MerchantSettlementDetail,
      '/settle/agent': (m) => m.AgentSettlementDetail,
      '/settle/brand': (m) => m.BrandSettlementDetail,
    },
  );
}

/** A group's statement imports below its check screen: /history/walletCheck/imports, /history/paypayCheck/imports. */
function statementImportScreens(): SubScreen[] {
  return pagesBelow(
    () => import('../screens/reconciliation/import/StatementImports'),
    'imports',
    'reconciliation.imports.listTitle',
    {
      '/history/walletCheck': (m) => m.WalletStatementImports,
      '/history/paypayCheck': (m) => m.PaypayStatementImports,
    },
  );
}

/** The sub screen a path opens, with its parameter. */
export function matchSubScreen(path: string): { sub: SubScreen; param: string } | undefined {
  for (const sub of SUB_SCREENS) {
    const m = sub.pattern.exec(path);
    if (m) return { sub, param: m[1] };
  }
  return undefined;
}

export const subTitleKey = (sub: SubScreen, param: string) =>
  param === 'new' ? sub.titleKeys.create : sub.titleKeys.edit;
