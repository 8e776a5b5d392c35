import { IdInput } from '../../../src/contract/fields';
import { OperatorDeleteInput, OperatorPageQuery, OperatorSaveInput } from '../../../src/contract/operators';
import type { Api } from '../../platform/api';
import {
  operatorDelete,
  operatorPage,
  operatorPasswordReset,
  operatorMfaReset,
  operatorSave,
  operatorStatus,
} from './service';

export const OPERATORS_ROUTE = '/setup/operate';

export function operatorRoutes(api: Api) {
  const access = OPERATORS_ROUTE;
  api.call('/system/operator/page', { access, input: OperatorPageQuery }, async (c) => ({
    result: await operatorPage(c, c.input),
  }));
  api.call('/system/operator/save', { writes: true, access, input: OperatorSaveInput }, async (c) => ({
    result: await operatorSave(c, c.input),
    messageKey: 'server.saved',
  }));
  api.call('/system/operator/lock', { writes: true, access, input: IdInput }, async (c) => ({
    result: await operatorStatus(c, c.input.id, 'locked'),
    messageKey: 'server.org.locked',
  }));
  api.call('/system/operator/unlock', { writes: true, access, input: IdInput }, async (c) => ({
    result: await operatorStatus(c, c.input.id, 'active'),
    messageKey: 'server.org.unlocked',
  }));
  api.call('/system/operator/delete', { writes: true, access, input: OperatorDeleteInput }, async (c) => ({
    result: await operatorDelete(c, c.input.ids),
    messageKey: 'server.org.deleted',
  }));
  api.call('/system/operator/password', { writes: true, access, input: IdInput }, async (c) => ({
    result: await operatorPasswordReset(c, c.input.id, 'login'),
    messageKey: 'server.org.passwordReset',
  }));
  api.call('/system/operator/mfaReset', { writes: true, access, input: IdInput }, async (c) => ({
    result: await operatorMfaReset(c, c.input.id),
    messageKey: 'server.mfa.reset',
  }));
  api.call('/system/operator/refundPassword', { writes: true, access, input: IdInput }, async (c) => ({
    result: await operatorPasswordReset(c, c.input.id, 'refund'),
    messageKey: 'server.org.passwordReset',
  }));
}
