import { CommissionQuery, CommissionSaveInput } from '../../../src/contract/commission';
import type { Api } from '../../platform/api';
import { commissionGet, commissionSave } from './service';

export const COMMISSION_ROUTE = '/setup/commissonRate';

/** The spec's spelling of the paths (commisson) is kept. */
export function commissionRoutes(api: Api) {
  const access = COMMISSION_ROUTE;
  api.call('/org/commissonRateConfig/get', { access, input: CommissionQuery }, async (c) => ({
    result: await commissionGet(c, c.input.companyId),
  }));
  api.call(
    '/org/commissonRateConfig/saveCommissionRate',
    { writes: true, access, input: CommissionSaveInput },
    async (c) => ({
      result: await commissionSave(c, c.input),
      messageKey: 'server.saved',
    }),
  );
}
