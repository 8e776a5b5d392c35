import type { AnyObjectSchema } from 'yup';
import { call, reply } from '../call';
import type { Page } from '../envelope';
import type { OrgOption } from '../org';
import {
  AGENT_SETTLEMENT_LIST,
  AgentSettlementExportQuery,
  AgentSettlementPageQuery,
  BRAND_SETTLEMENT_LIST,
  BrandSettlementExportQuery,
  BrandSettlementPageQuery,
  MERCHANT_SETTLEMENT_LIST,
  MerchantSettlementExportQuery,
  MerchantSettlementPageQuery,
} from '../lists/settlements';
import {
  BatchFileInput,
  BatchIdInput,
  BatchPageQuery,
  BatchReverseInput,
  type BatchSummary,
  CheckoutInput,
  CheckoutPreviewInput,
  type CheckoutDone,
  type CheckoutPreview,
  type SettlementDetail,
  SettlementIdInput,
  type SettlementLine,
  SettlementLinesExport,
  SettlementLinesQuery,
  type SettlementRow,
  type SettlementTotals,
  type SettlementSettings,
  SettlementSettingsSave,
  StatementInput,
} from '../settlements';

/**
 * The settlement calls (spec point 7; docs/api.md, "Settlements"). Each kind has its own
 * prefix and menu route: merchants /history/platformCheckoutInfo (/settle/actuarial), agencies
 * /history/agentCheckoutInfo (/settle/agent), brands /history/brandCheckoutInfo (/settle/brand,
 * read-only). The spec's names are kept where it gives them (page, export, exportNewDetail,
 * checkout, exportPlatformCheckoutInfo; exportAgentDetail, exportAgentCheckoutInfo; exportDetail,
 * exportCheckoutInfo); the others are ours.
 */

/** What every kind has: the list with its options and exports, a settlement and its lines. */
function readCalls<const P extends string, const R extends string>(
  prefix: P,
  route: R,
  paths: { lines: string },
) {
  return {
    get: call(`${prefix}/get`, { access: route, input: SettlementIdInput, reply: reply<SettlementDetail>() }),
    lines: call(`${prefix}/lines`, {
      access: route,
      input: SettlementLinesQuery,
      reply: reply<Page<SettlementLine>>(),
    }),
    /** The settlement's orders and refunds in one sheet (XLSX). */
    exportLines: call(paths.lines, { access: route, input: SettlementLinesExport, kind: 'file' }),
    /** The parties of this kind within the caller's scope (the list's filter). */
    parties: call(`${prefix}/parties`, { access: route, reply: reply<OrgOption[]>() }),
  };
}

/** What merchants and agencies have beyond reading: the checkout and its batches. */
function payoutCalls<const P extends string, const R extends string>(prefix: P, route: R) {
  return {
    checkoutPreview: call(`${prefix}/checkoutPreview`, {
      access: route,
      input: CheckoutPreviewInput,
      reply: reply<CheckoutPreview>(),
    }),
    checkout: call(`${prefix}/checkout`, {
      access: route,
      input: CheckoutInput,
      reply: reply<CheckoutDone>(),
      writes: true,
    }),
    batchPage: call(`${prefix}/batch/page`, {
      access: route,
      input: BatchPageQuery,
      reply: reply<Page<BatchSummary>>(),
    }),
    batchFile: call(`${prefix}/batch/file`, { access: route, input: BatchFileInput, kind: 'file' }),
    batchRemit: call(`${prefix}/batch/remit`, {
      access: route,
      input: BatchIdInput,
      reply: reply<BatchSummary>(),
      writes: true,
    }),
    batchReverse: call(`${prefix}/batch/reverse`, {
      access: route,
      input: BatchReverseInput,
      reply: reply<BatchSummary>(),
      writes: true,
    }),
  };
}

/** A list's page and its two exports, from its definition (the page's and the export's schemas). */
function listCalls<
  const P extends string,
  const L extends { path: string; route: string; exports: { paths: { excel: string; csv: string } } },
  Q extends AnyObjectSchema,
  E extends AnyObjectSchema,
>(prefix: P, list: L, page: Q, exported: E) {
  return {
    page: call(list.path, { access: list.route, input: page, reply: reply<Page<SettlementRow>>() }),
    exportExcel: call(list.exports.paths.excel, { access: list.route, input: exported, kind: 'file' }),
    exportCsv: call(list.exports.paths.csv, { access: list.route, input: exported, kind: 'file' }),
    /** The totals per currency of what the filter selects (the export's filters: no paging). */
    totals: call(`${prefix}/totals`, {
      access: list.route,
      input: exported,
      reply: reply<SettlementTotals[]>(),
    }),
  };
}

/** The settlement settings of the system admin (/settle/settings): fees, paying accounts, the issuer. */
const SETTINGS_ROUTE = '/settle/settings';

const M = '/history/platformCheckoutInfo';
const A = '/history/agentCheckoutInfo';
const B = '/history/brandCheckoutInfo';

export const settlementsCalls = {
  merchant: {
    ...listCalls(M, MERCHANT_SETTLEMENT_LIST, MerchantSettlementPageQuery, MerchantSettlementExportQuery),
    /** The statement the merchant receives (PDF, qualified invoice). */
    statement: call(`${M}/exportPlatformCheckoutInfo`, {
      access: MERCHANT_SETTLEMENT_LIST.route,
      input: StatementInput,
      kind: 'file',
    }),
    ...readCalls(M, MERCHANT_SETTLEMENT_LIST.route, { lines: `${M}/exportNewDetail` }),
    ...payoutCalls(M, MERCHANT_SETTLEMENT_LIST.route),
  },
  agent: {
    ...listCalls(A, AGENT_SETTLEMENT_LIST, AgentSettlementPageQuery, AgentSettlementExportQuery),
    ...readCalls(A, AGENT_SETTLEMENT_LIST.route, { lines: `${A}/exportAgentDetail` }),
    ...payoutCalls(A, AGENT_SETTLEMENT_LIST.route),
  },
  brand: {
    ...listCalls(B, BRAND_SETTLEMENT_LIST, BrandSettlementPageQuery, BrandSettlementExportQuery),
    ...readCalls(B, BRAND_SETTLEMENT_LIST.route, { lines: `${B}/exportDetail` }),
  },
  settings: {
    get: call('/history/settlementSettings/get', {
      access: SETTINGS_ROUTE,
      reply: reply<SettlementSettings>(),
    }),
    /** Replaces the three sets in one transaction, audited with before and after. */
    save: call('/history/settlementSettings/save', {
      access: SETTINGS_ROUTE,
      input: SettlementSettingsSave,
      reply: reply<SettlementSettings>(),
      writes: true,
    }),
  },
} as const;
