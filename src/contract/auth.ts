import { yup, LIMITS, MD5_HEX, message } from './validation';
import { WORKING_LANGUAGES, type WorkingLanguage } from './locale';
import type { OperatorType } from './roles';
import type { PasswordPolicy } from './passwords';

export const CaptchaReply = yup.object({
  captchaId: yup.string().required(),
  image: yup.string().required(),
});
export type CaptchaReply = yup.InferType<typeof CaptchaReply>;

/** /login. `password` is the uppercase hex MD5 of what the user typed (spec point 5). */
export const LoginInput = yup
  .object({
    login_id: yup.string().trim().required().max(LIMITS.loginId),
    password: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.passwordDigest') }),
    verycode: yup.string().trim().max(10).default(''),
    captchaId: yup.string().max(64).default(''),
    /**
     * The language picked on the login page: the explicit choice wins and is saved on the
     * account at login, so the console opens in it (absent: the account's saved language).
     */
    workingLanguage: yup.string().oneOf(WORKING_LANGUAGES).optional(),
  })
  .noUnknown();
export type LoginInput = yup.InferType<typeof LoginInput>;

/** The user info the login reply carries as `result` (spec points 3 and 7). */
export interface UserInfo {
  operatorId: number;
  loginId: string;
  operatorType: OperatorType;
  workingLanguage: WorkingLanguage;
  userName: string;
  email: string;
  mobile: string;
  serviceProviderName: string | null;
  agentName: string | null;
  companyName: string | null;
  branchUnitName: string | null;
  /** Server idle timeout, so the console can warn shortly before it. */
  idleTimeoutSeconds: number;
  /** The password rules this server applies (its minimum length); older stored infos lack it. */
  passwordPolicy?: PasswordPolicy;
  /** Set after an administrator's reset: the user must change it first. */
  mustChangePassword: boolean;
  /** Set after an administrator's refund password reset. */
  mustChangeRefundPassword?: boolean;
  /**
   * What the session still owes before it is fully signed in: 'verify' a code of the enrolled
   * authenticator, 'enrol' one (the role requires it), or null. Checked before
   * `mustChangePassword`: the second factor comes first.
   */
  secondFactor?: SecondFactor | null;
  /** The account has an authenticator enrolled. */
  mfaEnrolled?: boolean;
  /** The account's role requires MFA (it cannot turn it off). */
  mfaRequired?: boolean;
}

export const SECOND_FACTORS = ['verify', 'enrol'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** A TOTP code: 6 digits. */
export const TOTP_CODE = /^[0-9]{6}$/;
/** A recovery code as shown (`XXXXX-XXXXX`, base32 letters), spaces and hyphens ignored. */
export const RECOVERY_CODE = /^[A-Z2-7]{10}$/;
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as compared: upper case, without spaces and hyphens. */
export const normaliseRecoveryCode = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

const otpOrRecoveryCode = yup
  .string()
  .trim()
  .required()
  .max(24)
  .test('mfaCode', message('validation.mfaCode'), (v) =>
    v === undefined ? true : TOTP_CODE.test(v) || RECOVERY_CODE.test(normaliseRecoveryCode(v)),
  );

/** /auth/mfa/verify: a TOTP code or a recovery code. */
export const MfaCodeInput = yup.object({ otp: otpOrRecoveryCode }).noUnknown();
export type MfaCodeInput = yup.InferType<typeof MfaCodeInput>;

/** /auth/mfa/enrol/confirm: a TOTP code of the authenticator just set up. */
export const MfaConfirmInput = yup
  .object({
    otp: yup
      .string()
      .trim()
      .required()
      .matches(TOTP_CODE, { message: message('validation.totpCode') }),
  })
  .noUnknown();
export type MfaConfirmInput = yup.InferType<typeof MfaConfirmInput>;

/** /system/mfa/disable (roles that do not require MFA): the login password and a code. */
export const MfaDisableInput = yup
  .object({
    password: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.passwordDigest') }),
    otp: otpOrRecoveryCode,
  })
  .noUnknown();
export type MfaDisableInput = yup.InferType<typeof MfaDisableInput>;

/** /auth/mfa/enrol/start reply: what the authenticator app needs (the secret also typed by hand). */
export interface MfaEnrolment {
  otpauthUri: string;
  /** A PNG data URL of the otpauth URI's QR code. */
  qrDataUrl: string;
  /** Base32, for manual entry. */
  secret: string;
}

/** /auth/mfa/enrol/confirm reply: the recovery codes, shown once; and the user info now signed in. */
export interface MfaEnrolled {
  recoveryCodes: string[];
  user: UserInfo;
}

export const LanguageInput = yup
  .object({ workingLanguage: yup.string().required().oneOf(WORKING_LANGUAGES) })
  .noUnknown();

/** /captcha: whether the login form shows a code, and its image. */
export interface CaptchaInfo {
  enabled: boolean;
  captchaId: string;
  image: string;
}

/** /session/keepalive: the server's idle timeout, restarted by the call. */
export interface KeepAlive {
  idleTimeoutSeconds: number;
}

export interface LoginParams {
  loginId: string;
  /** As typed; the login actor hashes it. */
  password: string;
  verycode: string;
  captchaId: string;
  /** The login page's language, saved on the account at login. */
  workingLanguage?: WorkingLanguage;
}
/** What /login and /system/info give the session. */
export interface SessionInfo {
  user: UserInfo;
  menu: string[];
  token: string | null;
}
