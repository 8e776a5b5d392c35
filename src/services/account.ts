import type { PasswordChangeForm, ProfileInput } from '../contract/account';
import type { OperatorType } from '../contract/roles';
import type { WorkingLanguage } from '../contract/locale';
import type { PasswordKind } from '../contract/account';
import { api } from './api';
import { hashPassword } from './auth';

export type { PasswordKind };

export const PASSWORD_SAVE_PATH: Record<PasswordKind, string> = {
  login: '/system/password/save',
  refund: '/system/refundPassword/save',
};

/**
 * The old password travels hashed like at login, the new one as typed (the server checks
 * its rules). Failures are shown on the form by the passwordChange machine: silent call.
 */
export async function changePassword(kind: PasswordKind, form: PasswordChangeForm): Promise<void> {
  await api.call<unknown>(
    PASSWORD_SAVE_PATH[kind],
    {
      oldPassword: hashPassword(form.oldPassword),
      newPassword: form.newPassword,
      confirmPassword: form.confirmPassword,
    },
    { silent: true },
  );
}

/** /system/profile/get (docs/api.md). */
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
  lastLogin: { createdAt: string; ip: string; userAgent: string } | null;
  /** An authenticator is enrolled (two-step verification on). */
  mfaEnrolled: boolean;
}

export const getProfile = (): Promise<Profile> => api.call<Profile>('/system/profile/get');

/** Form-level failures (INVALID with `errors`) reject with an ApiError the form can map. */
export const saveProfile = (input: ProfileInput): Promise<Profile> =>
  api.call<Profile>('/system/profile/save', input, { silent: true });
