/**
 * Payment links (URL payments): create, upload, list, close. Uses payments through its index.
 */
export { linkRoutes } from './routes';
