import type { AgentDetail, AgentSaveInput } from '../../../contract/org';
import { EMPTY_BANK } from '../../shared/bankForm';

export type AgencyForm = AgentSaveInput;

export const EMPTY_AGENCY: AgencyForm = {
  id: null,
  serviceProviderId: undefined as unknown as number,
  agentNo: '',
  name: '',
  nameEn: '',
  address: '',
  phone: '',
  mobile: '',
  homepage: '',
  businessHours: '',
  comment: '',
  businessType: 1,
  repName: '',
  repNameKana: '',
  repSex: null,
  repBirthday: '',
  repAddress: '',
  repPhone: '',
  repMobile: '',
  repEmail: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  ...EMPTY_BANK,
  currency: 'JPY',
  settlementPeriod: 'T+30',
  minimumAmount: 0,
  remittanceCostType: 'SHA',
};

export function formOf(detail: AgentDetail): AgencyForm {
  const values: Record<string, unknown> = { ...EMPTY_AGENCY };
  for (const key of Object.keys(EMPTY_AGENCY)) {
    const v = (detail as Record<string, unknown>)[key];
    if (v !== undefined && v !== null) values[key] = v;
  }
  return { ...(values as AgencyForm), id: detail.id, repSex: detail.repSex };
}
