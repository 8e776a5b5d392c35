import { CURRENCIES } from '../orgAgent';
import { RANGE_DAYS_LONG } from '../paging';
import { PAY_BRANDS } from '../brands';
import { PAYOUT_STATES, SETTLEMENT_STATUSES, STATUS_FILTER_CODES, type SettlementKind } from '../settlements';
import type { MessageKey } from '../messages';
import { defineList, exportQueryOf, pageQueryOf, type ExportColumn, type ListColumn } from './define';
import { brandFilter, codeFilter, idOptionsFilter } from './filters';
import type { yup } from '../validation';

/**
 * The three settlement lists (spec point 2: /settle/actuarial, /settle/agent, /settle/brand;
 * point 7: the platform/agent/brandCheckoutInfo calls): filters (period ≤ 75 days on the period's
 * end, the party within the caller's scope, currency, status), the statement's figures as
 * columns, and both export formats.
 */

const STATUS_CODES = SETTLEMENT_STATUSES.map(String) as readonly ('1' | '2')[];
/** Merchants and agencies are paid out in batches: their status filter has the batch's state too. */
const PAYOUT_STATUS_CODES = PAYOUT_STATES.map((s) => STATUS_FILTER_CODES[s]);

const amount = <K extends string>(key: K, headerKey: MessageKey, priority: 1 | 2 | 3) =>
  ({
    key,
    headerKey,
    sortField: key,
    priority,
    width: { nowrap: true },
    align: 'end',
  }) satisfies ListColumn<K>;
const exportAmount = <K extends string>(key: K) =>
  ({ key, width: 14, cell: { kind: 'amount', currency: 'currency' } }) satisfies ExportColumn<K>;

const currencyFilter = codeFilter('fields.currency', CURRENCIES, 'settlements.currencies');
const payoutFilters = {
  currency: currencyFilter,
  status: codeFilter('fields.status', PAYOUT_STATUS_CODES, 'settlements.statuses'),
};

const periodColumns = [
  { key: 'settlementNo', headerKey: 'settlements.settlementNo', priority: 1, width: { nowrap: true } },
  {
    key: 'period',
    headerKey: 'settlements.period',
    sortField: 'periodEnd',
    priority: 1,
    width: { nowrap: true },
  },
] as const satisfies readonly ListColumn[];

const tailColumns = [
  { key: 'status', headerKey: 'fields.status', sortField: 'status', priority: 1, width: {} },
  {
    key: 'dueDate',
    headerKey: 'settlements.dueDate',
    sortField: 'dueDate',
    priority: 3,
    width: { nowrap: true },
  },
  // When it was remitted: kept before the due date when the table has no room for both.
  {
    key: 'payTime',
    headerKey: 'settlements.payTime',
    sortField: 'payTime',
    priority: 2,
    width: { nowrap: true },
  },
] as const satisfies readonly ListColumn[];

const exportHead = [
  { key: 'settlementNo', width: 20, cell: { kind: 'text' } },
  { key: 'partyName', width: 28, cell: { kind: 'text' } },
  { key: 'periodBegin', width: 12, cell: { kind: 'text' } },
  { key: 'periodEnd', width: 12, cell: { kind: 'text' } },
  { key: 'currency', width: 8, cell: { kind: 'text' } },
  { key: 'orderCount', width: 10, cell: { kind: 'text' } },
  exportAmount('orderTotal'),
  { key: 'refundCount', width: 10, cell: { kind: 'text' } },
  exportAmount('refundTotal'),
] as const satisfies readonly ExportColumn[];

/** What the balance took from earlier periods: why a payout can exceed the period's sales. */
const carriedInColumn = amount('carriedIn', 'settlements.carriedIn', 1);

const exportTail = [
  exportAmount('carriedIn'),
  exportAmount('transferCommission'),
  exportAmount('transferAmount'),
  exportAmount('carriedOut'),
  // Where the payout stands, as the list's status filter names it (in a batch too).
  {
    key: 'status',
    width: 12,
    cell: { kind: 'label', catalogue: 'settlements.statuses', codes: PAYOUT_STATUS_CODES },
  },
  { key: 'dueDate', width: 12, cell: { kind: 'text' } },
  { key: 'payTime', width: 20, cell: { kind: 'time' } },
] as const satisfies readonly ExportColumn[];

