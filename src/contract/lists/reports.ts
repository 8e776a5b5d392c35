import { CURRENCIES } from '../currencies';
import { PAY_BRANDS } from '../brands';
import { RANGE_DAYS_LONG } from '../paging';
import { REPORT_FREQUENCIES, REPORT_GROUPINGS } from '../reports';
import { defineList, exportQueryOf, pageQueryOf, type ExportColumn } from './define';
import { brandFilter, codeFilter, externalFilter, scopeFilters } from './filters';
import { yup } from '../validation';

const amount = <K extends string>(key: K) =>
  ({ key, width: 16, cell: { kind: 'amount', currency: 'currency' } }) satisfies ExportColumn<K>;
const counted = <K extends string>(key: K) =>
  ({ key, width: 12, cell: { kind: 'text' } }) satisfies ExportColumn<K>;
const money = <K extends string>(key: K, headerKey: `reports.columns.${K}`, priority: 1 | 2 | 3) =>
  ({ key, headerKey, priority, width: { nowrap: true }, align: 'end' }) as const;

/**
 * /report, the summary list (docs/reports.md, "The summary list"): the order and refund
 * summaries per day or month × organisation × brand × currency, within the caller's scope, at
 * most 75 business days; the totals per currency of everything the filter selects; both exports.
 */
export const REPORT_LIST = defineList({
  path: '/report/reportList/list',
  route: '/report',
  period: { maxDays: RANGE_DAYS_LONG, defaultDays: 7 },
  filters: {
    /**
     * A row per business day ('' or 'day') or per calendar month (of the days in the period);
     * the screen switches it beside the table, not in the filter bar.
     */
    grouping: externalFilter(
      yup
        .string()
        .oneOf(['', ...REPORT_GROUPINGS])
        .default(''),
    ),
    ...scopeFilters(),
    brand: brandFilter(),
    currency: codeFilter('fields.currency', CURRENCIES, 'reports.currencies'),
  },
  sortFields: ['period', 'paidCount', 'paidAmount', 'refundAmount', 'net'],
  scope: 'tenant',
  columns: [
    {
      key: 'period',
      headerKey: 'reports.columns.period',
      sortField: 'period',
      priority: 1,
      width: { nowrap: true },
    },
    {
      key: 'organisation',
      headerKey: 'reports.columns.organisation',
      priority: 1,
      width: { min: '9rem', ellipsis: true },
    },
    { key: 'brand', headerKey: 'fields.brand', priority: 2, width: { nowrap: true } },
    { key: 'currency', headerKey: 'fields.currency', priority: 1, width: { nowrap: true } },
    { ...money('paidCount', 'reports.columns.paidCount', 1), sortField: 'paidCount' },
    { ...money('paidAmount', 'reports.columns.paidAmount', 1), sortField: 'paidAmount' },
    { ...money('refundAmount', 'reports.columns.refundAmount', 2), sortField: 'refundAmount' },
    money('commission', 'reports.columns.commission', 3),
    money('rebate', 'reports.columns.rebate', 3),
    { ...money('net', 'reports.columns.net', 1), sortField: 'net' },
    { key: 'proof', headerKey: 'reports.columns.proof', priority: 2, width: { min: '11rem' } },
  ],
  exports: {
    file: 'report',
    sheetKey: 'server.exports.reportSheet',
    paths: { excel: '/report/reportList/exportExcel', csv: '/report/reportList/exportCSVFile' },
    columns: [
      { key: 'period', width: 12, cell: { kind: 'text' } },
      { key: 'companyName', width: 24, cell: { kind: 'text' } },
      { key: 'branchUnitName', width: 18, cell: { kind: 'text' } },
      { key: 'brand', width: 16, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
      { key: 'currency', width: 8, cell: { kind: 'text' } },
      counted('orders'),
      counted('paidCount'),
      amount('paidAmount'),
      counted('refundCount'),
      amount('refundAmount'),
      amount('commission'),
      amount('rebate'),
      amount('netAmount'),
      amount('provisional'),
      amount('matched'),
      amount('settled'),
      amount('paidOut'),
    ],
  },
});

/** /report/reportList/list. Dates are business days (yyyy-MM-dd), at most 75 of them. */
export const ReportListQuery = pageQueryOf(REPORT_LIST);
export type ReportListQuery = yup.InferType<typeof ReportListQuery>;

/** The report exports' input: the list's filters without paging and sorting. */
export const ReportExportQuery = exportQueryOf(REPORT_LIST);
export type ReportExportQuery = yup.InferType<typeof ReportExportQuery>;

/**
 * The chart's figures (/report/reportList/series): the list's filters, and whether to give the
 * period just before as well (the same number of days, grouped alike).
 */
export const ReportSeriesQuery = ReportExportQuery.shape({
  compare: yup.boolean().default(false),
}).noUnknown();
export type ReportSeriesQuery = yup.InferType<typeof ReportSeriesQuery>;

/** A user subscribing the summary list's filters (not the period) to be delivered. */
export const ReportSubscribeInput = yup
  .object({
    grouping: yup
      .string()
      .oneOf(['', ...REPORT_GROUPINGS])
      .default(''),
    companyId: REPORT_LIST.filters.companyId.schema,
    branchUnitId: REPORT_LIST.filters.branchUnitId.schema,
    brand: REPORT_LIST.filters.brand.schema,
    currency: REPORT_LIST.filters.currency.schema,
    frequency: yup.string().oneOf(REPORT_FREQUENCIES).required(),
    format: yup
      .string()
      .oneOf(['csv', 'xlsx'] as const)
      .required(),
    email: yup.boolean().default(false),
  })
  .noUnknown();
export type ReportSubscribeInput = yup.InferType<typeof ReportSubscribeInput>;
