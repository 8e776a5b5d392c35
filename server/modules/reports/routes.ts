import { reportsCalls } from '../../../src/contract/calls/reports';
import type { Api } from '../../platform/api';
import { scopeOf } from '../../platform/scope';
import { dashboard } from './dashboard';
import { reportExport, reportPage, reportSeries } from './list';

export function reportRoutes(api: Api) {
  api.call(reportsCalls.dashboard, async (c) => ({
    result: await dashboard(c.deps.db, c.principal, c.deps.config.timeZone, c.input),
  }));
  api.call(reportsCalls.list, async (c) => ({
    result: await reportPage(c.deps.db, scopeOf(c.principal), c.t, c.input),
  }));
  api.call(reportsCalls.series, async (c) => ({
    result: await reportSeries(c.deps.db, scopeOf(c.principal), c.t, c.input),
  }));
  api.call(reportsCalls.exportExcel, async (c) => ({ file: await reportExport(c, 'xlsx') }));
  api.call(reportsCalls.exportCsv, async (c) => ({ file: await reportExport(c, 'csv') }));
}
