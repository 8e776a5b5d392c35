import { IdInput } from '../../../src/contract/fields';
import { TerminalPageQuery } from '../../../src/contract/terminals';
import type { Api } from '../../platform/api';
import { terminalPage, terminalStatus } from './service';

export const TERMINALS_ROUTE = '/setup/payment';

export function terminalRoutes(api: Api) {
  const access = TERMINALS_ROUTE;
  api.call('/system/terminal/page', { access, input: TerminalPageQuery }, async (c) => ({
    result: await terminalPage(c, c.input),
  }));
  api.call('/system/terminal/lock', { writes: true, access, input: IdInput }, async (c) => ({
    result: await terminalStatus(c, c.input.id, 'locked'),
    messageKey: 'server.org.locked',
  }));
  api.call('/system/terminal/unlock', { writes: true, access, input: IdInput }, async (c) => ({
    result: await terminalStatus(c, c.input.id, 'active'),
    messageKey: 'server.org.unlocked',
  }));
}
