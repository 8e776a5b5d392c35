import type { AnyObjectSchema, InferType } from 'yup';

/**
 * One call of the protocol (spec point 7), declared once: its path, who may make it, the
 * yup schema of its input and the type of its reply. The server registers its handler from
 * the declaration (`api.call(decl, handler)`: the handler must return the declared reply)
 * and the console calls through it (`api.call(decl, body)`: the reply comes back with the
 * declared type), so a changed reply or input fails to compile on both sides.
 *
 * Access is 'public', 'session' or a route path of the contract's menu table (the screen
 * whose grant opens the call).
 */
export interface Call<
  P extends string = string,
  A extends string = string,
  S extends AnyObjectSchema | null = AnyObjectSchema | null,
  R = unknown,
  K extends CallKind = CallKind,
> {
  readonly path: P;
  readonly access: A;
  /** The input's schema; null: the call takes no parameters. */
  readonly input: S;
  /** How the reply comes: the envelope (json), a file (exports) or the envelope after a multipart upload. */
  readonly kind: K;
  /**
   * The call may change the gateway's records (anything but session bookkeeping), each change
   * with its audit row in the change's transaction (tests/server/auditAtomic.test.ts).
   */
  readonly writes: boolean;
  /** Open to a session that must change its login password first (PCI DSS 8.3.5). */
  readonly duringPasswordChange: boolean;
  /** Open to a session that still owes its second factor (PCI DSS 8.4). */
  readonly duringSecondFactor: boolean;
  /** Never set: carries the reply type for `ReplyOf`. */
  readonly reply?: Reply<R>;
}

export type CallKind = 'json' | 'file' | 'upload';

/** A type-only marker: `reply: reply<Page<OrderRow>>()`. */
export interface Reply<R> {
  readonly __reply?: R;
}
export const reply = <R>(): Reply<R> => ({});

/** The declaration's reply type. */
export type ReplyOf<C> = C extends Call<string, string, AnyObjectSchema | null, infer R> ? R : never;

/** The input as the handler receives it, after the schema has cast and checked it. */
export type InputOf<C> =
  C extends Call<string, string, infer S>
    ? S extends AnyObjectSchema
      ? InferType<S>
      : Record<string, never>
    : never;

/**
 * What the console may send: the schema's fields, each as its type or as the text a form or
 * the URL holds (the server casts it), none required here (the server says which are missing,
 * at the field). Unknown fields do not compile.
 */
export type WireInput<C> =
  C extends Call<string, string, infer S>
    ? S extends AnyObjectSchema
      ? { [K in keyof InferType<S>]?: InferType<S>[K] | string | null }
      : Record<string, never>
    : never;

interface CallOptions<A extends string, S extends AnyObjectSchema | null, R, K extends CallKind> {
  access: A;
  input?: S;
  reply?: Reply<R>;
  kind?: K;
  writes?: true;
  duringPasswordChange?: true;
  duringSecondFactor?: true;
}

export function call<
  const P extends string,
  const A extends string,
  R = null,
  S extends AnyObjectSchema | null = null,
  K extends CallKind = 'json',
>(path: P, def: CallOptions<A, S, R, K>): Call<P, A, S, R, K> {
  return {
    path,
    access: def.access,
    input: (def.input ?? null) as S,
    kind: (def.kind ?? 'json') as K,
    writes: def.writes === true,
    duringPasswordChange: def.duringPasswordChange === true,
    duringSecondFactor: def.duringSecondFactor === true,
  };
}

/** A file reply (exports): the body is the file, refusals before it are envelopes. */
export type FileCall = Call<string, string, AnyObjectSchema | null, unknown, 'file'>;
