import { LIMITS, type yup } from '../validation';
import { RANGE_DAYS_DEFAULT } from '../paging';
import { defineList, pageQueryOf } from './define';
import { choiceFilter, textFilter } from './filters';
import { timeColumn } from './columns';

/** /setup/loginHistory: who logged in when, at most 31 days. */
export const LOGIN_HISTORY_LIST = defineList({
  path: '/system/operatorLoginHistory/page',
  route: '/setup/loginHistory',
  period: { maxDays: RANGE_DAYS_DEFAULT, defaultDays: 7 },
  filters: {
    loginId: textFilter('loginHistory.loginId', LIMITS.loginId),
    success: choiceFilter('loginHistory.result', [
      { code: '1', labelKey: 'loginHistory.success' },
      { code: '0', labelKey: 'loginHistory.failure' },
    ]),
  },
  sortFields: ['createdAt', 'loginId'],
  scope: 'tenant',
  columns: [
    timeColumn('createdAt', 'loginHistory.time', 1),
    { key: 'loginId', headerKey: 'loginHistory.loginId', priority: 1, width: { nowrap: true } },
    { key: 'operatorName', headerKey: 'loginHistory.name', priority: 2, width: { min: '8rem' } },
    { key: 'success', headerKey: 'loginHistory.result', priority: 1, width: { nowrap: true } },
    { key: 'reason', headerKey: 'loginHistory.reason', priority: 2, width: { min: '10rem' } },
    { key: 'ip', headerKey: 'loginHistory.ip', priority: 3, width: { nowrap: true } },
    { key: 'userAgent', headerKey: 'loginHistory.browser', priority: 3, width: { min: '10rem' } },
  ],
});
export const LoginHistoryQuery = pageQueryOf(LOGIN_HISTORY_LIST);
export type LoginHistoryQuery = yup.InferType<typeof LoginHistoryQuery>;
