import { DateTime } from 'luxon';
import { ResultType, type Page } from '../../../src/contract/envelope';
import type {
  LoginFailureReason,
  LoginHistoryQuery,
  LoginHistoryRow,
} from '../../../src/contract/loginHistory';
import { LOGIN_HISTORY_LIST } from '../../../src/contract/lists/loginHistory';
import { message } from '../../../src/contract/validation';
import { renderMessage, type MessageKey, type Translate } from '../../../src/i18n';
import type { Deps } from '../../platform/deps';
import { ApiError } from '../../platform/envelope';
import type { Principal } from '../../platform/principal';
import { scopeOf } from '../../platform/scope';
import { historyPage } from './queries';

const SORT_FIELDS = LOGIN_HISTORY_LIST.sortFields;

function invalid(t: Translate, field: string, key: MessageKey) {
  const text = renderMessage(t, { ...message(key), values: { field } });
  return new ApiError(ResultType.INVALID, 'server.badRequest', {}, undefined, { [field]: text }, text);
}

/** A business day in the business time zone: beginTime 00:00 to endTime 24:00. */
function dayStart(day: string, zone: string, field: string, t: Translate) {
  const d = DateTime.fromISO(day, { zone });
  if (!d.isValid) throw invalid(t, field, 'validation.date');
  return d.startOf('day');
}

export async function loginHistoryPage(
  deps: Deps,
  principal: Principal,
  q: LoginHistoryQuery,
  t: Translate,
): Promise<Page<LoginHistoryRow>> {
  const zone = deps.config.timeZone;
  const from = dayStart(q.beginTime, zone, 'beginTime', t);
  const to = dayStart(q.endTime, zone, 'endTime', t).plus({ days: 1 });
  const sortField = q.sortField || 'createdAt';
  if (!(SORT_FIELDS as readonly string[]).includes(sortField))
    throw invalid(t, 'sortField', 'validation.oneOf');
  const { records, total } = await historyPage(deps.db, scopeOf(principal), {
    from: from.toJSDate(),
    to: to.toJSDate(),
    loginId: q.loginId,
    success: q.success === '' ? null : q.success === '1',
    sortField: sortField as (typeof SORT_FIELDS)[number],
    sortOrder: q.sortOrder === 'asc' ? 'asc' : 'desc',
    limit: q.pageSize,
    offset: (q.pageNum - 1) * q.pageSize,
  });
  return {
    records: records.map((r) => ({
      ...r,
      reason: r.reason as LoginFailureReason | null,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
