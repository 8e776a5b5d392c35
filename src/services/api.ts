import type {
  ApiClient,
  CallOptions,
  Download,
  DownloadStart,
  StreamOptions,
  WithMenu,
  WithMessage,
} from './client';

/**
 * The console's one API client. main.tsx creates it (`setApi(createApiClient({...}))`)
 * because its callbacks reach the session actor; area modules call through `api`.
 */
let current: ApiClient | null = null;

export function setApi(client: ApiClient): void {
  current = client;
}

export function getApi(): ApiClient {
  if (!current) throw new Error('API client not set: call setApi(createApiClient(...)) first');
  return current;
}

/** Delegates to the client set with `setApi`, so modules can import it before main.tsx runs. */
export const api: ApiClient = {
  call: <T>(path: string, body?: object, opts?: CallOptions): Promise<T> =>
    getApi().call<T>(path, body, opts),
  callWithMenu: <T>(path: string, body?: object, opts?: CallOptions): Promise<WithMenu<T>> =>
    getApi().callWithMenu<T>(path, body, opts),
  download: (path: string, body?: object, opts?: CallOptions): Promise<Download> =>
    getApi().download(path, body, opts),
  callWithMessage: <T>(path: string, body?: object, opts?: CallOptions): Promise<WithMessage<T>> =>
    getApi().callWithMessage<T>(path, body, opts),
  openDownload: (path: string, body?: object, opts?: StreamOptions): Promise<DownloadStart> =>
    getApi().openDownload(path, body, opts),
  upload: <T>(path: string, form: FormData, opts?: CallOptions): Promise<T> =>
    getApi().upload<T>(path, form, opts),
};
