import { call, reply } from '../call';
import {
  type CaptchaInfo,
  type KeepAlive,
  LoginInput,
  type UserInfo,
  MfaCodeInput,
  type MfaEnrolment,
  MfaConfirmInput,
  type MfaEnrolled,
  MfaDisableInput,
} from '../auth';

/** The auth calls (docs/api.md). */
export const authCalls = {
  captcha: call('/captcha', { access: 'public', reply: reply<CaptchaInfo>() }),
  login: call('/login', { access: 'public', input: LoginInput, reply: reply<UserInfo>() }),
  logout: call('/logout', {
    access: 'session',
    duringPasswordChange: true,
    duringSecondFactor: true,
  }),
  info: call('/system/info', {
    access: 'session',
    reply: reply<UserInfo>(),
    duringPasswordChange: true,
    duringSecondFactor: true,
  }),
  keepalive: call('/session/keepalive', {
    access: 'session',
    reply: reply<KeepAlive>(),
    duringPasswordChange: true,
    duringSecondFactor: true,
  }),
  mfaVerify: call('/auth/mfa/verify', {
    access: 'session',
    input: MfaCodeInput,
    reply: reply<UserInfo>(),
    duringPasswordChange: true,
    duringSecondFactor: true,
  }),
  mfaEnrolStart: call('/auth/mfa/enrol/start', {
    access: 'session',
    reply: reply<MfaEnrolment>(),
    duringPasswordChange: true,
    duringSecondFactor: true,
  }),
  mfaEnrolConfirm: call('/auth/mfa/enrol/confirm', {
    access: 'session',
    input: MfaConfirmInput,
    reply: reply<MfaEnrolled>(),
    writes: true,
    duringPasswordChange: true,
    duringSecondFactor: true,
  }),
  mfaDisable: call('/system/mfa/disable', {
    access: 'session',
    input: MfaDisableInput,
    reply: reply<UserInfo>(),
    writes: true,
  }),
} as const;
