import { useMemo } from 'react';
import { Badge, Code, Text } from '@chakra-ui/react';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditRow } from '../../contract/audit';
import { RANGE_DAYS_DEFAULT } from '../../contract/paging';
import { pageAudit } from '../../services/audit';
import { useT } from '../../app/i18n';
import { textOr } from '../../i18n';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterBar } from '../../components/FilterBar';
import { businessDate, formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { enumOptions } from '../shared/options';
import { useListScreen } from '../../lists/useListScreen';
import { AuditDiff } from './AuditDiff';

const RESULT_COLOUR = { success: 'green', noAccess: 'red', notFound: 'orange' } as const;

/** /setup/audit: every change and refusal, filters who / object / action / ≤ 31 days; rows open to their diff. */
export default function AuditLog() {
  const t = useT();
  const list = useListScreen<AuditRow>({
    fetchPage: pageAudit,
    defaults: () => ({
      beginTime: businessDate(6),
      endTime: businessDate(0),
      loginId: '',
      objectType: '',
      action: '',
    }),
    rangeDays: RANGE_DAYS_DEFAULT,
  });

  const columns = useMemo<Column<AuditRow>[]>(
    () => [
      {
        key: 'createdAt',
        header: t('audit.time'),
        sortField: 'createdAt',
        nowrap: true,
        cell: (r) => formatDateTime(r.createdAt),
      },
      {
        key: 'loginId',
        header: t('audit.who'),
        sortField: 'loginId',
        nowrap: true,
        cell: (r) => r.loginId || '—',
      },
      {
        key: 'action',
        header: t('audit.action'),
        sortField: 'action',
        nowrap: true,
        cell: (r) => t(`audit.actions.${r.action}`),
      },
      {
        key: 'object',
        header: t('audit.object'),
        minW: '10rem',
        cell: (r) => (
          <Text>
            {textOr(t, `audit.objects.${r.objectType}`, r.objectType)}
            {r.objectId && (
              <Text as="span" color="fg.muted">
                {' '}
                #{r.objectId}
              </Text>
            )}
          </Text>
        ),
      },
      {
        key: 'result',
        header: t('audit.result'),
        cell: (r) => (
          <Badge colorPalette={RESULT_COLOUR[r.result] ?? 'gray'} variant="subtle">
            {t(`audit.results.${r.result}`)}
          </Badge>
        ),
      },
      { key: 'callPath', header: t('audit.call'), cell: (r) => <Code fontSize="xs">{r.callPath}</Code> },
      { key: 'ip', header: t('audit.ip'), nowrap: true, cell: (r) => r.ip },
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('menu.audit')} description={t('orgScreens.audit.intro')} />
      <FilterBar
        key={list.filterKey}
        {...list.filterBar}
        fields={[
          { kind: 'dateRange', error: list.rangeError },
          { kind: 'text', name: 'loginId', label: t('audit.who') },
          {
            kind: 'select',
            name: 'objectType',
            label: t('audit.object'),
            options: enumOptions(t, AUDIT_OBJECT_TYPES, 'audit.objects'),
          },
          {
            kind: 'select',
            name: 'action',
            label: t('audit.action'),
            options: enumOptions(t, AUDIT_ACTIONS, 'audit.actions'),
          },
        ]}
      />
      <DataTable
        label={t('audit.table')}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.table}
        expand={{ label: t('orgScreens.audit.details'), render: (r) => <AuditDiff row={r} /> }}
      />
      {list.pager}
    </>
  );
}
