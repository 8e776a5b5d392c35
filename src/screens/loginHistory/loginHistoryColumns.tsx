import { Badge, Text } from '@chakra-ui/react';
import type { LoginHistoryRow } from '../../contract/loginHistory';
import type { Column } from '../../components/DataTable';
import { describeUserAgent, formatDateTime } from '../../components/format';
import type { Translate } from '../../i18n';

/** Columns of the login history table; time sorts on the server's createdAt. */
export function loginHistoryColumns(t: Translate): Column<LoginHistoryRow>[] {
  return [
    {
      key: 'createdAt',
      header: t('loginHistory.time'),
      sortField: 'createdAt',
      nowrap: true,
      cell: (r) => formatDateTime(r.createdAt),
    },
    { key: 'loginId', header: t('loginHistory.loginId'), nowrap: true, cell: (r) => r.loginId },
    { key: 'operatorName', header: t('loginHistory.name'), minW: '8rem', cell: (r) => r.operatorName ?? '—' },
    {
      key: 'success',
      header: t('loginHistory.result'),
      nowrap: true,
      cell: (r) => (
        <Badge colorPalette={r.success ? 'green' : 'red'} variant="subtle">
          {t(r.success ? 'loginHistory.success' : 'loginHistory.failure')}
        </Badge>
      ),
    },
    {
      key: 'reason',
      header: t('loginHistory.reason'),
      minW: '10rem',
      cell: (r) => (r.reason ? t(`loginHistory.reasons.${r.reason}`) : '—'),
    },
    { key: 'ip', header: t('loginHistory.ip'), nowrap: true, cell: (r) => r.ip },
    {
      key: 'userAgent',
      header: t('loginHistory.browser'),
      minW: '10rem',
      cell: (r) => (
        <Text as="span" title={r.userAgent}>
          {describeUserAgent(r.userAgent)}
        </Text>
      ),
    },
  ];
}
