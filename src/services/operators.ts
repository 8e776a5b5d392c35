import type { Page } from '../contract/envelope';
import type { OperatorRow, OperatorSaveInput, OperatorSaved, PasswordReset } from '../contract/operators';
import { api } from './api';

/** /system/operator/* (docs/api.md). */
export const pageOperators = (query: Record<string, unknown>) =>
  api.call<Page<OperatorRow>>('/system/operator/page', query);

/** Silent: the form shows the failure beside its fields. */
export const saveOperator = (input: OperatorSaveInput) =>
  api.call<OperatorSaved>('/system/operator/save', input, { silent: true });

export const setOperatorStatus = (id: number, lock: boolean) =>
  api.call<OperatorRow>(`/system/operator/${lock ? 'lock' : 'unlock'}`, { id });

export const deleteOperators = (ids: number[]) => api.call<unknown>('/system/operator/delete', { ids });

export type PasswordResetKind = 'login' | 'refund';

/** An administrator's reset: the new secret comes back once and must be changed at next use. */
export const resetOperatorPassword = (id: number, kind: PasswordResetKind) =>
  api.call<PasswordReset>(
    kind === 'login' ? '/system/operator/password' : '/system/operator/refundPassword',
    {
      id,
    },
  );

/** An administrator's MFA reset: the account's authenticator and recovery codes removed, its sessions ended. */
export const resetOperatorMfa = (id: number) => api.call<{ id: number }>('/system/operator/mfaReset', { id });
