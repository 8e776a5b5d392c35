import { ResultType } from '../contract/envelope';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { failureMessage, lockedUntilOf, resultOf, resultTypeOf } from './effects';

/**
 * The server's refusals of an action authorised with the refund password (a refund, a refund
 * approval, a settlement checkout), read once for every workflow that asks for it: the
 * password was wrong (with the tries left before the 5-tries lock), the refund password is
 * locked until a time, or an administrator reset it and it must be changed first.
 */
export type RefundPasswordRejection =
  | { reason: 'wrongPassword'; message: string; triesLeft: number | null }
  | { reason: 'locked'; message: string; lockedUntil: string | null }
  /** An administrator reset the refund password: it must be changed before it authorises anything. */
  | { reason: 'passwordReset'; message: string };

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Which refund-password refusal a failed call is: REFUND_PASSWORD_CHANGE_REQUIRED (reset by
 * an administrator), `result.lockedUntil` (locked), `result.triesLeft` (or `left`: wrong
 * password). Anything else is not one (null).
 */
export function refundPasswordRejectionOf(error: unknown): RefundPasswordRejection | null {
  const message = failureMessage(error, DEFAULT_LANGUAGE);
  if (resultTypeOf(error) === ResultType.REFUND_PASSWORD_CHANGE_REQUIRED)
    return { reason: 'passwordReset', message };
  const result = resultOf(error);
  if ('lockedUntil' in result) {
    return { reason: 'locked', message, lockedUntil: lockedUntilOf(error) };
  }
  if ('triesLeft' in result || 'left' in result) {
    return { reason: 'wrongPassword', message, triesLeft: numberOrNull(result.triesLeft ?? result.left) };
  }
  return null;
}

/**
 * Whether a failed call is that refusal: what the named guards `isLocked`, `isPasswordReset`
 * and `isWrongPassword` of every such workflow read (`(_, params: { error: unknown }) =>
 * refusedBecause('locked', params.error)`).
 */
export const refusedBecause = (reason: RefundPasswordRejection['reason'], error: unknown): boolean =>
  refundPasswordRejectionOf(error)?.reason === reason;

/** Where each refusal leads in one workflow (state targets as its `onError` takes them). */
export interface RefundPasswordTargets {
  locked: string;
  passwordReset: string;
  wrongPassword: string;
}

const refusal = <const G extends string>(guard: G, target: string) =>
  ({
    guard: { type: guard, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    target,
    actions: {
      type: 'rememberRejection',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  }) as const;

/**
 * The `onError` alternatives of a call authorised with the refund password, in the order every
 * such workflow tries them: locked, reset, wrong. The machine names the guards `isLocked`,
 * `isPasswordReset`, `isWrongPassword` (with `refusedBecause`) and the action
 * `rememberRejection`, each taking `{ error }`.
 */
export const refundPasswordRefusals = (targets: RefundPasswordTargets) =>
  [
    refusal('isLocked', targets.locked),
    refusal('isPasswordReset', targets.passwordReset),
    refusal('isWrongPassword', targets.wrongPassword),
  ] as const;
