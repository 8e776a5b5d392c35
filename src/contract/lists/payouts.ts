import { PAY_BRANDS } from '../brands';
import { RECON_GROUP_BRANDS, type ReconGroup } from '../reconciliation';
import { defineList, type ExportColumn, type ListColumn } from './define';
import { codeFilter } from './filters';

/**
 * The payout lists (issue #16, docs/reconciliation.md "Payouts"): the payment statement pages
 * /history/walletBill and /history/paypayBill (a group's brands), the payout check below the
 * brand settlements (/settle/brand/payouts, every brand) and the platform's bank deposits
 * (/settle/brand/deposits). The period is on the payout period's end (the deposit's value
 * date for deposits), at most a year. Both exports each.
 */

/**
 * Our brand settlement against the brand's payment statement: the nets agree; they differ; the
 * statement has not come (yet); or the brand pays for a period we closed no settlement for.
 * (Declared here, with the lists that filter on them; src/contract/payouts.ts gives them on.)
 */
export const PAYOUT_CHECKS = ['agrees', 'differs', 'noStatement', 'noSettlement'] as const;
/**
 * The payout against the bank: a deposit of its amount matched; not yet (the window is open);
 * missing (the window closed without one); nothing to pay (a net of zero or less).
 */
export const DEPOSIT_STATES = ['matched', 'waiting', 'missing', 'notExpected'] as const;
const DEPOSIT_MATCHES = ['matched', 'unmatched'] as const;

const PERIOD = { maxDays: 366, defaultDays: 92 } as const;

const EXPORT_COLUMNS = [
  {
    key: 'brand',
    width: 14,
    cell: { kind: 'label', catalogue: 'reconciliation.imports.brands', codes: PAY_BRANDS },
  },
  { key: 'currency', width: 8, cell: { kind: 'text' } },
  { key: 'periodBegin', width: 12, cell: { kind: 'text' } },
  { key: 'periodEnd', width: 12, cell: { kind: 'text' } },
  { key: 'dueDate', width: 12, cell: { kind: 'text' } },
  { key: 'settlementNo', width: 20, cell: { kind: 'text' } },
  { key: 'settlementNet', width: 16, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'paymentCount', width: 10, cell: { kind: 'text' } },
  { key: 'refundCount', width: 10, cell: { kind: 'text' } },
  { key: 'gross', width: 16, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'fee', width: 14, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'net', width: 16, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'difference', width: 14, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'check', width: 16, cell: { kind: 'label', catalogue: 'payouts.checks', codes: PAYOUT_CHECKS } },
  {
    key: 'depositState',
    width: 14,
    cell: { kind: 'label', catalogue: 'payouts.depositStates', codes: DEPOSIT_STATES },
  },
  { key: 'depositDate', width: 12, cell: { kind: 'text' } },
  { key: 'depositAmount', width: 16, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'payerName', width: 28, cell: { kind: 'text' } },
  { key: 'reference', width: 20, cell: { kind: 'text' } },
] as const satisfies readonly ExportColumn[];

const COLUMNS = [
  {
    key: 'periodEnd',
    headerKey: 'payouts.period',
    sortField: 'periodEnd',
    priority: 1,
    width: { nowrap: true },
  },
  { key: 'brand', headerKey: 'fields.brand', priority: 1, width: { nowrap: true } },
  { key: 'counts', headerKey: 'payouts.counts', priority: 3, width: { nowrap: true }, align: 'end' },
  { key: 'gross', headerKey: 'payouts.gross', priority: 3, width: { nowrap: true }, align: 'end' },
  { key: 'fee', headerKey: 'payouts.fee', priority: 3, width: { nowrap: true }, align: 'end' },
  { key: 'net', headerKey: 'payouts.net', priority: 1, width: { nowrap: true }, align: 'end' },
  { key: 'ours', headerKey: 'payouts.ours', priority: 2, width: { nowrap: true }, align: 'end' },
  { key: 'check', headerKey: 'payouts.check', priority: 1, width: { nowrap: true } },
  { key: 'deposit', headerKey: 'payouts.deposit', priority: 1, width: { min: '9rem' } },
] as const satisfies readonly ListColumn[];

