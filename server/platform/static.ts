import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundEnvelope } from './errors';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * A request for a file, not for a page of the console: anything under /assets/ (the build's
 * output) or a last segment with an extension (favicon.png, robots.txt). The console's own
 * routes have none (record ids, order numbers and days carry no dot).
 */
export function asksForFile(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0];
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/** Vite's output names under assets/ carry a hash of their content: they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built console. Any other GET that is not a file gets index.html, so the
 * console's router shows the page (or its not-found page); /api stays an envelope 404. A file
 * that is not there is a plain 404, never the page: a tab left open across a deploy asks for
 * the old build's chunks, and a page in their place would fail as a script (the console then
 * reloads itself once, src/app/chunkReload.ts).
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
    if (hasConsole && (req.method === 'GET' || req.method === 'HEAD') && !asksForFile(req.url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    // Not kept by any cache: the file may be there after the next deploy.
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Not found');
  });
}
