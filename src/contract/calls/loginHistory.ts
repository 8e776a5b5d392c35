import { call, reply } from '../call';
import { LoginHistoryQuery, type LoginHistoryRow } from '../loginHistory';
import { type Page } from '../envelope';

/** The loginHistory calls (docs/api.md). */
export const loginHistoryCalls = {
  page: call('/system/operatorLoginHistory/page', {
    access: '/setup/loginHistory',
    input: LoginHistoryQuery,
    reply: reply<Page<LoginHistoryRow>>(),
  }),
} as const;
