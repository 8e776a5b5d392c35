import { call, reply } from '../call';
import { PasswordChangeInput, type Profile, ProfileInput } from '../account';
import { LanguageInput } from '../auth';
import { type WorkingLanguage } from '../locale';

/** The account calls (docs/api.md). */
export const accountCalls = {
  passwordSave: call('/system/password/save', {
    access: 'session',
    input: PasswordChangeInput,
    writes: true,
    duringPasswordChange: true,
  }),
  refundPasswordSave: call('/system/refundPassword/save', {
    access: 'session',
    input: PasswordChangeInput,
    writes: true,
  }),
  profileGet: call('/system/profile/get', {
    access: 'session',
    reply: reply<Profile>(),
    duringPasswordChange: true,
  }),
  profileSave: call('/system/profile/save', {
    access: 'session',
    input: ProfileInput,
    reply: reply<Profile>(),
    writes: true,
  }),
  language: call('/system/profile/language', {
    access: 'session',
    input: LanguageInput,
    reply: reply<{ workingLanguage: WorkingLanguage }>(),
    writes: true,
    duringPasswordChange: true,
  }),
} as const;