const SORT_FIELDS = [
  'periodEnd',
  'dueDate',
  'payTime',
  'status',
  'orderTotal',
  'refundTotal',
  'commissionTotal',
  'rebateTotal',
  'commissionCost',
  'transferAmount',
  'carriedIn',
  'carriedOut',
] as const;

/** /settle/actuarial: merchant settlements. */
export const MERCHANT_SETTLEMENT_LIST = defineList({
  path: '/history/platformCheckoutInfo/page',
  route: '/settle/actuarial',
  period: { maxDays: RANGE_DAYS_LONG, defaultDays: 31 },
  filters: { partyId: idOptionsFilter('fields.companyId'), ...payoutFilters },
  sortFields: SORT_FIELDS,
  scope: 'tenant',
  columns: [
    ...periodColumns,
    { key: 'partyName', headerKey: 'fields.companyId', priority: 1, width: { ellipsis: true, min: '16rem' } },
    amount('orderTotal', 'settlements.orderTotal', 2),
    amount('refundTotal', 'settlements.refundTotal', 3),
    amount('commissionTotal', 'settlements.commissionTotal', 3),
    carriedInColumn,
    amount('transferAmount', 'settlements.transferAmount', 1),
    amount('carriedOut', 'settlements.carriedOut', 2),
    ...tailColumns,
  ],
  exports: {
    file: 'merchantSettlement',
    sheetKey: 'server.exports.merchantSettlementSheet',
    paths: {
      excel: '/history/platformCheckoutInfo/export',
      csv: '/history/platformCheckoutInfo/exportCSVFile',
    },
    columns: [...exportHead, exportAmount('commissionTotal'), exportAmount('commissionCost'), ...exportTail],
  },
});

/** /settle/agent: agency settlements (the rebates). */
export const AGENT_SETTLEMENT_LIST = defineList({
  path: '/history/agentCheckoutInfo/page',
  route: '/settle/agent',
  period: { maxDays: RANGE_DAYS_LONG, defaultDays: 31 },
  filters: { partyId: idOptionsFilter('fields.agentId'), ...payoutFilters },
  sortFields: SORT_FIELDS,
  scope: 'tenant',
  columns: [
    ...periodColumns,
    { key: 'partyName', headerKey: 'fields.agentId', priority: 1, width: { ellipsis: true, min: '16rem' } },
    amount('orderTotal', 'settlements.orderTotal', 3),
    amount('rebateTotal', 'settlements.rebateTotal', 2),
    carriedInColumn,
    amount('transferAmount', 'settlements.transferAmount', 1),
    amount('carriedOut', 'settlements.carriedOut', 2),
    { key: 'feeBearer', headerKey: 'fields.remittanceCostType', priority: 3, width: { nowrap: true } },
    ...tailColumns,
  ],
  exports: {
    file: 'agentSettlement',
    sheetKey: 'server.exports.agentSettlementSheet',
    paths: {
      excel: '/history/agentCheckoutInfo/exportAgentCheckoutInfo',
      csv: '/history/agentCheckoutInfo/exportAgentCheckoutInfoCSV',
    },
    columns: [
      ...exportHead,
      exportAmount('commissionTotal'),
      exportAmount('rebateTotal'),
      { key: 'feeBearer', width: 8, cell: { kind: 'text' } },
      ...exportTail,
    ],
  },
});

