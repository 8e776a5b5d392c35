import { BrandSettingsQuery, BrandSettingsSave } from '../../../src/contract/brandSettings';
import { IdInput } from '../../../src/contract/fields';
import {
  AgentPageQuery,
  AgentSaveInput,
  BranchPageQuery,
  BranchSaveInput,
  CompanyPageQuery,
  CompanySaveInput,
  OrgListQuery,
  ProviderPageQuery,
  ProviderSaveInput,
} from '../../../src/contract/org';
import type { Api } from '../../platform/api';
import { agentGet, agentList, agentPage, agentSave, agentStatus } from './agents';
import { brandSettingsGet, brandSettingsSave } from './brandSettings';
import { branchGet, branchPage, branchSave, branchStatus, branchTree } from './branches';
import {
  companyGet,
  companyList,
  companyPage,
  companyRegenerate,
  companySave,
  companyStatus,
} from './companies';
import { providerGet, providerList, providerPage, providerSave, providerStatus } from './providers';

/** Screens of the contract's menu that grant each group of calls. */
export const ORG_ROUTES = {
  provider: '/setup/mechanism',
  company: '/setup/company',
  branch: '/setup/branch',
  agent: '/setup/agent',
} as const;

const LOCKED = { messageKey: 'server.org.locked' } as const;
const UNLOCKED = { messageKey: 'server.org.unlocked' } as const;
const SAVED = { messageKey: 'server.saved' } as const;

/**
 * Organisation calls. Lists for pickers (`…/list`, the branch tree) need only a session:
 * they are scoped like everything else and several screens use them.
 */
export function orgRoutes(api: Api) {
  const sp = ORG_ROUTES.provider;
  api.call('/org/serviceProvider/page', { access: sp, input: ProviderPageQuery }, async (c) => ({
    result: await providerPage(c, c.input),
  }));
  api.call('/org/serviceProvider/list', { access: 'session' }, async (c) => ({
    result: await providerList(c),
  }));
  api.call('/org/serviceProvider/get', { access: sp, input: IdInput }, async (c) => ({
    result: await providerGet(c, c.input.id),
  }));
  api.call(
    '/org/serviceProvider/save',
    { writes: true, access: sp, input: ProviderSaveInput },
    async (c) => ({
      result: await providerSave(c, c.input),
      ...SAVED,
    }),
  );
  api.call('/org/serviceProvider/lock', { writes: true, access: sp, input: IdInput }, async (c) => ({
    result: await providerStatus(c, c.input.id, 'locked'),
    ...LOCKED,
  }));
  api.call('/org/serviceProvider/unlock', { writes: true, access: sp, input: IdInput }, async (c) => ({
    result: await providerStatus(c, c.input.id, 'active'),
    ...UNLOCKED,
  }));

  const co = ORG_ROUTES.company;
  api.call('/org/company/page', { access: co, input: CompanyPageQuery }, async (c) => ({
    result: await companyPage(c, c.input),
  }));
  api.call('/org/company/list', { access: 'session', input: OrgListQuery }, async (c) => ({
    result: await companyList(c, c.input),
  }));
  api.call('/org/company/get', { access: co, input: IdInput }, async (c) => ({
    result: await companyGet(c, c.input.id),
  }));
  api.call('/org/company/save', { writes: true, access: co, input: CompanySaveInput }, async (c) => ({
    result: await companySave(c, c.input),
    ...SAVED,
  }));
  api.call('/org/company/regenerateSecret', { writes: true, access: co, input: IdInput }, async (c) => ({
    result: await companyRegenerate(c, c.input.id),
    messageKey: 'server.org.regenerated',
  }));
  api.call('/org/company/lock', { writes: true, access: co, input: IdInput }, async (c) => ({
    result: await companyStatus(c, c.input.id, 'locked'),
    ...LOCKED,
  }));
  api.call('/org/company/unlock', { writes: true, access: co, input: IdInput }, async (c) => ({
    result: await companyStatus(c, c.input.id, 'active'),
    ...UNLOCKED,
  }));

  const br = ORG_ROUTES.branch;
  api.call('/org/branchUnit/tree', { access: 'session' }, async (c) => ({ result: await branchTree(c) }));
  api.call('/org/branchUnit/page', { access: br, input: BranchPageQuery }, async (c) => ({
    result: await branchPage(c, c.input),
  }));
  api.call('/org/branchUnit/get', { access: br, input: IdInput }, async (c) => ({
    result: await branchGet(c, c.input.id),
  }));
  api.call('/org/branchUnit/save', { writes: true, access: br, input: BranchSaveInput }, async (c) => ({
    result: await branchSave(c, c.input),
    ...SAVED,
  }));
  api.call('/org/branchUnit/lock', { writes: true, access: br, input: IdInput }, async (c) => ({
    result: await branchStatus(c, c.input.id, 'locked'),
    ...LOCKED,
  }));
  api.call('/org/branchUnit/unlock', { writes: true, access: br, input: IdInput }, async (c) => ({
    result: await branchStatus(c, c.input.id, 'active'),
    ...UNLOCKED,
  }));

  const ag = ORG_ROUTES.agent;
  api.call('/org/agent/page', { access: ag, input: AgentPageQuery }, async (c) => ({
    result: await agentPage(c, c.input),
  }));
  api.call('/org/agent/list', { access: 'session', input: OrgListQuery }, async (c) => ({
    result: await agentList(c, c.input),
  }));
  api.call('/org/agent/get', { access: ag, input: IdInput }, async (c) => ({
    result: await agentGet(c, c.input.id),
  }));
  api.call('/org/agent/save', { writes: true, access: ag, input: AgentSaveInput }, async (c) => ({
    result: await agentSave(c, c.input),
    ...SAVED,
  }));
  api.call('/org/agent/lock', { writes: true, access: ag, input: IdInput }, async (c) => ({
    result: await agentStatus(c, c.input.id, 'locked'),
    ...LOCKED,
  }));
  api.call('/org/agent/unlock', { writes: true, access: ag, input: IdInput }, async (c) => ({
    result: await agentStatus(c, c.input.id, 'active'),
    ...UNLOCKED,
  }));
  // A company's connector and sandbox behaviour per brand (company settings).
  api.call('/org/brandSetting/get', { access: '/setup/company', input: BrandSettingsQuery }, async (c) => ({
    result: await brandSettingsGet(c, c.input.companyId),
  }));
  api.call(
    '/org/brandSetting/save',
    { writes: true, access: '/setup/company', input: BrandSettingsSave },
    async (c) => ({
      result: await brandSettingsSave(c, c.input),
      messageKey: 'server.saved',
    }),
  );
}
