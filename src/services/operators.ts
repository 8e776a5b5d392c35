import { fromPromise } from 'xstate';
import { operatorsCalls } from '../contract/calls/operators';
import type { OperatorSaveInput, PasswordReset } from '../contract/operators';
import { api } from './api';

/** /system/operator/* (docs/api.md). */
export const pageOperators = (query: Record<string, unknown>) => api.call(operatorsCalls.page, query);

/** Silent: the form shows the failure beside its fields. */
export const saveOperator = (input: OperatorSaveInput) =>
  api.call(operatorsCalls.save, input, { silent: true });

export const setOperatorStatus = (id: number, lock: boolean) =>
  api.call(lock ? operatorsCalls.lock : operatorsCalls.unlock, { id });

export const deleteOperators = (ids: number[]) => api.call(operatorsCalls.delete, { ids });

export type PasswordResetKind = 'login' | 'refund';

/** An administrator's reset: the new secret comes back once and must be changed at next use. */
export const resetOperatorPassword = (id: number, kind: PasswordResetKind) =>
  api.call(kind === 'login' ? operatorsCalls.passwordReset : operatorsCalls.refundPasswordReset, {
    id,
  });

/** An administrator's MFA reset: the account's authenticator and recovery codes removed, its sessions ended. */
export const resetOperatorMfa = (id: number) => api.call(operatorsCalls.mfaReset, { id });

/** The operator-action machine's services (`operatorActionMachine.provide`). */
export const operatorActionActors = {
  deleteOperators: fromPromise<unknown, { ids: number[] }>(({ input }) => deleteOperators(input.ids)),
  resetPassword: fromPromise<PasswordReset, { id: number; which: PasswordResetKind }>(({ input }) =>
    resetOperatorPassword(input.id, input.which),
  ),
  resetMfa: fromPromise<unknown, { id: number }>(({ input }) => resetOperatorMfa(input.id)),
};
