import { PAY_BRANDS } from '../brands';
import { RANGE_DAYS_DEFAULT } from '../paging';
import { REFUND_STATUSES } from '../refunds';
import { amountColumn, companyColumn, exportTimes, timeColumn } from './columns';
import { defineList, exportQueryOf, pageQueryOf } from './define';
import { brandFilter, codeFilter, scopeFilters, numberFilter } from './filters';
import type { yup } from '../validation';

/** /history/refund, the refund history: page call, screen and both exports. */
export const REFUND_LIST = defineList({
  path: '/history/refundInfo/page',
  route: '/history/refund',
  period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
  filters: {
    status: codeFilter('fields.status', REFUND_STATUSES, 'refunds.statuses'),
    brand: brandFilter(),
    ...scopeFilters(),
    /** Any of the refund numbers or the order's gateway order number (exact; all time while set). */
    refundNo: numberFilter('refunds.refundNo'),
  },
  sortFields: ['createdAt', 'finishedAt', 'amount', 'status'],
  scope: 'tenant',
  columns: [
    {
      key: 'gatewayRefundNo',
      headerKey: 'refunds.gatewayRefundNo',
      priority: 1,
      width: { nowrap: true },
    },
    { key: 'gatewayOrderNo', headerKey: 'fields.gatewayOrderNo', priority: 2, width: { nowrap: true } },
    timeColumn('createdAt', 'orders.createdAt', 1),
    amountColumn('amount', 'fields.refundAmount'),
    { key: 'status', headerKey: 'fields.status', sortField: 'status', priority: 1, width: {} },
    { key: 'brand', headerKey: 'fields.brand', priority: 2, width: { nowrap: true } },
    companyColumn(),
    {
      key: 'clientRefundNo',
      headerKey: 'refunds.clientRefundNo',
      priority: 3,
      width: { ellipsis: true },
    },
    { key: 'operator', headerKey: 'refunds.refundedBy', priority: 3, width: { ellipsis: true } },
    timeColumn('finishedAt', 'orders.finishedAt', 3),
    /** The refund's reason: what an operator scans the history for, so it outlasts the numbers and times. */
    { key: 'remark', headerKey: 'fields.remark', priority: 2, width: { ellipsis: true } },
  ],
  exports: {
    file: 'refund',
    sheetKey: 'server.exports.refundSheet',
    paths: { excel: '/history/refundInfo/exportExcel', csv: '/history/refundInfo/exportCSVFile' },
    columns: [
      ...exportTimes(),
      { key: 'gatewayRefundNo', width: 26, cell: { kind: 'text' } },
      { key: 'clientRefundNo', width: 24, cell: { kind: 'text' } },
      { key: 'brandRefundNo', width: 26, cell: { kind: 'text' } },
      { key: 'gatewayOrderNo', width: 26, cell: { kind: 'text' } },
      { key: 'companyName', width: 24, cell: { kind: 'text' } },
      { key: 'brand', width: 16, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
      {
        key: 'status',
        width: 12,
        cell: { kind: 'label', catalogue: 'refunds.statuses', codes: REFUND_STATUSES },
      },
      { key: 'refundAmount', width: 14, cell: { kind: 'amount', currency: 'currency' } },
      { key: 'currency', width: 8, cell: { kind: 'text' } },
      { key: 'fullRefund', width: 10, cell: { kind: 'yesNo' } },
      { key: 'remark', width: 24, cell: { kind: 'text' } },
      { key: 'operatorLoginId', width: 16, cell: { kind: 'text' } },
      { key: 'errorMessage', width: 24, cell: { kind: 'text' } },
    ],
  },
});

export const RefundPageQuery = pageQueryOf(REFUND_LIST);
export type RefundPageQuery = yup.InferType<typeof RefundPageQuery>;
export const REFUND_SORT_FIELDS = REFUND_LIST.sortFields;

/** The refund exports' input: the page's filters without paging and sorting. */
export const RefundExportQuery = exportQueryOf(REFUND_LIST);
export type RefundExportQuery = yup.InferType<typeof RefundExportQuery>;
