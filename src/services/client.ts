import redaxios from 'redaxios';
import {
  API_TIMEOUT_MS,
  ResultType,
  TOKEN_HEADER,
  isUnauthenticated,
  type Envelope,
} from '../contract/envelope';
import { catalogueOf, type WorkingLanguage } from '../contract/locale';
import { createTranslator } from '../i18n/translator';

/**
 * The console's HTTP client (spec points 7 and 8): every call is `POST /api<path>` with a
 * JSON body and the session token in a header; the reply envelope is unwrapped here, the
 * token it carries is handed on, and failures become one `ApiError` with the message of
 * spec point 8's precedence.
 */
export interface ApiClientDeps {
  getToken(): string | null;
  onToken(token: string): void;
  onUnauthenticated(): void;
  /** A call was refused because the login password must be changed first (the session machine holds the user there). */
  onPasswordChangeRequired?(): void;
  getLocale(): WorkingLanguage;
  /** Shows an error toast (3 s); called for every failure of a call that is not `silent`. */
  onError(message: string): void;
  /** Origin of the API when it is not the page's own (node, tests, `VITE_API_BASE`). */
  baseURL?: string;
  timeoutMs?: number;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** The caller shows the failure itself (a form, a machine): no error toast. */
  silent?: boolean;
  /** Public calls (login, captcha): send no token. */
  noToken?: boolean;
  /**
   * The language the server and this client answer in, when it is not the console's stored
   * one (the payer's page, where the payer picks a language and has no session).
   */
  locale?: WorkingLanguage;
}

export interface WithMenu<T> {
  result: T;
  menuMapList: string[];
  submitToken: string | null;
}

export interface Download {
  fileName: string;
  blob: Blob;
}

export interface WithMessage<T> {
  result: T;
  /** The server's resultMessage (already in the caller's language), '' when it sent none. */
  message: string;
}

/**
 * The start of a download (spec point 8): a reply with a file-name header is a file whose
 * body is read with `read`; a reply without one was JSON, and `resultMessage` says why
 * (the caller shows it). `total` is the content-length when the server sent one.
 */
export type DownloadStart =
  | {
      fileName: string;
      total: number | null;
      read: (onProgress: (received: number) => void) => Promise<Blob>;
    }
  | { fileName: null; resultMessage: string };

export interface StreamOptions extends CallOptions {
  /** Aborts the request and the reading of the body (a cancelled export). */
  signal?: AbortSignal;
}

export interface ApiClient {
  call<T>(path: string, body?: object, opts?: CallOptions): Promise<T>;
  /** For /login and /system/info, whose reply also carries the menu routes. */
  callWithMenu<T>(path: string, body?: object, opts?: CallOptions): Promise<WithMenu<T>>;
  download(path: string, body?: object, opts?: CallOptions): Promise<Download>;
  /** A call whose success message the caller shows (order sync). */
  callWithMessage<T>(path: string, body?: object, opts?: CallOptions): Promise<WithMessage<T>>;
  /**
   * A download read as it arrives (exports): POST with the token; the timeout runs until the
   * reply's head arrives, the body then streams with progress until done or aborted.
   */
  openDownload(path: string, body?: object, opts?: StreamOptions): Promise<DownloadStart>;
  /** A multipart call (file uploads); the reply is unwrapped as for `call`. */
  upload<T>(path: string, form: FormData, opts?: CallOptions): Promise<T>;
}

/** resultType of failures that never reached a valid envelope. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const HTTP_ERROR = 'HTTP_ERROR';

export class ApiError extends Error {
  readonly resultType: string;
  readonly errors?: Record<string, string>;
  readonly result?: unknown;
  readonly requestId?: string;

  constructor(
    resultType: string,
    message: string,
    extra: { errors?: Record<string, string>; result?: unknown; requestId?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.resultType = resultType;
    this.errors = extra.errors;
    this.result = extra.result;
    this.requestId = extra.requestId;
  }

  get unauthenticated(): boolean {
    return isUnauthenticated(this.resultType);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Spec point 8: resultMessage, else result_message, else the result type, else 'Submit error'. */
export function envelopeMessage(envelope: Partial<Envelope>): string {
  return envelope.resultMessage || envelope.result_message || envelope.resultType || 'Submit error';
}

