import type { BrandSettingsSave } from '../contract/brandSettings';
import { orgCalls } from '../contract/calls/org';
import type {
  AgentSaveInput,
  BranchSaveInput,
  BrandAgentSaveInput,
  CompanySaveInput,
  OrgListQuery,
  ProviderSaveInput,
} from '../contract/org';
import { api } from './api';

/**
 * Organisation calls (docs/api.md). Pages take what listQuery builds from the URL. Saves and
 * detail reads are silent: the form or the page shows the failure. Lock and unlock toast it.
 */
type Query = Record<string, unknown>;
const silent = { silent: true };

export type OrgKind = 'serviceProvider' | 'company' | 'branchUnit' | 'agent' | 'brandAgent';

/** lock/unlock of any organisation kind; the reply is the object's id and status now. */
const STATUS_CALLS = {
  serviceProvider: [orgCalls.providerLock, orgCalls.providerUnlock],
  company: [orgCalls.companyLock, orgCalls.companyUnlock],
  branchUnit: [orgCalls.branchLock, orgCalls.branchUnlock],
  agent: [orgCalls.agentLock, orgCalls.agentUnlock],
  brandAgent: [orgCalls.brandAgentLock, orgCalls.brandAgentUnlock],
} as const;

export const setOrgStatus = (kind: OrgKind, id: number, lock: boolean) =>
  api.call(STATUS_CALLS[kind][lock ? 0 : 1], { id });

/* Service providers */
export const pageProviders = (query: Query) => api.call(orgCalls.providerPage, query);
export const listProviders = () => api.call(orgCalls.providerList);
export const getProvider = (id: number) => api.call(orgCalls.providerGet, { id });
export const saveProvider = (input: ProviderSaveInput) => api.call(orgCalls.providerSave, input, silent);

/* Companies */
export const pageCompanies = (query: Query) => api.call(orgCalls.companyPage, query);
export const listCompanies = (query: Partial<OrgListQuery> = {}) => api.call(orgCalls.companyList, query);
export const getCompany = (id: number) => api.call(orgCalls.companyGet, { id }, silent);
export const saveCompany = (input: CompanySaveInput) => api.call(orgCalls.companySave, input, silent);
export const regenerateCompanySecret = (id: number) => api.call(orgCalls.companyRegenerateSecret, { id });

/* Branches */
export const branchTree = () => api.call(orgCalls.branchTree);
export const pageBranches = (query: Query) => api.call(orgCalls.branchPage, query);
export const getBranch = (id: number) => api.call(orgCalls.branchGet, { id });
export const saveBranch = (input: BranchSaveInput) => api.call(orgCalls.branchSave, input, silent);

/* Agencies */
export const pageAgents = (query: Query) => api.call(orgCalls.agentPage, query);
export const listAgents = (query: Partial<OrgListQuery> = {}) => api.call(orgCalls.agentList, query);
export const getAgent = (id: number) => api.call(orgCalls.agentGet, { id }, silent);
export const saveAgent = (input: AgentSaveInput) => api.call(orgCalls.agentSave, input, silent);

/* Comprehensive agents */
export const pageBrandAgents = (query: Query) => api.call(orgCalls.brandAgentPage, query);
export const listBrandAgents = () => api.call(orgCalls.brandAgentList);
export const getBrandAgent = (id: number) => api.call(orgCalls.brandAgentGet, { id }, silent);
export const saveBrandAgent = (input: BrandAgentSaveInput) =>
  api.call(orgCalls.brandAgentSave, input, silent);

/** A company's connector and sandbox behaviour per brand (every brand, defaults filled in). */
export const getBrandSettings = (companyId: number) =>
  api.call(orgCalls.brandSettingGet, { companyId }, { silent: true });

export const saveBrandSettings = (input: BrandSettingsSave) =>
  api.call(orgCalls.brandSettingSave, input, { silent: true });
