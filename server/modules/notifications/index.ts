/**
 * Merchant notifications: delivery of the outbox rows the payments engine writes with each
 * move a merchant hears about (signed POSTs, retries, public addresses only), and an order's
 * notifications for its detail. Uses payments (the pay link) and merchant (the signature).
 */
export { notificationJobs, NOTIFY_INTERVAL_MS } from './jobs';
export {
  createNotifier,
  MAX_ATTEMPTS,
  notificationsOf,
  RETRY_DELAYS_MS,
  type Notifier,
  type NotifierOptions,
} from './service';
export { isPrivateAddress } from './http';
