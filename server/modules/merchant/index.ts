/**
 * The merchant API (signed JSON calls: create, query, close, refund, pay URL), the brands'
 * notifications (/api/notify/:brand) and the OpenAPI document. Uses payments and refunds
 * through their indexes.
 */
export { merchantRoutes, notifyRoutes } from './routes';