const payoutList = <const P extends string, const R extends string, const B extends string>(
  path: P,
  route: R,
  brands: readonly B[],
  exportBase: string,
) =>
  defineList({
    path,
    route,
    period: PERIOD,
    filters: {
      brand: codeFilter('fields.brand', brands, 'reconciliation.imports.brands'),
      check: codeFilter('payouts.check', PAYOUT_CHECKS, 'payouts.checks'),
      deposit: codeFilter('payouts.deposit', DEPOSIT_STATES, 'payouts.depositStates'),
    },
    sortFields: ['periodEnd'],
    scope: 'tenant',
    columns: COLUMNS,
    exports: {
      file: 'payouts',
      sheetKey: 'server.exports.payoutsSheet',
      paths: { excel: `${exportBase}/exportExcel`, csv: `${exportBase}/exportCSVFile` },
      columns: EXPORT_COLUMNS,
    },
  });

const billList = <const G extends ReconGroup>(group: G) =>
  payoutList(
    `/history/${group}Bill/page`,
    `/history/${group}Bill`,
    RECON_GROUP_BRANDS[group],
    `/history/${group}Bill`,
  );

export const PAYOUT_LISTS = {
  wallet: billList('wallet'),
  paypay: billList('paypay'),
  /** Every brand's payouts, for the platform's administrator. */
  all: payoutList('/settle/brand/payouts/page', '/settle/brand', PAY_BRANDS, '/settle/brand/payouts'),
};

/** The platform's bank deposits: matched to a payout or not. */
export const DEPOSIT_LIST = defineList({
  path: '/settle/brand/deposits/page',
  route: '/settle/brand',
  period: PERIOD,
  filters: {
    match: codeFilter('payouts.depositMatch', DEPOSIT_MATCHES, 'payouts.depositMatches'),
  },
  sortFields: ['valueDate', 'amount'],
  scope: 'tenant',
  columns: [
    {
      key: 'valueDate',
      headerKey: 'payouts.valueDate',
      sortField: 'valueDate',
      priority: 1,
      width: { nowrap: true },
    },
    {
      key: 'amount',
      headerKey: 'fields.amount',
      sortField: 'amount',
      priority: 1,
      width: { nowrap: true },
      align: 'end',
    },
    {
      key: 'payerName',
      headerKey: 'payouts.payerName',
      priority: 1,
      width: { ellipsis: true, min: '10rem' },
    },
    { key: 'reference', headerKey: 'payouts.reference', priority: 2, width: { nowrap: true } },
    { key: 'payout', headerKey: 'payouts.paidPayout', priority: 1, width: { nowrap: true } },
    { key: 'file', headerKey: 'payouts.depositFile', priority: 3, width: { ellipsis: true } },
  ],
  exports: {
    file: 'deposits',
    sheetKey: 'server.exports.depositsSheet',
    paths: { excel: '/settle/brand/deposits/exportExcel', csv: '/settle/brand/deposits/exportCSVFile' },
    columns: [
      { key: 'valueDate', width: 12, cell: { kind: 'text' } },
      { key: 'currency', width: 8, cell: { kind: 'text' } },
      { key: 'amount', width: 16, cell: { kind: 'amount', currency: 'currency' } },
      { key: 'payerName', width: 28, cell: { kind: 'text' } },
      { key: 'reference', width: 20, cell: { kind: 'text' } },
      {
        key: 'brand',
        width: 14,
        cell: { kind: 'label', catalogue: 'reconciliation.imports.brands', codes: PAY_BRANDS },
      },
      { key: 'periodEnd', width: 12, cell: { kind: 'text' } },
      { key: 'fileName', width: 30, cell: { kind: 'text' } },
      { key: 'line', width: 8, cell: { kind: 'text' } },
    ],
  },
});
