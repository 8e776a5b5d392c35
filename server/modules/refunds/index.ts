/**
 * Refunds: console and merchant refunds against an order's remainder (the refund password,
 * maker-checker approval and its expiry), their brand answers, and the refund list. Uses
 * payments and the summaries (the list's total) through their indexes; used by orders (the
 * detail), exports, the merchant API and recovery.
 */
export { refundJobs } from './jobs';
export { refundRoutes } from './routes';
export {
  checkRefund,
  checkRefundPassword,
  REFUND_IN_FLIGHT,
  refundableAmount,
  refundFailedError,
  refundOrder,
  syncRefunds,
  type RefundRecord,
} from './service';
export { expireApprovals } from './approval';
export { refundFilter, refundOperatorJoin, refundsOfOrder } from './queries';
