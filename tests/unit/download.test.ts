import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { WorkingLanguage } from '../../src/contract/locale';
import { exportJobMachine } from '../../src/machines/exportJob';
import { setApi } from '../../src/services/api';
import { ApiError, createApiClient, type ApiClientDeps, type DownloadStart } from '../../src/services/client';
import { exportActors, type ExportPaths } from '../../src/services/exports';
import { ordersCalls, refundsCalls } from '../../src/contract/calls';
import { json, startServer } from './httpServer';

/**
 * The streaming download helper of spec point 8 (`openDownload`) and the export job's
 * services over it, against a real local HTTP server: file-name header → a file read with
 * progress (with or without content-length); no header → the JSON reply's resultMessage;
 * cancel, timeout, a broken connection, several exports at once.
 */
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(overrides: Partial<ApiClientDeps> = {}) {
  const deps = {
    getToken: vi.fn(() => 'token-1'),
    onToken: vi.fn(),
    onUnauthenticated: vi.fn(),
    getLocale: vi.fn((): WorkingLanguage => 'en'),
    onError: vi.fn(),
    baseURL: server.baseURL,
    ...overrides,
  };
  return { api: createApiClient(deps), deps };
}

const FILE_NAME = '取引履歴_2026-11-01_2026-11-23.csv';
const disposition = `attachment; filename="orders.csv"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`;

/** Writes `chunks` one by one, `gapMs` apart, then ends (or destroys the socket when `breakAfter`). */
function streamFile(
  chunks: string[],
  opts: { length?: boolean; gapMs?: number; breakAfter?: number; waitMs?: number } = {},
) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    const total = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    setTimeout(() => {
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': disposition,
        ...(opts.length ? { 'content-length': String(total) } : {}),
      });
      let i = 0;
      const next = () => {
        if (opts.breakAfter !== undefined && i === opts.breakAfter) {
          res.socket?.destroy();
          return;
        }
        if (i === chunks.length) {
          res.end();
          return;
        }
        res.write(chunks[i++]);
        setTimeout(next, opts.gapMs ?? 5);
      };
      next();
    }, opts.waitMs ?? 0);
  };
}

const fileOf = (start: DownloadStart) => {
  if (start.fileName === null) throw new Error(`no file: ${start.resultMessage}`);
  return start;
};

