import type { UserInfo } from '../../src/contract/auth';
import type { SecondFactor } from '../../src/contract/auth';
import { secondFactorMachine } from '../../src/machines/secondFactor';
import { coveringSetOf, workflowModel, type ModelEvent } from './harness';

/**
 * The second factor's test model, once per mode ('verify': a code or a recovery code;
 * 'enrol': QR code, confirmation, recovery codes). Shared by tests/machines/secondFactor.test.ts
 * and tests/e2e/secondFactor.spec.ts.
 */

export const signedInUser: UserInfo = {
  operatorId: 3,
  loginId: 'sp-admin',
  operatorType: 15,
  workingLanguage: 'jp',
  userName: 'SP Admin',
  email: '',
  mobile: '',
  serviceProviderName: 'Sakura Payment Services',
  agentName: null,
  companyName: null,
  branchUnitName: null,
  idleTimeoutSeconds: 900,
  mustChangePassword: false,
  secondFactor: null,
  mfaEnrolled: true,
  mfaRequired: true,
};
export const signedInMenu = ['/', '/setup'];

export const enrolment = {
  otpauthUri: 'otpauth://totp/Kessai:sp-admin?secret=KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD&issuer=Kessai',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD',
};
export const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`.replace(/[0-1]/g, '2'));

export const failures = {
  wrongCode: {
    label: 'wrong code',
    resultType: 'FAIL',
    message: 'The code is wrong or has already been used',
  },
  locked: {
    label: 'locked',
    resultType: 'FAIL',
    message: 'Too many failed logins: the account is locked until 2030-01-01 10:30:00',
    result: { lockedUntil: '2030-01-01T01:30:00.000Z' },
  },
  offline: { label: 'offline', resultType: 'NETWORK_ERROR', message: 'Network error: offline' },
};

export const secondFactorEvents: ModelEvent[] = [
  { type: 'SUBMIT_CODE', otp: '123456' },
  { type: 'RETRY' },
  { type: 'CODES_SAVED' },
  { type: 'xstate.done.actor.verifyCode', output: { user: signedInUser, menu: signedInMenu } },
  { type: 'xstate.error.actor.verifyCode', error: failures.wrongCode },
  { type: 'xstate.error.actor.verifyCode', error: failures.locked },
  { type: 'xstate.done.actor.startEnrolment', output: enrolment },
  { type: 'xstate.error.actor.startEnrolment', error: failures.offline },
  {
    type: 'xstate.done.actor.confirmEnrolment',
    output: { recoveryCodes, user: signedInUser, menu: signedInMenu },
  },
  { type: 'xstate.error.actor.confirmEnrolment', error: failures.wrongCode },
];

export function secondFactorPaths(mode: SecondFactor) {
  return workflowModel(secondFactorMachine, {
    input: { mode, locale: 'jp' },
    events: secondFactorEvents,
    serializeContext: (c: { error: string | null }) => ({ error: c.error !== null }),
  }).getShortestPaths();
}

let walks: ReturnType<typeof computeWalks> | undefined;
const computeWalks = () =>
  coveringSetOf(secondFactorMachine, {
    verify: secondFactorPaths('verify'),
    enrol: secondFactorPaths('enrol'),
  });

/**
 * The browser's walks (tests/e2e/secondFactor.spec.ts): of both modes' generated paths, the
 * covering set that enters every state and takes every transition (the browser can cause each).
 */
export function secondFactorWalks() {
  walks ??= computeWalks();
  return walks;
}
