import { call, reply } from '../call';
import { AGENCY_LIST, BRANCH_LIST, BRAND_AGENT_LIST, COMPANY_LIST, PROVIDER_LIST } from '../lists/org';
import {
  ProviderPageQuery,
  type ProviderRow,
  type OrgOption,
  ProviderSaveInput,
  OrgListQuery,
  type BranchTreeNode,
  BranchPageQuery,
  type BranchRow,
  BranchSaveInput,
} from '../org';
import { type Page } from '../envelope';
import { IdInput, type StatusChanged } from '../fields';
import {
  CompanyPageQuery,
  type CompanyRow,
  type CompanyDetail,
  CompanySaveInput,
  type CompanySaved,
} from '../orgCompany';
import { AgentPageQuery, type AgentRow, type AgentDetail, AgentSaveInput } from '../orgAgent';
import {
  BrandAgentPageQuery,
  BrandAgentSaveInput,
  type BrandAgentDetail,
  type BrandAgentOption,
  type BrandAgentRow,
} from '../orgBrandAgent';
import { BrandSettingsQuery, type BrandSettings, BrandSettingsSave } from '../brandSettings';

/** The org calls (docs/api.md). */
export const orgCalls = {
  providerPage: call(PROVIDER_LIST.path, {
    access: PROVIDER_LIST.route,
    input: ProviderPageQuery,
    reply: reply<Page<ProviderRow>>(),
  }),
  providerList: call('/org/serviceProvider/list', { access: 'session', reply: reply<OrgOption[]>() }),
  providerGet: call('/org/serviceProvider/get', {
    access: '/setup/mechanism',
    input: IdInput,
    reply: reply<ProviderRow>(),
  }),
  providerSave: call('/org/serviceProvider/save', {
    access: '/setup/mechanism',
    input: ProviderSaveInput,
    reply: reply<ProviderRow>(),
    writes: true,
  }),
  providerLock: call('/org/serviceProvider/lock', {
    access: '/setup/mechanism',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  providerUnlock: call('/org/serviceProvider/unlock', {
    access: '/setup/mechanism',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  companyPage: call(COMPANY_LIST.path, {
    access: COMPANY_LIST.route,
    input: CompanyPageQuery,
    reply: reply<Page<CompanyRow>>(),
  }),
  companyList: call('/org/company/list', {
    access: 'session',
    input: OrgListQuery,
    reply: reply<OrgOption[]>(),
  }),
  companyGet: call('/org/company/get', {
    access: '/setup/company',
    input: IdInput,
    reply: reply<CompanyDetail>(),
  }),
  companySave: call('/org/company/save', {
    access: '/setup/company',
    input: CompanySaveInput,
    reply: reply<CompanySaved>(),
    writes: true,
  }),
  companyRegenerateSecret: call('/org/company/regenerateSecret', {
    access: '/setup/company',
    input: IdInput,
    reply: reply<CompanySaved>(),
    writes: true,
  }),
  companyLock: call('/org/company/lock', {
    access: '/setup/company',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  companyUnlock: call('/org/company/unlock', {
    access: '/setup/company',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  branchTree: call('/org/branchUnit/tree', { access: 'session', reply: reply<BranchTreeNode[]>() }),
  branchPage: call(BRANCH_LIST.path, {
    access: BRANCH_LIST.route,
    input: BranchPageQuery,
    reply: reply<Page<BranchRow>>(),
  }),
  branchGet: call('/org/branchUnit/get', {
    access: '/setup/branch',
    input: IdInput,
    reply: reply<BranchRow>(),
  }),
  branchSave: call('/org/branchUnit/save', {
    access: '/setup/branch',
    input: BranchSaveInput,
    reply: reply<BranchRow>(),
    writes: true,
  }),
  branchLock: call('/org/branchUnit/lock', {
    access: '/setup/branch',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  branchUnlock: call('/org/branchUnit/unlock', {
    access: '/setup/branch',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  agentPage: call(AGENCY_LIST.path, {
    access: AGENCY_LIST.route,
    input: AgentPageQuery,
    reply: reply<Page<AgentRow>>(),
  }),
  agentList: call('/org/agent/list', { access: 'session', input: OrgListQuery, reply: reply<OrgOption[]>() }),
  agentGet: call('/org/agent/get', { access: '/setup/agent', input: IdInput, reply: reply<AgentDetail>() }),
  agentSave: call('/org/agent/save', {
    access: '/setup/agent',
    input: AgentSaveInput,
    reply: reply<AgentDetail>(),
    writes: true,
  }),
  agentLock: call('/org/agent/lock', {
    access: '/setup/agent',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  agentUnlock: call('/org/agent/unlock', {
    access: '/setup/agent',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  // Comprehensive agents: the system admin's (the route's role list); the picker list is scoped.
  brandAgentPage: call(BRAND_AGENT_LIST.path, {
    access: BRAND_AGENT_LIST.route,
    input: BrandAgentPageQuery,
    reply: reply<Page<BrandAgentRow>>(),
  }),
  brandAgentList: call('/org/brandAgent/list', { access: 'session', reply: reply<BrandAgentOption[]>() }),
  brandAgentGet: call('/org/brandAgent/get', {
    access: '/setup/brandAgent',
    input: IdInput,
    reply: reply<BrandAgentDetail>(),
  }),
  brandAgentSave: call('/org/brandAgent/save', {
    access: '/setup/brandAgent',
    input: BrandAgentSaveInput,
    reply: reply<BrandAgentDetail>(),
    writes: true,
  }),
  brandAgentLock: call('/org/brandAgent/lock', {
    access: '/setup/brandAgent',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  brandAgentUnlock: call('/org/brandAgent/unlock', {
    access: '/setup/brandAgent',
    input: IdInput,
    reply: reply<StatusChanged>(),
    writes: true,
  }),
  /** A company's connector and sandbox behaviour per brand (its detail page's brand settings). */
  brandSettingGet: call('/org/brandSetting/get', {
    access: '/setup/company',
    input: BrandSettingsQuery,
    reply: reply<BrandSettings>(),
  }),
  brandSettingSave: call('/org/brandSetting/save', {
    access: '/setup/company',
    input: BrandSettingsSave,
    reply: reply<BrandSettings>(),
    writes: true,
  }),
} as const;
