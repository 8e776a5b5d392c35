import { ResultType, type Envelope } from '../../src/contract/envelope';
import type { MessageKey } from '../../src/i18n';

/**
 * A refusal a handler throws; the call wrapper turns it into the envelope in the caller's
 * language. `key` is an i18n key of the server catalogue.
 */
export class ApiError extends Error {
  constructor(
    readonly resultType: ResultType,
    readonly key: MessageKey,
    readonly values: Record<string, unknown> = {},
    readonly result?: unknown,
    readonly errors?: Record<string, string>,
    /** Already in the caller's language (validation). */
    readonly rendered?: string,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const fail = (key: MessageKey, values?: Record<string, unknown>, result?: unknown) =>
  new ApiError(ResultType.FAIL, key, values, result);

export const notFound = (key: MessageKey = 'server.notFound') => new ApiError(ResultType.NOT_FOUND, key);

export function envelope<T>(resultType: ResultType, resultMessage: string, extra: Partial<Envelope<T>> = {}) {
  return { resultType, resultMessage, submitToken: '', result: null, ...extra } as Envelope<T>;
}
