import { call, reply } from '../call';
import { AuditPageQuery, type AuditRow } from '../audit';
import { type Page } from '../envelope';

/** The audit calls (docs/api.md). */
export const auditCalls = {
  page: call('/system/audit/page', {
    access: '/setup/audit',
    input: AuditPageQuery,
    reply: reply<Page<AuditRow>>(),
  }),
} as const;
