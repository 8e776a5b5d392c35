import { call, reply } from '../call';
import { OPERATOR_LIST } from '../lists/operators';
import {
  type MfaReset,
  type OperatorsDeleted,
  type PasswordReset,
  OperatorPageQuery,
  type OperatorRow,
  OperatorSaveInput,
  type OperatorSaved,
  OperatorDeleteInput,
} from '../operators';
import { type Page } from '../envelope';
import { IdInput, type StatusChanged } from '../fields';

/** The operators calls (docs/api.md). */
export const operatorsCalls = {
  page: call(OPERATOR_LIST.path, {
    access: OPERATOR_LIST.route,
    input: OperatorPageQuery,
    reply: reply<Page<OperatorRow>>(),
  }),
  save: call('/system/operator/save', {
    access: '/setup/operate',
    input: OperatorSaveInput,
    reply: reply<OperatorSaved>(),
    writes: true,
  }),
  lock: call('/system/operator/lock', {
    access: '/setup/operate',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  unlock: call('/system/operator/unlock', {
    access: '/setup/operate',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  delete: call('/system/operator/delete', {
    access: '/setup/operate',
    input: OperatorDeleteInput,
    reply: reply<OperatorsDeleted>(),
    writes: true,
  }),
  passwordReset: call('/system/operator/password', {
    access: '/setup/operate',
    input: IdInput,
    reply: reply<PasswordReset>(),
    writes: true,
  }),
  mfaReset: call('/system/operator/mfaReset', {
    access: '/setup/operate',
    input: IdInput,
    reply: reply<MfaReset>(),
    writes: true,
  }),
  refundPasswordReset: call('/system/operator/refundPassword', {
    access: '/setup/operate',
    input: IdInput,
    reply: reply<PasswordReset>(),
    writes: true,
  }),
} as const;
