/**
 * Orders: the console's order list, an order's detail (with its refunds and notifications)
 * and the sync with its brand. Reads payments' orders; uses payments, refunds and
 * notifications through their indexes.
 */
export { orderRoutes } from './routes';
export { findOrder, orderFilter, orderPageQueries } from './queries';
