import type { CommissionConfig, CommissionSaveInput } from '../contract/commission';
import { api } from './api';

/** The spec's spelling of the paths (commisson) is kept. */
export const getCommission = (companyId: number) =>
  api.call<CommissionConfig>('/org/commissonRateConfig/get', { companyId }, { silent: true });

export const saveCommission = (input: CommissionSaveInput) =>
  api.call<CommissionConfig>('/org/commissonRateConfig/saveCommissionRate', input, { silent: true });
