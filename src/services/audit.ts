import { auditCalls } from '../contract/calls/audit';
import { api } from './api';

/** /system/audit/page: the query is what listQuery builds from the URL (≤ 31 days). */
export const pageAudit = (query: Record<string, unknown>) => api.call(auditCalls.page, query);
