import { reconciliationCalls } from '../../../src/contract/calls/reconciliation';
import { RECON_GROUPS, type ReconGroup } from '../../../src/contract/reconciliation';
import type { Api } from '../../platform/api';
import { scopeOf } from '../../platform/scope';
import { reconciliationExport } from './exports';
import { dayPage, resultPage, runsOf } from './queries';
import { resolveException } from './resolve';

/** One check page's calls (/history/walletCheck, /history/paypayCheck): the same for each group. */
function groupRoutes(api: Api, group: ReconGroup) {
  const calls = reconciliationCalls[group];
  api.call(calls.page, async (c) => ({
    result: await dayPage(c.deps.db, scopeOf(c.principal), c.t, group, c.input),
  }));
  api.call(calls.exportExcel, async (c) => ({
    file: await reconciliationExport(c, scopeOf(c.principal), group, 'xlsx'),
  }));
  api.call(calls.exportCsv, async (c) => ({
    file: await reconciliationExport(c, scopeOf(c.principal), group, 'csv'),
  }));
  api.call(calls.results, async (c) => ({
    result: await resultPage(c.deps.db, scopeOf(c.principal), c.input),
  }));
  api.call(calls.runs, async (c) => ({ result: await runsOf(c.deps.db, scopeOf(c.principal), c.input) }));
  api.call(calls.resolve, async (c) => ({
    result: await resolveException(c, group, c.input),
    messageKey: 'server.reconciliation.resolved',
  }));
}

export function reconciliationRoutes(api: Api) {
  for (const group of RECON_GROUPS) groupRoutes(api, group);
}
