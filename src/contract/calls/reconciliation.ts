import { call, reply } from '../call';
import type { Page } from '../envelope';
import {
  PaypayReconExportQuery,
  PaypayReconPageQuery,
  RECON_LISTS,
  WalletReconExportQuery,
  WalletReconPageQuery,
} from '../lists/reconciliation';
import {
  RECON_CHECK_ROUTES,
  ResolveInput,
  reconResultsQuery,
  reconRunsQuery,
  type ReconDayRow,
  type ReconGroup,
  type ReconResult,
  type ReconRun,
} from '../reconciliation';
import type { AnyObjectSchema } from 'yup';

/**
 * The reconciliation result calls (docs/api.md, "Reconciliation"): for each group's check page
 * (/history/walletCheck: WeChat Pay and Alipay+; /history/paypayCheck: PayPay) the days list and
 * its exports, a brand-day's results and run history, and resolving an exception (system roles).
 * Paths are ours (below the page's route): the spec names none.
 */
function groupCalls<const G extends ReconGroup, Q extends AnyObjectSchema, E extends AnyObjectSchema>(
  group: G,
  page: Q,
  exported: E,
) {
  const list = RECON_LISTS[group];
  const route = RECON_CHECK_ROUTES[group];
  return {
    page: call(list.path, { access: route, input: page, reply: reply<Page<ReconDayRow>>() }),
    exportExcel: call(list.exports.paths.excel, { access: route, input: exported, kind: 'file' }),
    exportCsv: call(list.exports.paths.csv, { access: route, input: exported, kind: 'file' }),
    results: call(`${route}/results`, {
      access: route,
      input: reconResultsQuery(group),
      reply: reply<Page<ReconResult>>(),
    }),
    runs: call(`${route}/runs`, { access: route, input: reconRunsQuery(group), reply: reply<ReconRun[]>() }),
    /** An exception resolved with a decision and a comment (RECON_WRITE_ROLES; audited). */
    resolve: call(`${route}/resolve`, {
      access: route,
      input: ResolveInput,
      reply: reply<ReconResult>(),
      writes: true,
    }),
  };
}

export const reconciliationCalls = {
  wallet: groupCalls('wallet', WalletReconPageQuery, WalletReconExportQuery),
  paypay: groupCalls('paypay', PaypayReconPageQuery, PaypayReconExportQuery),
} as const;
