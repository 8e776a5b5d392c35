import type { Call, FileCall, ReplyOf, WireInput } from '../contract/call';
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

/**
 * The calls of the contract (src/contract/calls), typed by their declaration: the body is
 * the declared input's fields, the reply the declared type. The transport (client.ts)
 * carries any path; the declaration is what makes a changed reply fail to compile here and
 * in the server's handler alike.
 */
export const api = {
  call: <C extends Call>(decl: C, body?: WireInput<C>, opts?: CallOptions): Promise<ReplyOf<C>> =>
    getApi().call<ReplyOf<C>>(decl.path, body, opts),
  /** For /login and /system/info, whose reply also carries the menu routes. */
  callWithMenu: <C extends Call>(
    decl: C,
    body?: WireInput<C>,
    opts?: CallOptions,
  ): Promise<WithMenu<ReplyOf<C>>> => getApi().callWithMenu<ReplyOf<C>>(decl.path, body, opts),
  /** A call whose success message the caller shows (order sync). */
  callWithMessage: <C extends Call>(
    decl: C,
    body?: WireInput<C>,
    opts?: CallOptions,
  ): Promise<WithMessage<ReplyOf<C>>> => getApi().callWithMessage<ReplyOf<C>>(decl.path, body, opts),
  download: <C extends FileCall>(decl: C, body?: WireInput<C>, opts?: CallOptions): Promise<Download> =>
    getApi().download(decl.path, body, opts),
  openDownload: <C extends FileCall>(
    decl: C,
    body?: WireInput<C>,
    opts?: StreamOptions,
  ): Promise<DownloadStart> => getApi().openDownload(decl.path, body, opts),
  upload: <C extends Call<string, string, never, unknown, 'upload'> | Call>(
    decl: C & { kind: 'upload' },
    form: FormData,
    opts?: CallOptions,
  ): Promise<ReplyOf<C>> => getApi().upload<ReplyOf<C>>(decl.path, form, opts),
};
