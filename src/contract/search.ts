import { yup } from './validation';
import type { OrderStatus } from './orders';
import type { RefundStatus } from './refunds';
import type { BatchSummary, PayoutKind, SettlementKind } from './settlements';
import { ORDER_LIST } from './lists/orders';
import { REFUND_LIST } from './lists/refunds';
import { PAY_LINK_LIST } from './lists/payLinks';
import { PRE_ORDER_LIST } from './lists/preOrders';
import { COMPANY_LIST } from './lists/org';

/**
 * The global search of the top bar (issue #29, "Finding things"): one call that looks a typed
 * number or name up in every kind of record the caller may open, all time, within the caller's
 * tenant scope. Numbers match exactly (the gateway's own numbers also in upper case), names by
 * their beginning: every look-up is one index's (docs/api.md, "Global search").
 */

/** The kinds of record, in the order the palette groups them. */
export const SEARCH_KINDS = [
  'order',
  'refund',
  'link',
  'preOrder',
  'settlement',
  'batch',
  'company',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * The screen a role must hold for each kind to be searched (role_routes, as the access check
 * reads them): the kind's list. A settlement or a batch needs its own kind's settlement list
 * (SETTLEMENT_LISTS' routes).
 */
export const SEARCH_ROUTES = {
  order: ORDER_LIST.route,
  refund: REFUND_LIST.route,
  link: PAY_LINK_LIST.route,
  preOrder: PRE_ORDER_LIST.route,
  company: COMPANY_LIST.route,
} as const satisfies Partial<Record<SearchKind, string>>;

/** At most this many results of each kind. */
export const SEARCH_LIMIT_PER_KIND = 5;
/** Shorter text is not searched (a name's first letter would match too much to be of use). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 64;

export const GlobalSearchInput = yup
  .object({
    keyword: yup.string().trim().required().min(SEARCH_MIN_LENGTH).max(SEARCH_MAX_LENGTH),
  })
  .noUnknown();
export type GlobalSearchInput = yup.InferType<typeof GlobalSearchInput>;

interface Amount {
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** An order: its page is the order detail. */
export interface OrderHit extends Amount {
  kind: 'order';
  gatewayOrderNo: string;
  clientOrderNo: string;
  status: OrderStatus;
  companyName: string;
  createdAt: string;
}

/** A refund: it opens its order's detail, where the order's refunds are listed. */
export interface RefundHit extends Amount {
  kind: 'refund';
  gatewayRefundNo: string;
  clientRefundNo: string;
  gatewayOrderNo: string;
  status: RefundStatus;
  createdAt: string;
}

/** A URL payment: its list, filtered by its number. */
export interface LinkHit extends Omit<OrderHit, 'kind'> {
  kind: 'link';
}

/** A pre-order: its list, filtered by its number. */
export interface PreOrderHit extends Amount {
  kind: 'preOrder';
  gatewayPayNo: string;
  clientPayNo: string;
  createdAt: string;
}

/** A settlement: its statement page. */
export interface SettlementHit extends Amount {
  kind: 'settlement';
  id: number;
  settlementNo: string;
  settlementKind: SettlementKind;
  partyName: string;
  periodEnd: string;
}

/** A payout batch (#id): the statement of its first settlement, which names the batch. */
export interface BatchHit {
  kind: 'batch';
  id: number;
  batchKind: PayoutKind;
  status: BatchSummary['status'];
  transferDate: string;
  settlementCount: number;
  firstSettlementId: number;
}

/** A company: its page of the company list. */
export interface CompanyHit {
  kind: 'company';
  id: number;
  name: string;
  mid: string;
}

export type SearchHit = OrderHit | RefundHit | LinkHit | PreOrderHit | SettlementHit | BatchHit | CompanyHit;

/** What was found, kind after kind (SEARCH_KINDS' order), at most SEARCH_LIMIT_PER_KIND of each. */
export interface GlobalSearchReply {
  keyword: string;
  hits: SearchHit[];
}
