import { Badge, Code, Text } from '@chakra-ui/react';
import type { AuditRow } from '../../contract/audit';
import { AUDIT_LIST } from '../../contract/lists/audit';
import { pageAudit } from '../../services/audit';
import { useT } from '../../app/i18n';
import { textOr, type Translate } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import type { Cells } from '../../lists/columns';
import { ListBody, type ColumnKey } from '../../lists/ListBody';
import { useListOf } from '../../lists/useListScreen';
import { AuditDiff } from './AuditDiff';

const RESULT_COLOUR = { success: 'green', noAccess: 'red', notFound: 'orange' } as const;

const cells = (t: Translate): Cells<ColumnKey<typeof AUDIT_LIST>, AuditRow> => ({
  createdAt: (r) => formatDateTime(r.createdAt),
  loginId: (r) => r.loginId || '—',
  action: (r) => t(`audit.actions.${r.action}`),
  object: (r) => (
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
  result: (r) => (
    <Badge colorPalette={RESULT_COLOUR[r.result] ?? 'gray'} variant="subtle">
      {t(`audit.results.${r.result}`)}
    </Badge>
  ),
  callPath: (r) => <Code fontSize="xs">{r.callPath}</Code>,
  ip: (r) => r.ip,
});

/** /setup/audit: every change and refusal, filters who / object / action / ≤ 31 days; rows open to their diff. */
export default function AuditLog() {
  const t = useT();
  const screen = useListOf<AuditRow>(AUDIT_LIST, pageAudit);
  return (
    <>
      <PageHeader title={t('menu.audit')} description={t('audit.intro')} />
      <ListBody
        list={AUDIT_LIST}
        screen={screen}
        tableKey="audit.table"
        cells={cells}
        expand={{ label: t('audit.details'), render: (r) => <AuditDiff row={r} /> }}
      />
    </>
  );
}
