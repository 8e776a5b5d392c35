import { Badge, Text } from '@chakra-ui/react';
import type { LoginHistoryRow } from '../../contract/loginHistory';
import { LOGIN_HISTORY_LIST } from '../../contract/lists/loginHistory';
import { pageLoginHistory } from '../../services/loginHistory';
import { useT } from '../../app/i18n';
import type { Translate } from '../../i18n/translator';
import { describeUserAgent, formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import type { Cells } from '../../lists/columns';
import { ListBody, type ColumnKey } from '../../lists/ListBody';
import { useListOf } from '../../lists/useListScreen';

const cells = (t: Translate): Cells<ColumnKey<typeof LOGIN_HISTORY_LIST>, LoginHistoryRow> => ({
  createdAt: (r) => formatDateTime(r.createdAt),
  loginId: (r) => r.loginId,
  operatorName: (r) => r.operatorName ?? '—',
  success: (r) => (
    <Badge colorPalette={r.success ? 'green' : 'red'} variant="subtle">
      {t(r.success ? 'loginHistory.success' : 'loginHistory.failure')}
    </Badge>
  ),
  reason: (r) => (r.reason ? t(`loginHistory.reasons.${r.reason}`) : '—'),
  ip: (r) => r.ip,
  userAgent: (r) => (
    <Text as="span" title={r.userAgent}>
      {describeUserAgent(r.userAgent)}
    </Text>
  ),
});

/** /setup/loginHistory: who logged in when, filters in the URL (listQuery, ranges ≤ 31 days). */
export default function LoginHistory() {
  const t = useT();
  const screen = useListOf<LoginHistoryRow>(LOGIN_HISTORY_LIST, pageLoginHistory);
  return (
    <>
      <PageHeader title={t('menu.loginHistory')} />
      <ListBody list={LOGIN_HISTORY_LIST} screen={screen} tableKey="loginHistory.table" cells={cells} />
    </>
  );
}
