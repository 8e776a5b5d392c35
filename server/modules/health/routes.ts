import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** For load balancers and the start script: the process answers and the database does too. */
export function healthRoutes(app: FastifyInstance, db: Db) {
  app.get('/healthz', async (req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return reply.send({ status: 'ok', database: 'up' });
    } catch (err) {
      req.log.error({ err }, 'health check: database down');
      return reply.status(503).send({ status: 'error', database: 'down' });
    }
  });
}