function isEnvelope(data: unknown): data is Envelope {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { resultType?: unknown }).resultType === 'string'
  );
}

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then
 * `filename="…"` or `filename=…`. Null when the header names no file.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1].trim().replace(/^"(.*)"$/, '$1');
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
    const encoded = match ? match[2] : value;
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded) return decoded;
    } catch {
      // A malformed extended value: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1') || null;
  const plain = /(?:^|;)\s*filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? plain[1].trim() || null : null;
}

async function parseJson(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text()) as unknown;
  } catch {
    return null;
  }
}

interface RawReply<D> {
  status: number;
  data: D;
  headers: Headers;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_MS;
  const base = (deps.baseURL ?? '').replace(/\/+$/, '');
  const localeOf = (opts: CallOptions) => opts.locale ?? deps.getLocale();
  const translate = (opts: CallOptions) => createTranslator(catalogueOf(localeOf(opts)));

  function fail(error: ApiError, opts: CallOptions): never {
    if (error.unauthenticated) deps.onUnauthenticated();
    else {
      if (error.resultType === ResultType.PASSWORD_CHANGE_REQUIRED) deps.onPasswordChangeRequired?.();
      if (!opts.silent) deps.onError(error.message);
    }
    throw error;
  }

  async function post<D>(
    path: string,
    body: object | undefined,
    opts: CallOptions,
    responseType: 'json' | 'blob',
  ): Promise<RawReply<D>> {
    // A multipart body (an upload) brings its own content type with the boundary.
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    const headers: Record<string, string> = { 'accept-language': localeOf(opts) };
    if (!multipart) headers['content-type'] = 'application/json';
    const token = opts.noToken ? null : deps.getToken();
    if (token) headers[TOKEN_HEADER] = token;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const fetchImpl = deps.fetch ?? fetch;
    try {
      // redaxios does not pass a signal through; its `fetch` option lets us add one.
      const payload = multipart ? (body as FormData) : JSON.stringify(body ?? {});
      const reply = await redaxios.post<D>(`${base}/api${path}`, payload, {
        headers,
        responseType,
        validateStatus: () => true,
        fetch: (input, init) => fetchImpl(input, { ...init, signal: controller.signal }),
      });
      return { status: reply.status, data: reply.data, headers: reply.headers };
    } catch (e) {
      const t = translate(opts);
      const reason = controller.signal.aborted
        ? `timeout of ${timeoutMs}ms exceeded`
        : e instanceof Error
          ? e.message
          : String(e);
      return fail(new ApiError(NETWORK_ERROR, t('common.networkError', { message: reason })), opts);
    } finally {
      clearTimeout(timer);
    }
  }

  function unwrap<T>(reply: RawReply<unknown>, opts: CallOptions): Envelope<T> {
    const envelope = reply.data;
    if (!isEnvelope(envelope)) {
      const t = translate(opts);
      const status = `HTTP ${reply.status}`;
      return fail(new ApiError(HTTP_ERROR, t('common.networkError', { message: status })), opts);
    }
    // Spec point 8: a new token is stored even when the call failed.
    if (envelope.submitToken) deps.onToken(envelope.submitToken);
    if (envelope.resultType !== ResultType.SUCCESS) {
      return fail(
        new ApiError(envelope.resultType, envelopeMessage(envelope), {
          errors: envelope.errors,
          result: envelope.result,
          requestId: envelope.requestId,
        }),
        opts,
      );
    }
    return envelope as Envelope<T>;
  }

