import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkingLanguage } from '../../src/contract/locale';
import {
  ApiError,
  createApiClient,
  fileNameFromDisposition,
  type ApiClient,
  type ApiClientDeps,
} from '../../src/services/client';
import { json, startServer } from './httpServer';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(overrides: Partial<ApiClientDeps> = {}) {
  let token: string | null = 'token-1';
  const deps = {
    getToken: vi.fn(() => token),
    onToken: vi.fn((t: string) => {
      token = t;
    }),
    onUnauthenticated: vi.fn(),
    getLocale: vi.fn((): WorkingLanguage => 'en'),
    onError: vi.fn(),
    baseURL: server.baseURL,
    ...overrides,
  };
  const api: ApiClient = createApiClient(deps);
  return { api, deps, token: () => token };
}

const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('calls', () => {
  it('POSTs JSON to /api<path> with the token header and the language, and resolves the result', async () => {
    server.on('/system/profile/get', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', submitToken: 'token-2', result: { userName: 'Alice' } }),
    );
    const { api, deps, token } = client();
    await expect(api.call('/system/profile/get', { a: 1 })).resolves.toEqual({ userName: 'Alice' });
    const [req] = server.seen;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/system/profile/get');
    expect(req.headers['x-submit-token']).toBe('token-1');
    expect(req.headers['accept-language']).toBe('en');
    expect(req.headers['content-type']).toContain('application/json');
    expect(req.body).toEqual({ a: 1 });
    // The reply's token is handed on and used by the next call.
    expect(deps.onToken).toHaveBeenCalledWith('token-2');
    expect(token()).toBe('token-2');
    await api.call('/system/profile/get');
    expect(server.seen[1].headers['x-submit-token']).toBe('token-2');
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('public calls send no token', async () => {
    server.on('/captcha', (_req, res) =>
      json(res, 200, { resultType: 'SUCCESS', result: { captchaId: 'c' } }),
    );
    const { api } = client();
    await api.call('/captcha', {}, { noToken: true });
    expect(server.seen[0].headers['x-submit-token']).toBeUndefined();
  });

  it('login and info replies give the menu routes and the token too', async () => {
    server.on('/system/info', (_req, res) =>
      json(res, 200, {
        resultType: 'SUCCESS',
        submitToken: 't9',
        result: { loginId: 'a' },
        menuMapList: ['/', '/report'],
      }),
    );
    const { api } = client();
    await expect(api.callWithMenu('/system/info')).resolves.toEqual({
      result: { loginId: 'a' },
      menuMapList: ['/', '/report'],
      submitToken: 't9',
    });
  });

  it.each([
    [
      { resultType: 'FAIL', resultMessage: 'Refund exceeds the remainder', result_message: 'legacy' },
      'Refund exceeds the remainder',
    ],
    [{ resultType: 'FAIL', result_message: 'Legacy message' }, 'Legacy message'],
    [{ resultType: 'NO_ACCESS' }, 'NO_ACCESS'],
    [{ resultType: '' }, 'Submit error'],
  ])('a refused call fails with the spec\u2019s message precedence: %j', async (envelope, message) => {
    server.on('/pay/refund/refund', (_req, res) => json(res, 200, { ...envelope, submitToken: 'token-3' }));
    const { api, deps } = client();
    const error = await rejection(api.call('/pay/refund/refund', { refundAmount: 1 }));
    expect(error.message).toBe(message);
    expect(error.resultType).toBe(envelope.resultType);
    expect(deps.onError).toHaveBeenCalledWith(message);
    // Spec point 8: the new token is stored even though the call failed.
    expect(deps.onToken).toHaveBeenCalledWith('token-3');
  });

  it('field errors of an INVALID reply reach the form', async () => {
    server.on('/system/profile/save', (_req, res) =>
      json(res, 200, {
        resultType: 'INVALID',
        resultMessage: 'E-mail is invalid',
        errors: { email: 'E-mail is invalid' },
      }),
    );
    const { api, deps } = client();
    const error = await rejection(api.call('/system/profile/save', {}, { silent: true }));
    expect(error.errors).toEqual({ email: 'E-mail is invalid' });
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it.each(['UNAUTHENCATED', 'UNAUTHENTICATED'])(
    '%s ends the session instead of showing an error toast',
    async (resultType) => {
      server.on('/report/reportList/list', (_req, res) =>
        json(res, 200, { resultType, resultMessage: 'Session timeout' }),
      );
      const { api, deps } = client();
      const error = await rejection(api.call('/report/reportList/list'));
      expect(error.unauthenticated).toBe(true);
      expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
      expect(deps.onError).not.toHaveBeenCalled();
    },
  );

  it('an HTTP error status with an envelope reports the envelope\u2019s message', async () => {
    server.on('/boom', (_req, res) =>
      json(res, 500, { resultType: 'ERROR', resultMessage: 'Unexpected error', requestId: 'req-42' }),
    );
    const { api, deps } = client();
    const error = await rejection(api.call('/boom'));
    expect(error.message).toBe('Unexpected error');
    expect(error.requestId).toBe('req-42');
    expect(deps.onError).toHaveBeenCalledWith('Unexpected error');
  });

  it('an HTTP error without an envelope is a network error in the user\u2019s language', async () => {
    server.on('/proxy', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const { api, deps } = client({ getLocale: () => 'jp' });
    const error = await rejection(api.call('/proxy'));
    expect(error.message).toBe('通信エラー：HTTP 502');
    expect(deps.onError).toHaveBeenCalledWith('通信エラー：HTTP 502');
  });

  it('a call given a language (the payer\u2019s page) asks for it and reports in it, whatever is stored', async () => {
    server.on('/pay/qrcode/get', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const { api } = client({ getLocale: () => 'jp' });
    const error = await rejection(
      api.call('/pay/qrcode/get', {}, { noToken: true, silent: true, locale: 'zh_cn' }),
    );
    expect(server.seen[0].headers['accept-language']).toBe('zh_cn');
    expect(error.message).toBe('网络错误：HTTP 502');
  });

  it('an unreachable server is a network error toast', async () => {
    const { api, deps } = client({ baseURL: 'http://127.0.0.1:9' });
    const error = await rejection(api.call('/anything'));
    expect(error.resultType).toBe('NETWORK_ERROR');
    expect(error.message).toMatch(/^Network error: /);
    expect(deps.onError).toHaveBeenCalledWith(error.message);
  });

  it('a call that takes longer than the timeout is aborted', async () => {
    server.on('/slow', () => undefined); // never answers
    const { api, deps } = client({ timeoutMs: 100 });
    const error = await rejection(api.call('/slow'));
    expect(error.message).toBe('Network error: timeout of 100ms exceeded');
    expect(deps.onError).toHaveBeenCalledTimes(1);
  });
});

describe('downloads', () => {
  it('takes the UTF-8 file name of content-disposition and passes the bytes through unchecked', async () => {
    server.on('/history/orderInfo/exportCSVFile', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': `attachment; filename="orders.csv"; filename*=UTF-8''${encodeURIComponent('取引履歴 2025-01.csv')}`,
      });
      res.end('id,amount\n1,100\n');
    });
    const { api } = client();
    const { fileName, blob } = await api.download('/history/orderInfo/exportCSVFile', {
      beginTime: '2025-01-01',
    });
    expect(fileName).toBe('取引履歴 2025-01.csv');
    expect(await blob.text()).toBe('id,amount\n1,100\n');
    expect(server.seen[0].headers['x-submit-token']).toBe('token-1');
  });

  it('a download without a file name shows the JSON reply\u2019s message and fails', async () => {
    server.on('/history/refundInfo/exportExcel', (_req, res) =>
      json(res, 200, {
        resultType: 'FAIL',
        resultMessage: 'The range may not exceed 31 days',
        submitToken: 'token-4',
      }),
    );
    const { api, deps } = client();
    const error = await rejection(api.download('/history/refundInfo/exportExcel', {}));
    expect(error.message).toBe('The range may not exceed 31 days');
    expect(deps.onError).toHaveBeenCalledWith('The range may not exceed 31 days');
    expect(deps.onToken).toHaveBeenCalledWith('token-4');
  });

  it('a download refused for want of a session ends the session', async () => {
    server.on('/export', (_req, res) => json(res, 200, { resultType: 'UNAUTHENCATED' }));
    const { api, deps } = client();
    await rejection(api.download('/export', {}));
    expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
  });
});

describe('content-disposition file names', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E5%8F%96%E5%BC%95.xlsx`, '取引.xlsx'],
    [`attachment; filename="plain.csv"; filename*=utf-8''%C3%A9t%C3%A9.csv`, 'été.csv'],
    [`attachment; filename*=UTF-8'ja'%E6%98%8E%E7%B4%B0.pdf; filename="meisai.pdf"`, '明細.pdf'],
    [`attachment; filename="report \\"Q1\\".xlsx"`, 'report "Q1".xlsx'],
    ['attachment; filename=settlement.csv', 'settlement.csv'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.csv"`, 'fallback.csv'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
