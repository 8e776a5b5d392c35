/**
 * Orders: the console's order list, an order's detail (with its refunds and notifications)
 * and the sync with its brand. Reads payments' orders; uses payments, refunds,
 * notifications and the summaries (the list's total) through their indexes.
 */
export { orderRoutes } from './routes';
export { findOrder, orderFilter, orderPageQueries } from './queries';
