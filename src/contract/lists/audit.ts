import type { yup } from '../validation';
import { RANGE_DAYS_DEFAULT } from '../paging';
import { text } from '../fields';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '../audit';
import { defineList, pageQueryOf } from './define';
import { codeFilter, externalFilter, textFilter } from './filters';
import { timeColumn } from './columns';

/** /setup/audit: every change and refusal, at most 31 days; rows open to their diff. */
export const AUDIT_LIST = defineList({
  path: '/system/audit/page',
  route: '/setup/audit',
  period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
  filters: {
    /** Who: part of a login id. */
    loginId: textFilter('audit.who', 40),
    objectType: codeFilter('audit.object', AUDIT_OBJECT_TYPES, 'audit.objects'),
    /** One object's rows (an address may carry it; the bar does not offer it). */
    objectId: externalFilter(text(200)),
    action: codeFilter('audit.action', AUDIT_ACTIONS, 'audit.actions'),
  },
  sortFields: ['createdAt', 'loginId', 'action'],
  scope: 'tenant',
  columns: [
    timeColumn('createdAt', 'audit.time', 1),
    { key: 'loginId', headerKey: 'audit.who', sortField: 'loginId', priority: 1, width: { nowrap: true } },
    { key: 'action', headerKey: 'audit.action', sortField: 'action', priority: 1, width: { nowrap: true } },
    { key: 'object', headerKey: 'audit.object', priority: 2, width: { min: '10rem' } },
    { key: 'result', headerKey: 'audit.result', priority: 2, width: {} },
    { key: 'callPath', headerKey: 'audit.call', priority: 3, width: {} },
    { key: 'ip', headerKey: 'audit.ip', priority: 3, width: { nowrap: true } },
  ],
});
export const AuditPageQuery = pageQueryOf(AUDIT_LIST);
export type AuditPageQuery = yup.InferType<typeof AuditPageQuery>;
