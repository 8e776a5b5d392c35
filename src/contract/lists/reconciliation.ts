import { PAY_BRANDS } from '../brands';
import { RANGE_DAYS_LONG } from '../paging';
import {
  AUDIT_CODES,
  DAY_STATES,
  RECON_CHECK_ROUTES,
  RECON_GROUP_BRANDS,
  RUN_SOURCES,
  type ReconGroup,
} from '../reconciliation';
import { defineList, exportQueryOf, pageQueryOf, type ExportColumn, type ListColumn } from './define';
import { codeFilter } from './filters';
import type { yup } from '../validation';
import type { MessageKey } from '../messages';

/**
 * The days list of a reconciliation check page (/history/walletCheck, /history/paypayCheck;
 * docs/reconciliation.md, "The pages"): one row per brand and business day with a current
 * run, newest day first. Filters: the business day (≤ 75 days), the brand within the group,
 * days with (open) exceptions or with results of one code. Both exports.
 */

/** Days with any exception, or with exceptions still open. */
const EXCEPTION_FILTERS = ['any', 'open'] as const;
const CODES = AUDIT_CODES.map(String) as readonly `${(typeof AUDIT_CODES)[number]}`[];

const count = <K extends string>(key: K, headerKey?: MessageKey) =>
  ({
    key,
    width: 8,
    cell: { kind: 'text' },
    ...(headerKey ? { headerKey } : {}),
  }) as const satisfies ExportColumn<K>;

const EXPORT_COLUMNS = [
  { key: 'businessDay', width: 12, cell: { kind: 'text' } },
  { key: 'brand', width: 14, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
  {
    key: 'dayState',
    width: 14,
    cell: { kind: 'label', catalogue: 'reconciliation.dayStates', codes: DAY_STATES },
  },
  {
    key: 'runSource',
    width: 14,
    cell: { kind: 'label', catalogue: 'reconciliation.sources', codes: RUN_SOURCES },
  },
  { key: 'fileName', width: 30, cell: { kind: 'text' } },
  { key: 'runFinishedAt', width: 20, cell: { kind: 'time' } },
  count('code1', 'orders.auditResults.1'),
  count('code100', 'orders.auditResults.100'),
  count('code200', 'orders.auditResults.200'),
  count('code300', 'orders.auditResults.300'),
  count('code400', 'orders.auditResults.400'),
  count('code500', 'orders.auditResults.500'),
  count('code600', 'orders.auditResults.600'),
  count('held'),
  count('openExceptions'),
  { key: 'refusalLine', width: 8, cell: { kind: 'text' } },
  { key: 'refusalReason', width: 14, cell: { kind: 'text' } },
] as const satisfies readonly ExportColumn[];

const COLUMNS = [
  {
    key: 'businessDay',
    headerKey: 'reconciliation.businessDay',
    sortField: 'businessDay',
    priority: 1,
    width: { nowrap: true },
  },
  { key: 'brand', headerKey: 'fields.brand', priority: 1, width: { nowrap: true } },
  { key: 'status', headerKey: 'reconciliation.state', priority: 1, width: { nowrap: true } },
  { key: 'open', headerKey: 'reconciliation.list.open', priority: 1, width: { nowrap: true }, align: 'end' },
  { key: 'counts', headerKey: 'reconciliation.list.counts', priority: 1, width: { min: '12rem' } },
  { key: 'totals', headerKey: 'reconciliation.list.totals', priority: 3, width: { nowrap: true } },
  { key: 'source', headerKey: 'reconciliation.source', priority: 3, width: { nowrap: true } },
  { key: 'fileName', headerKey: 'reconciliation.fileName', priority: 3, width: { ellipsis: true } },
  { key: 'finishedAt', headerKey: 'reconciliation.finishedAt', priority: 3, width: { nowrap: true } },
] as const satisfies readonly ListColumn[];

const commonFilters = {
  exceptions: codeFilter(
    'reconciliation.list.exceptions',
    EXCEPTION_FILTERS,
    'reconciliation.list.exceptionFilters',
  ),
  code: codeFilter('reconciliation.list.code', CODES, 'orders.auditResults'),
};

const common = {
  period: { maxDays: RANGE_DAYS_LONG, defaultDays: 31 },
  sortFields: ['businessDay'],
  scope: 'tenant',
  columns: COLUMNS,
} as const;

const W = RECON_CHECK_ROUTES.wallet;
const P = RECON_CHECK_ROUTES.paypay;

/** /history/walletCheck: WeChat Pay and Alipay+. */
export const WALLET_RECON_LIST = defineList({
  ...common,
  path: `${W}/page`,
  route: W,
  filters: {
    brand: codeFilter('fields.brand', RECON_GROUP_BRANDS.wallet, 'orders.brands'),
    ...commonFilters,
  },
  exports: {
    file: 'reconciliation',
    sheetKey: 'server.exports.reconciliationSheet',
    paths: { excel: `${W}/exportExcel`, csv: `${W}/exportCSVFile` },
    columns: EXPORT_COLUMNS,
  },
});

/** /history/paypayCheck: PayPay. */
export const PAYPAY_RECON_LIST = defineList({
  ...common,
  path: `${P}/page`,
  route: P,
  filters: {
    brand: codeFilter('fields.brand', RECON_GROUP_BRANDS.paypay, 'orders.brands'),
    ...commonFilters,
  },
  exports: {
    file: 'reconciliation',
    sheetKey: 'server.exports.reconciliationSheet',
    paths: { excel: `${P}/exportExcel`, csv: `${P}/exportCSVFile` },
    columns: EXPORT_COLUMNS,
  },
});

export const RECON_LISTS = {
  wallet: WALLET_RECON_LIST,
  paypay: PAYPAY_RECON_LIST,
} as const satisfies Record<ReconGroup, unknown>;

export const WalletReconPageQuery = pageQueryOf(WALLET_RECON_LIST);
export const PaypayReconPageQuery = pageQueryOf(PAYPAY_RECON_LIST);
export const WalletReconExportQuery = exportQueryOf(WALLET_RECON_LIST);
export const PaypayReconExportQuery = exportQueryOf(PAYPAY_RECON_LIST);
export type ReconPageQuery =
  yup.InferType<typeof WalletReconPageQuery> | yup.InferType<typeof PaypayReconPageQuery>;
export type ReconExportQuery =
  yup.InferType<typeof WalletReconExportQuery> | yup.InferType<typeof PaypayReconExportQuery>;
