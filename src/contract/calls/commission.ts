import { call, reply } from '../call';
import { CommissionQuery, type CommissionConfig, CommissionSaveInput } from '../commission';

/** The commission calls (docs/api.md). */
export const commissionCalls = {
  get: call('/org/commissonRateConfig/get', {
    access: '/setup/commissonRate',
    input: CommissionQuery,
    reply: reply<CommissionConfig>(),
  }),
  save: call('/org/commissonRateConfig/saveCommissionRate', {
    access: '/setup/commissonRate',
    input: CommissionSaveInput,
    reply: reply<CommissionConfig>(),
    writes: true,
  }),
} as const;
