import type { PasswordKind } from '../../src/contract/account';
import { passwordChangeMachine } from '../../src/machines/passwordChange';
import { coveringSetOf, workflowModel, type ModelEvent } from './harness';

/** The password-change test model, once per kind (login password, refund password). */

export const values = {
  oldPassword: 'old-secret',
  newPassword: 'new-Secret1',
  confirmPassword: 'new-Secret1',
};

export const failures = {
  wrongOld: { label: 'wrong old password', resultType: 'FAIL', message: 'The old password is wrong' },
  reused: {
    label: 'reused',
    resultType: 'INVALID',
    message: 'This password was used before',
    errors: { newPassword: 'This password was used before' },
  },
};

export const passwordChangeEvents: ModelEvent[] = [
  { type: 'SUBMIT', values },
  { type: 'EDIT' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.changePassword', output: undefined },
  { type: 'xstate.error.actor.changePassword', error: failures.wrongOld },
  { type: 'xstate.error.actor.changePassword', error: failures.reused },
];

export function passwordChangePaths(kind: PasswordKind) {
  return workflowModel(passwordChangeMachine, {
    input: { kind },
    events: passwordChangeEvents,
    serializeContext: (c: { error: string | null }) => ({ error: c.error !== null }),
  }).getShortestPaths();
}

let walks: ReturnType<typeof computeWalks> | undefined;
const computeWalks = () =>
  coveringSetOf(passwordChangeMachine, {
    login: passwordChangePaths('login'),
    refund: passwordChangePaths('refund'),
  });

/**
 * The browser's walks (tests/e2e/password.spec.ts): of both kinds' generated paths, the covering
 * set that enters every state and takes every transition (the browser can cause each).
 */
export function passwordChangeWalks() {
  walks ??= computeWalks();
  return walks;
}
