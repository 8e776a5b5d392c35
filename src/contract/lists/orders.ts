import { ALL_SUB_BRANDS, PAY_BRANDS, PAYMENT_TYPES } from '../brands';
import { ORDER_STATUSES } from '../orders';
import { RANGE_DAYS_DEFAULT } from '../paging';
import { PROOF_STATES } from '../reports';
import { amountColumn, companyColumn, exportTimes, timeColumn } from './columns';
import { defineList, exportQueryOf, pageQueryOf } from './define';
import {
  brandFilter,
  codeFilter,
  paymentTypeFilter,
  scopeFilters,
  subBrandFilter,
  numberFilter,
} from './filters';
import type { yup } from '../validation';

/** /history/order, the transaction history: page call, screen and both exports. */
export const ORDER_LIST = defineList({
  path: '/history/orderInfo/page',
  route: '/history/order',
  period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
  filters: {
    /** The payment-status filter of spec point 4 (PAY_STATUS_FILTER): 0 paid, 1 open, 2 failed. */
    status: codeFilter('orders.payStatus', ['0', '1', '2'], 'orders.payStatuses'),
    brand: brandFilter(['subBrand']),
    subBrand: subBrandFilter(),
    paymentType: paymentTypeFilter(),
    ...scopeFilters(),
    /**
     * How far a paid order is proven (docs/reports.md, "Proof states"): the highest rung it
     * reached, as the dashboard's proof line counts it (its parts link here).
     */
    proof: codeFilter('orders.proof', PROOF_STATES, 'dashboard.proof'),
    /**
     * Orders with a notification to the merchant's system still being retried, or given up on
     * (the dashboard's "notifications given up" links here).
     */
    notify: codeFilter('orders.notify', ['pending', 'failed'], 'orders.notifications.status'),
    /** Any of the client, gateway or brand order numbers (exact; all time while set). */
    orderNo: numberFilter('orders.orderNo'),
  },
  sortFields: ['createdAt', 'finishedAt', 'amount', 'status'],
  scope: 'tenant',
  columns: [
    { key: 'gatewayOrderNo', headerKey: 'fields.gatewayOrderNo', priority: 1, width: { nowrap: true } },
    {
      key: 'clientOrderNo',
      headerKey: 'fields.clientOrderNo',
      priority: 3,
      width: { nowrap: true, ellipsis: true },
    },
    timeColumn('createdAt', 'orders.createdAt', 1),
    amountColumn('amount', 'orders.amount'),
    { key: 'status', headerKey: 'fields.status', sortField: 'status', priority: 1, width: {} },
    { key: 'brand', headerKey: 'fields.brand', priority: 2, width: { nowrap: true } },
    { key: 'paymentType', headerKey: 'fields.paymentType', priority: 3, width: { nowrap: true } },
    companyColumn(),
    { key: 'branch', headerKey: 'fields.branchUnitId', priority: 3, width: { ellipsis: true } },
    {
      key: 'refundedAmount',
      headerKey: 'orders.refundedAmount',
      priority: 3,
      width: { nowrap: true },
      align: 'end',
    },
    timeColumn('finishedAt', 'orders.finishedAt', 3),
  ],
  exports: {
    file: 'order',
    sheetKey: 'server.exports.orderSheet',
    paths: { excel: '/history/orderInfo/exportExcel', csv: '/history/orderInfo/exportCSVFile' },
    columns: [
      ...exportTimes(),
      { key: 'gatewayOrderNo', width: 26, cell: { kind: 'text' } },
      { key: 'clientOrderNo', width: 24, cell: { kind: 'text' } },
      { key: 'brandOrderNo', width: 26, cell: { kind: 'text' } },
      { key: 'companyName', width: 24, cell: { kind: 'text' } },
      { key: 'branchUnitName', width: 18, cell: { kind: 'text' } },
      { key: 'brand', width: 16, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
      {
        key: 'subBrand',
        width: 16,
        cell: { kind: 'label', catalogue: 'orders.subBrands', codes: ALL_SUB_BRANDS },
      },
      {
        key: 'paymentType',
        width: 16,
        cell: { kind: 'label', catalogue: 'orders.paymentTypes', codes: PAYMENT_TYPES },
      },
      {
        key: 'status',
        width: 14,
        cell: { kind: 'label', catalogue: 'orders.statuses', codes: ORDER_STATUSES },
      },
      { key: 'amount', width: 14, cell: { kind: 'amount', currency: 'currency' } },
      { key: 'currency', width: 8, cell: { kind: 'text' } },
      { key: 'refundedAmount', width: 14, cell: { kind: 'amount', currency: 'currency' } },
      { key: 'receiptNo', width: 16, cell: { kind: 'text' } },
      { key: 'subject', width: 24, cell: { kind: 'text' } },
    ],
  },
});

/** /history/orderInfo/page. Dates are business days (yyyy-MM-dd), at most 31 of them. */
export const OrderPageQuery = pageQueryOf(ORDER_LIST);
export type OrderPageQuery = yup.InferType<typeof OrderPageQuery>;
export const ORDER_SORT_FIELDS = ORDER_LIST.sortFields;

/** The order exports' input: the page's filters without paging and sorting. */
export const OrderExportQuery = exportQueryOf(ORDER_LIST);
export type OrderExportQuery = yup.InferType<typeof OrderExportQuery>;
