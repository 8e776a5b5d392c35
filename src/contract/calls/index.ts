import { accessCalls } from './access';
import { accountCalls } from './account';
import { auditCalls } from './audit';
import { authCalls } from './auth';
import { checksCalls } from './checks';
import { commissionCalls } from './commission';
import { linksCalls } from './links';
import { loginHistoryCalls } from './loginHistory';
import { merchantCalls } from './merchant';
import { operatorsCalls } from './operators';
import { ordersCalls } from './orders';
import { orgCalls } from './org';
import { payerCalls } from './payer';
import { preordersCalls } from './preorders';
import { reconciliationCalls } from './reconciliation';
import { refundsCalls } from './refunds';
import { reportsCalls } from './reports';
import { searchCalls } from './search';
import { settlementsCalls } from './settlements';
import { payoutsCalls } from './payouts';
import { terminalsCalls } from './terminals';
import type { Call } from '../call';

/**
 * Every call of the protocol, by area: what the server registers and the console calls.
 * tests/server/contractCalls.test.ts checks that the server serves exactly these.
 */
export const CALLS_BY_AREA = {
  access: accessCalls,
  account: accountCalls,
  audit: auditCalls,
  auth: authCalls,
  checks: checksCalls,
  commission: commissionCalls,
  links: linksCalls,
  loginHistory: loginHistoryCalls,
  merchant: merchantCalls,
  operators: operatorsCalls,
  orders: ordersCalls,
  org: orgCalls,
  payer: payerCalls,
  preorders: preordersCalls,
  reconciliationWallet: reconciliationCalls.wallet,
  reconciliationPaypay: reconciliationCalls.paypay,
  reconciliationImportsWallet: reconciliationCalls.statementImports.wallet,
  reconciliationImportsPaypay: reconciliationCalls.statementImports.paypay,
  reconciliationTransactionsWallet: reconciliationCalls.brandTransactions.wallet,
  reconciliationTransactionsPaypay: reconciliationCalls.brandTransactions.paypay,
  refunds: refundsCalls,
  reports: reportsCalls,
  search: searchCalls,
  settlementsMerchant: settlementsCalls.merchant,
  settlementsAgent: settlementsCalls.agent,
  settlementsBrand: settlementsCalls.brand,
  settlementSettings: settlementsCalls.settings,
  payoutsWallet: payoutsCalls.wallet,
  payoutsPaypay: payoutsCalls.paypay,
  payoutsAll: payoutsCalls.all,
  payoutDeposits: payoutsCalls.deposits,
  terminals: terminalsCalls,
} as const;

export const ALL_CALLS: readonly Call[] = Object.values(CALLS_BY_AREA).flatMap((area) => Object.values(area));

export { accessCalls };
export { accountCalls };
export { auditCalls };
export { authCalls };
export { checksCalls };
export { commissionCalls };
export { linksCalls };
export { loginHistoryCalls };
export { merchantCalls };
export { operatorsCalls };
export { ordersCalls };
export { orgCalls };
export { payerCalls };
export { preordersCalls };
export { reconciliationCalls };
export { refundsCalls };
export { searchCalls };
export { settlementsCalls };
export { payoutsCalls };
export { terminalsCalls };
