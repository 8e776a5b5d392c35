import { reportsCalls } from '../../../src/contract/calls/reports';
import type { Api } from '../../platform/api';
import { dashboard } from './dashboard';

export function reportRoutes(api: Api) {
  api.call(reportsCalls.dashboard, async (c) => ({
    result: await dashboard(c.deps.db, c.principal, c.deps.config.timeZone, c.input),
  }));
}
