import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundEnvelope } from './errors';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built console. Any other GET that is not a file gets index.html, so the
 * console's router shows the page (or its not-found page); /api stays an envelope 404.
 */
export async function installStatic(app: FastifyInstance, staticDir: string) {
  const hasConsole = existsSync(path.join(staticDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: true, index: 'index.html' });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApi(req.url)) return notFoundEnvelope(req, reply);
    if (hasConsole && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
