/**
 * The merchant API (signed JSON calls: create, query, close, refund, pay URL) and its OpenAPI
 * document (/api/docs). Uses payments and refunds
 * through their indexes.
 */
export { merchantDocsRoutes, merchantRoutes } from './routes';
