/**
 * The global search of the console's top bar (issue #29): orders, refunds, URL payments,
 * pre-orders, settlements, payout batches and companies by number or name, all time, within the
 * caller's screens and tenant scope. Uses settlements (its scope of settlements and batches)
 * through its index.
 */
export { searchRoutes } from './routes';
export { globalSearch } from './service';
