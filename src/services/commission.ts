import { commissionCalls } from '../contract/calls/commission';
import type { CommissionSaveInput } from '../contract/commission';
import { api } from './api';

/** The spec's spelling of the paths (commisson) is kept. */
export const getCommission = (companyId: number) =>
  api.call(commissionCalls.get, { companyId }, { silent: true });

export const saveCommission = (input: CommissionSaveInput) =>
  api.call(commissionCalls.save, input, { silent: true });
