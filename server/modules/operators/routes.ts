import { operatorsCalls } from '../../../src/contract/calls/operators';
import type { Api } from '../../platform/api';
import { statusRoutes } from '../../platform/caller';
import {
  operatorDelete,
  operatorPage,
  operatorPasswordReset,
  operatorMfaReset,
  operatorSave,
  operatorStatus,
} from './service';

export function operatorRoutes(api: Api) {
  api.call(operatorsCalls.page, async (c) => ({
    result: await operatorPage(c, c.input),
  }));
  api.call(operatorsCalls.save, async (c) => ({
    result: await operatorSave(c, c.input),
    messageKey: 'server.saved',
  }));
  statusRoutes(api, operatorsCalls, operatorStatus);
  api.call(operatorsCalls.delete, async (c) => ({
    result: await operatorDelete(c, c.input.ids),
    messageKey: 'server.org.deleted',
  }));
  api.call(operatorsCalls.passwordReset, async (c) => ({
    result: await operatorPasswordReset(c, c.input.id, 'login'),
    messageKey: 'server.org.passwordReset',
  }));
  api.call(operatorsCalls.mfaReset, async (c) => ({
    result: await operatorMfaReset(c, c.input.id),
    messageKey: 'server.mfa.reset',
  }));
  api.call(operatorsCalls.refundPasswordReset, async (c) => ({
    result: await operatorPasswordReset(c, c.input.id, 'refund'),
    messageKey: 'server.org.passwordReset',
  }));
}
