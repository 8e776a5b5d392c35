import { loginHistoryCalls } from '../contract/calls/loginHistory';
import type { Page } from '../contract/envelope';
import type { LoginHistoryQuery, LoginHistoryRow } from '../contract/loginHistory';
import { api } from './api';

/** /system/operatorLoginHistory/page: the query is what listQuery builds from the URL. */
export const pageLoginHistory = (
  query: Partial<LoginHistoryQuery> | Record<string, unknown>,
): Promise<Page<LoginHistoryRow>> => api.call(loginHistoryCalls.page, query);
