import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_HEADER } from '../../src/contract/envelope';
import type { UploadRefusal } from '../../src/contract/uploads';
import { ApiError, createApiClient } from '../../src/services/client';
import { absoluteLink, uploadForm } from '../../src/services/links';
import { json, startServer } from './httpServer';

/** The client's multipart upload (the URL-payment and pre-order uploadFile calls) against a real HTTP server. */

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const client = () => {
  const onError = vi.fn();
  const api = createApiClient({
    getToken: () => 'token-1',
    onToken: vi.fn(),
    onUnauthenticated: vi.fn(),
    getLocale: () => 'en',
    onError,
    baseURL: server.baseURL,
  });
  return { api, onError };
};

const csv = () => new File(['amount,subject\n100,Tea\n'], 'links.csv', { type: 'text/csv' });

describe('upload', () => {
  it('sends the file and the company as multipart with the token, and resolves the result', async () => {
    server.on('/pay/pay/uploadFile', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: { count: 1, numbers: ['K1'] } }),
    );
    const { api } = client();
    const reply = await api.upload('/pay/pay/uploadFile', uploadForm({ file: csv(), companyId: 7 }));
    expect(reply).toEqual({ count: 1, numbers: ['K1'] });
    const [req] = server.seen;
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers[TOKEN_HEADER]).toBe('token-1');
    const body = String(req.body);
    expect(body).toContain('name="file"; filename="links.csv"');
    expect(body).toContain('amount,subject\n100,Tea\n');
    expect(body).toMatch(/name="companyId"\r\n\r\n7\r\n/);
  });

  it('a refusal keeps every bad row for the dialog and shows no toast when silent', async () => {
    const refusal: UploadRefusal = { rows: [{ row: 3, field: 'amount', message: 'Amount is not a number' }] };
    server.on('/pay/pay/uploadFile', (_req, res) =>
      json(res, 200, { resultType: 'INVALID', resultMessage: '1 row has errors', result: refusal }),
    );
    const { api, onError } = client();
    const error = await api
      .upload('/pay/pay/uploadFile', uploadForm({ file: csv() }), { silent: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).result).toEqual(refusal);
    expect((error as ApiError).message).toBe('1 row has errors');
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('pay links', () => {
  it('a path from the server becomes a link on the console origin; absolute links stay', () => {
    expect(absoluteLink('/qrcode?orderNo=K1', 'https://console.example')).toBe(
      'https://console.example/qrcode?orderNo=K1',
    );
    expect(absoluteLink('https://pay.example/qrcode?code=P1', 'https://console.example')).toBe(
      'https://pay.example/qrcode?code=P1',
    );
  });
});
