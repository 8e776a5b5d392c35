import type { PayerPreOrderView, PayerReply, PayerView } from '../contract/merchant';
import type { OrderStatus } from '../contract/orders';

/** How the payer's page shows where a payment stands. */
export type PayerPhase = 'payable' | 'processing' | 'paid' | 'failed' | 'expired' | 'closed' | 'used';

const PHASES: Record<OrderStatus, PayerPhase> = {
  pendingPayment: 'payable',
  paying: 'payable',
  customerPaying: 'payable',
  inPayment: 'processing',
  pendingClose: 'processing',
  success: 'paid',
  refunding: 'paid',
  partlyRefunded: 'paid',
  refunded: 'paid',
  failed: 'failed',
  timeout: 'expired',
  closed: 'closed',
};
export const phaseOf = (status: OrderStatus): PayerPhase => PHASES[status] ?? 'processing';

/** One shape for an order and a pre-order, as the page shows them. */
export interface PayerShown {
  merchantName: string;
  subject: string;
  amount: number;
  currency: string;
  expiresAt: string | null;
  /** The number shown (order or pay number). */
  number: string;
  phase: PayerPhase;
  /** The order's status (this visit's order for a pre-order); null before one exists. */
  status: OrderStatus | null;
  brand: string;
  brands: PayerView['brands'];
  sandbox: boolean;
  /** The order to follow ('' none yet). */
  orderNo: string;
  /** A pre-order: payments it still accepts. */
  uses: { remaining: number; total: number } | null;
}

const isPreOrder = (v: PayerReply): v is PayerPreOrderView => 'code' in v && 'useTimes' in v;

export function shownOf(reply: PayerReply): PayerShown {
  if (!isPreOrder(reply)) {
    return {
      merchantName: reply.merchantName,
      subject: reply.subject,
      amount: reply.amount,
      currency: reply.currency,
      expiresAt: reply.expiresAt,
      number: reply.orderNo,
      phase: phaseOf(reply.status),
      status: reply.status,
      brand: reply.brand,
      brands: reply.brands,
      sandbox: reply.sandbox,
      orderNo: reply.orderNo,
      uses: null,
    };
  }
  const order = reply.order;
  const preOrderPhase: PayerPhase = reply.status === 'open' ? 'payable' : reply.status;
  return {
    merchantName: reply.merchantName,
    subject: reply.remark,
    amount: reply.amount,
    currency: reply.currency,
    expiresAt: reply.expiresAt,
    number: reply.code,
    // This visit's payment decides what the payer sees; without one, the pre-order does.
    phase: order ? phaseOf(order.status) : preOrderPhase,
    status: order?.status ?? null,
    brand: order?.brand ?? '',
    brands: reply.brands,
    sandbox: reply.sandbox,
    orderNo: reply.orderNo,
    uses: { remaining: reply.remainingUses, total: reply.useTimes },
  };
}
