import { AuditPageQuery } from '../../../src/contract/audit';
import type { Api } from '../../platform/api';
import { auditPage } from './service';

export function auditRoutes(api: Api) {
  api.call('/system/audit/page', { access: '/setup/audit', input: AuditPageQuery }, async (c) => ({
    result: await auditPage(c, c.input),
  }));
}
