import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPayBrand } from '../../../src/contract/brands';
import { hasForbiddenCharacters } from '../../../src/contract/validation';
import { orders } from '../../db/schema';
import { systemActor } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { IllegalTransition } from './engine';
import { reconcile } from './service';

/**
 * POST /api/notify/:brand: a brand's asynchronous notification. A bad signature is 401; an
 * unknown order 404; a notice the transition table refuses (the order moved on) is
 * acknowledged and changes nothing, so the brand stops resending it.
 */
export function brandNotifyRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { brand: string } }>('/api/notify/:brand', async (req, reply) => {
    const { brand } = req.params;
    if (!isPayBrand(brand)) return reply.status(404).send({ code: 'NOT_FOUND' });
    const connector = deps.connectors.get(brand);
    const raw = req.rawBody ?? '';
    if (!connector.verifyNotification(req.headers, raw)) {
      req.log.warn({ brand }, 'notification with a bad signature refused');
      return reply.status(401).send({ code: 'FAIL', message: 'bad signature' });
    }
    let p;
    try {
      p = connector.parseNotification(raw);
    } catch {
      return reply.status(400).send({ code: 'FAIL', message: 'malformed' });
    }
    // Signed, but text the database cannot hold (NUL, a lone surrogate) is no notice either.
    if (Object.values(p).some((v) => typeof v === 'string' && hasForbiddenCharacters(v)))
      return reply.status(400).send({ code: 'FAIL', message: 'malformed' });
    const [order] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.gatewayOrderNo, p.merchantOrderNo), eq(orders.brand, brand)));
    if (!order) return reply.status(404).send({ code: 'FAIL', message: 'no such order' });
    try {
      await reconcile(deps, order.id, p, 'notify', systemActor(`/notify/${brand}`));
    } catch (err) {
      if (!(err instanceof IllegalTransition)) throw err;
      req.log.info({ brand, order: order.gatewayOrderNo, state: p.state }, 'late notification ignored');
    }
    return reply.send({ code: 'SUCCESS' });
  });
}