  return {
    async call<T>(path: string, body?: object, opts: CallOptions = {}) {
      const reply = await post<unknown>(path, body, opts, 'json');
      return unwrap<T>(reply, opts).result as T;
    },

    async callWithMenu<T>(path: string, body?: object, opts: CallOptions = {}) {
      const reply = await post<unknown>(path, body, opts, 'json');
      const envelope = unwrap<T>(reply, opts);
      return {
        result: envelope.result as T,
        menuMapList: envelope.menuMapList ?? [],
        submitToken: envelope.submitToken ?? null,
      };
    },

    async callWithMessage<T>(path: string, body?: object, opts: CallOptions = {}) {
      const reply = await post<unknown>(path, body, opts, 'json');
      const envelope = unwrap<T>(reply, opts);
      return { result: envelope.result as T, message: envelope.resultMessage ?? '' };
    },

    async openDownload(path: string, body?: object, opts: StreamOptions = {}): Promise<DownloadStart> {
      const headers: Record<string, string> = {
        'accept-language': localeOf(opts),
        'content-type': 'application/json',
      };
      const token = opts.noToken ? null : deps.getToken();
      if (token) headers[TOKEN_HEADER] = token;
      const controller = new AbortController();
      const abort = () => controller.abort();
      if (opts.signal?.aborted) abort();
      opts.signal?.addEventListener('abort', abort);
      const timer = setTimeout(abort, timeoutMs);
      let timedOut = false;
      const onTimeout = () => (timedOut = !opts.signal?.aborted);
      controller.signal.addEventListener('abort', onTimeout);
      let reply: Response;
      try {
        reply = await (deps.fetch ?? fetch)(`${base}/api${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body ?? {}),
          signal: controller.signal,
        });
      } catch (e) {
        opts.signal?.removeEventListener('abort', abort);
        const reason = timedOut
          ? `timeout of ${timeoutMs}ms exceeded`
          : e instanceof Error
            ? e.message
            : String(e);
        return fail(
          new ApiError(NETWORK_ERROR, translate(opts)('common.networkError', { message: reason })),
          {
            ...opts,
            // A cancel is the user's own doing: no toast.
            silent: opts.silent || Boolean(opts.signal?.aborted),
          },
        );
      } finally {
        clearTimeout(timer);
        controller.signal.removeEventListener('abort', onTimeout);
      }
      const fileName = fileNameFromDisposition(reply.headers.get('content-disposition'));
      if (!fileName || reply.status >= 400) {
        opts.signal?.removeEventListener('abort', abort);
        // No file name: the server answered with an envelope explaining why (spec point 8).
        const envelope = await parseJson(await reply.blob());
        if (!isEnvelope(envelope)) {
          const status = `HTTP ${reply.status}`;
          return fail(
            new ApiError(HTTP_ERROR, translate(opts)('common.networkError', { message: status })),
            opts,
          );
        }
        if (envelope.submitToken) deps.onToken(envelope.submitToken);
        if (isUnauthenticated(envelope.resultType)) {
          return fail(new ApiError(envelope.resultType, envelopeMessage(envelope)), opts);
        }
        const resultMessage =
          envelope.resultType === ResultType.SUCCESS
            ? translate(opts)('common.submitError')
            : envelopeMessage(envelope);
        return { fileName: null, resultMessage };
      }
      const length = Number(reply.headers.get('content-length'));
      const total = reply.headers.has('content-length') && Number.isFinite(length) ? length : null;
      return {
        fileName,
        total,
        async read(onProgress) {
          try {
            if (!reply.body) return await reply.blob();
            const reader = reply.body.getReader();
            const parts: Uint8Array<ArrayBuffer>[] = [];
            let received = 0;
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              parts.push(value);
              received += value.byteLength;
              onProgress(received);
            }
            return new Blob(parts, { type: reply.headers.get('content-type') ?? 'application/octet-stream' });
          } catch (e) {
            const reason = e instanceof Error ? e.message : String(e);
            throw new ApiError(NETWORK_ERROR, translate(opts)('common.networkError', { message: reason }));
          } finally {
            opts.signal?.removeEventListener('abort', abort);
          }
        },
      };
    },

    async upload<T>(path: string, form: FormData, opts: CallOptions = {}) {
      const reply = await post<unknown>(path, form, opts, 'json');
      return unwrap<T>(reply, opts).result as T;
    },

    async download(path: string, body?: object, opts: CallOptions = {}) {
      const reply = await post<Blob>(path, body, opts, 'blob');
      const fileName = fileNameFromDisposition(reply.headers.get('content-disposition'));
      if (fileName && reply.status < 400) return { fileName, blob: reply.data };
      // No file name: the server answered with an envelope explaining why (spec point 8).
      unwrap<unknown>({ ...reply, data: await parseJson(reply.data) }, opts);
      // A SUCCESS envelope where a file was expected still is no file.
      return fail(new ApiError(HTTP_ERROR, translate(opts)('common.submitError')), opts);
    },
  };
}
