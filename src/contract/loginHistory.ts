export { LoginHistoryQuery } from './lists/loginHistory';

/** `badSecondFactor`: a wrong, reused or used-up MFA code after the right password. */
export const LOGIN_FAILURE_REASONS = [
  'badCredentials',
  'badCaptcha',
  'locked',
  'disabled',
  'badSecondFactor',
] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

export interface LoginHistoryRow {
  id: number;
  loginId: string;
  operatorName: string | null;
  success: boolean;
  reason: LoginFailureReason | null;
  ip: string;
  userAgent: string;
  createdAt: string;
}
