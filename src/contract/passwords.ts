import { yup, fieldMessage, message } from './validation';

/**
 * The password rules (spec point 5, PCI DSS 8.3.6/8.3.7), written once: the server's input
 * schemas and its change check, and the console's live checklist, all read them from here.
 * The minimum length is the server's setting (KESSAI_PASSWORD_MIN_LENGTH, clamped to
 * MIN_LENGTH_FLOOR…MAX_LENGTH); the console learns it from the session's user info
 * (`UserInfo.passwordPolicy`).
 */
export const PASSWORD_CHARS = /^[A-Za-z0-9!@#$%^&-]*$/;
export const PASSWORD_MAX_LENGTH = 20;
/** The lowest minimum a deployment may set. */
export const PASSWORD_MIN_LENGTH_FLOOR = 6;
/** The minimum when the deployment sets none. */
export const PASSWORD_MIN_LENGTH_DEFAULT = 12;
/** A new password may not be any of the account's last this many (of the same kind). */
export const PASSWORD_HISTORY = 4;

const HAS_LETTER = /[A-Za-z]/;
const HAS_DIGIT = /[0-9]/;

/** The rules a deployment applies (what the server sends the console). */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  history: number;
}

/** The policy of a configured minimum length (clamped into the allowed range). */
export function passwordPolicy(minLength: number = PASSWORD_MIN_LENGTH_DEFAULT): PasswordPolicy {
  const min = Math.min(PASSWORD_MAX_LENGTH, Math.max(PASSWORD_MIN_LENGTH_FLOOR, Math.trunc(minLength)));
  return { minLength: min, maxLength: PASSWORD_MAX_LENGTH, history: PASSWORD_HISTORY };
}

/** The rules the checklist shows, in its order; `notRecent` can only be judged by the server. */
export const PASSWORD_RULES = ['length', 'letterAndDigit', 'chars', 'notRecent'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export type LocalPasswordRule = Exclude<PasswordRule, 'notRecent'>;

/** Which of the rules a typed password meets (those that need no history). */
export function passwordChecks(plain: string, policy: PasswordPolicy): Record<LocalPasswordRule, boolean> {
  return {
    length: plain.length >= policy.minLength && plain.length <= policy.maxLength,
    letterAndDigit: HAS_LETTER.test(plain) && HAS_DIGIT.test(plain),
    chars: plain.length > 0 && PASSWORD_CHARS.test(plain),
  };
}

/** A new password's schema under `policy` (the server's input uses the floor; its change check the setting). */
export const password = (policy: PasswordPolicy = passwordPolicy(PASSWORD_MIN_LENGTH_FLOOR)) =>
  yup
    .string()
    .required()
    .min(policy.minLength)
    .max(policy.maxLength)
    .matches(PASSWORD_CHARS, { message: fieldMessage('validation.passwordChars') })
    .test('letterAndDigit', message('server.account.letterAndDigit'), (v) =>
      v ? passwordChecks(v, policy).letterAndDigit : true,
    );