/** /settle/brand: what each comprehensive agent owes for its brand (system admin only, read-only). */
export const BRAND_SETTLEMENT_LIST = defineList({
  path: '/history/brandCheckoutInfo/page',
  route: '/settle/brand',
  period: { maxDays: RANGE_DAYS_LONG, defaultDays: 31 },
  filters: {
    partyId: idOptionsFilter('fields.brandAgentId'),
    brand: brandFilter(),
    currency: currencyFilter,
    status: codeFilter('fields.status', STATUS_CODES, 'settlements.statuses'),
  },
  sortFields: SORT_FIELDS,
  scope: 'tenant',
  columns: [
    ...periodColumns,
    // A brand's agent is one of a few acquirers with long names (日本カードアクワイアリング株式会社):
    // the name is what tells the rows apart, so the figures give way before it is cut.
    {
      key: 'partyName',
      headerKey: 'fields.brandAgentId',
      priority: 1,
      width: { ellipsis: true, min: '16rem' },
    },
    { key: 'brand', headerKey: 'fields.brand', priority: 1, width: { nowrap: true } },
    // The figures give way before the agent's name and the status (as on the sibling lists).
    amount('orderTotal', 'settlements.orderTotal', 2),
    amount('refundTotal', 'settlements.refundTotal', 3),
    amount('commissionCost', 'settlements.commissionCost', 3),
    amount('transferAmount', 'settlements.brandNet', 1),
    { key: 'status', headerKey: 'fields.status', sortField: 'status', priority: 1, width: {} },
    {
      key: 'dueDate',
      headerKey: 'settlements.dueDate',
      sortField: 'dueDate',
      priority: 3,
      width: { nowrap: true },
    },
  ],
  exports: {
    file: 'brandSettlement',
    sheetKey: 'server.exports.brandSettlementSheet',
    paths: {
      excel: '/history/brandCheckoutInfo/exportCheckoutInfo',
      csv: '/history/brandCheckoutInfo/exportCheckoutInfoCSV',
    },
    columns: [
      ...exportHead.slice(0, 2),
      { key: 'brand', width: 14, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
      ...exportHead.slice(2),
      exportAmount('commissionCost'),
      exportAmount('transferAmount'),
      {
        key: 'status',
        width: 12,
        cell: { kind: 'label', catalogue: 'settlements.statuses', codes: STATUS_CODES },
      },
      { key: 'dueDate', width: 12, cell: { kind: 'text' } },
    ],
  },
});

export const SETTLEMENT_LISTS = {
  merchant: MERCHANT_SETTLEMENT_LIST,
  agent: AGENT_SETTLEMENT_LIST,
  brand: BRAND_SETTLEMENT_LIST,
} as const satisfies Record<SettlementKind, unknown>;

export const MerchantSettlementPageQuery = pageQueryOf(MERCHANT_SETTLEMENT_LIST);
export const AgentSettlementPageQuery = pageQueryOf(AGENT_SETTLEMENT_LIST);
export const BrandSettlementPageQuery = pageQueryOf(BRAND_SETTLEMENT_LIST);
export type MerchantSettlementPageQuery = yup.InferType<typeof MerchantSettlementPageQuery>;
export type AgentSettlementPageQuery = yup.InferType<typeof AgentSettlementPageQuery>;
export type BrandSettlementPageQuery = yup.InferType<typeof BrandSettlementPageQuery>;
export const MerchantSettlementExportQuery = exportQueryOf(MERCHANT_SETTLEMENT_LIST);
export const AgentSettlementExportQuery = exportQueryOf(AGENT_SETTLEMENT_LIST);
export const BrandSettlementExportQuery = exportQueryOf(BRAND_SETTLEMENT_LIST);
export const SETTLEMENT_SORT_FIELDS = SORT_FIELDS;

/** The columns of a settlement's lines export (exportNewDetail, exportAgentDetail, exportDetail). */
export const SETTLEMENT_LINE_COLUMNS = [
  {
    key: 'lineType',
    width: 8,
    cell: { kind: 'label', catalogue: 'settlements.lineTypes', codes: ['order', 'refund'] },
  },
  { key: 'lineTime', width: 20, cell: { kind: 'time' } },
  { key: 'gatewayOrderNo', width: 26, cell: { kind: 'text' } },
  { key: 'gatewayRefundNo', width: 26, cell: { kind: 'text' } },
  { key: 'clientNo', width: 24, cell: { kind: 'text' } },
  { key: 'companyName', width: 24, cell: { kind: 'text' } },
  { key: 'brand', width: 14, cell: { kind: 'label', catalogue: 'orders.brands', codes: PAY_BRANDS } },
  exportAmount('amount'),
  { key: 'currency', width: 8, cell: { kind: 'text' } },
  exportAmount('commission'),
  exportAmount('rebate'),
  exportAmount('fee'),
] as const satisfies readonly ExportColumn[];
