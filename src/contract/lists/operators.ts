import { LIMITS, number, type yup } from '../validation';
import { ALL_ROLES } from '../roles';
import { defineList, pageQueryOf } from './define';
import { idOptionsFilter, statusFilter, textFilter } from './filters';
import { actionsColumn, statusAndCreated } from './columns';

/** /setup/operate: the accounts in the caller's scope. */
export const OPERATOR_LIST = defineList({
  path: '/system/operator/page',
  route: '/setup/operate',
  filters: {
    loginId: textFilter('fields.loginId', LIMITS.loginId),
    userName: textFilter('fields.userName', LIMITS.name),
    /** The caller's own role and those it manages (the screen gives them). */
    operatorType: {
      schema: number()
        .integer()
        .oneOf(ALL_ROLES)
        .nullable()
        .default(null)
        .transform((v, orig) => (orig === '' ? null : v)),
      field: { kind: 'options', labelKey: 'fields.operatorType' },
    },
    status: statusFilter(),
    /** Accepted by the call; the screen offers only the company, where the scope holds several. */
    serviceProviderId: idOptionsFilter('fields.serviceProviderId'),
    companyId: idOptionsFilter('fields.companyId'),
    agentId: idOptionsFilter('fields.agentId'),
  },
  sortFields: ['id', 'loginId', 'userName', 'operatorType', 'status', 'createdAt'],
  scope: 'tenant',
  columns: [
    {
      key: 'loginId',
      headerKey: 'fields.loginId',
      sortField: 'loginId',
      priority: 1,
      width: { nowrap: true },
    },
    {
      key: 'userName',
      headerKey: 'fields.userName',
      sortField: 'userName',
      priority: 1,
      width: { min: '8rem' },
    },
    {
      key: 'operatorType',
      headerKey: 'fields.operatorType',
      sortField: 'operatorType',
      priority: 2,
      width: { min: '9rem' },
    },
    {
      key: 'org',
      headerKey: 'operators.organisation',
      priority: 2,
      width: { min: '12rem', ellipsis: true },
    },
    { key: 'email', headerKey: 'fields.email', priority: 3, width: {} },
    { key: 'mobile', headerKey: 'fields.mobile', priority: 3, width: { nowrap: true } },
    ...statusAndCreated(),
    actionsColumn(),
  ],
});
export const OperatorPageQuery = pageQueryOf(OPERATOR_LIST);
export type OperatorPageQuery = yup.InferType<typeof OperatorPageQuery>;
