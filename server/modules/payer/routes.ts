import { payerCalls } from '../../../src/contract/calls/payer';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type PayerPreOrderView, type PayerView } from '../../../src/contract/merchant';
import { orders } from '../../db/schema';
import type { Api, CallReply } from '../../platform/api';
import { actorOf, type AuditActor } from '../../platform/audit';
import { notFound } from '../../platform/envelope';
import { preOrderPayerDecide, preOrderPayerGet } from './preOrders';
import { freshOrder, payOrder, payerView } from './service';

/** The payer on the /qrcode page: nobody logged in, known by the address only. */
const payerActor = (req: FastifyRequest): AuditActor => ({ ...actorOf(null, req), loginId: 'payer' });

/** The payer page's calls (/qrcode): an order, or a pre-order's next use, viewed and paid. */
export function payerRoutes(api: Api) {
  api.call(payerCalls.get, async (c): Promise<CallReply<PayerView | PayerPreOrderView>> => {
    const actor = payerActor(c.req);
    if (c.input.code) return { result: await preOrderPayerGet(c.deps, c.input.code, c.input.orderNo, actor) };
    const [order] = await c.deps.db.select().from(orders).where(eq(orders.gatewayOrderNo, c.input.orderNo));
    if (!order) throw notFound('server.payments.noSuchOrder');
    return { result: await payerView(c.deps, await freshOrder(c.deps, order, actor)) };
  });

  api.call(payerCalls.decide, async (c): Promise<CallReply<PayerView | PayerPreOrderView>> => {
    const actor = payerActor(c.req);
    if (c.input.code) return { result: await preOrderPayerDecide(c.deps, c.input.code, c.input, actor) };
    const [found] = await c.deps.db.select().from(orders).where(eq(orders.gatewayOrderNo, c.input.orderNo));
    if (!found) throw notFound('server.payments.noSuchOrder');
    return { result: await payerView(c.deps, await payOrder(c.deps, found, c.input, actor)) };
  });
}
