/** The reply envelope of spec point 7. */
export const ResultType = {
  SUCCESS: 'SUCCESS',
  /** The spec's spelling; the console also accepts UNAUTHENTICATED. */
  UNAUTHENCATED: 'UNAUTHENCATED',
  INVALID: 'INVALID',
  FAIL: 'FAIL',
  NO_ACCESS: 'NO_ACCESS',
  NOT_FOUND: 'NOT_FOUND',
  ERROR: 'ERROR',
  /**
   * The session's account must change its login password first (set by an admin's reset or
   * a new account, PCI DSS 8.3.5): every call but the password change, the own info and
   * logout is refused with this.
   */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  /**
   * The session still owes its second factor (docs/access.md, MFA): only the code check,
   * the own info, keep-alive and logout are open.
   */
  MFA_REQUIRED: 'MFA_REQUIRED',
  /** The role requires MFA and the account has not enrolled: only enrolment, info, keep-alive, logout. */
  MFA_ENROLMENT_REQUIRED: 'MFA_ENROLMENT_REQUIRED',
  /** A refund asked for while the refund password must be changed first (admin reset). */
  REFUND_PASSWORD_CHANGE_REQUIRED: 'REFUND_PASSWORD_CHANGE_REQUIRED',
  /**
   * A write lost a race with another user's (a settlement checkout whose selection was checked
   * out meanwhile): `result` says what was taken; nothing was changed.
   */
  CONFLICT: 'CONFLICT',
} as const;
export type ResultType = (typeof ResultType)[keyof typeof ResultType];

export interface Envelope<T = unknown> {
  resultType: ResultType | string;
  resultMessage?: string;
  /** Legacy spelling some gateways send (spec point 8). */
  result_message?: string;
  submitToken?: string;
  result?: T;
  menuMapList?: string[];
  /** Field errors by field name when resultType is INVALID. */
  errors?: Record<string, string>;
  /** Present on unexpected errors so a user can quote it. */
  requestId?: string;
}

export const isUnauthenticated = (t: string | undefined) => t === 'UNAUTHENCATED' || t === 'UNAUTHENTICATED';

/** Header our console sends the token in; `submitToken` query parameter also accepted. */
export const TOKEN_HEADER = 'x-submit-token';
export const API_TIMEOUT_MS = 90_000;
export const TOAST_MS = 3_000;
export const LOGOUT_REDIRECT_MS = 2_000;

export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
