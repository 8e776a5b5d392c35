import type { yup } from '../validation';
import { APP_TYPES } from '../terminals';
import { defineList, pageQueryOf } from './define';
import { codeFilter, scopeFilters, statusFilter, textFilter } from './filters';
import { actionsColumn, statusAndCreated, timeColumn } from './columns';

/** /setup/payment: the devices the gateway registered. */
export const TERMINAL_LIST = defineList({
  path: '/system/terminal/page',
  route: '/setup/payment',
  filters: {
    serial: textFilter('fields.serial', 40),
    appType: codeFilter('fields.appType', APP_TYPES, 'terminals.appType'),
    status: statusFilter(),
    ...scopeFilters(),
  },
  sortFields: ['id', 'serial', 'appType', 'status', 'createdAt', 'updatedAt'],
  scope: 'tenant',
  columns: [
    { key: 'serial', headerKey: 'fields.serial', sortField: 'serial', priority: 1, width: { nowrap: true } },
    {
      key: 'appType',
      headerKey: 'fields.appType',
      sortField: 'appType',
      priority: 2,
      width: { nowrap: true },
    },
    { key: 'companyName', headerKey: 'fields.companyId', priority: 2, width: { min: '10rem' } },
    { key: 'branchUnitName', headerKey: 'fields.branchUnitId', priority: 3, width: { min: '8rem' } },
    ...statusAndCreated(),
    timeColumn('updatedAt', 'org.updatedAt', 3),
    actionsColumn(),
  ],
});
export const TerminalPageQuery = pageQueryOf(TERMINAL_LIST);
export type TerminalPageQuery = yup.InferType<typeof TerminalPageQuery>;
