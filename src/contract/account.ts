import { yup, LIMITS, MD5_HEX, MOBILE, message } from './validation';
import { password, type PasswordPolicy } from './passwords';
import { WORKING_LANGUAGES, type WorkingLanguage } from './locale';
import type { OperatorType } from './roles';

/**
 * Password changes. The old secret travels as the uppercase MD5 digest like at login;
 * the new one travels as typed (over TLS) because the server must check its rules,
 * then stores Argon2id of its digest.
 */
export const PasswordChangeInput = yup
  .object({
    oldPassword: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.passwordDigest') }),
    newPassword: password(),
    confirmPassword: yup
      .string()
      .required()
      .oneOf([yup.ref('newPassword')], message('validation.inconsistentPasswords')),
  })
  .noUnknown();
export type PasswordChangeInput = yup.InferType<typeof PasswordChangeInput>;

/** The form as a person fills it (old password typed, hashed before sending), under the server's policy. */
export const passwordChangeForm = (policy?: PasswordPolicy) =>
  yup.object({
    oldPassword: yup.string().required().max(64),
    newPassword: password(policy),
    confirmPassword: yup
      .string()
      .required()
      .oneOf([yup.ref('newPassword')], message('validation.inconsistentPasswords')),
  });
export const PasswordChangeForm = passwordChangeForm();
export type PasswordChangeForm = yup.InferType<typeof PasswordChangeForm>;

export const ProfileInput = yup
  .object({
    userName: yup.string().trim().required().max(LIMITS.name),
    email: yup.string().trim().required().email().max(LIMITS.email),
    mobile: yup
      .string()
      .trim()
      .max(LIMITS.mobile)
      .default('')
      .test('mobile', message('validation.mobile'), (v) => !v || MOBILE.test(v)),
    workingLanguage: yup.string().required().oneOf(WORKING_LANGUAGES),
  })
  .noUnknown();
export type ProfileInput = yup.InferType<typeof ProfileInput>;

/** /system/profile/get and /system/profile/save reply. Times are ISO strings. */
export interface Profile {
  loginId: string;
  userName: string;
  email: string;
  mobile: string;
  workingLanguage: WorkingLanguage;
  operatorType: OperatorType;
  serviceProviderName: string | null;
  agentName: string | null;
  companyName: string | null;
  branchUnitName: string | null;
  createdAt: string;
  passwordChangedAt: string | null;
  /** The previous successful login (not the one of the current session). */
  lastLogin: { createdAt: string; ip: string; userAgent: string } | null;
  /** An authenticator is enrolled (two-step verification on). */
  mfaEnrolled: boolean;
}

/** Which password a change is for. */
export type PasswordKind = 'login' | 'refund';