describe('openDownload', () => {
  it('POSTs the filters with the token, decodes the UTF-8 file name and streams with progress', async () => {
    const chunks = ['a,b\r\n', '1,2\r\n', '3,4\r\n'];
    server.on('/history/orderInfo/exportCSVFile', streamFile(chunks, { length: true }));
    const { api } = client();
    const start = fileOf(await api.openDownload('/history/orderInfo/exportCSVFile', { status: '0' }));
    expect(start.fileName).toBe(FILE_NAME);
    expect(start.total).toBe(15);
    const seen: number[] = [];
    const blob = await start.read((n) => seen.push(n));
    expect(await blob.text()).toBe(chunks.join(''));
    expect(seen.at(-1)).toBe(15);
    expect(seen.length).toBeGreaterThan(1);
    const [req] = server.seen;
    expect(req.method).toBe('POST');
    expect(req.headers['x-submit-token']).toBe('token-1');
    expect(req.body).toEqual({ status: '0' });
  });

  it('without content-length the size is unknown and progress counts bytes', async () => {
    server.on('/export', streamFile(['x'.repeat(100), 'y'.repeat(50)]));
    const { api } = client();
    const start = fileOf(await api.openDownload('/export', {}));
    expect(start.total).toBeNull();
    const seen: number[] = [];
    await start.read((n) => seen.push(n));
    expect(seen).toEqual([100, 150]);
  });

  it('a reply without a file name is the JSON envelope: its resultMessage, no toast, token kept', async () => {
    server.on('/export', (_req, res) =>
      json(res, 200, {
        resultType: 'INVALID',
        resultMessage: 'The date range may not exceed 31 days',
        submitToken: 'token-2',
      }),
    );
    const { api, deps } = client();
    await expect(api.openDownload('/export', {})).resolves.toEqual({
      fileName: null,
      resultMessage: 'The date range may not exceed 31 days',
    });
    expect(deps.onToken).toHaveBeenCalledWith('token-2');
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('a refusal for want of a session ends the session', async () => {
    server.on('/export', (_req, res) =>
      json(res, 200, { resultType: 'UNAUTHENCATED', resultMessage: 'Session timeout' }),
    );
    const { api, deps } = client();
    await expect(api.openDownload('/export', {})).rejects.toBeInstanceOf(ApiError);
    expect(deps.onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('times out when the reply does not start in time, not while the body streams', async () => {
    server.on('/slow-head', streamFile(['a'], { waitMs: 400 }));
    server.on('/slow-body', streamFile(['a', 'b', 'c', 'd'], { gapMs: 120 }));
    const { api } = client({ timeoutMs: 200 });
    const error = await api.openDownload('/slow-head', {}, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain('timeout of 200ms exceeded');
    const start = fileOf(await api.openDownload('/slow-body', {}));
    expect(await (await start.read(() => undefined)).text()).toBe('abcd');
  });

  it('cancelling stops the body; a broken connection fails the read', async () => {
    server.on(
      '/long',
      streamFile(
        Array.from({ length: 50 }, () => 'z'.repeat(10)),
        { gapMs: 20 },
      ),
    );
    server.on('/broken', streamFile(['a', 'b', 'c'], { breakAfter: 2 }));
    const { api, deps } = client();
    const controller = new AbortController();
    const start = fileOf(await api.openDownload('/long', {}, { signal: controller.signal }));
    const reading = start.read((n) => n >= 30 && controller.abort());
    await expect(reading).rejects.toBeInstanceOf(ApiError);
    const broken = fileOf(await api.openDownload('/broken', {}));
    await expect(broken.read(() => undefined)).rejects.toBeInstanceOf(ApiError);
    expect(deps.onError).not.toHaveBeenCalled();
  });
});

describe('export jobs over the helper', () => {
  it('several jobs run at once; each saves its own file, one is cancelled, one refused', async () => {
    setApi(client().api);
    server.on('/history/orderInfo/exportExcel', streamFile(['x1', 'x2', 'x3'], { length: true, gapMs: 20 }));
    server.on('/history/orderInfo/exportCSVFile', streamFile(['c1', 'c2', 'c3', 'c4'], { gapMs: 40 }));
    server.on('/history/refundInfo/exportCSVFile', (_req, res) =>
      json(res, 200, { resultType: 'FAIL', resultMessage: 'Too many rows' }),
    );
    const orders = { excel: ordersCalls.exportExcel, csv: ordersCalls.exportCsv };
    const refunds = { excel: refundsCalls.exportExcel, csv: refundsCalls.exportCsv };
    const start = (paths: ExportPaths, format: 'excel' | 'csv') => {
      const saved: { fileName: string; data: unknown }[] = [];
      const toasts: string[] = [];
      const actor = createActor(exportJobMachine.provide({ actors: exportActors(paths) }), {
        input: { format, query: { status: '0' } },
      });
      actor.on('save', (e) => saved.push(e));
      actor.on('toast', (e) => toasts.push(e.message));
      actor.start();
      return { actor, saved, toasts };
    };
    const excel = start(orders, 'excel');
    const csv = start(orders, 'csv');
    const refused = start(refunds, 'csv');
    await waitFor(csv.actor, (s) => s.matches('streaming') && s.context.received > 0);
    csv.actor.send({ type: 'CANCEL' });
    await waitFor(excel.actor, (s) => s.matches('saved'));
    await waitFor(refused.actor, (s) => s.matches('failed'));
    expect(excel.saved).toHaveLength(1);
    expect(excel.saved[0].fileName).toBe(FILE_NAME);
    expect(await (excel.saved[0].data as Blob).text()).toBe('x1x2x3');
    expect(excel.actor.getSnapshot().context).toMatchObject({ received: 6, total: 6 });
    expect(csv.actor.getSnapshot().matches('cancelled')).toBe(true);
    expect(csv.saved).toHaveLength(0);
    expect(refused.toasts).toEqual(['Too many rows']);
    // Retry after the cancel runs the export again to the end.
    csv.actor.send({ type: 'RETRY' });
    await waitFor(csv.actor, (s) => s.matches('saved'));
    expect(await (csv.saved[0].data as Blob).text()).toBe('c1c2c3c4');
  });
});
