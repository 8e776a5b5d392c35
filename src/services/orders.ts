import { ordersCalls } from '../contract/calls/orders';
import { api } from './api';

/** /history/orderInfo/* (docs/api.md): the transaction history and one order. */
type Query = Record<string, unknown>;

export const pageOrders = (query: Query) => api.call(ordersCalls.page, query);

/** Silent: the detail page shows "not found" (another tenant's order) or the failure itself. */
export const getOrder = (gatewayOrderNo: string) =>
  api.call(ordersCalls.get, { gatewayOrderNo }, { silent: true });

/**
 * Asks the brand again: the order as it is now and the server's message (synced or
 * unchanged). The order detail's Sync with brand shows a failure as the client's toast;
 * `silent` for the refund machine, which follows a refund and retries on failure.
 */
export const syncOrder = (gatewayOrderNo: string, opts: { silent?: boolean } = {}) =>
  api.callWithMessage(ordersCalls.sync, { gatewayOrderNo }, opts);
