import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundEnvelope } from './errors';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Vite's output names under assets/ carry a hash of their content: they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built console. Any other GET that is not a file gets index.html, so the
 * console's router shows the page (or its not-found page); /api stays an envelope 404.
 * The build leaves a brotli and a gzip copy beside each text file (scripts/precompress.ts):
 * the reply is the one the browser accepts (br, then gzip, then the file itself), with
 * `Vary: Accept-Encoding`. Hashed assets are cached for a year; everything else (index.html
 * above all, which names the current assets) is revalidated on every load.
 */
export async function installStatic(app: FastifyInstance, staticDir: string) {
  const hasConsole = existsSync(path.join(staticDir, 'index.html'));
  const assetsDir = path.join(staticDir, 'assets') + path.sep;
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApi(req.url)) return notFoundEnvelope(req, reply);
    if (hasConsole && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
