import type { orders } from '../../db/schema';

/** An order's row as the engine moves it; the outbox and the merchant's view read it too. */
export type OrderRecord = typeof orders.$inferSelect;
