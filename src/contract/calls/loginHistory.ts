import { call, reply } from '../call';
import { LOGIN_HISTORY_LIST } from '../lists/loginHistory';
import { LoginHistoryQuery, type LoginHistoryRow } from '../loginHistory';
import { type Page } from '../envelope';

/** The loginHistory calls (docs/api.md). */
export const loginHistoryCalls = {
  page: call(LOGIN_HISTORY_LIST.path, {
    access: LOGIN_HISTORY_LIST.route,
    input: LoginHistoryQuery,
    reply: reply<Page<LoginHistoryRow>>(),
  }),
} as const;
