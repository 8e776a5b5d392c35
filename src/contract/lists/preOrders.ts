import { RANGE_DAYS_DEFAULT } from '../paging';
import type { yup } from '../validation';
import { defineList, pageQueryOf } from './define';
import { codeFilter, scopeFilters, numberFilter } from './filters';

/** /manage/onepay, pre-orders: the page call and the screen's filters and columns. */
export const PRE_ORDER_LIST = defineList({
  path: '/history/preOrder/page',
  route: '/manage/onepay',
  period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
  filters: {
    /** '' all, '0' unused, '1' used. */
    useStatus: codeFilter('preorders.useStatus', ['0', '1'], 'preorders.useStatusOf'),
    /** The client or gateway pay number (exact; all time while set). */
    payNo: numberFilter('links.payNoFilter'),
    ...scopeFilters(),
  },
  sortFields: ['createdAt', 'expireTime', 'orderAmount', 'usedTimes'],
  scope: 'tenant',
  columns: [
    { key: 'gatewayPayNo', headerKey: 'links.payNo', priority: 1, width: { nowrap: true } },
    {
      key: 'orderAmount',
      headerKey: 'fields.orderAmount',
      sortField: 'orderAmount',
      priority: 1,
      width: { nowrap: true },
      align: 'end',
    },
    {
      key: 'usedTimes',
      headerKey: 'preorders.uses',
      sortField: 'usedTimes',
      priority: 2,
      width: { nowrap: true },
      align: 'end',
    },
    { key: 'useStatus', headerKey: 'preorders.useStatus', priority: 2, width: { nowrap: true } },
    { key: 'state', headerKey: 'fields.status', priority: 1, width: { nowrap: true } },
    { key: 'useTime', headerKey: 'preorders.useTime', priority: 3, width: { nowrap: true } },
    {
      key: 'expireTime',
      headerKey: 'links.expiresAt',
      sortField: 'expireTime',
      priority: 2,
      width: { nowrap: true },
    },
    {
      key: 'company',
      headerKey: 'fields.companyId',
      priority: 3,
      width: { min: '9rem', ellipsis: true },
      scope: 'company',
    },
    { key: 'remark', headerKey: 'fields.remark', priority: 3, width: { min: '8rem', ellipsis: true } },
    {
      key: 'createdAt',
      headerKey: 'org.createdAt',
      sortField: 'createdAt',
      priority: 3,
      width: { nowrap: true },
    },
    { key: 'actions', headerKey: 'common.actions', priority: 1, width: {} },
  ],
});

export const PreOrderPageQuery = pageQueryOf(PRE_ORDER_LIST);
export type PreOrderPageQuery = yup.InferType<typeof PreOrderPageQuery>;
export const PRE_ORDER_SORT_FIELDS = PRE_ORDER_LIST.sortFields;
