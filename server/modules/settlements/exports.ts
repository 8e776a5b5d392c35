import { and, desc, eq, sql } from 'drizzle-orm';
import type { ExportFormat } from '../../../src/contract/exports';
import type { ListExport } from '../../../src/contract/lists/define';
import { SETTLEMENT_LINE_COLUMNS, SETTLEMENT_LISTS } from '../../../src/contract/lists/settlements';
import type { SettlementKind } from '../../../src/contract/settlements';
import { textOr, type Translate } from '../../../src/i18n';
import type { Executor } from '../../db/client';
import {
  agents,
  brandAgents,
  companies,
  orders,
  refunds,
  settlementOrders,
  settlementRefunds,
  settlements,
} from '../../db/schema';
import type { CallContext } from '../../platform/api';
import type { ExportSources } from '../../platform/exportColumns';
import type { FileDownload } from '../../platform/exports';
import {
  between,
  listExport,
  periodExport,
  type Key,
  type ListRows,
  type Select,
} from '../../platform/listExport';
import { scopeOf, type Scope } from '../../platform/scope';
import { findSettlement, listFilter, payoutStateCode } from './queries';

/**
 * The settlements' files: each list's export in both formats (the list's filter and scope) and a
 * settlement's lines (its orders, then its refunds), through the platform's list export.
 */

const money = (x: unknown) => sql<number>`coalesce(${x}, 0)`.mapWith(Number);
const asText = (x: unknown) => sql<string>`(${x})::text`;

/** The party's table per kind: its name is the export's payee column. */
const PARTY = { merchant: companies, agent: agents, brand: brandAgents } as const;

function listSources(kind: SettlementKind) {
  const party = PARTY[kind];
  return {
    settlementNo: settlements.settlementNo,
    partyName: party.name,
    periodBegin: asText(settlements.periodBegin),
    periodEnd: asText(settlements.periodEnd),
    currency: settlements.currency,
    orderCount: asText(settlements.orderCount),
    orderTotal: settlements.orderTotal,
    refundCount: asText(settlements.refundCount),
    refundTotal: settlements.refundTotal,
    commissionTotal: settlements.commissionTotal,
    commissionCost: settlements.commissionCost,
    rebateTotal: settlements.rebateTotal,
    carriedIn: settlements.carriedIn,
    transferCommission: settlements.transferCommission,
    transferAmount: settlements.transferAmount,
    carriedOut: settlements.carriedOut,
    status: payoutStateCode,
    dueDate: asText(settlements.dueDate),
    payTime: settlements.payTime,
    feeBearer: settlements.feeBearer,
    brand: settlements.brand,
  } satisfies ExportSources<string>;
}

interface ListQuery {
  beginTime: string;
  endTime: string;
  partyId: number | null;
  currency: string;
  status: string;
  brand?: string;
}

const LIST_KEY: Key = { createdAt: settlements.createdAt, id: settlements.id };

function listRows(kind: SettlementKind): ListRows<ListQuery> {
  const party = PARTY[kind];
  return {
    list: SETTLEMENT_LISTS[kind].exports,
    what: `${kind}Settlements`,
    key: LIST_KEY,
    sources: listSources(kind),
    select: (db: Executor, scope: Scope, _t: Translate, _zone: string, q: ListQuery): Select => {
      // The list's own filter: the rows of the file are the rows the screen lists.
      const where = listFilter(scope, kind, q);
      return (fields, from, to) =>
        db
          .select(fields)
          .from(settlements)
          .leftJoin(party, eq(party.id, settlements.partyId))
          .where(and(where, between(LIST_KEY, from, to ?? null)))
          .orderBy(desc(settlements.createdAt), desc(settlements.id));
    },
  };
}

export const settlementListExport = (
  c: CallContext<ListQuery, string>,
  kind: SettlementKind,
  format: ExportFormat,
): Promise<FileDownload> => periodExport(c, format, listRows(kind));

/* ---- A settlement's lines ---- */

const LINES: ListExport<(typeof SETTLEMENT_LINE_COLUMNS)[number]['key']> = {
  file: 'settlementLines',
  sheetKey: 'server.exports.settlementLinesSheet',
  paths: { excel: '', csv: '' },
  columns: SETTLEMENT_LINE_COLUMNS,
};

const ORDER_KEY: Key = { createdAt: orders.finishedAt, id: orders.id };
const REFUND_KEY: Key = { createdAt: refunds.finishedAt, id: refunds.id };

const orderLines = (settlementId: number): ListRows<unknown> => ({
  list: LINES,
  what: 'settlementLines',
  key: ORDER_KEY,
  sources: {
    lineType: sql<string>`'order'`,
    lineTime: orders.finishedAt,
    gatewayOrderNo: orders.gatewayOrderNo,
    gatewayRefundNo: sql<string>`''`,
    clientNo: orders.clientOrderNo,
    companyName: companies.name,
    brand: orders.brand,
    amount: orders.amount,
    currency: orders.currency,
    commission: money(orders.commissionAmount),
    rebate: money(orders.rebateAmount),
    fee: money(orders.feeAmount),
  },
  select: (db) => (fields, from, to) =>
    db
      .select(fields)
      .from(settlementOrders)
      .innerJoin(orders, eq(orders.id, settlementOrders.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(and(eq(settlementOrders.settlementId, settlementId), between(ORDER_KEY, from, to ?? null)))
      .orderBy(desc(orders.finishedAt), desc(orders.id)),
});

const refundLines = (settlementId: number): ListRows<unknown> => ({
  list: LINES,
  what: 'settlementLines',
  key: REFUND_KEY,
  sources: {
    lineType: sql<string>`'refund'`,
    lineTime: refunds.finishedAt,
    gatewayOrderNo: orders.gatewayOrderNo,
    gatewayRefundNo: refunds.gatewayRefundNo,
    clientNo: refunds.clientRefundNo,
    companyName: companies.name,
    brand: orders.brand,
    amount: refunds.amount,
    currency: refunds.currency,
    commission: money(refunds.commissionAmount),
    rebate: money(refunds.rebateAmount),
    fee: money(refunds.feeAmount),
  },
  select: (db) => (fields, from, to) =>
    db
      .select(fields)
      .from(settlementRefunds)
      .innerJoin(refunds, eq(refunds.id, settlementRefunds.refundId))
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(companies, eq(companies.id, refunds.companyId))
      .where(and(eq(settlementRefunds.settlementId, settlementId), between(REFUND_KEY, from, to ?? null)))
      .orderBy(desc(refunds.finishedAt), desc(refunds.id)),
});

/** A settlement's lines: its orders, then its refunds, newest first; streamed in either format. */
export async function settlementLinesExport(
  c: CallContext<{ id: number; format: string }, string>,
  kind: SettlementKind,
): Promise<FileDownload> {
  const s = await findSettlement(c.deps.db, scopeOf(c.principal), kind, c.input.id);
  const format: ExportFormat = c.input.format === 'csv' ? 'csv' : 'xlsx';
  const base = textOr(c.t, 'server.exports.settlementLinesFile', 'settlementLines');
  const names = {
    name: `${base}_${s.settlementNo}.${format}`,
    asciiName: `settlementLines_${s.settlementNo}.${format}`,
  };
  return listExport(c, format, [orderLines(s.id), refundLines(s.id)], names);
}
