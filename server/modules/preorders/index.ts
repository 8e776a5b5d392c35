/**
 * QR pre-orders: create, upload, list, close. A pre-order's state and its row lock are what
 * the payer page needs to make its uses. Uses payments through its index.
 */
export { preorderRoutes } from './routes';
export { assertOpen } from './service';
export { lockPreOrder, preOrderState, type PreOrderRecord } from './queries';
