import { isUnauthenticated } from '../contract/envelope';
import { catalogueOf, type WorkingLanguage } from '../contract/locale';
import { createTranslator } from '../i18n/translator';

/**
 * What machines ask the screen to do. Machines never show anything themselves: they
 * `emit()` these and the screen (toaster, router) listens with `actor.on(type, fn)`.
 */
export interface ToastEffect {
  type: 'toast';
  status: 'error' | 'success' | 'info';
  /** Already in the user's language. */
  message: string;
  /** The catalogue key the message came from, when it came from one. */
  key?: string;
}
export interface NavigateEffect {
  type: 'navigate';
  to: string;
  replace?: boolean;
}
export interface ReloadEffect {
  type: 'reload';
}

/** One line per state and per event: shared by unit tests, browser tests and diagrams. */
export interface TestMap {
  /** State key (as `snapshot.matches` takes it, dotted for children) → what a user sees. */
  states: Record<string, string>;
  /** Event type (synthetic ones included) → how a user or the server causes it. */
  events: Record<string, string>;
}

export const translatorFor = (locale: WorkingLanguage) => createTranslator(catalogueOf(locale));

/** The message of a failed service call, else the catalogue's 'Has Error'. */
export function failureMessage(error: unknown, locale: WorkingLanguage): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return translatorFor(locale)('common.hasError');
}

/** A refusal's messages by field (an INVALID reply's `errors`), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null) return {};
  const errors = (error as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A refused call's `result` (what the server says about the refusal), or an empty object. */
export function resultOf(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return {};
  const result = (error as { result?: unknown }).result;
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
}

/** Until when a refusal says the account (or its refund password) is locked: `result.lockedUntil`, or null. */
export function lockedUntilOf(error: unknown): string | null {
  const { lockedUntil } = resultOf(error);
  return typeof lockedUntil === 'string' ? lockedUntil : null;
}

/** A failed call's result type (INVALID, FAIL, CONFLICT…), if it reached the server's envelope. */
export function resultTypeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { resultType?: unknown }).resultType
    : undefined;
}

/** True for an error of a call the server refused for want of a session (either spelling). */
export function isUnauthenticatedError(error: unknown): boolean {
  const resultType = resultTypeOf(error);
  return typeof resultType === 'string' && isUnauthenticated(resultType);
}
