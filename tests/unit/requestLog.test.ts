import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLog, loggingOptions } from '../../server/platform/logger';

async function serve(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify(loggingOptions(level, stream));
  installRequestLog(app);
  app.get('/api/ping', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/api/ping?submitToken=secret-token' });
  await app.inject({ method: 'GET', url: '/api/ping' });
  await app.close();
  return lines;
}

describe('request log', () => {
  it('writes no line per request at info, so the terminal shows only what matters', async () => {
    const lines = await serve('info');
    expect(lines.filter((l) => JSON.stringify(l).includes('/api/ping'))).toEqual([]);
  });

  it('writes one line per request at debug, with status and time and the token masked', async () => {
    const lines = await serve('debug');
    const requests = lines.filter((l) => JSON.stringify(l).includes('/api/ping'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 20,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/ping?submitToken=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(typeof requests[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
