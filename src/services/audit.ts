import type { AuditRow } from '../contract/audit';
import type { Page } from '../contract/envelope';
import { api } from './api';

/** /system/audit/page: the query is what listQuery builds from the URL (≤ 31 days). */
export const pageAudit = (query: Record<string, unknown>) =>
  api.call<Page<AuditRow>>('/system/audit/page', query);
