import { yup, LIMITS } from './validation';
import { dateRange, pageFields, RANGE_DAYS_DEFAULT } from './paging';

export const LoginHistoryQuery = yup
  .object({
    ...pageFields,
    ...dateRange(RANGE_DAYS_DEFAULT),
    loginId: yup.string().trim().max(LIMITS.loginId).default(''),
    /** '' all, '1' success, '0' failure */
    success: yup.string().oneOf(['', '0', '1']).default(''),
  })
  .noUnknown();
export type LoginHistoryQuery = yup.InferType<typeof LoginHistoryQuery>;

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
