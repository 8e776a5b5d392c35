import { call, reply } from '../call';
import type { AuditRow } from '../audit';
import { AUDIT_LIST, AuditPageQuery } from '../lists/audit';
import { type Page } from '../envelope';

/** The audit calls (docs/api.md). */
export const auditCalls = {
  page: call(AUDIT_LIST.path, {
    access: AUDIT_LIST.route,
    input: AuditPageQuery,
    reply: reply<Page<AuditRow>>(),
  }),
} as const;
