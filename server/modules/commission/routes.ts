import { commissionCalls } from '../../../src/contract/calls/commission';
import type { Api } from '../../platform/api';
import { commissionGet, commissionSave } from './service';

/** The spec's spelling of the paths (commisson) is kept. */
export function commissionRoutes(api: Api) {
  api.call(commissionCalls.get, async (c) => ({
    result: await commissionGet(c, c.input.companyId),
  }));
  api.call(commissionCalls.save, async (c) => ({
    result: await commissionSave(c, c.input),
    messageKey: 'server.saved',
  }));
}
