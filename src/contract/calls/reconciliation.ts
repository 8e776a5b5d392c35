import type { AnyObjectSchema } from 'yup';
import { BRAND_TRANSACTION_QUERIES, type BrandTransactionRow } from '../brandTransactions';
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
import { BRAND_TRANSACTION_LISTS } from '../lists/brandTransactions';
import {
  CHECK_ROUTES,
  StatementImportIdInput,
  StatementImportPageQuery,
  StatementRefetchInput,
  StatementUploadInput,
  type StatementImportStarted,
  type StatementImportView,
} from '../statementImports';

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

/**
 * The statement import calls of one group of brands (docs/api.md, "Statement imports"), opened
 * by the group's check screen: upload (multipart), refetch from the brand, an import's
 * progress and the group's recent imports. Upload and refetch need RECON_WRITE_ROLES.
 */
function importCalls<const P extends string, const R extends string>(prefix: P, route: R) {
  return {
    upload: call(`${prefix}/import/upload`, {
      access: route,
      input: StatementUploadInput,
      reply: reply<StatementImportStarted>(),
      kind: 'upload',
      writes: true,
    }),
    refetch: call(`${prefix}/import/refetch`, {
      access: route,
      input: StatementRefetchInput,
      reply: reply<StatementImportStarted>(),
      writes: true,
    }),
    get: call(`${prefix}/import/get`, {
      access: route,
      input: StatementImportIdInput,
      reply: reply<StatementImportView>(),
    }),
    page: call(`${prefix}/import/page`, {
      access: route,
      input: StatementImportPageQuery,
      reply: reply<Page<StatementImportView>>(),
    }),
  };
}

/** A group's brand transactions: the page and both exports (docs/api.md, "Reconciliation"). */
const transactionCalls = <
  const List extends { path: string; route: string; exports: { paths: { excel: string; csv: string } } },
  P extends AnyObjectSchema,
  E extends AnyObjectSchema,
>(
  list: List,
  page: P,
  exported: E,
) => ({
  page: call(list.path, { access: list.route, input: page, reply: reply<Page<BrandTransactionRow>>() }),
  exportExcel: call(list.exports.paths.excel, { access: list.route, input: exported, kind: 'file' }),
  exportCsv: call(list.exports.paths.csv, { access: list.route, input: exported, kind: 'file' }),
});

/**
 * The reconciliation module's calls: per group (wallet, paypay) its check page's results, its
 * statement imports (`statementImports`) and its brand transactions list (`brandTransactions`).
 */
export const reconciliationCalls = {
  wallet: groupCalls('wallet', WalletReconPageQuery, WalletReconExportQuery),
  paypay: groupCalls('paypay', PaypayReconPageQuery, PaypayReconExportQuery),
  statementImports: {
    wallet: importCalls('/history/walletCheck', CHECK_ROUTES.wallet),
    paypay: importCalls('/history/paypayCheck', CHECK_ROUTES.paypay),
  },
  brandTransactions: {
    wallet: transactionCalls(
      BRAND_TRANSACTION_LISTS.wallet,
      BRAND_TRANSACTION_QUERIES.wallet.page,
      BRAND_TRANSACTION_QUERIES.wallet.export,
    ),
    paypay: transactionCalls(
      BRAND_TRANSACTION_LISTS.paypay,
      BRAND_TRANSACTION_QUERIES.paypay.page,
      BRAND_TRANSACTION_QUERIES.paypay.export,
    ),
  },
} as const;
