import type { Page } from '../contract/envelope';
import type {
  AgentDetail,
  AgentRow,
  AgentSaveInput,
  BranchRow,
  BranchSaveInput,
  BranchTreeNode,
  CompanyDetail,
  CompanyRow,
  CompanySaveInput,
  CompanySaved,
  OrgListQuery,
  OrgOption,
  ProviderRow,
  ProviderSaveInput,
} from '../contract/org';
import { api } from './api';

/**
 * Organisation calls (docs/api.md). Pages take what listQuery builds from the URL. Saves and
 * detail reads are silent: the form or the page shows the failure. Lock and unlock toast it.
 */
type Query = Record<string, unknown>;
const silent = { silent: true };

export type OrgKind = 'serviceProvider' | 'company' | 'branchUnit' | 'agent';

/** lock/unlock of any organisation kind; the reply is the changed row. */
export const setOrgStatus = (kind: OrgKind, id: number, lock: boolean): Promise<unknown> =>
  api.call<unknown>(`/org/${kind}/${lock ? 'lock' : 'unlock'}`, { id });

/* Service providers */
export const pageProviders = (query: Query) =>
  api.call<Page<ProviderRow>>('/org/serviceProvider/page', query);
export const listProviders = () => api.call<OrgOption[]>('/org/serviceProvider/list');
export const getProvider = (id: number) => api.call<ProviderRow>('/org/serviceProvider/get', { id });
export const saveProvider = (input: ProviderSaveInput) =>
  api.call<ProviderRow>('/org/serviceProvider/save', input, silent);

/* Companies */
export const pageCompanies = (query: Query) => api.call<Page<CompanyRow>>('/org/company/page', query);
export const listCompanies = (query: Partial<OrgListQuery> = {}) =>
  api.call<OrgOption[]>('/org/company/list', query);
export const getCompany = (id: number) => api.call<CompanyDetail>('/org/company/get', { id }, silent);
export const saveCompany = (input: CompanySaveInput) =>
  api.call<CompanySaved>('/org/company/save', input, silent);
export const regenerateCompanySecret = (id: number) =>
  api.call<CompanySaved>('/org/company/regenerateSecret', { id });

/* Branches */
export const branchTree = () => api.call<BranchTreeNode[]>('/org/branchUnit/tree');
export const pageBranches = (query: Query) => api.call<Page<BranchRow>>('/org/branchUnit/page', query);
export const getBranch = (id: number) => api.call<BranchRow>('/org/branchUnit/get', { id });
export const saveBranch = (input: BranchSaveInput) =>
  api.call<BranchRow>('/org/branchUnit/save', input, silent);

/* Agencies */
export const pageAgents = (query: Query) => api.call<Page<AgentRow>>('/org/agent/page', query);
export const listAgents = (query: Partial<OrgListQuery> = {}) =>
  api.call<OrgOption[]>('/org/agent/list', query);
export const getAgent = (id: number) => api.call<AgentDetail>('/org/agent/get', { id }, silent);
export const saveAgent = (input: AgentSaveInput) => api.call<AgentDetail>('/org/agent/save', input, silent);
