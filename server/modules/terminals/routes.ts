import { terminalsCalls } from '../../../src/contract/calls/terminals';
import type { Api } from '../../platform/api';
import { terminalPage, terminalStatus } from './service';

export function terminalRoutes(api: Api) {
  api.call(terminalsCalls.page, async (c) => ({
    result: await terminalPage(c, c.input),
  }));
  api.call(terminalsCalls.lock, async (c) => ({
    result: await terminalStatus(c, c.input.id, 'locked'),
    messageKey: 'server.org.locked',
  }));
  api.call(terminalsCalls.unlock, async (c) => ({
    result: await terminalStatus(c, c.input.id, 'active'),
    messageKey: 'server.org.unlocked',
  }));
}
