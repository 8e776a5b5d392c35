import { and, asc, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import { isPayBrand } from '../../../src/contract/brands';
import { orders, refunds } from '../../db/schema';
import { systemActor } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { JobContext } from '../../platform/jobs';
import { applyBrandState, applyEvent, confirmClose, move, syncOrder, type OrderRecord } from '../payments';
import type { OrderStatus } from '../../../src/contract/orders';
import { checkRefund, REFUND_IN_FLIGHT } from '../refunds';

/**
 * Recovery of work in flight (hardening #12, fault 5). A refund, a payment or a close is
 * written before its brand is asked (the intent), and the brand is asked under our number, so
 * whatever was interrupted (a crash, a lost answer, a lost notification) can be asked about at
 * the brand by our number and driven to its final state:
 *
 * - a refund waiting or refunding → the brand's answer: success, failed, or (never received)
 *   failed with its amount released; still processing → asked again next run;
 * - an order in pendingClose → the close asked again (idempotent at the brand): closed, or paid
 *   when the payer was quicker;
 * - an order that names its brand but has no brand number (a create interrupted) → the
 *   brand's payment under our number, or failed when the brand never received it;
 * - an order the brand holds and the payer may have paid (paying, customerPaying, inPayment)
 *   → the brand's state (a notification lost).
 *
 * Only what has not moved for `olderThanMs` is touched, so a call still waiting for its brand
 * is left to finish. Every change is a move of the engine with its audit row (actor: system).
 */
export interface RecoveryOptions {
  olderThanMs: number;
  /** Rows looked at per run and kind. */
  batch?: number;
}

const ACTOR = systemActor('recovery');
const ORDERS_IN_FLIGHT: OrderStatus[] = [
  'pendingPayment',
  'paying',
  'customerPaying',
  'inPayment',
  'pendingClose',
];

export interface RecoveryReport {
  refunds: number;
  orders: number;
  /** The brand could not be asked (down): tried again next run. */
  unreachable: number;
}

export async function recoverInFlight(
  deps: Deps,
  opts: RecoveryOptions,
  ctx?: Pick<JobContext, 'cursor' | 'setCursor'>,
): Promise<RecoveryReport> {
  const batch = opts.batch ?? 200;
  const before = new Date(Date.now() - opts.olderThanMs);
  const report: RecoveryReport = { refunds: 0, orders: 0, unreachable: 0 };

  const stuckRefunds = await deps.db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(inArray(refunds.status, [...REFUND_IN_FLIGHT]), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt), asc(refunds.id))
    .limit(batch);
  for (const { refund, order } of stuckRefunds) {
    try {
      const after = await checkRefund(deps, refund, order, ACTOR);
      if (after.status !== refund.status) report.refunds += 1;
    } catch {
      report.unreachable += 1;
    }
  }

  // Orders in id order from where the last run stopped, so none waits behind unchanged ones.
  const from = Number(ctx?.cursor || 0);
  const open = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ORDERS_IN_FLIGHT),
        ne(orders.brand, ''),
        lt(orders.updatedAt, before),
        gt(orders.id, from),
        or(ne(orders.status, 'pendingPayment'), eq(orders.brandOrderNo, '')),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(batch);
  ctx?.setCursor(open.length === batch ? String(open[open.length - 1].id) : '');
  for (const order of open) {
    try {
      const after = await recoverOrder(deps, order);
      if (after.status !== order.status) report.orders += 1;
    } catch {
      report.unreachable += 1;
    }
  }
  return report;
}

async function recoverOrder(deps: Deps, order: OrderRecord): Promise<OrderRecord> {
  if (!isPayBrand(order.brand)) return order;
  if (order.status === 'pendingClose') return confirmClose(deps, order, 'recovery', ACTOR);
  if (order.brandOrderNo) return syncOrder(deps, order, 'recovery', ACTOR);
  // A create interrupted: the brand is asked by our order number.
  const p = await deps.connectors
    .get(order.brand, order.companyId)
    .query(order.companyId, order.gatewayOrderNo, '');
  return move(
    deps.db,
    order.id,
    async (tx, o) => {
      if (o.status !== 'pendingPayment' || o.brandOrderNo) return o;
      if (!p)
        return applyEvent(tx, o, 'decline', 'recovery', {
          errorCode: 'BRAND_NOT_RECEIVED',
          errorMessage: 'the brand never received the payment',
        });
      const issued = await applyEvent(tx, o, 'issue', 'recovery', { brandOrderNo: p.brandOrderNo });
      return applyBrandState(tx, issued, p, 'recovery');
    },
    ACTOR,
  );
}
