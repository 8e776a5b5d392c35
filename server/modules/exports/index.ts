/**
 * Order and refund exports (CSV and XLSX, streamed): the list's filters and scope, labelled in
 * the caller's language. Uses orders and refunds (their filters) through their indexes.
 */
export { exportRoutes } from './routes';
export { orderCsvRows, orderRows, refundCsvRows, refundRows } from './service';
