import { accountCalls } from '../contract/calls/account';
import type { PasswordChangeForm, PasswordKind, Profile, ProfileInput } from '../contract/account';
import { api } from './api';
import { hashPassword } from './auth';

export type { PasswordKind, Profile };

const PASSWORD_SAVE = {
  login: accountCalls.passwordSave,
  refund: accountCalls.refundPasswordSave,
} as const;

/**
 * The old password travels hashed like at login, the new one as typed (the server checks
 * its rules). Failures are shown on the form by the passwordChange machine: silent call.
 */
export async function changePassword(kind: PasswordKind, form: PasswordChangeForm): Promise<void> {
  await api.call(
    PASSWORD_SAVE[kind],
    {
      oldPassword: hashPassword(form.oldPassword),
      newPassword: form.newPassword,
      confirmPassword: form.confirmPassword,
    },
    { silent: true },
  );
}

export const getProfile = (): Promise<Profile> => api.call(accountCalls.profileGet);

/** Form-level failures (INVALID with `errors`) reject with an ApiError the form can map. */
export const saveProfile = (input: ProfileInput): Promise<Profile> =>
  api.call(accountCalls.profileSave, input, { silent: true });
