import { auditCalls } from '../../../src/contract/calls/audit';
import type { Api } from '../../platform/api';
import { auditPage } from './service';

export function auditRoutes(api: Api) {
  api.call(auditCalls.page, async (c) => ({
    result: await auditPage(c, c.input),
  }));
}
