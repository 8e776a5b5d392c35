import { RANGE_DAYS_DEFAULT } from '../paging';
import type { yup } from '../validation';
import { defineList, pageQueryOf } from './define';
import { codeFilter, scopeFilters, numberFilter } from './filters';

/** /manage/url, invoice / URL payments: the page call and the screen's filters and columns. */
export const PAY_LINK_LIST = defineList({
  path: '/history/urlOrderPay/page',
  route: '/manage/url',
  period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
  filters: {
    /** '' all, '0' paid, '1' waiting, '2' failed or ended. */
    status: codeFilter('fields.status', ['0', '1', '2'], 'links.url.payStatus'),
    /** The client or gateway order number (exact; all time while set). */
    orderNo: numberFilter('links.orderNoFilter'),
    ...scopeFilters(),
  },
  sortFields: ['createdAt', 'expiresAt', 'amount', 'status'],
  scope: 'tenant',
  columns: [
    { key: 'gatewayOrderNo', headerKey: 'links.orderNo', priority: 1, width: { nowrap: true } },
    { key: 'subject', headerKey: 'fields.subject', priority: 2, width: { min: '10rem', ellipsis: true } },
    {
      key: 'amount',
      headerKey: 'fields.amount',
      sortField: 'amount',
      priority: 1,
      width: { nowrap: true },
      align: 'end',
    },
    { key: 'status', headerKey: 'fields.status', sortField: 'status', priority: 1, width: { nowrap: true } },
    {
      key: 'payer',
      headerKey: 'links.payerColumn',
      priority: 3,
      width: { min: '9rem', ellipsis: true },
    },
    {
      key: 'company',
      headerKey: 'fields.companyId',
      priority: 3,
      width: { min: '9rem', ellipsis: true },
      scope: 'company',
    },
    {
      key: 'expiresAt',
      headerKey: 'links.expiresAt',
      sortField: 'expiresAt',
      priority: 2,
      width: { nowrap: true },
    },
    {
      key: 'createdAt',
      headerKey: 'org.createdAt',
      sortField: 'createdAt',
      priority: 3,
      width: { nowrap: true },
    },
    { key: 'remark', headerKey: 'fields.remark', priority: 3, width: { min: '8rem', ellipsis: true } },
    { key: 'actions', headerKey: 'common.actions', priority: 1, width: {} },
  ],
});

export const PayLinkPageQuery = pageQueryOf(PAY_LINK_LIST);
export type PayLinkPageQuery = yup.InferType<typeof PayLinkPageQuery>;
export const PAY_LINK_SORT_FIELDS = PAY_LINK_LIST.sortFields;
