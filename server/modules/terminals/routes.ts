import { terminalsCalls } from '../../../src/contract/calls/terminals';
import type { Api } from '../../platform/api';
import { statusRoutes } from '../../platform/caller';
import { terminalPage, terminalStatus } from './service';

export function terminalRoutes(api: Api) {
  api.call(terminalsCalls.page, async (c) => ({
    result: await terminalPage(c, c.input),
  }));
  statusRoutes(api, terminalsCalls, terminalStatus);
}
