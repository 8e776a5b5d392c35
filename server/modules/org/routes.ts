import { orgCalls } from '../../../src/contract/calls/org';
import type { Api } from '../../platform/api';
import { statusRoutes } from '../../platform/caller';
import { agentGet, agentList, agentPage, agentSave, agentStatus } from './agents';
import { brandSettingsGet, brandSettingsSave } from './brandSettings';
import { branchGet, branchPage, branchSave, branchStatus, branchTree } from './branches';
import {
  brandAgentGet,
  brandAgentList,
  brandAgentPage,
  brandAgentSave,
  brandAgentStatus,
} from './brandAgents';
import {
  companyGet,
  companyList,
  companyPage,
  companyRegenerate,
  companySave,
  companyStatus,
} from './companies';
import { providerGet, providerList, providerPage, providerSave, providerStatus } from './providers';

const SAVED = { messageKey: 'server.saved' } as const;

/**
 * Organisation calls. Lists for pickers (`…/list`, the branch tree) need only a session:
 * they are scoped like everything else and several screens use them.
 */
export function orgRoutes(api: Api) {
  api.call(orgCalls.providerPage, async (c) => ({
    result: await providerPage(c, c.input),
  }));
  api.call(orgCalls.providerList, async (c) => ({
    result: await providerList(c),
  }));
  api.call(orgCalls.providerGet, async (c) => ({
    result: await providerGet(c, c.input.id),
  }));
  api.call(orgCalls.providerSave, async (c) => ({
    result: await providerSave(c, c.input),
    ...SAVED,
  }));
  statusRoutes(api, { lock: orgCalls.providerLock, unlock: orgCalls.providerUnlock }, providerStatus);

  api.call(orgCalls.companyPage, async (c) => ({
    result: await companyPage(c, c.input),
  }));
  api.call(orgCalls.companyList, async (c) => ({
    result: await companyList(c, c.input),
  }));
  api.call(orgCalls.companyGet, async (c) => ({
    result: await companyGet(c, c.input.id),
  }));
  api.call(orgCalls.companySave, async (c) => ({
    result: await companySave(c, c.input),
    ...SAVED,
  }));
  api.call(orgCalls.companyRegenerateSecret, async (c) => ({
    result: await companyRegenerate(c, c.input.id),
    messageKey: 'server.org.regenerated',
  }));
  statusRoutes(api, { lock: orgCalls.companyLock, unlock: orgCalls.companyUnlock }, companyStatus);

  api.call(orgCalls.branchTree, async (c) => ({ result: await branchTree(c) }));
  api.call(orgCalls.branchPage, async (c) => ({
    result: await branchPage(c, c.input),
  }));
  api.call(orgCalls.branchGet, async (c) => ({
    result: await branchGet(c, c.input.id),
  }));
  api.call(orgCalls.branchSave, async (c) => ({
    result: await branchSave(c, c.input),
    ...SAVED,
  }));
  statusRoutes(api, { lock: orgCalls.branchLock, unlock: orgCalls.branchUnlock }, branchStatus);

  api.call(orgCalls.agentPage, async (c) => ({
    result: await agentPage(c, c.input),
  }));
  api.call(orgCalls.agentList, async (c) => ({
    result: await agentList(c, c.input),
  }));
  api.call(orgCalls.agentGet, async (c) => ({
    result: await agentGet(c, c.input.id),
  }));
  api.call(orgCalls.agentSave, async (c) => ({
    result: await agentSave(c, c.input),
    ...SAVED,
  }));
  statusRoutes(api, { lock: orgCalls.agentLock, unlock: orgCalls.agentUnlock }, agentStatus);

  api.call(orgCalls.brandAgentPage, async (c) => ({
    result: await brandAgentPage(c, c.input),
  }));
  api.call(orgCalls.brandAgentList, async (c) => ({
    result: await brandAgentList(c),
  }));
  api.call(orgCalls.brandAgentGet, async (c) => ({
    result: await brandAgentGet(c, c.input.id),
  }));
  api.call(orgCalls.brandAgentSave, async (c) => ({
    result: await brandAgentSave(c, c.input),
    ...SAVED,
  }));
  statusRoutes(api, { lock: orgCalls.brandAgentLock, unlock: orgCalls.brandAgentUnlock }, brandAgentStatus);
  // A company's connector and sandbox behaviour per brand (company settings).
  api.call(orgCalls.brandSettingGet, async (c) => ({
    result: await brandSettingsGet(c, c.input.companyId),
  }));
  api.call(orgCalls.brandSettingSave, async (c) => ({
    result: await brandSettingsSave(c, c.input),
    messageKey: 'server.saved',
  }));
}
