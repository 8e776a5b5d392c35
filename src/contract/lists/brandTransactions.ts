import { PAY_BRANDS } from '../brands';
import { RANGE_DAYS_DEFAULT } from '../paging';
import { RECON_GROUP_BRANDS, type ReconGroup } from '../reconciliation';
import { defineList, type ExportColumn } from './define';
import { codeFilter, textFilter } from './filters';
import { amountColumn, timeColumn } from './columns';

/**
 * The brand transactions lists (/history/walletTrade, /history/paypayTrade; issue #16): the rows
 * of the brands' statements (current runs) in a period of business days, filtered by brand, kind,
 * result and an order number, both exports. One definition per group: their brands differ.
 */

const KINDS = ['payment', 'refund'] as const;
const CODES = ['1', '100', '200', '500', '600'] as const;

const exportColumns = [
  { key: 'businessDay', width: 12, cell: { kind: 'text' } },
  { key: 'brand', width: 12, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
  { key: 'line', width: 8, cell: { kind: 'text' } },
  {
    key: 'kind',
    width: 10,
    cell: { kind: 'label', catalogue: 'reconciliation.transactions.kinds', codes: KINDS },
  },
  { key: 'time', width: 20, cell: { kind: 'time' } },
  { key: 'brandOrderNo', width: 30, cell: { kind: 'text' } },
  { key: 'gatewayOrderNo', width: 24, cell: { kind: 'text' } },
  { key: 'brandRefundNo', width: 30, cell: { kind: 'text' } },
  { key: 'gatewayRefundNo', width: 24, cell: { kind: 'text' } },
  { key: 'statusRaw', width: 14, cell: { kind: 'text' } },
  { key: 'currency', width: 8, cell: { kind: 'text' } },
  { key: 'amount', width: 14, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'brandFee', width: 12, cell: { kind: 'amount', currency: 'currency' } },
  { key: 'auditResult', width: 20, cell: { kind: 'label', catalogue: 'orders.auditResults', codes: CODES } },
  { key: 'companyName', width: 28, cell: { kind: 'text' } },
] as const satisfies readonly ExportColumn[];

const brandTransactionList = <const G extends ReconGroup, const B extends string>(
  group: G,
  brands: readonly B[],
) =>
  defineList({
    path: `/history/${group}Trade/page`,
    route: `/history/${group}Trade`,
    period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
    filters: {
      brand: codeFilter('fields.brand', brands, 'orders.brands'),
      kind: codeFilter('reconciliation.transactions.kind', KINDS, 'reconciliation.transactions.kinds'),
      code: codeFilter('orders.auditResult', CODES, 'orders.auditResults'),
      orderNo: textFilter('reconciliation.transactions.orderNo'),
    },
    sortFields: ['time', 'amount'],
    scope: 'tenant',
    columns: [
      timeColumn('time', 'reconciliation.transactions.time', 1),
      { key: 'brand', headerKey: 'fields.brand', priority: 2, width: { nowrap: true } },
      { key: 'kind', headerKey: 'reconciliation.transactions.kind', priority: 2, width: { nowrap: true } },
      {
        key: 'brandOrderNo',
        headerKey: 'reconciliation.transactions.brandNo',
        priority: 1,
        width: { ellipsis: true, min: '10rem' },
      },
      { key: 'order', headerKey: 'fields.gatewayOrderNo', priority: 1, width: { nowrap: true } },
      amountColumn('amount', 'fields.amount'),
      {
        key: 'fee',
        headerKey: 'reconciliation.transactions.fee',
        priority: 3,
        width: { nowrap: true },
        align: 'end',
      },
      {
        key: 'statusRaw',
        headerKey: 'reconciliation.transactions.statusRaw',
        priority: 3,
        width: { nowrap: true },
      },
      { key: 'code', headerKey: 'orders.auditResult', priority: 1, width: { nowrap: true } },
      {
        key: 'company',
        headerKey: 'fields.companyId',
        priority: 3,
        width: { ellipsis: true },
        scope: 'company',
      },
    ],
    exports: {
      file: `${group}Transactions`,
      sheetKey: 'server.exports.brandTransactionsSheet',
      paths: { excel: `/history/${group}Trade/export`, csv: `/history/${group}Trade/exportCSV` },
      columns: exportColumns,
    },
  });

export const BRAND_TRANSACTION_LISTS = {
  wallet: brandTransactionList('wallet', RECON_GROUP_BRANDS.wallet),
  paypay: brandTransactionList('paypay', RECON_GROUP_BRANDS.paypay),
};
