import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setApi } from '../../src/services/api';
import { createApiClient } from '../../src/services/client';

/** What the test server saw of one request. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (req: Seen, res: ServerResponse) => void;

/**
 * A real HTTP server on 127.0.0.1 with a port of the system's choosing; each test sets
 * how `/api/<path>` answers. Requests are recorded for assertions.
 */
export async function startServer() {
  const routes = new Map<string, Handler>();
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        // Not JSON: keep the text.
      }
      const entry: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      const handler = routes.get((req.url ?? '').split('?')[0]);
      if (handler) handler(entry, res);
      else json(res, 404, { resultType: 'NOT_FOUND', resultMessage: 'Unknown call' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    seen,
    on(path: string, handler: Handler) {
      routes.set(`/api${path}`, handler);
    },
    reset() {
      routes.clear();
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The console's API client (`setApi`) against a test server of its own for one test file:
 * started before its tests, reset before each, closed after. The client sends token-1, answers
 * in English, and `errors` collects the error toasts it would show.
 */
export function serveApi() {
  const errors: string[] = [];
  let current: TestServer | null = null;
  beforeAll(async () => {
    current = await startServer();
    setApi(
      createApiClient({
        baseURL: current.baseURL,
        getToken: () => 'token-1',
        onToken: () => undefined,
        onUnauthenticated: () => undefined,
        getLocale: () => 'en',
        onError: (m) => void errors.push(m),
      }),
    );
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    current?.reset();
    errors.length = 0;
  });
  return {
    get server(): TestServer {
      if (!current) throw new Error('the test server starts before the tests');
      return current;
    },
    errors,
  };
}
